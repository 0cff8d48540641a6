/**
 * Accounting reports end to end: every report screen of the Reports menu (ledger, trial balance,
 * transaction summary, profit and loss, aging, cash book, chart of account) over a small data set
 * posted through the API, with figures worked out by hand; each report's PDF and XLSX; and the
 * company profile heading the PDFs.
 *
 * The data set (reports-helpers.ts VOUCHERS), four approved journal vouchers:
 *   2025-06-30  Dr WALK-IN CUSTOMERS 1,000.00  Cr INTERNATIONAL FREIGHT REVENUE 1,000.00
 *   2025-07-01  Dr CASH IN HAND        400.00  Cr WALK-IN CUSTOMERS               400.00
 *   2025-07-15  Dr WALK-IN CUSTOMERS   250.50  Cr INTERNATIONAL FREIGHT REVENUE   250.50
 *   2025-07-20  Dr RENT                150.00  Cr CASH IN HAND                    150.00
 * For July 2025 the customer's ledger opens at 1,000.00 DR and closes at 850.50 DR; cash closes at
 * 250.00 DR; revenue at 1,250.50 CR; rent at 150.00 DR. The spec owns 2025-06-30 .. 2025-07-31.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./helpers";
import {
  ACCOUNTS,
  accountBox,
  atPath,
  bodyRows,
  cellTexts,
  choose,
  dateField,
  downloadFrom,
  expectCells,
  fillPeriod,
  fiscalYearStart,
  head,
  logoPng,
  menuGroup,
  openFromMenu,
  PERIOD,
  pageHeading,
  pdfFromPopup,
  pdfImageCount,
  pdfText,
  pickAccount,
  type ReportData,
  readCompany,
  seedReportData,
  signIn,
  snapReport,
  todayIso,
  uniqueSuffix,
  VOUCHERS,
  writeCompany,
  xlsxFrom,
} from "./reports-helpers";

const REPORTS = "Reports";
const DESCRIPTION = Object.fromEntries(VOUCHERS.map((voucher) => [voucher.key, voucher.description])) as Record<
  (typeof VOUCHERS)[number]["key"],
  string
>;

let data: ReportData;

// Each test walks a whole report with its files; other Playwright runs share the machine.
test.describe.configure({ timeout: 60_000 });

test.beforeAll(async ({ request }) => {
  data = await seedReportData(request);
});

/** The report screen's query string as an object. */
const queryOf = (page: Page): Record<string, string> => Object.fromEntries(new URL(page.url()).searchParams);

/** The voucher dialog a report row opens: its title, type, status and lines; closes it. */
async function expectVoucherDialog(
  page: Page,
  number: string,
  date: string,
  lines: readonly (readonly string[])[],
): Promise<void> {
  const dialog = page.getByRole("dialog", { name: `Voucher ${number}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Date: ${date}`);
  await expect(dialog).toContainText("Type: JV");
  await expect(dialog).toContainText("Approved");
  const table = dialog.getByRole("table", { name: `Lines of ${number}` });
  await expect(bodyRows(table)).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    await expectCells(bodyRows(table).nth(index), line);
  }
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
}

/** A ledger line in the voucher dialog: #, account, description, bill, debit, credit. */
const dialogLine = (
  no: number,
  account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS],
  description: string,
  debit: string,
  credit: string,
): string[] => [String(no), `${account.code} - ${account.name}`, description, "", debit, credit];

/** The ledger figures of LedgerReport (ledger list and cash book). */
function ledgerFigures(page: Page) {
  return {
    account: page.getByTestId("ledger-account"),
    period: page.getByTestId("ledger-period"),
    opening: page.getByTestId("ledger-opening"),
    debit: page.getByTestId("ledger-debit"),
    credit: page.getByTestId("ledger-credit"),
    closing: page.getByTestId("ledger-closing"),
  };
}

/** The customer's July ledger as Ledger List shows it. */
async function expectCustomerLedger(page: Page): Promise<Locator> {
  const figures = ledgerFigures(page);
  await expect(figures.account).toHaveText(`${ACCOUNTS.customer.code} ${ACCOUNTS.customer.name}`);
  await expect(figures.period).toHaveText(`From ${PERIOD.from} to ${PERIOD.to}`);
  await expect(figures.opening).toHaveText("1,000.00 DR");
  await expect(figures.debit).toHaveText("250.50");
  await expect(figures.credit).toHaveText("400.00");
  await expect(figures.closing).toHaveText("850.50 DR");
  const table = page.getByRole("table", { name: "Ledger entries" });
  await expect(bodyRows(table)).toHaveCount(2);
  const { receipt, freight } = data.vouchers;
  await expectCells(table.getByRole("row", { name: `Open voucher ${receipt.number}`, exact: true }), [
    "2025-07-01",
    receipt.number,
    DESCRIPTION.receipt,
    "",
    "",
    "400.00",
    "600.00",
    "DR",
  ]);
  await expectCells(table.getByRole("row", { name: `Open voucher ${freight.number}`, exact: true }), [
    "2025-07-15",
    freight.number,
    DESCRIPTION.freight,
    "",
    "250.50",
    "",
    "850.50",
    "DR",
  ]);
  return table;
}

test("the Reports menu lists every report screen; Ledger: search, the hand-computed list, a voucher from a row, PDF and XLSX", async ({
  page,
}) => {
  await signIn(page);
  await expect(menuGroup(page, REPORTS).getByRole("link")).toHaveText([
    "Ledger",
    "Ledger List",
    "Trial Balance",
    "Trial Balance Report",
    "Chart of Account Report",
    "Transaction Summary",
    "Transaction Summary Details",
    "Profit Loss",
    "Aging Report",
    "Receivables Aging",
    "Cash Book",
  ]);
  // The result screens opened from the menu without criteria say what to do.
  await openFromMenu(page, REPORTS, "Ledger List");
  await expect(page.getByText("No account chosen")).toBeVisible();
  await page.getByRole("button", { name: "Go to Ledger" }).click();
  await expect(page).toHaveURL(atPath("/accounts/ledger"));
  await expect(pageHeading(page)).toHaveText("Ledger");
  await openFromMenu(page, REPORTS, "Transaction Summary Details");
  await expect(page.getByText("No voucher type chosen")).toBeVisible();

  await openFromMenu(page, REPORTS, "Ledger");
  const search = page.getByRole("button", { name: "Search", exact: true });
  const generate = page.getByRole("button", { name: "Generate Ledger Report" });
  await expect(page.getByTestId("ledger-account-picker")).toBeVisible();
  await expect(search).toBeDisabled();
  await expect(generate).toBeDisabled();

  // Dates out of order are refused on the form.
  await pickAccount(page, ACCOUNTS.customer, "walk-in");
  await fillPeriod(page, PERIOD.to, PERIOD.from);
  await search.click();
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
  await expect(page).toHaveURL(atPath("/accounts/ledger"));

  await fillPeriod(page, PERIOD.from, PERIOD.to);
  await expect(search).toBeEnabled();
  await expect(generate).toBeEnabled();
  await snapReport(page, "ledger-search");
  await search.click();

  await expect(page).toHaveURL(atPath("/accounts/Ledger-List"));
  await expect(pageHeading(page)).toHaveText("Ledger List");
  expect(queryOf(page)).toEqual({ account: String(data.accounts.customer.id), from: PERIOD.from, to: PERIOD.to });
  const table = await expectCustomerLedger(page);
  await snapReport(page, "ledger-list");

  // A row opens its voucher, by mouse and by keyboard.
  const { receipt, freight } = data.vouchers;
  await table.getByRole("row", { name: `Open voucher ${freight.number}`, exact: true }).click();
  await expect(page.getByRole("dialog", { name: `Voucher ${freight.number}` })).toBeVisible();
  await snapReport(page, "voucher-dialog");
  await expectVoucherDialog(page, freight.number, "2025-07-15", [
    dialogLine(1, ACCOUNTS.customer, DESCRIPTION.freight, "250.50", ""),
    dialogLine(2, ACCOUNTS.revenue, DESCRIPTION.freight, "", "250.50"),
  ]);
  await table.getByRole("row", { name: `Open voucher ${receipt.number}`, exact: true }).press("Enter");
  await expectVoucherDialog(page, receipt.number, "2025-07-01", [
    dialogLine(1, ACCOUNTS.cash, DESCRIPTION.receipt, "400.00", ""),
    dialogLine(2, ACCOUNTS.customer, DESCRIPTION.receipt, "", "400.00"),
  ]);

  // The list's PDF and XLSX carry the same figures.
  const pdf = await pdfFromPopup(page, "/levelFour/account_ledger", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe(`ledger-${ACCOUNTS.customer.code}.pdf`);
  expect(head(pdf.bytes, 5)).toBe("%PDF-");
  expect(pdf.body).toEqual({ levelFourId: data.accounts.customer.id, startDate: PERIOD.from, endDate: PERIOD.to });
  expect(pdf.text).toContain("LEDGER ACCOUNT");
  expect(pdf.text).toContain(`${ACCOUNTS.customer.code} ${ACCOUNTS.customer.name}`);
  expect(pdf.text).toMatch(/Opening 1,000\.00 DR\s+Total Debit 250\.50\s+Total Credit 400\.00\s+Closing 850\.50 DR/);
  expect(pdf.text).toMatch(
    new RegExp(`2025-07-15\\s+${freight.number}\\s+${DESCRIPTION.freight}\\s+250\\.50\\s+850\\.50 DR`),
  );

  const rows = await xlsxFrom(page, `ledger-${ACCOUNTS.customer.code}.xlsx`, () =>
    page.getByTestId("report-xlsx").click(),
  );
  expect(rows).toContainEqual(["Date", "Voucher#", "Description", "Bill #", "Debit", "Credit", "Balance", "DR/CR"]);
  expect(rows).toContainEqual(["2025-07-01", receipt.number, DESCRIPTION.receipt, "", "0", "400", "600", "DR"]);
  expect(rows).toContainEqual(["2025-07-15", freight.number, DESCRIPTION.freight, "", "250.5", "0", "850.5", "DR"]);

  // Back to Search keeps the criteria; Generate Ledger Report opens the ledger PDF from there.
  await page.getByRole("button", { name: "Back to Search" }).click();
  await expect(page).toHaveURL(atPath("/accounts/ledger"));
  await expect(pageHeading(page)).toHaveText("Ledger");
  await expect(dateField(page, "Start Date")).toHaveValue(PERIOD.from);
  await expect(dateField(page, "End Date")).toHaveValue(PERIOD.to);
  await expect(accountBox(page)).toHaveValue(`${ACCOUNTS.customer.code} - ${ACCOUNTS.customer.name}`);
  const generated = await pdfFromPopup(page, "/levelFour/account_ledger_pdf", () => generate.click());
  expect(generated.fileName).toBe(`ledger-${ACCOUNTS.customer.code}.pdf`);
  expect(head(generated.bytes, 5)).toBe("%PDF-");
  expect(generated.text).toMatch(/Closing 850\.50 DR/);
});

test("Trial Balance: fiscal-year defaults, PDF needs both dates, balanced table, drill-down to the ledger", async ({
  page,
}) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Trial Balance");
  const today = todayIso();
  await expect(dateField(page, "Start Date")).toHaveValue(fiscalYearStart(today));
  await expect(dateField(page, "End Date")).toHaveValue(today);

  const pdfButton = page.getByRole("button", { name: "Generate PDF Report" });
  await expect(pdfButton).toBeEnabled();
  await dateField(page, "Start Date").fill("");
  await expect(pdfButton).toBeDisabled();
  await dateField(page, "Start Date").fill(PERIOD.from);
  await expect(pdfButton).toBeEnabled();
  await dateField(page, "End Date").fill("");
  await expect(pdfButton).toBeDisabled();
  await dateField(page, "End Date").fill(PERIOD.to);
  await expect(pdfButton).toBeEnabled();

  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(atPath("/accounts/trial-balance-report"));
  await expect(pageHeading(page)).toHaveText("Trial Balance Report");
  expect(queryOf(page)).toEqual({ from: PERIOD.from, to: PERIOD.to });

  const table = page.getByRole("table", { name: "Trial Balance" });
  await expect(table).toHaveAttribute("data-testid", "trial-table");
  await expect(page.getByTestId("trial-period")).toHaveText(`From ${PERIOD.from} to ${PERIOD.to}`);
  await expect(bodyRows(table)).toHaveCount(4);
  const row = (name: string) => table.getByRole("row", { name: `Open the ledger of ${name}`, exact: true });
  // Name (with code), opening Dr/Cr, during Dr/Cr, closing Dr/Cr.
  await expectCells(row(ACCOUNTS.cash.name), [
    `${ACCOUNTS.cash.name} ${ACCOUNTS.cash.code}`,
    "",
    "",
    "400.00",
    "150.00",
    "250.00",
    "",
  ]);
  await expectCells(row(ACCOUNTS.customer.name), [
    `${ACCOUNTS.customer.name} ${ACCOUNTS.customer.code}`,
    "1,000.00",
    "",
    "250.50",
    "400.00",
    "850.50",
    "",
  ]);
  await expectCells(row(ACCOUNTS.revenue.name), [
    `${ACCOUNTS.revenue.name} ${ACCOUNTS.revenue.code}`,
    "",
    "1,000.00",
    "",
    "250.50",
    "",
    "1,250.50",
  ]);
  await expectCells(row(ACCOUNTS.rent.name), [
    `${ACCOUNTS.rent.name} ${ACCOUNTS.rent.code}`,
    "",
    "",
    "150.00",
    "",
    "150.00",
    "",
  ]);
  await expectCells(page.getByTestId("trial-totals"), [
    "Total",
    "1,000.00",
    "1,000.00",
    "800.50",
    "800.50",
    "1,250.50",
    "1,250.50",
  ]);
  const totals = await cellTexts(page.getByTestId("trial-totals"));
  // Each pair of columns balances.
  expect(totals[1]).toBe(totals[2]);
  expect(totals[3]).toBe(totals[4]);
  expect(totals[5]).toBe(totals[6]);
  await snapReport(page, "trial-balance");

  const rows = await xlsxFrom(page, "trial-balance.xlsx", () => page.getByTestId("report-xlsx").click());
  expect(rows).toContainEqual([
    ACCOUNTS.customer.code,
    ACCOUNTS.customer.name,
    "1000",
    "0",
    "250.5",
    "400",
    "850.5",
    "0",
  ]);
  expect(rows).toContainEqual(["", "TOTAL", "1000", "1000", "800.5", "800.5", "1250.5", "1250.5"]);
  const pdf = await pdfFromPopup(page, "/reports/trail_balance", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe("trial-balance.pdf");
  expect(head(pdf.bytes, 5)).toBe("%PDF-");
  expect(pdf.text).toContain("TRIAL BALANCE");
  expect(pdf.text).toContain("From 01 Jul 2025 to 31 Jul 2025");
  expect(pdf.text).toMatch(/TOTAL\s+1,000\.00\s+1,000\.00\s+800\.50\s+800\.50\s+1,250\.50\s+1,250\.50/);

  // A row opens that account's ledger for the same dates; a ledger row opens its voucher.
  await row(ACCOUNTS.customer.name).click();
  await expect(page).toHaveURL(atPath("/accounts/Ledger-List"));
  expect(queryOf(page)).toEqual({ account: String(data.accounts.customer.id), from: PERIOD.from, to: PERIOD.to });
  const ledger = await expectCustomerLedger(page);
  await ledger.getByRole("row", { name: `Open voucher ${data.vouchers.freight.number}`, exact: true }).click();
  await expectVoucherDialog(page, data.vouchers.freight.number, "2025-07-15", [
    dialogLine(1, ACCOUNTS.customer, DESCRIPTION.freight, "250.50", ""),
    dialogLine(2, ACCOUNTS.revenue, DESCRIPTION.freight, "", "250.50"),
  ]);

  // Back to the report, then Back to Search keeps the dates; Generate PDF Report opens the PDF.
  await page.goBack();
  await expect(pageHeading(page)).toHaveText("Trial Balance Report");
  await page.getByRole("button", { name: "Back to Search" }).click();
  await expect(pageHeading(page)).toHaveText("Trial Balance");
  await expect(dateField(page, "Start Date")).toHaveValue(PERIOD.from);
  await expect(dateField(page, "End Date")).toHaveValue(PERIOD.to);
  const generated = await pdfFromPopup(page, "/trial_balance/get_trial_balance_pdf", () => pdfButton.click());
  expect(generated.fileName).toBe("trial-balance.pdf");
  expect(head(generated.bytes, 5)).toBe("%PDF-");
  expect(generated.body).toEqual({ startedDate: PERIOD.from, endDate: PERIOD.to });
  expect(generated.text).toMatch(/WALK-IN CUSTOMERS\s+1,000\.00\s+250\.50\s+400\.00\s+850\.50/);
});

test("Transaction Summary: a voucher type is required, the details table filters by column", async ({ page }) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Transaction Summary");
  const search = page.getByRole("button", { name: "Search", exact: true });
  await expect(search).toBeDisabled();
  await page.getByRole("combobox", { name: "Voucher Type" }).click();
  await expect(page.getByRole("option")).toHaveText(["Select voucher type", "CPV", "CRV", "BPV", "BRV", "JV"]);
  await page.keyboard.press("Escape");
  await expect(search).toBeDisabled();
  await choose(page, "Voucher Type", "JV");
  await expect(search).toBeEnabled();
  await fillPeriod(page, PERIOD.from, PERIOD.to);
  await search.click();

  await expect(page).toHaveURL(atPath("/accounts/transaction-summary-details"));
  await expect(pageHeading(page)).toHaveText("Transaction Summary Details");
  expect(queryOf(page)).toEqual({ type: "5", from: PERIOD.from, to: PERIOD.to });
  await expect(page.getByTestId("summary-heading")).toHaveText("JV transactions");
  const table = page.getByRole("table", { name: "Transaction summary" });
  await expect(bodyRows(table)).toHaveCount(6);
  const { receipt, freight, rent } = data.vouchers;
  const line = (
    date: string,
    number: string,
    account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS],
    description: string,
    debit: string,
    credit: string,
  ) => [date, number, `${account.code} ${account.name}`, description, debit, credit];
  const all = [
    line("2025-07-01", receipt.number, ACCOUNTS.cash, DESCRIPTION.receipt, "400.00", ""),
    line("2025-07-01", receipt.number, ACCOUNTS.customer, DESCRIPTION.receipt, "", "400.00"),
    line("2025-07-15", freight.number, ACCOUNTS.customer, DESCRIPTION.freight, "250.50", ""),
    line("2025-07-15", freight.number, ACCOUNTS.revenue, DESCRIPTION.freight, "", "250.50"),
    line("2025-07-20", rent.number, ACCOUNTS.rent, DESCRIPTION.rent, "150.00", ""),
    line("2025-07-20", rent.number, ACCOUNTS.cash, DESCRIPTION.rent, "", "150.00"),
  ];
  for (const [index, expected] of all.entries()) {
    await expectCells(bodyRows(table).nth(index), expected);
  }
  const totals = page.getByTestId("summary-totals");
  await expectCells(totals, ["Total (6 lines)", "800.50", "800.50"]);
  await snapReport(page, "transaction-summary");

  // Column filters: by account, by amount (with or without separators), none matching.
  const accountFilter = page.getByRole("textbox", { name: "Filter Account" });
  await accountFilter.fill("rent");
  await expect(bodyRows(table)).toHaveCount(1);
  await expectCells(bodyRows(table).first(), all[4] ?? []);
  await expectCells(totals, ["Total (1 of 6 lines)", "150.00", "0.00"]);
  await snapReport(page, "transaction-summary-filtered");
  await accountFilter.fill("");
  await page.getByRole("textbox", { name: "Filter Debit" }).fill("250.5");
  await expect(bodyRows(table)).toHaveCount(1);
  await expectCells(bodyRows(table).first(), all[2] ?? []);
  await page.getByRole("textbox", { name: "Filter Debit" }).fill("");
  await page.getByRole("textbox", { name: "Filter Voucher#" }).fill(receipt.number);
  await expect(bodyRows(table)).toHaveCount(2);
  await expectCells(totals, ["Total (2 of 6 lines)", "400.00", "400.00"]);
  await page.getByRole("textbox", { name: "Filter Description" }).fill("no such line");
  await expect(table.getByText("No lines match the filters")).toBeVisible();
  await expect(totals).toHaveCount(0);
  await page.getByRole("textbox", { name: "Filter Description" }).fill("");
  await page.getByRole("textbox", { name: "Filter Voucher#" }).fill("");
  await expect(bodyRows(table)).toHaveCount(6);

  // A line opens its voucher.
  await bodyRows(table).nth(4).click();
  await expectVoucherDialog(page, rent.number, "2025-07-20", [
    dialogLine(1, ACCOUNTS.rent, DESCRIPTION.rent, "150.00", ""),
    dialogLine(2, ACCOUNTS.cash, DESCRIPTION.rent, "", "150.00"),
  ]);

  // The details screen exports PDF and XLSX.
  const summaryPdf = await pdfFromPopup(page, "/reports/transaction_summary_report", () =>
    page.getByTestId("report-pdf").click(),
  );
  expect(summaryPdf.text).toContain("TRANSACTION SUMMARY (JV)");
  const rows = await xlsxFrom(page, "transaction-summary-JV.xlsx", () => page.getByTestId("report-xlsx").click());
  expect(rows).toContainEqual(["Date", "Voucher#", "Account", "Description", "Debit", "Credit"]);
  expect(rows).toContainEqual([
    "2025-07-20",
    rent.number,
    `${ACCOUNTS.rent.code} ${ACCOUNTS.rent.name}`,
    DESCRIPTION.rent,
    "150",
    "0",
  ]);
  expect(rows.filter((cells) => /^JV-/.test(cells[1] ?? ""))).toHaveLength(6);

  await page.getByRole("button", { name: "Back to Search" }).click();
  await expect(pageHeading(page)).toHaveText("Transaction Summary");
  await expect(page.getByRole("combobox", { name: "Voucher Type" })).toHaveText("JV");
  await expect(dateField(page, "Start Date")).toHaveValue(PERIOD.from);
});

test("Profit Loss: stock values, the computed lines, the downloaded PDF and the XLSX", async ({ page }) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Profit Loss");
  const today = todayIso();
  await expect(dateField(page, "Start Date")).toHaveValue(fiscalYearStart(today));
  await expect(dateField(page, "End Date")).toHaveValue(today);
  const opening = page.getByTestId("opening-stock");
  const closing = page.getByTestId("closing-stock");
  await expect(opening).toHaveValue("0");
  await expect(closing).toHaveValue("0");
  const generate = page.getByRole("button", { name: "Generate Report" });

  await fillPeriod(page, PERIOD.from, PERIOD.to);
  await opening.fill("12.345");
  await generate.click();
  await expect(page.getByText("Enter a number of 0 or more with at most 2 decimals")).toBeVisible();
  await expect(page.getByTestId("pl-table")).toHaveCount(0);

  // COGS = 120.25 + 0 + 0 - 80 = 40.25; gross profit = 0 + 250.50 - 40.25 = 210.25;
  // profit before tax = 210.25 - 150.00 (rent, admin) = 60.25 = net profit.
  await opening.fill("120.25");
  await closing.fill("80");
  const downloaded = await downloadFrom(page, () => generate.click());
  expect(downloaded.name).toBe("profit-loss.pdf");
  expect(head(downloaded.bytes, 5)).toBe("%PDF-");
  const downloadedText = await pdfText(downloaded.bytes);
  expect(downloadedText).toContain("PROFIT AND LOSS");
  expect(downloadedText).toMatch(/NET PROFIT\s+60\.25/);

  await expect(page.getByTestId("pl-period")).toHaveText(`From ${PERIOD.from} to ${PERIOD.to}`);
  const figures: Record<string, string> = {
    "pl-local_sale": "0.00",
    "pl-export_sale": "250.50",
    "pl-opening-stock": "120.25",
    "pl-purchase": "0.00",
    "pl-direct_expense": "0.00",
    "pl-closing-stock": "80.00",
    "pl-cogs": "40.25",
    "pl-gross-profit": "210.25",
    "pl-other_income": "0.00",
    "pl-rebate": "0.00",
    "pl-admin": "150.00",
    "pl-selling": "0.00",
    "pl-financial_cost": "0.00",
    "pl-other_expense": "0.00",
    "pl-profit-before-tax": "60.25",
    "pl-tax": "0.00",
    "pl-net-profit": "60.25",
  };
  for (const [testId, amount] of Object.entries(figures)) {
    await expect(page.getByTestId(testId), testId).toHaveText(amount);
  }
  await snapReport(page, "profit-loss");

  const pdf = await pdfFromPopup(page, "/reports/profit_loss", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe("profit-loss.pdf");
  expect(pdf.body).toEqual({ startedDate: PERIOD.from, endDate: PERIOD.to, openingStock: 120.25, closingStock: 80 });
  expect(pdf.text).toMatch(/COST OF GOODS SOLD\s+40\.25/);
  expect(pdf.text).toMatch(/GROSS PROFIT\s+210\.25/);
  const rows = await xlsxFrom(page, "profit-loss.xlsx", () => page.getByTestId("report-xlsx").click());
  // Compared as numbers: this sheet writes its amounts as text ("250.50"), the others as numbers.
  const amountOf = (label: string) => Number(rows.find((cells) => cells[0] === label)?.[1]);
  expect(amountOf("Export Sale")).toBe(250.5);
  expect(amountOf("Admin")).toBe(150);
  expect(amountOf("COST OF GOODS SOLD")).toBe(40.25);
  expect(amountOf("NET PROFIT")).toBe(60.25);

  // A loss: COGS 500.00, gross profit -249.50, net -399.50, shown in red.
  await opening.fill("500");
  await closing.fill("0");
  const again = await downloadFrom(page, () => generate.click());
  expect(again.name).toBe("profit-loss.pdf");
  await expect(page.getByTestId("pl-cogs")).toHaveText("500.00");
  await expect(page.getByTestId("pl-gross-profit")).toHaveText("-249.50");
  await expect(page.getByTestId("pl-net-profit")).toHaveText("-399.50");
  await expect(page.getByTestId("pl-net-profit")).toHaveCSS("color", "rgb(211, 47, 47)");
});

test("Aging Report: an account and an as-of date give the buckets, the total and the last debit", async ({ page }) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Aging Report");
  const generate = page.getByRole("button", { name: "Generate Aging Report" });
  await expect(page.getByTestId("aging-account-picker")).toBeVisible();
  await expect(generate).toBeDisabled();
  await expect(dateField(page, "As of Date")).toHaveValue(todayIso());
  await pickAccount(page, ACCOUNTS.customer, "WALK");
  await expect(generate).toBeEnabled();

  // As of 2025-07-31: the 400.00 receipt settles the oldest debit first, leaving 600.00 of the
  // 2025-06-30 sale (31 days: 31-45) and all 250.50 of 2025-07-15 (16 days: 16-30).
  await dateField(page, "As of Date").fill(PERIOD.to);
  await generate.click();
  await expect(page.getByTestId("aging-account")).toHaveText(ACCOUNTS.customer.name);
  await expect(page.getByTestId("aging-as-of")).toHaveText(`As of ${PERIOD.to}`);
  const buckets = ["0.00", "250.50", "600.00", "0.00", "0.00", "0.00", "0.00", "0.00"];
  for (const [index, amount] of buckets.entries()) {
    await expect(page.getByTestId(`aging-bucket-${index + 1}`)).toHaveText(amount);
  }
  await expect(page.getByTestId("aging-older")).toHaveText("0.00");
  await expect(page.getByTestId("aging-unapplied")).toHaveText("0.00");
  await expect(page.getByTestId("aging-total")).toHaveText("850.50");
  await expect(page.getByTestId("aging-last-debit")).toHaveText("250.50 on 2025-07-15");
  const table = page.getByTestId("aging-table");
  const rowOf = (testId: string) => table.locator("tr", { has: page.getByTestId(testId) });
  await expectCells(rowOf("aging-bucket-1"), ["1-15 days", "2025-07-17", "2025-07-31", "0.00"]);
  await expectCells(rowOf("aging-bucket-2"), ["16-30 days", "2025-07-02", "2025-07-16", "250.50"]);
  await expectCells(rowOf("aging-bucket-3"), ["31-45 days", "2025-06-17", "2025-07-01", "600.00"]);
  await expectCells(rowOf("aging-bucket-8"), ["106-120 days", "2025-04-03", "2025-04-17", "0.00"]);
  await expectCells(rowOf("aging-older"), ["Over 120 days", "", "before 2025-04-03", "0.00"]);
  await expectCells(table.locator("tfoot tr"), ["Total (ledger balance)", "850.50"]);
  await snapReport(page, "aging");

  const pdf = await pdfFromPopup(page, "/reports/aging_report", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe(`aging-${data.accounts.customer.id}.pdf`);
  expect(head(pdf.bytes, 5)).toBe("%PDF-");
  expect(pdf.body).toEqual({ levelFourId: data.accounts.customer.id, asOfDate: PERIOD.to });
  expect(pdf.text).toContain("AGING REPORT");
  expect(pdf.text).toContain("Last debit 250.50 on 2025-07-15");
  expect(pdf.text).toMatch(/16-30 days\s+2025-07-02\s+2025-07-16\s+250\.50/);
  expect(pdf.text).toMatch(/31-45 days\s+2025-06-17\s+2025-07-01\s+600\.00/);
  expect(pdf.text).toMatch(/TOTAL \(ledger balance\).*850\.50/);
  const rows = await xlsxFrom(page, `aging-${data.accounts.customer.id}.xlsx`, () =>
    page.getByTestId("report-xlsx").click(),
  );
  expect(rows).toContainEqual(["31-45 days", "2025-06-17", "2025-07-01", "600"]);
  expect(rows.at(-1)?.at(-1)).toBe("850.5");

  // As of the day of the sale, before the receipt: all 1,000.00 is 1-15 days old.
  await dateField(page, "As of Date").fill("2025-06-30");
  await generate.click();
  await expect(page.getByTestId("aging-as-of")).toHaveText("As of 2025-06-30");
  await expect(page.getByTestId("aging-bucket-1")).toHaveText("1,000.00");
  await expect(page.getByTestId("aging-bucket-2")).toHaveText("0.00");
  await expect(page.getByTestId("aging-total")).toHaveText("1,000.00");
  await expect(page.getByTestId("aging-last-debit")).toHaveText("1,000.00 on 2025-06-30");
});

test("Cash Book: cash and bank accounts first, the book of the period, its PDF", async ({ page }) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Cash Book");
  const generate = page.getByRole("button", { name: "Generate Cash Book" });
  await expect(page.getByTestId("cash-book-account-picker")).toBeVisible();
  await expect(generate).toBeDisabled();
  await accountBox(page).click();
  const options = page.getByRole("option");
  await expect(options.nth(0)).toHaveText(/^1-01-001-0001 - CASH IN HAND/);
  const texts = await options.allInnerTexts();
  // The cash group's accounts, then the bank group's, then the rest. Other tests on this database add
  // cash accounts of their own (a new counter's), so the seeded ones are checked in order among them.
  const groupOf = (text: string) => (text.startsWith("1-01-001-") ? 0 : text.startsWith("1-01-002-") ? 1 : 2);
  const groups = texts.map(groupOf);
  expect(groups).toEqual([...groups].sort((a, b) => a - b));
  const seeded = [
    "1-01-001-0001 - CASH IN HAND",
    "1-01-001-0002 - PETTY CASH",
    // The safe cashiers drop cash into, then the register's own cash account, seeded last under the cash group.
    "1-01-001-0003 - SAFE CASH",
    "1-01-001-0004 - A01 CASH",
    "1-01-002-0001 - BANK CURRENT ACCOUNT",
  ];
  expect(texts.filter((text) => seeded.some((name) => text.startsWith(name))).map((text) => text.slice(0, 40))).toEqual(
    seeded.map((name) => expect.stringMatching(new RegExp(`^${name}`))),
  );
  await page.keyboard.press("Escape");

  await pickAccount(page, ACCOUNTS.cash, ACCOUNTS.cash.code);
  await expect(generate).toBeEnabled();
  await fillPeriod(page, PERIOD.from, PERIOD.to);
  await generate.click();

  const figures = ledgerFigures(page);
  await expect(figures.account).toHaveText(`${ACCOUNTS.cash.code} ${ACCOUNTS.cash.name}`);
  await expect(figures.period).toHaveText(`From ${PERIOD.from} to ${PERIOD.to}`);
  await expect(figures.opening).toHaveText("0.00 DR");
  await expect(figures.debit).toHaveText("400.00");
  await expect(figures.credit).toHaveText("150.00");
  await expect(figures.closing).toHaveText("250.00 DR");
  const table = page.getByRole("table", { name: "Cash book entries" });
  await expect(bodyRows(table)).toHaveCount(2);
  // Each line names the account on the other side of its voucher.
  await expect(table.getByRole("columnheader", { name: "Counter Account" })).toBeVisible();
  const { receipt, rent } = data.vouchers;
  await expectCells(bodyRows(table).nth(0), [
    "2025-07-01",
    receipt.number,
    DESCRIPTION.receipt,
    ACCOUNTS.customer.name,
    "",
    "400.00",
    "",
    "400.00",
    "DR",
  ]);
  await expectCells(bodyRows(table).nth(1), [
    "2025-07-20",
    rent.number,
    DESCRIPTION.rent,
    ACCOUNTS.rent.name,
    "",
    "",
    "150.00",
    "250.00",
    "DR",
  ]);
  await snapReport(page, "cash-book");

  await table.getByRole("row", { name: `Open voucher ${rent.number}`, exact: true }).click();
  await expectVoucherDialog(page, rent.number, "2025-07-20", [
    dialogLine(1, ACCOUNTS.rent, DESCRIPTION.rent, "150.00", ""),
    dialogLine(2, ACCOUNTS.cash, DESCRIPTION.rent, "", "150.00"),
  ]);

  // The cash book offers PDF and XLSX.
  await expect(page.getByTestId("report-xlsx")).toBeVisible();
  const pdf = await pdfFromPopup(page, "/reports/cash_book_report", () => page.getByTestId("report-pdf").click());
  expect(pdf.fileName).toBe(`cash-book-${ACCOUNTS.cash.code}.pdf`);
  expect(head(pdf.bytes, 5)).toBe("%PDF-");
  expect(pdf.text).toContain("CASH BOOK");
  expect(pdf.text).toMatch(/Opening 0\.00 DR\s+Total Debit 400\.00\s+Total Credit 150\.00\s+Closing 250\.00 DR/);
  expect(pdf.text).toMatch(
    new RegExp(
      `2025-07-20\\s+${rent.number}\\s+${DESCRIPTION.rent}\\s+${ACCOUNTS.rent.name}\\s+150\\.00\\s+250\\.00 DR`,
    ),
  );
});

test("Chart of Account Report: both dates required, the tree with every level's balance, PDF and XLSX", async ({
  page,
}) => {
  await signIn(page);
  await openFromMenu(page, REPORTS, "Chart of Account Report");
  const today = todayIso();
  await expect(dateField(page, "Start Date")).toHaveValue(fiscalYearStart(today));
  await expect(dateField(page, "End Date")).toHaveValue(today);
  const generate = page.getByRole("button", { name: "Generate Report" });
  await dateField(page, "End Date").fill("");
  await expect(generate).toBeDisabled();
  await fillPeriod(page, PERIOD.from, PERIOD.to);
  await expect(generate).toBeEnabled();
  await generate.click();

  await expect(page.getByTestId("chart-period")).toHaveText(`From ${PERIOD.from} to ${PERIOD.to}`);
  const chart = page.getByTestId("chart-table");
  const row = (code: string) => page.getByTestId(`chart-row-${code}`);
  // Code, name, opening with its side, debit, credit, closing balance, DR/CR.
  await expectCells(row("1"), ["1", "ASSETS", "1,000.00 DR", "650.50", "550.00", "1,100.50", "DR"]);
  await expectCells(row("1-01-003"), [
    "1-01-003",
    "TRADE RECEIVABLES",
    "1,000.00 DR",
    "250.50",
    "400.00",
    "850.50",
    "DR",
  ]);
  await expectCells(row(ACCOUNTS.customer.code), [
    ACCOUNTS.customer.code,
    ACCOUNTS.customer.name,
    "1,000.00 DR",
    "250.50",
    "400.00",
    "850.50",
    "DR",
  ]);
  await expectCells(row(ACCOUNTS.cash.code), [
    ACCOUNTS.cash.code,
    ACCOUNTS.cash.name,
    "",
    "400.00",
    "150.00",
    "250.00",
    "DR",
  ]);
  await expectCells(row("4"), ["4", "REVENUE", "1,000.00 CR", "", "250.50", "1,250.50", "CR"]);
  await expectCells(row(ACCOUNTS.rent.code), [
    ACCOUNTS.rent.code,
    ACCOUNTS.rent.name,
    "",
    "150.00",
    "",
    "150.00",
    "DR",
  ]);
  await expect(row("1-01")).toHaveAttribute("data-level", "2");
  await expect(row(ACCOUNTS.customer.code)).toHaveAttribute("data-level", "4");
  await snapReport(page, "chart-of-account");

  // The tree folds and unfolds.
  await chart.getByRole("button", { name: "Collapse TRADE RECEIVABLES" }).click();
  await expect(row(ACCOUNTS.customer.code)).toHaveCount(0);
  await chart.getByRole("button", { name: "Expand TRADE RECEIVABLES" }).click();
  await expect(row(ACCOUNTS.customer.code)).toBeVisible();
  await page.getByRole("button", { name: "Collapse all" }).click();
  await expect(bodyRows(chart)).toHaveCount(5);
  await expect(bodyRows(chart).locator("td:first-child")).toHaveText(["1", "2", "3", "4", "5"]);
  await page.getByRole("button", { name: "Expand all" }).click();
  await expect(row(ACCOUNTS.customer.code)).toBeVisible();

  const pdf = await pdfFromPopup(page, "/chart_of_account/chart_of_account_report", () =>
    page.getByTestId("report-pdf").click(),
  );
  expect(pdf.fileName).toBe("chart-of-account.pdf");
  expect(head(pdf.bytes, 5)).toBe("%PDF-");
  expect(pdf.text).toContain("CHART OF ACCOUNT");
  expect(pdf.text).toMatch(/1-01-003-0001\s+WALK-IN CUSTOMERS\s+1,000\.00\s+DR\s+250\.50\s+400\.00\s+850\.50\s+DR/);
  const rows = await xlsxFrom(page, "chart-of-account.xlsx", () => page.getByTestId("report-xlsx").click());
  const customer = rows.find((cells) => cells[0] === ACCOUNTS.customer.code);
  expect(customer?.map((cell) => cell.trim())).toEqual([
    ACCOUNTS.customer.code,
    ACCOUNTS.customer.name,
    "1000",
    "DR",
    "250.5",
    "400",
    "850.5",
    "DR",
  ]);
});

test("Company profile: the saved name, address, NTN and logo head the report PDFs", async ({ page, request }) => {
  const original = await readCompany(request);
  const suffix = uniqueSuffix();
  const profile = {
    name: `E2E REPORTS COURIER ${suffix}`,
    address: `Plot ${suffix}, Cargo Village, Karachi`,
    ntn: `NTN-${suffix}-7`,
  };
  try {
    await signIn(page);
    await openFromMenu(page, "Company Profile", "Edit Company Profile");
    const field = (label: string) => page.getByRole("textbox", { name: label, exact: true });
    await expect(field("Company Name")).toHaveValue(original.name);
    await field("Company Name").fill(profile.name);
    await field("Address").fill(profile.address);
    await field("NTN").fill(profile.ntn);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const saved = page.getByRole("dialog", { name: "Success" });
    await expect(saved).toContainText("Added successfully...");
    await saved.getByRole("button", { name: "Ok" }).click();
    await expect(saved).toBeHidden();

    // The logo: a preview of the chosen file, then Upload Logo.
    await page.getByLabel("Logo image").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logoPng() });
    await expect(page.getByRole("img", { name: "Chosen logo preview" })).toBeVisible();
    await page.getByRole("button", { name: "Upload Logo" }).click();
    const uploaded = page.getByRole("dialog", { name: "Success" });
    await expect(uploaded).toBeVisible();
    await uploaded.getByRole("button", { name: "Ok" }).click();
    await expect(page.getByRole("img", { name: "Company logo" })).toBeVisible();
    await snapReport(page, "company-edit");

    await openFromMenu(page, "Company Profile", "Company Profile");
    await expect(page.getByTestId("company-name")).toHaveText(profile.name);
    await expect(page.getByTestId("company-address")).toHaveText(profile.address);
    await expect(page.getByTestId("company-ntn")).toHaveText(profile.ntn);
    await expect(page.getByTestId("company-logo")).toBeVisible();
    await snapReport(page, "company-profile");

    // A report PDF now starts with the new heading and carries the logo.
    await openFromMenu(page, REPORTS, "Trial Balance");
    await fillPeriod(page, PERIOD.from, PERIOD.to);
    const pdf = await pdfFromPopup(page, "/trial_balance/get_trial_balance_pdf", () =>
      page.getByRole("button", { name: "Generate PDF Report" }).click(),
    );
    expect(head(pdf.bytes, 5)).toBe("%PDF-");
    const heading = pdf.text.trimStart();
    expect(heading.startsWith(profile.name)).toBe(true);
    expect(pdf.text).toContain(profile.address);
    expect(pdf.text).toContain(`NTN: ${profile.ntn}`);
    expect(pdf.text).not.toContain(original.name);
    expect(await pdfImageCount(pdf.bytes)).toBeGreaterThanOrEqual(1);
  } finally {
    await writeCompany(request, original);
  }
});
