import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsCargo, storedToken, test } from "./helpers";
import {
  LEDGER,
  type LedgerCustomer,
  PAYMENT,
  setUpLedgerStory,
  snapLedger,
  TRADE_RECEIVABLES,
} from "./ledger-helpers";
import { pdfFromPopup } from "./reports-helpers";

let one: LedgerCustomer;
let two: LedgerCustomer;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await openAsCargo(page, ADMIN);
  ({ one, two } = await setUpLedgerStory(page));
  await page.close();
});

const table = (page: import("@playwright/test").Page) => page.getByRole("table", { name: "Ledger entries" });
const PDF_PATH = "/cargo_accounts/get_ledger_pdf";

test.describe("cargo ledger", () => {
  test("a customer reads only their own ledger, filters and exports it", async ({ page }) => {
    await openAsCargo(page, one);
    await page.getByTestId("cargo-menu").getByRole("link", { name: "Ledger Search" }).click();
    await expect(page).toHaveURL(at(LEDGER.search));
    await expect(page.locator("h1")).toHaveText("Ledger Report");
    await expect(page.getByRole("combobox", { name: "SELECT ACCOUNT" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Generate PDF" })).toBeEnabled();
    await page.getByRole("button", { name: "Search" }).click();

    await expect(page).toHaveURL(at(LEDGER.table));
    await expect(page.getByTestId("ledger-name")).toHaveText(one.accountName);
    await expect(page.getByTestId("ledger-dates")).toHaveText("All dates");
    await expect(page.getByTestId("ledger-closing")).toHaveText("2,000.00 Debit");
    await expect(page.getByTestId("ledger-debit")).toHaveText("3,000.00");
    await expect(page.getByTestId("ledger-credit")).toHaveText("1,000.00");
    const rows = table(page).locator("tbody > tr");
    await expect(rows).toHaveCount(3);
    for (const id of one.trackingIds)
      await expect(table(page).getByRole("cell", { name: id, exact: true }).first()).toBeVisible();
    await expect(table(page).getByRole("cell", { name: PAYMENT.description })).toBeVisible();
    await expect(table(page).getByRole("cell", { name: two.trackingIds[0] ?? "none", exact: true })).toHaveCount(0);
    await expect(rows.last().getByRole("cell").last()).toHaveText("Debit");
    await snapLedger(page, "table-customer");

    // Filters: the tracking number narrows the rows; date, voucher#, description, bill# and money have none.
    await page.getByRole("textbox", { name: "Filter Tracking No" }).fill(one.trackingIds[0] ?? "");
    await expect(rows).toHaveCount(1);
    for (const header of ["Date", "Voucher#", "Description", "Bill #", "Debit", "Credit", "Balance", "Weight Charges"])
      await expect(page.getByRole("textbox", { name: `Filter ${header}`, exact: true })).toHaveCount(0);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ledger-1-01-003-\d{4}-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.getByRole("textbox", { name: "Filter Tracking No" }).fill("");
    await expect(rows).toHaveCount(3);

    // The server answers this customer's own ledger whatever account the request names.
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    for (const path of ["/api/cargo_accounts/get_ledger", "/api/cargo_accounts/get_ledger_pdf"]) {
      const refused = await page.request.post(path, {
        headers,
        data: { startedDate: "", endDate: "", levelFiveId: two.account },
      });
      expect(refused.status(), path).toBe(404);
    }

    await page.getByRole("button", { name: "Back to Search" }).click();
    await expect(page).toHaveURL(at(LEDGER.search));
    const pdf = await pdfFromPopup(page, PDF_PATH, () => page.getByRole("button", { name: "Generate PDF" }).click());
    expect(pdf.text).toContain(`${one.accountName} (LEDGER ACCOUNT)`);
    expect(pdf.text).toMatch(/Closing Balance: 2,000\.00 DEBIT/);
    expect(pdf.text).not.toContain(two.trackingIds[0]);
  });

  test("an admin picks a customer's account, searches, goes back and downloads the PDF", async ({ page }) => {
    await openAsCargo(page, ADMIN);
    await page.goto(LEDGER.search);
    const search = page.getByRole("button", { name: "Search" });
    const generate = page.getByRole("button", { name: "Generate PDF" });
    await expect(search).toBeDisabled();
    await expect(generate).toBeDisabled();
    const picker = page.getByRole("combobox", { name: "SELECT ACCOUNT" });
    await expect(picker).toHaveAttribute("placeholder", "Select Account...");
    await picker.fill(USERS.ledgerCustomer2.userName);
    const label = `${TRADE_RECEIVABLES} / ${two.accountName}`;
    await page.getByRole("option", { name: label, exact: true }).click();
    await expect(picker).toHaveValue(label);
    await snapLedger(page, "search-admin");
    await expect(search).toBeEnabled();
    await search.click();

    await expect(page).toHaveURL(new RegExp(`${LEDGER.table}\\?levelFiveId=${two.account}$`));
    await expect(page.getByTestId("ledger-name")).toHaveText(two.accountName);
    const rows = table(page).locator("tbody > tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(two.trackingIds[0] ?? "none");
    // The spec's rule for a single row: its balance closes, the totals read 0.
    await expect(page.getByTestId("ledger-closing")).toHaveText("1,500.00 Debit");
    await expect(page.getByTestId("ledger-debit")).toHaveText("0.00");
    await expect(page.getByTestId("ledger-credit")).toHaveText("0.00");
    await snapLedger(page, "table-admin");

    await page.getByRole("button", { name: "Back to Search" }).click();
    await expect(picker).toHaveValue(label);
    const pdf = await pdfFromPopup(page, PDF_PATH, () => generate.click());
    expect(pdf.fileName).toMatch(/^ledger-1-01-003-\d{4}\.pdf$/);
    expect(pdf.text).toContain(`${two.accountName} (LEDGER ACCOUNT)`);
    expect(pdf.text).toMatch(/Total Credit: 0\.00\s+Total Debit: 1,500\.00\s+Closing Balance: 1,500\.00 DEBIT/);
    expect(pdf.text).toContain(two.trackingIds[0]);
    // After the request the dates and the account are cleared.
    await expect(picker).toHaveValue("");
    await expect(generate).toBeDisabled();
  });

  test("an employee (type 4) cannot search but generates the PDF", async ({ page }) => {
    await openAsCargo(page, USERS.ledgerClerk);
    await page.goto(LEDGER.search);
    const picker = page.getByRole("combobox", { name: "SELECT ACCOUNT" });
    await picker.fill(USERS.ledgerCustomer1.userName);
    await page.getByRole("option", { name: `${TRADE_RECEIVABLES} / ${one.accountName}`, exact: true }).click();
    await page.getByLabel(/^Start Date/).fill("2020-01-01");
    await expect(page.getByRole("button", { name: "Search" })).toBeDisabled();
    const pdf = await pdfFromPopup(page, PDF_PATH, () => page.getByRole("button", { name: "Generate PDF" }).click());
    expect(pdf.text).toContain("From 01 Jan 2020");
    expect(pdf.text).toContain("OPENING BALANCE");
    expect(pdf.text).toMatch(/Closing Balance: 2,000\.00 DEBIT/);
    await expect(page.getByLabel(/^Start Date/)).toHaveValue("");
  });

  test("the Reporting menu leads a customer to their own ledger report as a PDF", async ({ page }) => {
    await openAsCargo(page, two);
    await page.goto(LEDGER.reporting);
    await expect(page.getByRole("button", { name: "Ledger Reports" })).toHaveAttribute("aria-expanded", "true");
    await page
      .getByRole("main")
      .getByRole("link", { name: /^Ledger Report/ })
      .click();
    await expect(page).toHaveURL(at(LEDGER.report));
    await expect(page.getByRole("textbox", { name: "Account" })).toHaveValue(
      `${TRADE_RECEIVABLES} / ${two.accountName}`,
    );
    await page.getByRole("button", { name: "Generate Report" }).click();
    await expect(page.getByText("Please select the start date")).toBeVisible();
    await page.getByLabel(/^Start Date/).fill("2020-01-01");
    await page.getByLabel(/^End Date/).fill("2099-12-31");
    await snapLedger(page, "report-customer");
    const pdf = await pdfFromPopup(page, PDF_PATH, () => page.getByRole("button", { name: "Generate Report" }).click());
    expect(pdf.text).toContain(`${two.accountName} (LEDGER ACCOUNT)`);
    expect(pdf.text).toContain("From 01 Jan 2020 to 31 Dec 2099");
    expect(pdf.text).not.toContain(one.trackingIds[0]);
  });
});
