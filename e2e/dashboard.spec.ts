import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { ADMIN, USERS } from "./fixtures";
import { at, expect, openAsCargo, storedToken, test } from "./helpers";
import { LEDGER, type LedgerCustomer, PAYMENT, setUpLedgerStory, snapLedger } from "./ledger-helpers";
import { companyDay } from "./shipments-helpers";

let one: LedgerCustomer;
let two: LedgerCustomer;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await openAsCargo(page, ADMIN);
  ({ one, two } = await setUpLedgerStory(page));
  await page.close();
});

const tile = (page: Page, testId: string) => page.getByTestId(testId);

async function downloadText(page: Page, section: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("region", { name: section }).getByRole("button", { name: "Export CSV" }).click(),
  ]);
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}

test.describe("dashboard", () => {
  test("staff set a credit limit; the customer then sees only their own figures", async ({ page }) => {
    test.setTimeout(90_000);
    await openAsCargo(page, ADMIN);
    await page.goto(`/cargo/user/edit_user?id=${one.id}`);
    const form = page.getByRole("form", { name: "Edit user" });
    const box = (name: string) => form.getByRole("textbox", { name, exact: true });
    await box("CNIC").fill("4210155555501");
    await box("Cell Number").fill("03001234567");
    await box("Company Name").fill("ledger one traders");
    await box("NTN").fill("NTN-5501");
    await box("Company Address").fill("1 ledger street, karachi");
    await box("Credit Limit (PKR)").fill("25000.5");
    await form.getByRole("button", { name: "Save" }).click();
    const success = page.getByRole("dialog", { name: "Success" });
    await expect(success).toBeVisible();
    await success.getByRole("button", { name: "Ok" }).click();

    await page.evaluate(() => localStorage.clear());
    await openAsCargo(page, one);
    await expect(page).toHaveURL(at(LEDGER.dashboard));
    await expect(page.locator("h1")).toHaveText("Dashboard");
    await expect(page.getByText(/^Last sign-in: /)).toBeVisible();
    await expect(page.getByLabel(/^End Date/)).toHaveValue(companyDay());
    // No customer picker for customers.
    await expect(page.getByRole("combobox", { name: "Customer" })).toHaveCount(0);

    await expect(tile(page, "tile-total-cns")).toHaveText("2");
    await expect(tile(page, "tile-total-amount")).toHaveText("3,000.00");
    await expect(tile(page, "tile-balance")).toHaveText("2,000.00 DR");
    await expect(tile(page, "tile-last-payment")).toHaveText("1,000.00");
    await expect(tile(page, "tile-credit-limit")).toHaveText("25,000.50");
    await expect(tile(page, "tile-last-cn-amount")).toHaveText("1,500.00");
    await expect(tile(page, "tile-last-cn-no")).toHaveText(new RegExp(`^(?:${one.trackingIds.join("|")})$`));

    const cns = page.getByRole("table", { name: "List Of C/N(s)" });
    await expect(cns.locator("tbody > tr")).toHaveCount(2);
    for (const id of one.trackingIds) await expect(cns.getByRole("cell", { name: id, exact: true })).toBeVisible();
    await expect(cns.getByRole("cell", { name: two.trackingIds[0] ?? "none", exact: true })).toHaveCount(0);
    const payments = page.getByRole("table", { name: "List Of Payment(s)" });
    await expect(payments.locator("tbody > tr")).toHaveCount(1);
    await expect(payments.getByRole("cell", { name: PAYMENT.description })).toBeVisible();
    await expect(page.getByTestId("dashboard-chart").locator('[data-testid="chart-bar"]')).toHaveCount(1);
    await snapLedger(page, "dashboard-customer");

    const csv = await downloadText(page, "List Of C/N(s)");
    expect(csv.name).toMatch(/^cns-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    for (const id of one.trackingIds) expect(csv.text).toContain(id);
    expect(csv.text).not.toContain(two.trackingIds[0]);

    // The server refuses another customer's figures whatever the page sends.
    const headers = { Authorization: `Bearer ${await storedToken(page)}` };
    const refused = await page.request.post("/api/cargo_accounts/get_ledger_dashboard", {
      headers,
      data: { startedDate: companyDay(-30), endDate: companyDay(), user_id: two.id },
    });
    expect(refused.status()).toBe(404);
    expect(await refused.text()).not.toContain(two.trackingIds[0] ?? "none");
  });

  test("staff see the company's figures and can pick one customer; the end date stops at today", async ({ page }) => {
    await openAsCargo(page, ADMIN);
    await expect(page.getByTestId("dashboard-scope")).toContainText("Whole company");
    await expect.poll(async () => Number(await tile(page, "tile-total-cns").innerText())).toBeGreaterThanOrEqual(3);

    await page.getByRole("combobox", { name: "Customer" }).fill(USERS.ledgerCustomer2.userName);
    await page.getByRole("option", { name: new RegExp(USERS.ledgerCustomer2.email) }).click();
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByTestId("dashboard-scope")).toContainText("LEDGERCUSTOMER2");
    await expect(tile(page, "tile-total-cns")).toHaveText("1");
    await expect(tile(page, "tile-balance")).toHaveText("1,500.00 DR");
    await expect(tile(page, "tile-last-payment")).toHaveText("—");
    await expect(tile(page, "tile-credit-limit")).toHaveText("None set");
    await expect(page.getByRole("table", { name: "List Of C/N(s)" }).locator("tbody > tr")).toHaveCount(1);
    await snapLedger(page, "dashboard-staff-customer");

    await page.getByLabel(/^End Date/).fill(companyDay(1));
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(page.getByText("The end date cannot be later than today")).toBeVisible();
  });
});
