import { execFileSync } from "node:child_process";
import { perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
const id: Record<string, number> = {};
const AS_OF = "2025-12-31";
const URL = "/api/reports/receivables_aging";

const post = (url: string, payload: object | undefined, auth = token) =>
  t.app.inject({ method: "POST", url, payload, headers: bearer(auth) });

/** A journal voucher of two lines (customer against revenue), approved unless told otherwise. */
async function journal(
  customer: string,
  date: string,
  amount: number,
  customerSide: "debit" | "credit",
  approve = true,
) {
  const debit = customerSide === "debit";
  const response = await post("/api/voucher/add_voucher", {
    voucherTypeId: 5,
    voucherData: [
      { levelFourId: id[customer], voucherAmount: amount, accountType: debit ? 2 : 1, voucherDate: date },
      { levelFourId: id.freight, voucherAmount: amount, accountType: debit ? 1 : 2, voucherDate: date },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  if (approve) {
    const decided = await t.app.inject({
      method: "PUT",
      url: `/api/voucher/approve_voucher/${response.json()._id}`,
      payload: { status: "Approve" },
      headers: bearer(token),
    });
    expect(decided.statusCode, decided.body).toBe(200);
  }
}

async function addCustomerAccount(name: string): Promise<number> {
  const [three] = await t.db.select().from(accounts).where(eq(accounts.name, "TRADE RECEIVABLES"));
  const [two] = await t.db
    .select()
    .from(accounts)
    .where(eq(accounts.id, three?.parentId ?? 0));
  const response = await post("/api/levelFour/add_levelFour", {
    levelOneId: two?.parentId,
    levelTwoId: two?.id,
    levelThreeId: three?.id,
    levelFourName: name,
    debitCreditId: 0,
    levelBalance: 0,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()._id;
}

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  id.walkIn = await accountId(t.db, "WALK-IN CUSTOMERS");
  id.freight = await accountId(t.db, "INTERNATIONAL FREIGHT REVENUE");
  id.a = await addCustomerAccount("CUSTOMER A");
  id.b = await addCustomerAccount("CUSTOMER B");
  // A: 300 long ago, 500 at 21 days, 1000 on the day; 600 received settles the 300 and 300 of the 500.
  await journal("a", "2025-06-01", 300, "debit");
  await journal("a", "2025-12-10", 500, "debit");
  await journal("a", "2025-12-20", 600, "credit");
  await journal("a", AS_OF, 1000, "debit");
  // Never counted: pending, or after the date.
  await journal("a", "2025-12-30", 70, "debit", false);
  await journal("a", "2026-01-01", 80, "debit");
  // B paid more than it owed: an advance of 150.
  await journal("b", "2025-11-01", 100, "debit");
  await journal("b", "2025-11-15", 250, "credit");
});

afterAll(async () => {
  await t?.close();
});

const zeros = [0, 0, 0, 0, 0, 0, 0, 0];

describe("all customers' receivables aging", () => {
  it("ages every account under the customers' receivables group, one row each, with totals", async () => {
    const response = await post(URL, { asOfDate: AS_OF });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.asOfDate).toBe(AS_OF);
    expect(body.group).toMatchObject({ name: "TRADE RECEIVABLES" });
    expect(body.duration[0]).toEqual({ startedDate: "2025-12-17", endDate: AS_OF });
    expect(body.duration[1]).toEqual({ startedDate: "2025-12-02", endDate: "2025-12-16" });
    const rows = new Map(body.data.map((row: { levelFourId: number }) => [row.levelFourId, row]));
    expect(body.data.map((row: { levelFourName: string }) => row.levelFourName)).toEqual([
      "WALK-IN CUSTOMERS",
      "CUSTOMER A",
      "CUSTOMER B",
    ]);
    expect(rows.get(id.a)).toMatchObject({
      ledger_history: [1000, 200, 0, 0, 0, 0, 0, 0],
      older: 0,
      unappliedCredit: 0,
      total: 1200,
    });
    expect(rows.get(id.b)).toMatchObject({ ledger_history: zeros, older: 0, unappliedCredit: 150, total: -150 });
    expect(rows.get(id.walkIn)).toMatchObject({ ledger_history: zeros, older: 0, unappliedCredit: 0, total: 0 });
    expect(body.totals).toEqual({
      ledger_history: [1000, 200, 0, 0, 0, 0, 0, 0],
      older: 0,
      unappliedCredit: 150,
      total: 1050,
    });
  });

  it("gives each customer the same buckets as the single-account aging report, at any date", async () => {
    for (const asOfDate of ["2025-06-01", "2025-12-15", AS_OF, "2026-06-30"]) {
      const all = (await post(URL, { asOfDate })).json();
      for (const key of ["a", "b", "walkIn"]) {
        const single = (await post("/api/reports/aging_report", { levelFourId: id[key], asOfDate })).json();
        const row = all.data.find((entry: { levelFourId: number }) => entry.levelFourId === id[key]);
        expect({ asOfDate, key, ...row }).toMatchObject({
          asOfDate,
          key,
          ledger_history: single.ledger_history,
          older: single.older,
          unappliedCredit: single.unappliedCredit,
          total: single.total,
        });
      }
    }
    // Half a year later everything of A is past 120 days.
    const later = (await post(URL, { asOfDate: "2026-06-30" })).json();
    expect(later.data.find((row: { levelFourId: number }) => row.levelFourId === id.a)).toMatchObject({
      ledger_history: zeros,
      older: 1280,
      total: 1280,
    });
  });

  it("answers the same rows as PDF and XLSX", async () => {
    const pdf = await post(`${URL}?format=pdf`, { asOfDate: AS_OF });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("RECEIVABLES AGING");
    expect(text).toContain("As of 2025-12-31");
    expect(text).toMatch(/CUSTOMER A\s+1,000\.00\s+200\.00\s+1,200\.00/);
    expect(text).toMatch(/TOTAL\s+1,000\.00\s+200\.00\s+150\.00\s+1,050\.00/);
    const xlsx = await post(`${URL}?format=xlsx`, { asOfDate: AS_OF });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toBe('attachment; filename="receivables-aging-2025-12-31.xlsx"');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("takes today in APP_TZ without a date, and refuses a date that does not exist", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: t.config.APP_TZ }).format(new Date());
    expect((await post(URL, {})).json().asOfDate).toBe(today);
    expect((await post(URL, undefined)).json().asOfDate).toBe(today);
    const bad = await post(URL, { asOfDate: "2025-02-30" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: "asOfDate", message: "Date must be YYYY-MM-DD" }]);
  });

  it("needs a signed-in user holding Aging Report", async () => {
    expect((await t.app.inject({ method: "POST", url: URL, payload: {} })).statusCode).toBe(401);
    const other = await createUser(t.db, { permissions: [perm("Accounts", "Accounts Ledger")] });
    expect((await post(URL, {}, await loginCargo(t.app, other.email, other.password))).statusCode).toBe(403);
    const reader = await createUser(t.db, { permissions: [perm("Accounts", "Aging Report")] });
    expect((await post(URL, {}, await loginCargo(t.app, reader.email, reader.password))).statusCode).toBe(200);
  });
});
