/**
 * Vouchers end to end: each kind entered on its screen with the rules a user sees, then approved,
 * disapproved or reversed on Voucher Verification, found on Voucher Search, printed as a PDF; and
 * an employee holding only the CPV permission.
 */
import { AUTH_MESSAGES, VOUCHER_MESSAGES } from "@cargodesk/shared";
import type { Locator, Page } from "@playwright/test";
import { z } from "zod";
import {
  accountingApi,
  accountOption,
  atPath,
  confirmDialog,
  errorDialog,
  money,
  openFromSidebar,
  pageHeading,
  parsed,
  pickAccount,
  printedPdf,
  sidebar,
  signIn,
  snapAccounting,
  successDialog,
  todayIso,
  uniqueSuffix,
} from "./accounting-helpers";
import { companyDay } from "./dates";
import { ADMIN, USERS } from "./fixtures";
import { expect, test } from "./helpers";

const VERIFICATION = "/accounts/voucherverification";

// Every test makes its own vouchers on its worker's own server: the two workers share the file, so
// this long file, last in the run, does not keep one of them busy while the other waits.
test.describe.configure({ mode: "parallel" });
const messageSchema = z.object({ message: z.string() });

/** A voucher number of one kind, e.g. CPV-2026-00001. */
const numberOf = (abbreviation: string): RegExp => new RegExp(`${abbreviation}-\\d{4}-\\d{5}`);

/** A voucher PDF as the print window got it. */
function expectVoucherPdf(pdf: { type: string; head: string; fileName: string }, number: string): void {
  expect(pdf.type).toBe("application/pdf");
  expect(pdf.head).toBe("%PDF-");
  expect(pdf.fileName).toBe(`${number}.pdf`);
}

/** The parts of a voucher entry screen. */
function entry(page: Page, bookLabel?: string) {
  return {
    date: page.getByTestId("voucher-date"),
    counter: page.getByRole("combobox", { name: "Counter Account", exact: true }),
    book: page.getByRole("combobox", { name: bookLabel ?? "Cash Account", exact: true }),
    account: page.getByRole("combobox", { name: "Account", exact: true }),
    accountType: page.getByRole("combobox", { name: "Account Type" }),
    amount: page.getByRole("textbox", { name: "Amount", exact: true }),
    description: page.getByRole("textbox", { name: "Description", exact: true }),
    bill: page.getByRole("textbox", { name: "Bill No.", exact: true }),
    add: page.getByRole("button", { name: "ADD", exact: true }),
    post: page.getByRole("button", { name: "POST", exact: true }),
    title: page.getByTestId("voucher-lines-title"),
    lines: page.getByTestId("voucher-lines"),
    balancing: page.getByTestId("balancing-line"),
  };
}

/** The cells of a table row, in order. */
const cells = (row: Locator): Locator => row.getByRole("cell");

/** Closes the Success dialog after posting and returns the voucher number it names. */
async function postedNumber(page: Page, abbreviation: string): Promise<{ dialog: Locator; number: string }> {
  const dialog = successDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(VOUCHER_MESSAGES.added);
  const text = dialog.getByTestId("posted-voucher-number");
  await expect(text).toHaveText(
    new RegExp(`^Voucher ${numberOf(abbreviation).source} is waiting for verification\\.$`),
  );
  const number = numberOf(abbreviation).exec((await text.textContent()) ?? "")?.[0];
  if (!number) throw new Error("no voucher number in the Success dialog");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Print Voucher" })).toBeVisible();
  return { dialog, number };
}

/** Verification's row of one voucher, and its buttons. */
function verificationRow(page: Page, number: string) {
  const row = page.getByTestId(`voucher-row-${number}`);
  return {
    row,
    chip: row.locator(".MuiChip-root"),
    approve: row.getByRole("button", { name: `Approve ${number}`, exact: true }),
    disapprove: row.getByRole("button", { name: `Disapprove ${number}`, exact: true }),
    reverse: row.getByRole("button", { name: `Reverse ${number}`, exact: true }),
    print: row.getByRole("button", { name: `Print ${number}`, exact: true }),
    showLines: row.getByRole("button", { name: `Show lines of ${number}`, exact: true }),
  };
}

/** Picks a choice of an MUI select (not native): Status, Voucher Type, Account Type. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
}

async function showStatus(page: Page, status: "Pending" | "Approved" | "Disapproved" | "All"): Promise<void> {
  await choose(page, "Status", status);
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveText(status);
}

/** Confirms an action on Verification and closes the Success dialog that follows; returns its message. */
async function confirmAction(page: Page, action: "Approve" | "Disapprove" | "Reverse", number: string) {
  const confirm = confirmDialog(page, `${action} voucher?`);
  await expect(confirm).toContainText(`${action} ${number} of ${todayIso()}`);
  await confirm.getByRole("button", { name: action, exact: true }).click();
  await expect(confirm).toBeHidden();
  const done = successDialog(page);
  await expect(done).toBeVisible();
  const message = (await done.textContent()) ?? "";
  await done.getByRole("button", { name: "Ok" }).click();
  await expect(done).toBeHidden();
  return message;
}

/** Approves a Pending voucher on Voucher Verification, then finds it under Approved with both decisions disabled. */
async function approveOnVerification(page: Page, number: string, total: number): Promise<void> {
  await openFromSidebar(page, "Voucher", "Voucher Verification", "Voucher Verification");
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveText("Pending");
  const voucher = verificationRow(page, number);
  await expect(voucher.chip).toHaveText("Pending");
  await expect(cells(voucher.row).nth(4)).toHaveText(money(total));
  await expect(voucher.approve).toBeEnabled();
  await expect(voucher.disapprove).toBeEnabled();
  await expect(voucher.reverse).toBeDisabled();

  await voucher.approve.click();
  expect(await confirmAction(page, "Approve", number)).toContain("Voucher approved");

  // The Pending list drops it; under Approved it shows its new chip and only Reverse and Print are left.
  await expect(voucher.row).toHaveCount(0);
  await showStatus(page, "Approved");
  await expect(voucher.chip).toHaveText("Approved");
  await expect(voucher.row).toContainText(`Approved by ${ADMIN.userName}`);
  await expect(voucher.approve).toBeDisabled();
  await expect(voucher.disapprove).toBeDisabled();
  await expect(voucher.reverse).toBeEnabled();
  await expect(voucher.print).toBeEnabled();
}

interface CashBankKind {
  abbreviation: "CPV" | "CRV" | "BPV" | "BRV";
  menu: string;
  heading: string;
  bookLabel: "Cash Account" | "Bank Account";
  bookName: string;
  bookCode: string;
  /** The side of the entered lines; the book line takes the other one. */
  linesSide: "Debit" | "Credit";
  lines: readonly [string, string];
}

const CASH_BANK: readonly CashBankKind[] = [
  {
    abbreviation: "CPV",
    menu: "Cash Payment",
    heading: "Cash Payment Voucher",
    bookLabel: "Cash Account",
    bookName: "CASH IN HAND",
    bookCode: "1-01-001-0001",
    linesSide: "Debit",
    lines: ["RENT", "SALARIES AND WAGES"],
  },
  {
    abbreviation: "CRV",
    menu: "Cash Receipt",
    heading: "Cash Receipt Voucher",
    bookLabel: "Cash Account",
    bookName: "CASH IN HAND",
    bookCode: "1-01-001-0001",
    linesSide: "Credit",
    lines: ["SUNDRY INCOME", "WALK-IN CUSTOMERS"],
  },
  {
    abbreviation: "BPV",
    menu: "Bank Payment",
    heading: "Bank Payment Voucher",
    bookLabel: "Bank Account",
    bookName: "BANK CURRENT ACCOUNT",
    bookCode: "1-01-002-0001",
    linesSide: "Debit",
    lines: ["CARRIER PAYABLES", "UTILITIES"],
  },
  {
    abbreviation: "BRV",
    menu: "Bank Receipt",
    heading: "Bank Receipt Voucher",
    bookLabel: "Bank Account",
    bookName: "BANK CURRENT ACCOUNT",
    bookCode: "1-01-002-0001",
    linesSide: "Credit",
    lines: ["WALK-IN CUSTOMERS", "SUNDRY INCOME"],
  },
];

/** Debit is the 5th cell of a lines-table row, Credit the 6th. */
const sideCell = (row: Locator, side: "Debit" | "Credit"): Locator => cells(row).nth(side === "Debit" ? 4 : 5);
const otherSide = (side: "Debit" | "Credit") => (side === "Debit" ? "Credit" : "Debit");

test.describe("cash and bank vouchers", () => {
  for (const kind of CASH_BANK) {
    test(`${kind.abbreviation}: entered on ${kind.menu} with its rules, posted, then approved`, async ({ page }) => {
      test.slow(); // a long flow; this machine is shared and often busy
      const tag = uniqueSuffix();
      const [first, second] = kind.lines;
      const today = todayIso();
      await signIn(page);
      await openFromSidebar(page, "Voucher", kind.menu, kind.heading);
      const form = entry(page, kind.bookLabel);

      // Nothing entered: today's date, ADD and POST disabled, the book account waits for the counter account.
      await expect(page.getByTestId("voucher-sides")).toHaveText(
        `${kind.abbreviation}: each line is posted as ${kind.linesSide}; the ${kind.bookLabel.toLowerCase()} takes the ${otherSide(kind.linesSide)} side.`,
      );
      await expect(form.date).toHaveValue(today);
      await expect(form.date).toHaveAttribute("max", today);
      await expect(form.date).toBeEnabled();
      await expect(form.add).toBeDisabled();
      await expect(form.post).toBeDisabled();
      await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");
      await expect(form.balancing).toHaveCount(0);
      await expect(form.book).toBeDisabled();
      // Cash vouchers start with Accounts Integration's default cash account; bank vouchers with none.
      const cash = kind.bookLabel === "Cash Account";
      await expect(form.book).toHaveValue(cash ? `${kind.bookCode} - ${kind.bookName}` : "");

      await pickAccount(page, "Counter Account", first);
      await expect(form.book).toBeEnabled();
      await expect(form.add).toBeDisabled();
      await form.amount.fill("1250.5");
      if (!cash) await expect(form.add).toBeDisabled();
      await pickAccount(page, kind.bookLabel, kind.bookName);
      await expect(form.add).toBeEnabled();
      await form.amount.fill("");
      await expect(form.add).toBeDisabled();
      await form.amount.fill("1250.5");
      await form.description.fill(`first ${tag}`);
      await form.bill.fill(`B1-${tag}`);
      await form.add.click();

      // One line: listed with its amount on the kind's side; the date and the book account are now fixed.
      const lineRows = form.lines.locator("tbody tr:not([data-testid=balancing-line])");
      await expect(lineRows).toHaveCount(1);
      await expect(lineRows.first()).toContainText(first);
      await expect(sideCell(lineRows.first(), kind.linesSide)).toHaveText("1,250.50");
      await expect(sideCell(lineRows.first(), otherSide(kind.linesSide))).toHaveText("");
      await expect(form.title).toHaveText("Voucher Lines (Total: 1,250.50)");
      await expect(page.getByText("1 line not posted yet")).toBeVisible();
      await expect(form.date).toBeDisabled();
      await expect(page.getByText("Fixed for this voucher")).toBeVisible();
      await expect(form.book).toBeDisabled();
      await expect(form.book).toHaveValue(`${kind.bookCode} - ${kind.bookName}`);
      await expect(form.counter).toHaveValue("");
      await expect(form.add).toBeDisabled();
      await expect(form.post).toBeEnabled();
      await expect(form.balancing).toContainText(`${kind.bookCode} - ${kind.bookName}`);
      await expect(form.balancing).toContainText(`[first ${tag}]`);
      await expect(sideCell(form.balancing, otherSide(kind.linesSide))).toHaveText("1,250.50");

      // A second line: the balancing preview sums both and lists their descriptions and bills.
      await pickAccount(page, "Counter Account", second);
      await form.amount.fill("300");
      await form.description.fill(`second ${tag}`);
      await form.bill.fill(`B2-${tag}`);
      await form.add.click();
      await expect(lineRows).toHaveCount(2);
      await expect(form.title).toHaveText("Voucher Lines (Total: 1,550.50)");
      await expect(cells(form.balancing).nth(2)).toHaveText(`[first ${tag}, second ${tag}]`);
      await expect(cells(form.balancing).nth(3)).toHaveText(`[B1-${tag}, B2-${tag}]`);
      await expect(sideCell(form.balancing, otherSide(kind.linesSide))).toHaveText("1,550.50");
      await expect(sideCell(form.balancing, kind.linesSide)).toHaveText("");
      const totals = form.lines.locator("tfoot tr");
      await expect(cells(totals).nth(1)).toHaveText("1,550.50");
      await expect(cells(totals).nth(2)).toHaveText("1,550.50");

      // A third line, deleted again: the total follows.
      await pickAccount(page, "Counter Account", first);
      await form.amount.fill("99.99");
      await form.add.click();
      await expect(form.title).toHaveText("Voucher Lines (Total: 1,650.49)");
      await form.lines.getByRole("button", { name: "Delete line 3" }).click();
      await expect(lineRows).toHaveCount(2);
      await expect(form.title).toHaveText("Voucher Lines (Total: 1,550.50)");
      await snapAccounting(page, `${kind.abbreviation.toLowerCase()}-lines`);

      await form.post.click();
      const { dialog, number } = await postedNumber(page, kind.abbreviation);
      if (kind.abbreviation === "CPV") {
        // Print Voucher opens the voucher as a PDF in a new window.
        const pdf = await printedPdf(page, () => dialog.getByRole("button", { name: "Print Voucher" }).click());
        expectVoucherPdf(pdf, number);
        await pdf.popup.close();
      } else {
        await dialog.getByRole("button", { name: "Cancel" }).click();
      }
      await expect(dialog).toBeHidden();

      // Posting clears the list and unlocks the date; the last posted voucher stays in view.
      await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");
      await expect(form.post).toBeDisabled();
      await expect(form.date).toBeEnabled();
      await expect(form.book).toBeDisabled();
      await expect(page.getByTestId("last-posted")).toContainText(`Voucher ${number} was posted`);
      await expect(page.getByTestId("last-posted").getByRole("button", { name: `Print ${number}` })).toBeVisible();

      // The stored voucher has the entered lines and the server's balancing line.
      await openFromSidebar(page, "Voucher", "Voucher Verification", "Voucher Verification");
      const voucher = verificationRow(page, number);
      await expect(cells(voucher.row).nth(3)).toHaveText(kind.bookName);
      await voucher.showLines.click();
      const stored = page.getByRole("table", { name: `Lines of ${number}` });
      await expect(stored.locator("tbody tr")).toHaveCount(3);
      const bookLine = stored.locator("tbody tr").filter({ hasText: `${kind.bookCode} - ${kind.bookName}` });
      await expect(cells(bookLine).nth(2)).toHaveText(`[first ${tag}, second ${tag}]`);
      await expect(sideCell(bookLine, otherSide(kind.linesSide))).toHaveText("1,550.50");
      await expect(stored.locator("tfoot")).toContainText("1,550.50");

      await approveOnVerification(page, number, 1550.5);
    });
  }
});

test.describe("journal voucher", () => {
  test("JV: POST only when balanced, Difference flagged otherwise; posted and approved; a journal dated in the future is refused before it is added", async ({
    page,
  }) => {
    test.slow(); // a long flow; this machine is shared and often busy
    const tag = uniqueSuffix();
    await signIn(page);
    await openFromSidebar(page, "Voucher", "Journal", "Journal Voucher");
    const form = entry(page);
    const totalDebit = page.getByRole("textbox", { name: "Total Debit" });
    const totalCredit = page.getByRole("textbox", { name: "Total Credit" });
    const difference = page.getByTestId("journal-difference");
    const unbalanced = page.getByText("Unbalanced: debit and credit must be equal");

    await expect(form.add).toBeDisabled();
    await expect(form.post).toBeDisabled();
    await expect(difference).toHaveValue("0.00");
    await expect(difference).toHaveAttribute("readonly", "");
    await expect(unbalanced).toHaveCount(0);
    await expect(form.accountType).toHaveText("Select type");

    // ADD needs an amount, an account and a side other than the placeholder.
    await form.amount.fill("500");
    await pickAccount(page, "Account", "RENT");
    await expect(form.add).toBeDisabled();
    await choose(page, "Account Type", "Debit");
    await expect(form.add).toBeEnabled();
    await form.description.fill(`rent ${tag}`);
    await form.add.click();

    await expect(totalDebit).toHaveValue("500.00");
    await expect(totalCredit).toHaveValue("0.00");
    await expect(difference).toHaveValue("500.00");
    await expect(difference).toHaveAttribute("aria-invalid", "true");
    await expect(unbalanced).toBeVisible();
    await expect(form.post).toBeDisabled();
    await expect(form.date).toBeDisabled();
    await expect(form.balancing).toHaveCount(0);

    await form.amount.fill("200");
    await choose(page, "Account Type", "Credit");
    await pickAccount(page, "Account", "SUNDRY INCOME");
    await form.add.click();
    await expect(difference).toHaveValue("300.00");
    await expect(form.post).toBeDisabled();

    await form.amount.fill("300");
    await pickAccount(page, "Account", "CARRIER PAYABLES");
    await expect(form.accountType).toHaveText("Credit");
    await form.add.click();
    await expect(totalDebit).toHaveValue("500.00");
    await expect(totalCredit).toHaveValue("500.00");
    await expect(difference).toHaveValue("0.00");
    await expect(difference).toHaveAttribute("aria-invalid", "false");
    await expect(unbalanced).toHaveCount(0);
    await expect(form.title).toHaveText("Voucher Lines (Total: 500.00)");
    await expect(form.post).toBeEnabled();

    // Deleting a line unbalances it again.
    await form.lines.getByRole("button", { name: "Delete line 3" }).click();
    await expect(difference).toHaveValue("300.00");
    await expect(form.post).toBeDisabled();
    await form.amount.fill("300");
    await choose(page, "Account Type", "Credit");
    await pickAccount(page, "Account", "CARRIER PAYABLES");
    await form.add.click();
    await expect(form.post).toBeEnabled();
    await snapAccounting(page, "jv-lines");

    await form.post.click();
    const { dialog, number } = await postedNumber(page, "JV");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(totalDebit).toHaveValue("0.00");
    await expect(form.post).toBeDisabled();
    await expect(form.date).toBeEnabled();

    // A journal dated in the future is refused before it is added.
    await form.date.fill(companyDay(1));
    await form.amount.fill("10");
    await choose(page, "Account Type", "Debit");
    await pickAccount(page, "Account", "RENT");
    await form.add.click();
    await expect(page.getByText(VOUCHER_MESSAGES.futureDate)).toBeVisible();
    await expect(form.title).toHaveText("Voucher Lines (Total: 0.00)");
    await expect(errorDialog(page)).toHaveCount(0);

    await approveOnVerification(page, number, 500);
  });
});

test.describe("voucher verification", () => {
  test("disapproving a pending voucher; Print opens its PDF", async ({ page }) => {
    test.slow(); // a long flow; this machine is shared and often busy
    await signIn(page);
    const api = await accountingApi(page);
    const posted = await api.postVoucher(
      1,
      [{ account: await api.account("UTILITIES"), side: "debit", amount: 75.25 }],
      await api.account("CASH IN HAND"),
    );

    await page.goto(VERIFICATION);
    await expect(pageHeading(page)).toHaveText("Voucher Verification");
    const voucher = verificationRow(page, posted.vocId);
    await expect(voucher.chip).toHaveText("Pending");

    const pdf = await printedPdf(page, () => voucher.print.click());
    expectVoucherPdf(pdf, posted.vocId);
    await pdf.popup.close();

    // Cancel leaves it Pending.
    await voucher.disapprove.click();
    const confirm = confirmDialog(page, "Disapprove voucher?");
    await expect(confirm).toContainText("It is kept, but never reaches the ledger.");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(voucher.chip).toHaveText("Pending");

    await voucher.disapprove.click();
    expect(await confirmAction(page, "Disapprove", posted.vocId)).toContain("Voucher disapproved");
    await expect(voucher.row).toHaveCount(0);

    await showStatus(page, "Disapproved");
    await expect(voucher.chip).toHaveText("Disapproved");
    await expect(voucher.row).toContainText(`Disapproved by ${ADMIN.userName}`);
    await expect(voucher.approve).toBeDisabled();
    await expect(voucher.disapprove).toBeDisabled();
    await expect(voucher.reverse).toBeDisabled();

    // The server agrees: a decided voucher cannot be decided again.
    const again = await page.request.put(`/api/voucher/approve_voucher/${posted._id}`, {
      headers: api.headers,
      data: { status: "Approve" },
    });
    expect(again.status()).toBe(409);
    expect((await parsed(again, messageSchema)).message).toBe(VOUCHER_MESSAGES.onlyPending);
  });

  test("reversing an approved voucher posts an approved mirror voucher, once", async ({ page }) => {
    test.slow(); // a long flow; this machine is shared and often busy
    await signIn(page);
    const api = await accountingApi(page);
    const posted = await api.postVoucher(
      3,
      [{ account: await api.account("BANK CHARGES"), side: "debit", amount: 42, description: "fee" }],
      await api.account("BANK CURRENT ACCOUNT"),
    );
    await api.decide(posted._id, "Approve");

    await page.goto(VERIFICATION);
    await showStatus(page, "Approved");
    const original = verificationRow(page, posted.vocId);
    await expect(original.chip).toHaveText("Approved");
    await expect(original.reverse).toBeEnabled();

    await original.reverse.click();
    await expect(confirmDialog(page, "Reverse voucher?")).toContainText(
      "A new approved voucher dated today will post the opposite lines.",
    );
    const message = await confirmAction(page, "Reverse", posted.vocId);
    const mirrorNumber = numberOf("BPV").exec(message)?.[0];
    expect(mirrorNumber, `a voucher number in "${message}"`).toBeTruthy();
    const mirror = verificationRow(page, mirrorNumber ?? "");

    await showStatus(page, "All");
    await expect(original.row).toContainText(`Reversed by ${mirrorNumber}`);
    await expect(original.reverse).toBeDisabled();
    await expect(mirror.chip).toHaveText("Approved");
    await expect(mirror.row).toContainText(`Reversal of ${posted.vocId}`);
    await expect(mirror.reverse).toBeDisabled();
    await expect(mirror.approve).toBeDisabled();

    // The mirror posts the opposite sides: BANK CHARGES credited, the bank debited.
    await mirror.showLines.click();
    const lines = page.getByRole("table", { name: `Lines of ${mirrorNumber}` });
    const charges = lines.locator("tbody tr").filter({ hasText: "BANK CHARGES" });
    await expect(sideCell(charges, "Credit")).toHaveText("42.00");
    await expect(sideCell(charges, "Debit")).toHaveText("");
    await expect(cells(mirror.row).nth(2)).toHaveText(todayIso());
    await snapAccounting(page, "verification");

    const twice = await page.request.post(`/api/voucher/reverse_voucher/${posted._id}`, { headers: api.headers });
    expect(twice.status()).toBe(409);
    expect((await parsed(twice, messageSchema)).message).toBe(VOUCHER_MESSAGES.alreadyReversed);
  });
});

test.describe("voucher search", () => {
  test("type is required; the detail lists, filters and prints the vouchers found", async ({ page }) => {
    test.slow(); // a long flow; this machine is shared and often busy
    const tag = uniqueSuffix();
    const description = `search ${tag.toLowerCase()}`;
    await signIn(page);
    const api = await accountingApi(page);
    const posted = await api.postVoucher(
      2,
      [{ account: await api.account("SUNDRY INCOME"), side: "credit", amount: 610, description }],
      await api.account("CASH IN HAND"),
    );
    const today = todayIso();

    await openFromSidebar(page, "Voucher", "Voucher Search", "Voucher Search");
    const search = page.getByRole("button", { name: "Search", exact: true });
    const start = page.getByLabel("Start Date");
    const end = page.getByLabel("End Date");
    await expect(search).toBeDisabled();
    await expect(page.getByRole("combobox", { name: "Voucher Type" })).toHaveText("Select voucher type");
    await page.getByRole("combobox", { name: "Voucher Type" }).click();
    await expect(page.getByRole("option")).toHaveText(["Select voucher type", "CPV", "CRV", "BPV", "BRV", "JV"]);
    await page.keyboard.press("Escape");
    await start.fill(today);
    await end.fill("2000-01-01");
    await expect(page.getByText("The end date cannot be before the start date")).toBeVisible();
    await choose(page, "Voucher Type", "CRV");
    await expect(search).toBeDisabled();
    await end.fill(today);
    await expect(search).toBeEnabled();
    await search.click();

    await expect(page).toHaveURL(atPath("/accounts/voucher-search-detail"));
    await expect(pageHeading(page)).toHaveText("Voucher Search Detail");
    await expect(page.getByTestId("search-criteria")).toHaveText(`CRV vouchers from ${today} to ${today}`);
    const results = page.getByRole("table", { name: "Voucher search results" });
    const row = results.getByTestId(`voucher-row-${posted.vocId}`);
    await expect(row).toBeVisible();
    await expect(row.locator(".MuiChip-root")).toHaveText("Pending");
    // Only CRVs are listed.
    await expect(results.locator("[data-testid^=voucher-row-]").filter({ hasNotText: /CRV-/ })).toHaveCount(0);

    // The free-text search looks through every voucher's lines.
    await page.getByRole("searchbox", { name: "Search all vouchers" }).fill(description);
    await expect(page.getByTestId("search-criteria")).toHaveText(`All vouchers matching "${description}"`);
    await expect(results.locator("[data-testid^=voucher-row-]")).toHaveCount(1);
    await expect(row).toBeVisible();
    await row.getByRole("button", { name: `Show lines of ${posted.vocId}` }).click();
    await expect(page.getByRole("table", { name: `Lines of ${posted.vocId}` })).toContainText(description);
    await snapAccounting(page, "search-detail");

    const pdf = await printedPdf(page, () =>
      row.getByRole("button", { name: `Print ${posted.vocId}`, exact: true }).click(),
    );
    expectVoucherPdf(pdf, posted.vocId);
    await pdf.popup.close();

    await page.getByRole("button", { name: "Back to Search" }).click();
    await expect(page).toHaveURL(atPath("/accounts/vouchersearch"));
    await expect(page.getByRole("combobox", { name: "Voucher Type" })).toHaveText("CRV");
    await expect(start).toHaveValue(today);
    await expect(search).toBeEnabled();
  });
});

test.describe("an employee with only the CPV permission", () => {
  const { cashier } = USERS;

  test("sees only Cash Payment and is refused JV posting and approval by the API", async ({ page }) => {
    await signIn(page, cashier);
    await expect(sidebar(page).getByRole("link")).toHaveText(["Home", "Cash Payment"]);

    await sidebar(page).getByRole("link", { name: "Cash Payment" }).click();
    await expect(pageHeading(page)).toHaveText("Cash Payment Voucher");
    await expect(entry(page).add).toBeDisabled();
    const counter = entry(page).counter;
    await counter.click();
    await counter.fill("RENT");
    await expect(page.getByRole("option", { name: accountOption("RENT") })).toBeVisible();
    await page.keyboard.press("Escape");

    const api = await accountingApi(page);
    const rent = await api.account("RENT");
    const cash = await api.account("CASH IN HAND");
    // A CPV is theirs to post.
    const posted = await api.postVoucher(1, [{ account: rent, side: "debit", amount: 10 }], cash);
    expect(posted.vocId).toMatch(numberOf("CPV"));

    const journal = await page.request.post("/api/voucher/add_voucher", {
      headers: api.headers,
      data: {
        voucherTypeId: 5,
        voucherType: "JV",
        voucherData: [rent, cash].map((account, index) => ({
          voucherDescription: "not mine to post",
          voucherAmount: 10,
          billNumber: "",
          accountTittle: account.levelFourName,
          levelFourId: account._id,
          voucherDate: todayIso(),
          accountType: index === 0 ? 2 : 1,
          debit: index === 0 ? 10 : 0,
          credit: index === 0 ? 0 : 10,
          crossAccount: "",
        })),
      },
    });
    expect(journal.status()).toBe(403);
    expect((await parsed(journal, messageSchema)).message).toBe("You may not post JV vouchers");

    for (const status of ["Approve", "Disapprove"] as const) {
      const decided = await page.request.put(`/api/voucher/approve_voucher/${posted._id}`, {
        headers: api.headers,
        data: { status },
      });
      expect(decided.status(), status).toBe(403);
      expect((await parsed(decided, messageSchema)).message).toBe(AUTH_MESSAGES.forbidden);
    }
    const reversed = await page.request.post(`/api/voucher/reverse_voucher/${posted._id}`, { headers: api.headers });
    expect(reversed.status()).toBe(403);

    // The screen itself is closed to them too.
    await page.goto(VERIFICATION);
    await expect(page.getByRole("heading", { name: "You do not have access to this screen" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Vouchers for verification" })).toHaveCount(0);
    await expect(page.getByText(posted.vocId)).toHaveCount(0);
  });
});
