/**
 * Helpers of the accounting browser tests (vouchers.spec.ts, chart.spec.ts): signing in on the
 * accounts side, the sidebar, the account pickers, API setup calls with the signed-in user's token,
 * and checks of the PDF and Excel files the screens hand out.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { ACCOUNT_TYPE, fromMinor, toMinor } from "@cargodesk/shared";
import type { APIResponse, Download, Locator, Page } from "@playwright/test";
import { z } from "zod";
import { companyToday } from "./dates";
import { ADMIN } from "./fixtures";
import { expect, openAsAccounts } from "./helpers";

const SCREENS_DIR = path.resolve(import.meta.dirname, "..", "test-results", "screens");
const ROOT = path.resolve(import.meta.dirname, "..");

export const repoFile = (...parts: string[]): string => path.join(ROOT, ...parts);

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches a full URL whose path is exactly `pathname` (any query or hash). */
export const atPath = (pathname: string): RegExp => new RegExp(`^https?://[^/]+${escapeRegExp(pathname)}(?:[?#].*)?$`);

/** Five upper-case letters and digits, so names made by one test never meet another's. */
export const uniqueSuffix = (): string =>
  Math.random()
    .toString(36)
    .slice(2)
    .replace(/[^a-z0-9]/g, "")
    .padEnd(5, "x")
    .slice(0, 5)
    .toUpperCase();

/** Today as YYYY-MM-DD on the company's calendar, as the voucher screens default it. */
export const todayIso = (): string => companyToday();

/** "1,250.50" for 1250.5, as the screens print money. */
export function money(amount: number): string {
  const minor = toMinor(amount);
  if (minor === null) throw new Error(`not an amount: ${amount}`);
  const whole = Math.floor(minor / 100).toLocaleString("en-US");
  return `${whole}.${String(minor % 100).padStart(2, "0")}`;
}

/** A full-page screenshot in test-results/screens/accounting-<name>.png, with transitions finished. */
export async function snapAccounting(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENS_DIR, `accounting-${name}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

export interface Login {
  userName: string;
  password: string;
}

export const ADMIN_LOGIN: Login = { userName: ADMIN.userName, password: ADMIN.password };

/** Opens the home tiles signed in as `login` (a stored session, not the sign-in form: auth.spec tests that). */
export async function signIn(page: Page, login: Login = ADMIN_LOGIN): Promise<void> {
  await openAsAccounts(page, login);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
}

export const sidebar = (page: Page): Locator => page.getByTestId("accounts-sidebar");

/** The page heading in the top bar. */
export const pageHeading = (page: Page): Locator => page.getByRole("heading", { level: 1 });

/**
 * Opens a screen from the accounts sidebar: `group` is the sidebar category (Voucher, Level Two,
 * Level Three, Level Four, Accounts Integration), `item` the link text; waits for its heading.
 */
export async function openFromSidebar(page: Page, group: string, item: string, heading: string): Promise<void> {
  await sidebar(page)
    .getByRole("list", { name: new RegExp(`: ${escapeRegExp(group)}$`) })
    .getByRole("link", { name: item, exact: true })
    .click();
  await expect(pageHeading(page)).toHaveText(heading);
}

/** An account option of the searchable pickers: "5-02-001-0002 - RENT" followed by its balance. */
export const accountOption = (name: string): RegExp =>
  new RegExp(`^[0-9-]+ - ${escapeRegExp(name)}(?:\\s*[0-9,.]+ (?:Dr|Cr))?$`);

/** Chooses `name` in the account picker labelled `label` by typing part of it and clicking the option. */
export async function pickAccount(page: Page, label: string, name: string): Promise<void> {
  const box = page.getByRole("combobox", { name: label, exact: true });
  await box.click();
  await box.fill(name);
  await page.getByRole("option", { name: accountOption(name) }).click();
  await expect(box).toHaveValue(new RegExp(` - ${escapeRegExp(name)}$`));
}

/** The dialog shown after a save or post, by its title. */
export const successDialog = (page: Page): Locator => page.getByRole("dialog", { name: "Success" });
export const errorDialog = (page: Page): Locator => page.getByRole("alertdialog", { name: "Error" });

/**
 * A confirmation (Delete account?, Rename account?, Approve voucher?...): the app's shared confirm
 * dialog is a plain dialog; the chart's own one was an alertdialog. Either is accepted.
 */
export const confirmDialog = (page: Page, title: string): Locator =>
  page.getByRole("dialog", { name: title }).or(page.getByRole("alertdialog", { name: title }));

/** The bearer token the app stored at sign-in. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token, "a token in localStorage").toBeTruthy();
  return token ?? "";
}

/** Reads a JSON answer through a schema, with the body in the message when it does not fit. */
export async function parsed<S extends z.ZodType>(response: APIResponse, schema: S): Promise<z.output<S>> {
  const body: unknown = await response.json();
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`Unexpected answer from ${response.url()} (${response.status()}): ${JSON.stringify(body)}`);
  }
  return result.data;
}

const accountSchema = z.object({
  _id: z.number().int(),
  levelFourName: z.string(),
  allLevelKey: z.string(),
  levelThreeId: z.number().int(),
});
export type ApiAccount = z.infer<typeof accountSchema>;
const addedSchema = z.object({ _id: z.number().int(), allLevelKey: z.string(), message: z.string() });
const levelOneSchema = z.object({ _id: z.number().int(), name: z.string() });
const postedSchema = z.object({ vocId: z.string(), _id: z.number().int() });

export interface VoucherLine {
  account: ApiAccount;
  side: "debit" | "credit";
  amount: number;
  description?: string;
}

/**
 * Setup calls made with the signed-in page's token (page.request), for what a test needs in place but
 * does not test itself: chart nodes to act on, vouchers to verify.
 */
export async function accountingApi(page: Page) {
  const headers = { Authorization: `Bearer ${await storedToken(page)}` };
  const ok = async (response: APIResponse): Promise<APIResponse> => {
    expect(response.ok(), `${response.url()} answered ${response.status()}: ${await response.text()}`).toBe(true);
    return response;
  };

  const accounts = async (): Promise<ApiAccount[]> =>
    parsed(await ok(await page.request.get("/api/levelFour/get_levelFour", { headers })), z.array(accountSchema));

  const account = async (name: string): Promise<ApiAccount> => {
    const found = (await accounts()).find((row) => row.levelFourName === name);
    if (!found) throw new Error(`no account named ${name}`);
    return found;
  };

  const levelOneId = async (name: string): Promise<number> => {
    const ones = await parsed(
      await ok(await page.request.get("/api/levelOne/get_all_levelone", { headers })),
      z.array(levelOneSchema),
    );
    const found = ones.find((one) => one.name === name);
    if (!found) throw new Error(`no level one named ${name}`);
    return found._id;
  };

  /** A new level 2 group and a level 3 group under it; returns their ids. */
  const addGroups = async (levelOneName: string, levelTwoName: string, levelThreeName: string) => {
    const classId = await levelOneId(levelOneName);
    const two = await parsed(
      await ok(
        await page.request.post("/api/levelTwo/add-levelTwo", {
          headers,
          data: { levelOneId: classId, levelTwoName },
        }),
      ),
      addedSchema,
    );
    const three = await parsed(
      await ok(
        await page.request.post("/api/levelThree/add-levelThree", {
          headers,
          data: { levelOneId: classId, levelTwoId: two._id, levelThreeName },
        }),
      ),
      addedSchema,
    );
    return { levelOneId: classId, levelTwoId: two._id, levelThreeId: three._id, levelThreeCode: three.allLevelKey };
  };

  /** A new account under `parents`, with an opening amount on `side` when `amount` is above 0. */
  const addAccount = async (
    parents: { levelOneId: number; levelTwoId: number; levelThreeId: number },
    levelFourName: string,
    amount = 0,
    side: 0 | 1 | 2 = 0,
  ) =>
    parsed(
      await ok(
        await page.request.post("/api/levelFour/add_levelFour", {
          headers,
          data: { ...parents, levelFourName, debitCreditId: side, levelBalance: amount },
        }),
      ),
      addedSchema,
    );

  /** Posts a voucher as the entry screens do; the cash or bank line of types 1-4 is built by the server. */
  const postVoucher = async (typeId: 1 | 2 | 3 | 4 | 5, lines: readonly VoucherLine[], book?: ApiAccount) => {
    const date = todayIso();
    const voucherData = lines.map((line) => {
      const amount = fromMinor(toMinor(line.amount) ?? 0);
      const debit = line.side === "debit";
      return {
        voucherDescription: line.description ?? "",
        voucherAmount: amount,
        billNumber: "",
        accountTittle: line.account.levelFourName,
        levelFourId: line.account._id,
        voucherDate: date,
        accountType: debit ? ACCOUNT_TYPE.debit : ACCOUNT_TYPE.credit,
        debit: debit ? amount : 0,
        credit: debit ? 0 : amount,
        crossAccount: "",
      };
    });
    const abbreviation = ["CPV", "CRV", "BPV", "BRV", "JV"][typeId - 1] ?? "JV";
    const data = book
      ? {
          voucherTypeId: typeId,
          voucherType: abbreviation,
          levelFourId: book._id,
          cashAccTittle: book.levelFourName,
          voucher: book.allLevelKey,
          voucherData,
        }
      : { voucherTypeId: typeId, voucherType: abbreviation, voucherData };
    return parsed(await ok(await page.request.post("/api/voucher/add_voucher", { headers, data })), postedSchema);
  };

  const decide = async (id: number, status: "Approve" | "Disapprove") =>
    ok(await page.request.put(`/api/voucher/approve_voucher/${id}`, { headers, data: { status } }));

  return { headers, accounts, account, levelOneId, addGroups, addAccount, postVoucher, decide };
}

/** Waits for the download a click starts; returns its suggested name and its first bytes. */
export async function downloadFrom(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; name: string; head: string }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  const bytes = await readFile(file);
  return { download, name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString("latin1") };
}

/**
 * The PDF a print button shows: the screens open a window during the click, fetch the PDF with the
 * token and point the window at a blob: URL of it. Returns the window, the content type and file name
 * the server gave, and the first bytes of the same URL fetched again with the token (Chromium keeps
 * no copy of a body the page read as a blob).
 */
export async function printedPdf(
  page: Page,
  click: () => Promise<void>,
): Promise<{ popup: Page; type: string; head: string; fileName: string }> {
  const [popup, response] = await Promise.all([
    page.waitForEvent("popup"),
    page.waitForResponse((answer) => /\/api\/voucher\/\d+\/voucher\.pdf$/.test(answer.url())),
    click(),
  ]);
  expect(response.status()).toBe(200);
  await expect.poll(() => popup.url(), { message: "the print window shows the PDF" }).toMatch(/^blob:/);
  const again = await page.request.get(response.url(), {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  expect(again.status()).toBe(200);
  const disposition = (await response.headerValue("content-disposition")) ?? "";
  return {
    popup,
    type: (await response.headerValue("content-type")) ?? "",
    head: (await again.body()).subarray(0, 5).toString("latin1"),
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "",
  };
}
