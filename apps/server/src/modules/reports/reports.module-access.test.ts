import { perm, ROLE } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

/**
 * The spec's Reports module (/report): an employee holding only Reports opens every accounting
 * report, the account pickers they need and the vouchers behind the rows, and nothing else.
 */
let t: TestApp;
let reader: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const user = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Reports")] });
  reader = await loginCargo(t.app, user.email, user.password);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

describe("the Reports module", () => {
  it("opens every report, the chart for its pickers and a voucher behind a row", async () => {
    const accounts = await call("GET", "/api/levelFour/get_levelFour", reader);
    expect(accounts.statusCode).toBe(200);
    const [account] = accounts.json() as { _id: number }[];
    if (!account) throw new Error("no account in the seeded chart");
    const period = { startedDate: "2026-07-01", endDate: "2026-07-31" };
    const reports: [string, object][] = [
      ["/api/levelFour/account_ledger", { levelFourId: account._id, startDate: "2026-07-01", endDate: "2026-07-31" }],
      ["/api/reports/cash_book_report", { levelFourId: account._id, startDate: "2026-07-01", endDate: "2026-07-31" }],
      ["/api/reports/trail_balance", period],
      ["/api/chart_of_account/chart_of_account_report", period],
      ["/api/reports/profit_loss", period],
      ["/api/reports/aging_report", { levelFourId: account._id, asOfDate: "2026-07-31" }],
      ["/api/reports/receivables_aging", { asOfDate: "2026-07-31" }],
    ];
    for (const [url, body] of reports) {
      const response = await call("POST", url, reader, body);
      expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(400);
    }
    const line = (accountType: 1 | 2) => ({
      levelFourId: account._id,
      voucherAmount: 10,
      accountType,
      voucherDate: "2026-07-10",
      voucherDescription: "",
      billNumber: "",
      accountTittle: "",
    });
    const voucher = await call("POST", "/api/voucher/add_voucher", admin, {
      voucherTypeId: 5,
      voucherData: [line(2), line(1)],
    });
    expect(voucher.statusCode, voucher.body).toBe(200);
    expect((await call("GET", `/api/voucher/${voucher.json()._id}`, reader)).statusCode).toBe(200);
  });

  it("stops there: no voucher entry, no approval, no chart changes", async () => {
    expect((await call("POST", "/api/voucher/add_voucher", reader, {})).statusCode).toBe(403);
    expect((await call("PUT", "/api/voucher/approve_voucher/1", reader, { status: "Approve" })).statusCode).toBe(403);
    expect((await call("POST", "/api/levelTwo/add-levelTwo", reader, {})).statusCode).toBe(403);
  });
});
