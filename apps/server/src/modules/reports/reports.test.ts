import { execFileSync } from "node:child_process";
import { perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../db/schema/index";
import { periodSums } from "../../lib/books/balances";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
const id: Record<string, number> = {};

const api = (url: string, payload?: object) => t.app.inject({ method: "POST", url, payload, headers: bearer(token) });

/** Posts a voucher and approves (or disapproves, or leaves) it. */
async function voucher(
  typeId: number,
  date: string,
  lines: [string, number, 1 | 2][],
  decide: "Approve" | "Disapprove" | null = "Approve",
  description = "",
) {
  const cash = typeId === 1 || typeId === 2 ? { levelFourId: id.cash } : {};
  const response = await api("/api/voucher/add_voucher", {
    voucherTypeId: typeId,
    ...cash,
    voucherData: lines.map(([account, amount, accountType]) => ({
      levelFourId: id[account],
      voucherAmount: amount,
      accountType,
      voucherDate: date,
      voucherDescription: description,
    })),
  });
  expect(response.statusCode, response.body).toBe(200);
  if (decide) {
    await t.app.inject({
      method: "PUT",
      url: `/api/voucher/approve_voucher/${response.json()._id}`,
      payload: { status: decide },
      headers: bearer(token),
    });
  }
  return response.json().vocId as string;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  const [cash] = await t.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001"));
  id.cash = cash?.id ?? 0;
  id.customer = await accountId(t.db, "WALK-IN CUSTOMERS");
  id.freight = await accountId(t.db, "INTERNATIONAL FREIGHT REVENUE");
  id.rent = await accountId(t.db, "RENT");
  // The day before the period: opening only.
  await voucher(
    5,
    "2025-06-30",
    [
      ["customer", 1000, 2],
      ["freight", 1000, 1],
    ],
    "Approve",
    "JUNE FREIGHT",
  );
  // On the start date, in the middle, on the end date.
  await voucher(2, "2025-07-01", [["customer", 400, 1]], "Approve", "RECEIVED FROM CUSTOMER");
  await voucher(
    5,
    "2025-07-15",
    [
      ["customer", 250.5, 2],
      ["freight", 250.5, 1],
    ],
    "Approve",
    "JULY FREIGHT",
  );
  await voucher(1, "2025-07-31", [["rent", 100, 2]], "Approve", "JULY RENT");
  // Never in any report.
  await voucher(
    5,
    "2025-07-20",
    [
      ["customer", 999, 2],
      ["freight", 999, 1],
    ],
    null,
  );
  await voucher(
    5,
    "2025-07-21",
    [
      ["customer", 777, 2],
      ["freight", 777, 1],
    ],
    "Disapprove",
  );
  // The day after the period.
  await voucher(1, "2025-08-01", [["rent", 40, 2]], "Approve", "AUGUST RENT");
});
afterAll(() => t.close());

const period = { startedDate: "2025-07-01", endDate: "2025-07-31" };

describe("trial balance", () => {
  it("matches the hand-computed figures, and each pair of columns balances", async () => {
    const body = (await api("/api/reports/trail_balance", period)).json();
    const row = (name: string) => body.data.find((r: { levelFourName: string }) => r.levelFourName === name);
    expect(row("WALK-IN CUSTOMERS")).toMatchObject({
      opening_balance: 1000,
      opening_balance_sign: 2,
      debitSum: 250.5,
      creditSum: 400,
      closing_balance: 850.5,
      closing_balance_sign: 2,
    });
    expect(row("INTERNATIONAL FREIGHT REVENUE")).toMatchObject({
      opening_balance: 1000,
      opening_balance_sign: 1,
      creditSum: 250.5,
      closing_balance: 1250.5,
      closing_balance_sign: 1,
    });
    expect(row("CASH IN HAND")).toMatchObject({
      opening_balance: 0,
      debitSum: 400,
      creditSum: 100,
      closing_balance: 300,
      closing_balance_sign: 2,
    });
    expect(row("RENT")).toMatchObject({ debitSum: 100, closing_balance: 100 });
    expect(body.data).toHaveLength(4);
    expect(body.totals).toEqual({
      openingDebit: 1000,
      openingCredit: 1000,
      debit: 750.5,
      credit: 750.5,
      closingDebit: 1250.5,
      closingCredit: 1250.5,
    });
  });

  it("defaults to the current fiscal year up to today", async () => {
    const body = (await api("/api/reports/trail_balance")).json();
    expect(body.startedDate).toMatch(/^\d{4}-07-01$/);
    expect(body.endDate <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)).toBe(true);
  });

  it("gives the nested hierarchy with a balance and sign at every level", async () => {
    const body = (await api("/api/trial_balance/get_trial_balance_pdf", period)).json();
    const assets = body.data.find((node: { name: string }) => node.name === "ASSETS");
    expect(assets).toMatchObject({
      balance: 1150.5,
      sign: 2,
      transactions: { opening_balance: 1000, debit_sum: 650.5, credit_sum: 500 },
    });
    const currentAssets = assets.level_twos[0];
    expect(currentAssets.name).toBe("CURRENT ASSETS");
    expect(currentAssets.level_threes.map((three: { name: string }) => three.name)).toEqual([
      "CASH IN HAND",
      "TRADE RECEIVABLES",
    ]);
    expect(currentAssets.level_threes[1].level_fives[0]).toMatchObject({
      name: "WALK-IN CUSTOMERS",
      balance: 850.5,
      sign: 2,
    });
    const revenue = body.data.find((node: { name: string }) => node.name === "REVENUE");
    expect(revenue).toMatchObject({ balance: 1250.5, sign: 1 });
  });

  it("refuses a start date after the end date", async () => {
    const response = await api("/api/reports/trail_balance", { startedDate: "2025-08-01", endDate: "2025-07-01" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0].field).toBe("startedDate");
  });
});

describe("ledger and cash book", () => {
  it("shows the opening, running and closing balance with signs", async () => {
    const body = (
      await api("/api/levelFour/account_ledger", {
        startDate: "2025-07-01",
        endDate: "2025-07-31",
        levelFourId: id.customer,
      })
    ).json();
    expect(body).toMatchObject({
      levelFourName: "WALK-IN CUSTOMERS",
      openingBalance: 1000,
      openingBalanceSign: 2,
      debitSum: 250.5,
      creditSum: 400,
      closingBalance: 850.5,
      closingBalanceSign: 2,
      resImage: { restaurantName: "CARGODESK COURIER & CARGO" },
    });
    expect(
      body.data.map((r: { voucherDate: string; debit: number; credit: number; closingBalance: number }) => [
        r.voucherDate,
        r.debit,
        r.credit,
        r.closingBalance,
      ]),
    ).toEqual([
      ["2025-07-01", 0, 400, 600],
      ["2025-07-15", 250.5, 0, 850.5],
    ]);
    expect(body.data[0]).toMatchObject({
      openingBalance: 1000,
      openingBalanceSign: 2,
      voucherDescription: "RECEIVED FROM CUSTOMER",
      accType: 2,
    });
  });

  it("orders same-day lines by voucher number, then line", async () => {
    const first = await voucher(5, "2025-09-10", [
      ["rent", 1, 2],
      ["freight", 1, 1],
    ]);
    const second = await voucher(5, "2025-09-10", [
      ["rent", 2, 2],
      ["freight", 2, 1],
    ]);
    const body = (
      await api("/api/levelFour/account_ledger", {
        startDate: "2025-09-10",
        endDate: "2025-09-10",
        levelFourId: id.rent,
      })
    ).json();
    expect(body.data.map((r: { vocManualNumber: string }) => r.vocManualNumber)).toEqual([first, second].sort());
  });

  it("pages the lines without losing the running balance", async () => {
    const all = (
      await api("/api/levelFour/account_ledger", { levelFourId: id.customer, endDate: "2025-12-31" })
    ).json();
    const second = (
      await api("/api/levelFour/account_ledger?page=2&size=1", { levelFourId: id.customer, endDate: "2025-12-31" })
    ).json();
    expect(second.total_results).toBe(all.data.length);
    expect(second.data).toEqual([all.data[1]]);
  });

  it("lets a ledger reader open the voucher behind a row", async () => {
    const reader = await createUser(t.db, { permissions: [perm("Accounts", "Accounts Ledger")] });
    const readerToken = await loginCargo(t.app, reader.email, reader.password);
    const ledger = await t.app.inject({
      method: "POST",
      url: "/api/levelFour/account_ledger",
      payload: { levelFourId: id.customer, endDate: "2025-07-31" },
      headers: bearer(readerToken),
    });
    const voucherId = ledger.json().data[0].voucherId;
    expect(
      (await t.app.inject({ method: "GET", url: `/api/voucher/${voucherId}`, headers: bearer(readerToken) }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/reports/trail_balance",
          payload: {},
          headers: bearer(readerToken),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("cash book names each line's counter account; the account ledger does not", async () => {
    const criteria = { startDate: "2025-07-01", endDate: "2025-07-31", levelFourId: id.cash };
    const book = (await api("/api/reports/cash_book_report", criteria)).json();
    expect(
      book.data.map((row: { vocManualNumber: string; counterAccount: string }) => [
        row.vocManualNumber.slice(0, 3),
        row.counterAccount,
      ]),
    ).toEqual([
      ["CRV", "WALK-IN CUSTOMERS"],
      ["CPV", "RENT"],
    ]);
    const ledger = (await api("/api/levelFour/account_ledger", criteria)).json();
    expect(ledger.data[0]).not.toHaveProperty("counterAccount");
    const pdf = await api("/api/reports/cash_book_report?format=pdf", criteria);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("Counter Account");
    expect(text).toMatch(/CRV-2025-00001\s+\[RECEIVED FROM CUSTOMER\]\s+WALK-IN CUSTOMERS\s+400\.00/);
  });

  it("needs an account", async () => {
    const response = await api("/api/levelFour/account_ledger", { startDate: "2025-07-01" });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "levelFourId", message: "Please select an account" }]);
  });

  it("cash book of the cash account, and the ledger as PDF and XLSX", async () => {
    const book = (
      await api("/api/reports/cash_book_report", {
        startDate: "2025-07-01",
        endDate: "2025-07-31",
        levelFourId: id.cash,
      })
    ).json();
    expect(book).toMatchObject({ debitSum: 400, creditSum: 100, closing_balance: 300, closing_balance_sign: 2 });
    const pdf = await api("/api/levelFour/account_ledger_pdf", {
      startDate: "2025-07-01",
      endDate: "2025-07-31",
      levelFourId: id.customer,
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("From 01 Jul 2025 to 31 Jul 2025");
    expect(text).toContain("RECEIVED FROM CUSTOMER");
    expect(text).toMatch(/850\.50\s+DR/);
    const xlsx = await api("/api/reports/cash_book_report?format=xlsx", { levelFourId: id.cash });
    expect(xlsx.headers["content-disposition"]).toContain(".xlsx");
  });
});

describe("transaction summary, profit and loss, aging, chart of account", () => {
  it("lists approved lines of one voucher type", async () => {
    const rows = (await api("/api/reports/transaction_summary_report", { ...period, voucher: 5 })).json();
    expect(rows.map((r: { date: string; debit: number; credit: number }) => [r.date, r.debit, r.credit])).toEqual([
      ["2025-07-15", 250.5, 0],
      ["2025-07-15", 0, 250.5],
    ]);
    expect(rows[0].account).toContain("WALK-IN CUSTOMERS");
    expect((await api("/api/reports/transaction_summary_report", period)).json().details[0].message).toBe(
      "Please select a voucher type",
    );
  });

  it("computes profit and loss with stock values", async () => {
    const plain = (await api("/api/reports/profit_loss", period)).json();
    expect(plain).toMatchObject({
      export_sale: { balance: 250.5 },
      admin: { balance: 100 },
      cogs: 0,
      gross_profit: 250.5,
      profit_before_tax: 150.5,
      net_profit: 150.5,
    });
    const stocked = (await api("/api/reports/profit_loss", { ...period, openingStock: 30, closingStock: 10 })).json();
    expect(stocked).toMatchObject({ cogs: 20, gross_profit: 230.5, net_profit: 130.5 });
    const pdf = await api("/api/reports/profit_loss?format=pdf", period);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    for (const label of [
      "Local Sale",
      "Export Sale",
      "COST OF GOODS SOLD",
      "GROSS PROFIT",
      "PROFIT BEFORE TAX",
      "NET PROFIT",
    ])
      expect(text).toContain(label);
    expect((await api("/api/reports/profit_loss")).statusCode).toBe(200);
  });

  it("ages open debits first-in first-out, totalling the ledger balance", async () => {
    const body = (await api("/api/reports/aging_report", { levelFourId: id.customer, asOfDate: "2025-07-31" })).json();
    expect(body.duration).toHaveLength(8);
    expect(body.duration[0]).toEqual({ startedDate: "2025-07-17", endDate: "2025-07-31" });
    expect(body.ledger_history).toEqual([0, 250.5, 600, 0, 0, 0, 0, 0]);
    expect(body).toMatchObject({ older: 0, total: 850.5, lastDebit: 250.5, lastDebitDate: "2025-07-15" });
    const later = (await api("/api/reports/aging_report", { levelFourId: id.customer, asOfDate: "2025-12-31" })).json();
    expect(later.older).toBe(850.5);
  });

  it("reports the chart with every level", async () => {
    const body = (await api("/api/chart_of_account/chart_of_account_report", period)).json();
    const liabilities = body.data.find((node: { name: string }) => node.name === "LIABILITIES");
    expect(liabilities.level_twos.length).toBeGreaterThan(0);
    expect(liabilities).toMatchObject({ levelBalance: 0, levelBalanceSign: 2, allKey: "2" });
    const pdf = await api("/api/chart_of_account/chart_of_account_report?format=pdf", period);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toMatch(/1\s+ASSETS\s+1,000\.00\s+DR\s+650\.50\s+500\.00\s+1,150\.50\s+DR/);
    expect(text).toContain("TRADE RECEIVABLES");
    const book = await api("/api/reports/cash_book_report?format=xlsx", { levelFourId: id.cash });
    expect(book.headers["content-disposition"]).toContain("cash-book-1-01-001-0001.xlsx");
  });
});

describe("period sums over many accounts", () => {
  it("takes more account ids than one statement may carry parameters (one array parameter)", async () => {
    const freight = id.freight ?? 0;
    const ids = [...Array.from({ length: 70_000 }, (_, k) => 1_000_000 + k), freight];
    const many = await periodSums(t.db, null, "2999-12-31", ids);
    const one = await periodSums(t.db, null, "2999-12-31", [freight]);
    expect(one.get(freight)?.credit).toBeGreaterThan(0);
    expect(many.get(freight)).toEqual(one.get(freight));
    expect(many.size).toBe(1);
  });
});
