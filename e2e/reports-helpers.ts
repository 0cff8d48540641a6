/**
 * Helpers of the accounting report browser tests (reports.spec.ts): the report data set posted
 * through the API, signing in, the Reports menu, the account pickers, and checks of the PDF and
 * XLSX files the report screens hand out.
 */
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { deflateSync } from "node:zlib";
import type { APIRequestContext, APIResponse, Locator, Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { z } from "zod";
import { companyToday } from "./dates";
import { ADMIN } from "./fixtures";
import { expect, openAsAccounts } from "./helpers";

const run = promisify(execFile);

/** test-results/screens, unless E2E_SCREENS_DIR says otherwise (as helpers.ts). */
const SCREENS_DIR = process.env.E2E_SCREENS_DIR ?? path.resolve(import.meta.dirname, "..", "test-results", "screens");

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Matches a full URL whose path is exactly `pathname` (any query or hash). */
export const atPath = (pathname: string): RegExp => new RegExp(`^https?://[^/]+${escapeRegExp(pathname)}(?:[?#].*)?$`);

/** Five upper-case letters and digits, so names made by one run never meet another's. */
export const uniqueSuffix = (): string =>
  Math.random()
    .toString(36)
    .slice(2)
    .replace(/[^a-z0-9]/g, "")
    .padEnd(5, "x")
    .slice(0, 5)
    .toUpperCase();

/** Today as YYYY-MM-DD on the company's calendar, as the report screens default it. */
export const todayIso = (): string => companyToday();

/** 1 July of the fiscal year holding `date` (docs/reports.md: FISCAL_YEAR_START, 1 July). */
export function fiscalYearStart(date: string): string {
  const start = `${date.slice(0, 4)}-07-01`;
  return date >= start ? start : `${Number(date.slice(0, 4)) - 1}-07-01`;
}

/** A full-page screenshot in test-results/screens/reports-<name>.png, with transitions finished. */
export async function snapReport(page: Page, name: string): Promise<void> {
  // From the top: a full-page shot of a scrolled page paints the fixed top bar mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: path.join(SCREENS_DIR, `reports-${name}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

// ---------------------------------------------------------------------------------------------
// The data set. Every amount below is what the screens must show for it, worked out by hand.
// ---------------------------------------------------------------------------------------------

/** The seeded accounts the data set posts to (apps/server/src/db/seed-chart.ts). */
export const ACCOUNTS = {
  cash: { name: "CASH IN HAND", code: "1-01-001-0001" },
  customer: { name: "WALK-IN CUSTOMERS", code: "1-01-003-0001" },
  revenue: { name: "INTERNATIONAL FREIGHT REVENUE", code: "4-01-002-0001" },
  rent: { name: "RENT", code: "5-02-001-0002" },
} as const;
export type AccountKey = keyof typeof ACCOUNTS;

/** The period the figures are checked for; the spec owns these dates (nothing else posts in them). */
export const PERIOD = { from: "2025-07-01", to: "2025-07-31" } as const;

/** Every description starts with this, so a second run of beforeAll (a retry) finds the vouchers posted. */
export const MARK = "E2E-REPORTS";

interface PlannedVoucher {
  key: "opening" | "receipt" | "freight" | "rent";
  date: string;
  description: string;
  amount: number;
  debit: AccountKey;
  credit: AccountKey;
}

/**
 * Four journal vouchers, all approved:
 * - 2025-06-30 sale on account 1,000.00 (before the period: the customer's opening 1,000.00 DR)
 * - 2025-07-01 receipt 400.00 from the customer into cash
 * - 2025-07-15 freight billed to the customer 250.50
 * - 2025-07-20 rent paid in cash 150.00
 */
export const VOUCHERS: readonly PlannedVoucher[] = [
  {
    key: "opening",
    date: "2025-06-30",
    description: `${MARK} SALE ON ACCOUNT`,
    amount: 1000,
    debit: "customer",
    credit: "revenue",
  },
  {
    key: "receipt",
    date: "2025-07-01",
    description: `${MARK} RECEIPT FROM CUSTOMER`,
    amount: 400,
    debit: "cash",
    credit: "customer",
  },
  {
    key: "freight",
    date: "2025-07-15",
    description: `${MARK} FREIGHT BILLED`,
    amount: 250.5,
    debit: "customer",
    credit: "revenue",
  },
  { key: "rent", date: "2025-07-20", description: `${MARK} RENT FOR JULY`, amount: 150, debit: "rent", credit: "cash" },
];

export interface ReportData {
  accounts: Record<AccountKey, { id: number; name: string; code: string }>;
  /** Voucher numbers (JV-2025-00001 ...) and ids by key. */
  vouchers: Record<PlannedVoucher["key"], { id: number; number: string }>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Reads a JSON answer through a schema, with the body in the message when it does not fit. */
export async function parsed<S extends z.ZodType>(response: APIResponse, schema: S): Promise<z.output<S>> {
  const text = await response.text();
  expect(response.ok(), `${response.url()} answered ${response.status()}: ${text}`).toBe(true);
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`Unexpected answer from ${response.url()}: ${text}`);
  return result.data;
}

/** A bearer token for API setup calls, from the cargo sign-in of the fixture admin. */
export async function apiToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/user_cargo/cargo_login", {
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  return (await parsed(response, z.object({ token: z.string().min(1) }))).token;
}

const accountRowSchema = z.object({ _id: z.number().int(), levelFourName: z.string(), allLevelKey: z.string() });
const summaryRowSchema = z.object({
  voucherId: z.number().int(),
  voucherNumber: z.string(),
  description: z.string(),
});

/**
 * Posts and approves the data set through the API (once: vouchers already approved, found by their
 * descriptions in the transaction summary, are reused) and returns the ids and voucher numbers.
 */
export async function seedReportData(request: APIRequestContext): Promise<ReportData> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };

  const accounts = {} as ReportData["accounts"];
  for (const [key, wanted] of Object.entries(ACCOUNTS) as [AccountKey, (typeof ACCOUNTS)[AccountKey]][]) {
    const rows = await parsed(
      await request.get("/api/levelFour/get_levelFour", { headers, params: { search: wanted.code } }),
      z.array(accountRowSchema),
    );
    const found = rows.find((row) => row.allLevelKey === wanted.code && row.levelFourName === wanted.name);
    if (!found) throw new Error(`no seeded account ${wanted.code} ${wanted.name}: ${JSON.stringify(rows)}`);
    accounts[key] = { id: found._id, name: found.levelFourName, code: found.allLevelKey };
  }

  const existing = await parsed(
    await request.post("/api/reports/transaction_summary_report", {
      headers,
      data: { voucher: 5, startedDate: "2025-06-30", endDate: PERIOD.to },
    }),
    z.array(summaryRowSchema),
  );

  const vouchers = {} as ReportData["vouchers"];
  for (const voucher of VOUCHERS) {
    const posted = existing.find((row) => row.description === voucher.description);
    if (posted) {
      vouchers[voucher.key] = { id: posted.voucherId, number: posted.voucherNumber };
      continue;
    }
    const line = (account: AccountKey, accountType: 1 | 2) => ({
      levelFourId: accounts[account].id,
      accountTittle: accounts[account].name,
      voucherAmount: voucher.amount,
      accountType,
      voucherDate: voucher.date,
      voucherDescription: voucher.description,
    });
    const added = await parsed(
      await request.post("/api/voucher/add_voucher", {
        headers,
        data: { voucherTypeId: 5, voucherType: "JV", voucherData: [line(voucher.debit, 2), line(voucher.credit, 1)] },
      }),
      z.object({ _id: z.number().int(), vocId: z.string() }),
    );
    await parsed(
      await request.put(`/api/voucher/approve_voucher/${added._id}`, { headers, data: { status: "Approve" } }),
      z.object({ message: z.string() }),
    );
    vouchers[voucher.key] = { id: added._id, number: added.vocId };
  }
  return { accounts, vouchers };
}

const companySchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  ntn: z.string(),
});
export type CompanyProfile = z.infer<typeof companySchema>;

/** The company profile as the server holds it. */
export async function readCompany(request: APIRequestContext): Promise<CompanyProfile> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  return parsed(await request.get("/api/setting/company", { headers }), companySchema);
}

/** Puts a company profile back (the company test changes the one every PDF is headed by). */
export async function writeCompany(request: APIRequestContext, profile: CompanyProfile): Promise<void> {
  const headers = { Authorization: `Bearer ${await apiToken(request)}` };
  await parsed(
    await request.put("/api/setting/company", { headers, data: profile }),
    z.object({ message: z.string() }),
  );
}

// ---------------------------------------------------------------------------------------------
// Screens
// ---------------------------------------------------------------------------------------------

/** Opens the home tiles signed in as the fixture admin (a stored session, not the sign-in form). */
export async function signIn(page: Page): Promise<void> {
  await openAsAccounts(page, ADMIN);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
}

export const sidebar = (page: Page): Locator => page.getByTestId("accounts-sidebar");

/** The page heading in the top bar. */
export const pageHeading = (page: Page): Locator => page.getByRole("heading", { level: 1 });

/** The items of one menu group of the sidebar, e.g. "Reports" (list "Accounts: Reports"). */
export const menuGroup = (page: Page, group: string): Locator =>
  sidebar(page).getByRole("list", { name: new RegExp(`: ${escapeRegExp(group)}$`) });

/** Opens a screen from a sidebar group and waits for its heading (the item's text unless given). */
export async function openFromMenu(page: Page, group: string, item: string, heading = item): Promise<void> {
  await menuGroup(page, group).getByRole("link", { name: item, exact: true }).click();
  await expect(pageHeading(page)).toHaveText(heading);
}

/** A date field by its label (MUI appends " *" to required labels, so the match is by prefix). */
export const dateField = (page: Page, label: "Start Date" | "End Date" | "As of Date"): Locator =>
  page.getByLabel(new RegExp(`^${escapeRegExp(label)}`));

/** Sets both dates of a report form. */
export async function fillPeriod(page: Page, from: string, to: string): Promise<void> {
  await dateField(page, "Start Date").fill(from);
  await dateField(page, "End Date").fill(to);
  await expect(dateField(page, "Start Date")).toHaveValue(from);
  await expect(dateField(page, "End Date")).toHaveValue(to);
}

export const accountBox = (page: Page): Locator => page.getByRole("combobox", { name: "Account", exact: true });

/** Picks an account in the report's Account picker by typing `typed` (part of the code or name). */
export async function pickAccount(page: Page, account: { name: string; code: string }, typed: string): Promise<void> {
  const box = accountBox(page);
  await box.click();
  await box.fill(typed);
  await page
    .getByRole("option", { name: new RegExp(`^${escapeRegExp(`${account.code} - ${account.name}`)}(?:\\s|$)`) })
    .click();
  await expect(box).toHaveValue(`${account.code} - ${account.name}`);
}

/** The texts of a table row's cells (header cells included), trimmed. */
export async function cellTexts(row: Locator): Promise<string[]> {
  const texts = await row.locator("th, td").allInnerTexts();
  return texts.map((text) => text.replace(/\s+/g, " ").trim());
}

/** Waits until a table row's cells (header cells included) read `expected`, as cellTexts reads them. */
export async function expectCells(row: Locator, expected: readonly string[]): Promise<void> {
  await expect.poll(() => cellTexts(row)).toEqual(expected);
}

/** The rows of a table's body. */
export const bodyRows = (table: Locator): Locator => table.locator("tbody > tr");

/** Picks a choice of an MUI select (Voucher Type). */
export async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// Files
// ---------------------------------------------------------------------------------------------

export interface FetchedPdf {
  /** The server's file name (content-disposition), e.g. ledger-1-01-003-0001.pdf. */
  fileName: string;
  bytes: Buffer;
  /** pdftotext -layout of the bytes. */
  text: string;
  /** The body the screen posted. */
  body: unknown;
}

/** The text of PDF bytes, by pdftotext (poppler-utils). */
export async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-reports-pdf-"));
  try {
    const file = path.join(dir, "report.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdftotext", ["-layout", file, "-"]);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many images a PDF holds (pdfimages -list). */
export async function pdfImageCount(bytes: Buffer): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-reports-pdf-"));
  try {
    const file = path.join(dir, "report.pdf");
    await writeFile(file, bytes);
    const { stdout } = await run("pdfimages", ["-list", file]);
    // Two heading lines, then one line per image.
    return Math.max(0, stdout.trim().split("\n").length - 2);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The bearer token the app stored at sign-in. */
export async function storedToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(token, "a token in localStorage").toBeTruthy();
  return token ?? "";
}

/**
 * The PDF a report button opens in a new window: the screen opens a window during the click, POSTs
 * the report body to `/api<path>?format=pdf` with the token and points the window at a blob: URL,
 * whose bytes the page's CSP keeps from being fetched. So the request is caught and replayed with
 * the same body and token; the window must end up showing the blob.
 */
export async function pdfFromPopup(page: Page, apiPath: string, click: () => Promise<void>): Promise<FetchedPdf> {
  const [popup, request] = await Promise.all([
    page.waitForEvent("popup"),
    page.waitForRequest(
      (sent) => sent.method() === "POST" && sent.url().includes(`/api${apiPath}?`) && sent.url().includes("format=pdf"),
    ),
    click(),
  ]);
  const answer = await request.response();
  expect(answer?.status(), `${request.url()} answered`).toBe(200);
  expect(await answer?.headerValue("content-type")).toMatch(/^application\/pdf/);
  await expect.poll(() => popup.url(), { message: "the new window shows the PDF" }).toMatch(/^blob:/);
  const body: unknown = request.postDataJSON();
  const again = await page.request.post(request.url(), {
    headers: { Authorization: `Bearer ${await storedToken(page)}`, Accept: "application/pdf" },
    data: isRecord(body) ? body : {},
  });
  expect(again.status(), "the replayed PDF request").toBe(200);
  const bytes = await again.body();
  const disposition = (await answer?.headerValue("content-disposition")) ?? "";
  await popup.close();
  return {
    fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? "",
    bytes,
    text: await pdfText(bytes),
    body,
  };
}

export interface FetchedFile {
  name: string;
  bytes: Buffer;
}

/** The file a click downloads: its suggested name and bytes. */
export async function downloadFrom(page: Page, click: () => Promise<void>): Promise<FetchedFile> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(file) };
}

/** A file's first bytes as text: "%PDF-" for a PDF, "PK" for an XLSX (a zip). */
export const head = (bytes: Buffer, length: number): string => bytes.subarray(0, length).toString("latin1");

/** Every row of the first worksheet of an XLSX, as the cells' texts. */
export async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  const data: ArrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  await workbook.xlsx.load(data);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("the XLSX holds no worksheet");
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => {
      cells.push(cell.text);
    });
    rows.push(cells);
  });
  return rows;
}

/** Downloads an XLSX with `click` and checks its name and zip signature; returns its rows. */
export async function xlsxFrom(page: Page, fileName: string, click: () => Promise<void>): Promise<string[][]> {
  const file = await downloadFrom(page, click);
  expect(file.name).toBe(fileName);
  expect(head(file.bytes, 2)).toBe("PK");
  return xlsxRows(file.bytes);
}

// ---------------------------------------------------------------------------------------------
// A logo image
// ---------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 48x48 RGB PNG: a navy square with an orange diagonal band, enough to see in a PDF heading. */
export function logoPng(): Buffer {
  const size = 48;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type RGB
  const raw = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const rowStart = y * (1 + size * 3);
    raw[rowStart] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const band = Math.abs(x - y) < 8;
      const offset = rowStart + 1 + x * 3;
      raw[offset] = band ? 0xf5 : 0x1a;
      raw[offset + 1] = band ? 0x8a : 0x2b;
      raw[offset + 2] = band ? 0x1f : 0x5c;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
