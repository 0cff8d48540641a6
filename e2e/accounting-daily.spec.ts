/**
 * Accounting in daily use: the all-customers receivables aging screen with its files, and the
 * optional rule that the person who entered a voucher cannot approve it (Accounts Integration,
 * Voucher Verification).
 */
import { receivablesAgingSchema } from "@cargodesk/shared";
import type { Page } from "@playwright/test";
import {
  accountingApi,
  downloadFrom,
  money,
  openFromSidebar,
  pageHeading,
  parsed,
  sidebar,
  signIn,
  snapAccounting,
  storedToken,
  todayIso,
  uniqueSuffix,
} from "./accounting-helpers";
import { expect, test } from "./helpers";

const SETTING = "/api/setting/voucher_approval";

const setRule = async (page: Page, on: boolean) => {
  const answer = await page.request.put(SETTING, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    data: { enteredByCannotApprove: on },
  });
  expect(answer.status()).toBe(200);
};

test("Receivables Aging: every customer's account by age as of the company's today, with totals, PDF and XLSX", async ({
  page,
}) => {
  test.slow(); // a long flow; this machine is shared and often busy
  await signIn(page);
  const api = await accountingApi(page);
  const customer = await api.account("WALK-IN CUSTOMERS");
  const revenue = await api.account("INTERNATIONAL FREIGHT REVENUE");
  const posted = await api.postVoucher(5, [
    { account: customer, side: "debit", amount: 321.45, description: `aging ${uniqueSuffix()}` },
    { account: revenue, side: "credit", amount: 321.45 },
  ]);
  await api.decide(posted._id, "Approve");

  await sidebar(page).getByRole("link", { name: "Receivables Aging", exact: true }).click();
  await expect(pageHeading(page)).toHaveText("Receivables Aging");
  const asOf = page.getByLabel(/^As of Date/);
  await expect(asOf).toHaveValue(todayIso());
  await page.getByRole("button", { name: "Generate Receivables Aging" }).click();

  // The screen shows what the server computed for the same date: one row per customer, then the totals.
  const expected = await parsed(
    await page.request.post("/api/reports/receivables_aging", {
      headers: api.headers,
      data: { asOfDate: todayIso() },
    }),
    receivablesAgingSchema,
  );
  await expect(page.getByTestId("receivables-as-of")).toHaveText(`As of ${todayIso()}`);
  await expect(page.getByTestId("receivables-group")).toContainText("TRADE RECEIVABLES");
  const table = page.getByTestId("receivables-aging-table");
  await expect(table.locator("tbody tr")).toHaveCount(expected.data.length);
  const row = expected.data.find((entry) => entry.levelFourId === customer._id);
  if (!row) throw new Error("WALK-IN CUSTOMERS is not in the report");
  expect(row.ledger_history[0]).toBeGreaterThanOrEqual(321.45);
  const cells = page.getByTestId(`receivables-row-${customer._id}`).getByRole("cell");
  await expect(cells.nth(0)).toHaveText(money(row.ledger_history[0] ?? 0));
  await expect(cells.nth(10)).toHaveText(money(row.total));
  await expect(page.getByTestId("receivables-total").getByRole("cell").last()).toHaveText(money(expected.totals.total));
  await expect(page.getByTestId("receivables-balance")).toHaveText(money(expected.totals.total));
  await snapAccounting(page, "receivables-aging");

  const xlsx = await downloadFrom(page, () => page.getByTestId("report-xlsx").click());
  expect(xlsx.name).toBe(`receivables-aging-${todayIso()}.xlsx`);
  expect(xlsx.head.slice(0, 2)).toBe("PK");
  const [popup] = await Promise.all([page.waitForEvent("popup"), page.getByTestId("report-pdf").click()]);
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  await popup.close();
});

test.describe("separate approver", () => {
  test.afterEach(async ({ page }) => {
    // Other specs approve their own vouchers: never leave the rule on.
    await setRule(page, false);
  });

  test("turned on in Accounts Integration, Voucher Verification keeps the user from approving their own voucher", async ({
    page,
  }) => {
    test.slow(); // a long flow; this machine is shared and often busy
    await signIn(page);
    const api = await accountingApi(page);
    const posted = await api.postVoucher(
      1,
      [{ account: await api.account("RENT"), side: "debit", amount: 12.5, description: `own ${uniqueSuffix()}` }],
      await api.account("CASH IN HAND"),
    );

    await openFromSidebar(page, "Accounts Integration", "List Accounts Integration", "List Accounts Integration");
    const rule = page.getByLabel("The person who entered a voucher cannot approve it");
    await expect(rule).not.toBeChecked();
    // The list's sections fill in as their data arrives and move the switch: retry the (idempotent)
    // click until it holds, instead of clicking where the switch was a moment ago.
    await expect(async () => {
      await rule.check();
      await expect(rule).toBeChecked({ timeout: 2_000 });
    }).toPass();
    await page.reload();
    await expect(rule).toBeChecked();
    await snapAccounting(page, "separate-approver-setting");

    await openFromSidebar(page, "Voucher", "Voucher Verification", "Voucher Verification");
    await expect(page.getByTestId("separate-approver")).toHaveText(
      "Separate approver is on: a voucher is approved by someone other than the person who entered it.",
    );
    const row = page.getByTestId(`voucher-row-${posted.vocId}`);
    await expect(row.getByRole("button", { name: `Approve ${posted.vocId}`, exact: true })).toBeDisabled();
    await expect(row.getByRole("button", { name: `Disapprove ${posted.vocId}`, exact: true })).toBeEnabled();
    await expect(row.getByTestId("own-voucher")).toHaveText("You entered it: another person approves it");
    await snapAccounting(page, "separate-approver-verification");

    // The server refuses too, whatever the screen shows.
    const refused = await page.request.put(`/api/voucher/approve_voucher/${posted._id}`, {
      headers: api.headers,
      data: { status: "Approve" },
    });
    expect(refused.status()).toBe(403);

    // Turned off, the same voucher can be approved by the person who entered it.
    await openFromSidebar(page, "Accounts Integration", "List Accounts Integration", "List Accounts Integration");
    await expect(async () => {
      await rule.uncheck();
      await expect(rule).not.toBeChecked({ timeout: 2_000 });
    }).toPass();
    await openFromSidebar(page, "Voucher", "Voucher Verification", "Voucher Verification");
    await expect(page.getByTestId("separate-approver")).toHaveCount(0);
    await expect(row.getByRole("button", { name: `Approve ${posted.vocId}`, exact: true })).toBeEnabled();
  });
});
