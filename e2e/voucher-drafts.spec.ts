/**
 * Daily use of the voucher screens: lines not posted survive a sidebar click and a reload as the
 * user's draft, leaving with them asks first, Discard draft and posting clear them; the default
 * cash account is pre-selected; a cash payment past the cash in hand warns without blocking.
 */
import { ACCOUNT_TYPE, formatMinor, toMinor } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import { z } from "zod";
import {
  confirmDialog,
  openFromSidebar,
  pageHeading,
  parsed,
  pickAccount,
  sidebar,
  signIn,
  snapAccounting,
  storedToken,
  successDialog,
  uniqueSuffix,
} from "./accounting-helpers";
import { expect, test } from "./helpers";

const CASH_PAYMENT = "/accounts/vouchers/cashpayment";

function entry(page: Page) {
  return {
    counter: page.getByRole("combobox", { name: "Counter Account", exact: true }),
    cash: page.getByRole("combobox", { name: "Cash Account", exact: true }),
    amount: page.getByRole("textbox", { name: "Amount", exact: true }),
    description: page.getByRole("textbox", { name: "Description", exact: true }),
    add: page.getByRole("button", { name: "ADD", exact: true }),
    post: page.getByRole("button", { name: "POST", exact: true }),
    title: page.getByTestId("voucher-lines-title"),
    rows: page.getByTestId("voucher-lines").locator("tbody tr:not([data-testid=balancing-line])"),
    draft: page.getByTestId("voucher-draft"),
  };
}

async function addLine(page: Page, account: string, amount: string, description: string): Promise<void> {
  const form = entry(page);
  await pickAccount(page, "Counter Account", account);
  await form.amount.fill(amount);
  await form.description.fill(description);
  await form.add.click();
}

/** The localStorage keys of drafts in this browser. */
const draftKeys = (page: Page): Promise<string[]> =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("cargodesk.draft.")));

test("voucher lines not posted survive a sidebar click and a reload; leaving asks; discard and post clear them", async ({
  page,
}) => {
  test.slow(); // a long flow; this machine is shared and often busy
  const tag = uniqueSuffix();
  await signIn(page);
  const userId = await page.evaluate(() => localStorage.getItem("id"));
  await openFromSidebar(page, "Voucher", "Cash Payment", "Cash Payment Voucher");
  const form = entry(page);

  // The default cash account of Accounts Integration is already chosen.
  await expect(form.cash).toHaveValue("1-01-001-0001 - CASH IN HAND");
  await expect(form.draft).toHaveCount(0);

  await addLine(page, "RENT", "120.50", `rent ${tag}`);
  await addLine(page, "UTILITIES", "30", `power ${tag}`);
  await expect(form.rows).toHaveCount(2);
  await expect(form.draft).toContainText("Kept as your draft on this computer");
  await expect.poll(() => draftKeys(page)).toEqual([`cargodesk.draft.${userId}.voucher.1`]);

  // A sidebar click asks first; Cancel stays with the lines.
  const journalLink = sidebar(page).getByRole("link", { name: "Journal", exact: true });
  await journalLink.click();
  const leave = confirmDialog(page, "Leave this page?");
  await expect(leave).toContainText("2 lines of this voucher are not posted yet");
  await snapAccounting(page, "voucher-draft-leave");
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(leave).toBeHidden();
  await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
  await expect(form.rows).toHaveCount(2);

  // Leave goes on; the Journal screen has its own (empty) draft.
  await journalLink.click();
  await leave.getByRole("button", { name: "Leave" }).click();
  await expect(pageHeading(page)).toHaveText("Journal Voucher");
  await expect(page.getByTestId("voucher-draft")).toHaveCount(0);

  // Back on Cash Payment the lines are there again, with the cash account they share.
  await openFromSidebar(page, "Voucher", "Cash Payment", "Cash Payment Voucher");
  await expect(form.rows).toHaveCount(2);
  await expect(form.rows.nth(0)).toContainText(`rent ${tag}`);
  await expect(form.rows.nth(1)).toContainText(`power ${tag}`);
  await expect(form.title).toHaveText("Voucher Lines (Total: 150.50)");
  await expect(form.draft).toContainText("Restored from your draft: 2 lines entered earlier.");
  await expect(form.cash).toHaveValue("1-01-001-0001 - CASH IN HAND");
  await expect(form.cash).toBeDisabled();

  // A reload asks the browser's own question (beforeunload) and keeps them too.
  const asked = new Promise<string>((resolve) => {
    page.once("dialog", (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    });
  });
  await page.reload();
  expect(await asked).toBe("beforeunload");
  await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
  await expect(form.rows).toHaveCount(2);
  await snapAccounting(page, "voucher-draft-restored");

  // Deleting a line keeps the rest; Discard draft (confirmed) removes them all.
  await page.getByTestId("voucher-lines").getByRole("button", { name: "Delete line 2" }).click();
  await expect(form.rows).toHaveCount(1);
  await form.draft.getByRole("button", { name: "Discard draft" }).click();
  const discard = confirmDialog(page, "Discard draft?");
  await expect(discard).toContainText("The 1 line not posted will be removed.");
  await discard.getByRole("button", { name: "Discard" }).click();
  await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");
  await expect(form.draft).toHaveCount(0);
  await expect.poll(() => draftKeys(page)).toEqual([]);
  await page.reload(); // nothing to protect: no question
  await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
  await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");

  // Posting clears the draft; leaving afterwards does not ask.
  await addLine(page, "RENT", "5", `posted ${tag}`);
  await form.post.click();
  await successDialog(page).getByRole("button", { name: "Cancel" }).click();
  await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");
  await expect.poll(() => draftKeys(page)).toEqual([]);
  await openFromSidebar(page, "Voucher", "Journal", "Journal Voucher");
});

test("a draft belongs to its user: another user on the same browser does not see it", async ({ page }) => {
  test.slow(); // three page loads; this machine is shared and often busy
  await signIn(page);
  await page.goto(CASH_PAYMENT);
  await addLine(page, "RENT", "1", "mine");
  const userId = Number(await page.evaluate(() => localStorage.getItem("id")));
  // Another user's session in the same browser storage (as a sign-in leaves it), with the first user's draft kept.
  await page.evaluate((id) => {
    localStorage.setItem("id", String(id + 100000));
  }, userId);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
  await expect(entry(page).title).toHaveText("Voucher Lines (Total: 0.00)");
  await expect(entry(page).draft).toHaveCount(0);
  // Back as the first user, the draft is there.
  await page.evaluate((id) => {
    localStorage.setItem("id", String(id));
  }, userId);
  await page.reload();
  await expect(entry(page).title).toHaveText("Voucher Lines (Total: 1.00)");
  await expect(entry(page).draft).toContainText("Restored from your draft: 1 line entered earlier.");
});

const accountsSchema = z.array(
  z.object({ levelFourName: z.string(), levelBalance: z.number(), debitCreditId: z.number().int() }),
);

test("a cash payment past the cash in hand warns with the resulting balance and can still be posted", async ({
  page,
}) => {
  await signIn(page);
  const answer = await page.request.get("/api/levelFour/get_levelFour?book=cash", {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
  });
  const cash = (await parsed(answer, accountsSchema)).find((row) => row.levelFourName === "CASH IN HAND");
  if (!cash) throw new Error("no CASH IN HAND");
  const balance = (toMinor(cash.levelBalance) ?? 0) * (cash.debitCreditId === ACCOUNT_TYPE.credit ? -1 : 1);
  const payment = Math.max(balance, 0) + 100_00;

  await page.goto(CASH_PAYMENT);
  await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
  const form = entry(page);
  const warning = page.getByTestId("cash-negative");
  await pickAccount(page, "Counter Account", "RENT");
  if (balance > 0) {
    // Paying out exactly the cash in hand leaves 0: no warning.
    await form.amount.fill(formatMinor(balance).replaceAll(",", ""));
    await expect(warning).toHaveCount(0);
  }
  await form.amount.fill(formatMinor(payment).replaceAll(",", ""));
  const after = formatMinor(balance - payment);
  await expect(warning).toHaveText(
    `Cash in hand would go negative: CASH IN HAND would stand at ${after} after this payment (approved balance ${formatMinor(balance)}). You can still post it.`,
  );
  await snapAccounting(page, "voucher-cash-negative");
  await form.add.click();
  await expect(warning).toContainText(after);
  await expect(form.post).toBeEnabled();
});
