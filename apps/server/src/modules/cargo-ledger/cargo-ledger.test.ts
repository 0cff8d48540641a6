import { execFileSync } from "node:child_process";
import { CARGO_LEDGER_MESSAGES, type CargoLedgerResponse, perm, ROLE } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { seedLedgerStory } from "../../test/ledger-fixtures";

let t: TestApp;
let admin: string;
type Story = Awaited<ReturnType<typeof seedLedgerStory>>;
let a: Story["a"];
let b: Story["b"];
const acc = { a: 0, b: 0, walkIn: 0 };
let cn: Story["cn"];
const JULY = { startedDate: "2025-07-01", endDate: "2025-07-31" };

const post = (url: string, token: string | null, payload: object) =>
  t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });
const get = (url: string, token: string | null) =>
  t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const ledger = async (token: string, payload: object) => {
  const response = await post("/api/cargo_accounts/get_ledger", token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CargoLedgerResponse>();
};
const pdfText = (payload: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: payload }).toString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const story = await seedLedgerStory(t, admin);
  ({ a, b, cn } = story);
  acc.a = story.account.a;
  acc.b = story.account.b;
  acc.walkIn = await accountId(t.db, "WALK-IN CUSTOMERS");
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("GET /api/cargo_accounts/get_levelFive and /api/shipment/get_levelFive_account", () => {
  it("lists every postable account with its groups' path for staff", async () => {
    for (const url of ["/api/cargo_accounts/get_levelFive", "/api/shipment/get_levelFive_account"]) {
      const response = await get(url, admin);
      expect(response.statusCode).toBe(200);
      const list = response.json<{ levelFiveId: number; levelFiveName: string; allLevelKey: string; path: string }[]>();
      const [counted] = rowsOf(
        z.object({ n: col.int }),
        await t.db.execute(sql`select count(*)::int as n from accounts where level = 4`),
      );
      expect(list).toHaveLength(counted?.n ?? -1);
      expect(list.find((row) => row.levelFiveId === acc.walkIn)).toEqual({
        levelFiveId: acc.walkIn,
        levelFiveName: "WALK-IN CUSTOMERS",
        allLevelKey: "1-01-003-0001",
        path: "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES",
      });
      expect(list.map((row) => row.levelFiveId)).toContain(acc.a);
    }
  });

  it("gives a customer only their own receivable account", async () => {
    for (const url of ["/api/cargo_accounts/get_levelFive", "/api/shipment/get_levelFive_account"]) {
      const list = (await get(url, a.token)).json<{ levelFiveId: number; path: string }[]>();
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ levelFiveId: acc.a, path: "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES" });
    }
  });

  it("needs a sign-in and Ledger Search or Ledger Report", async () => {
    expect((await get("/api/cargo_accounts/get_levelFive", null)).statusCode).toBe(401);
    const clerk = await createUser(t.db, { permissions: [perm("Dashboard", "Dashboard View")] });
    const clerkToken = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await get("/api/cargo_accounts/get_levelFive", clerkToken)).statusCode).toBe(403);
    expect((await post("/api/cargo_accounts/get_ledger", clerkToken, { levelFiveId: acc.a })).statusCode).toBe(403);
    expect((await post("/api/cargo_accounts/get_ledger_pdf", clerkToken, { levelFiveId: acc.a })).statusCode).toBe(403);
    for (const permission of [perm("Ledger", "Ledger Search"), perm("Reporting", "Ledger Report")]) {
      const employee = await createUser(t.db, { permissions: [permission] });
      const token = await loginCargo(t.app, employee.email, employee.password);
      expect((await get("/api/shipment/get_levelFive_account", token)).statusCode).toBe(200);
      expect((await ledger(token, { ...JULY, levelFiveId: acc.b, name: "B" })).closing_balance).toBe(600);
    }
  });
});

describe("POST /api/cargo_accounts/get_ledger", () => {
  it("answers the opening row, each charge with its shipment columns, running balances and totals to the paisa", async () => {
    const answer = await ledger(admin, { ...JULY, levelFiveId: acc.a, name: "whatever the screen sent" });
    expect(answer).toMatchObject({
      levelFiveId: acc.a,
      startedDate: "2025-07-01",
      endDate: "2025-07-31",
      opening_balance: 700,
      opening_balance_sign: 2,
      debit_sum: 4350.74,
      credit_sum: 2000.1,
      closing_balance: 3050.64,
      closing_balance_sign: 2,
    });
    const [stored] = await t.db.select({ name: accounts.name }).from(accounts).where(sql`${accounts.id} = ${acc.a}`);
    expect(answer.name).toBe(stored?.name);
    expect(
      answer.data.map((row) => [row.voucher_date, row.debit, row.credit, row.accBalance, row.accBalance_sign]),
    ).toEqual([
      ["2025-07-01", 0, 0, 700, 2],
      ["2025-07-01", 1500.25, 0, 2200.25, 2],
      ["2025-07-10", 2750.5, 0, 4950.75, 2],
      ["2025-07-15", 0, 2000.1, 2950.65, 2],
      ["2025-07-31", 99.99, 0, 3050.64, 2],
    ]);
    expect(answer.data[0]).toMatchObject({ opening: true, voucher_description: "OPENING BALANCE", trackingNo: null });
    const charge = answer.data[2];
    expect(charge).toMatchObject({
      opening: false,
      trackingNo: cn.s2.trackingId,
      voucher_bill_no: cn.s2.trackingId,
      voucher_description: `C/N ${cn.s2.trackingId} FREIGHT`,
      destination: "United Kingdom",
      packages: 1,
      weight: 3,
      accType: 2,
    });
    expect(charge?.voc_manual_number).toMatch(/^JV-2025-\d{5}$/);
    expect(charge?.service).toEqual(expect.any(String));
    expect(answer.data[3]).toMatchObject({ voucher_description: "CHEQUE 1234", trackingNo: null, service: null });
  });

  it("without dates starts at the first entry with no opening row and runs to today", async () => {
    const answer = await ledger(admin, { startedDate: "", endDate: "", levelFiveId: acc.a });
    expect(answer.data.some((row) => row.opening)).toBe(false);
    expect(answer.data).toHaveLength(7);
    expect(answer).toMatchObject({ startedDate: "", endDate: "", debit_sum: 5360.74, credit_sum: 2300.1 });
    expect(answer).toMatchObject({ closing_balance: 3060.64, closing_balance_sign: 2 });
    expect(answer.data.at(-1)?.trackingNo).toBe(cn.s6.trackingId);
  });

  it("signs a credit balance 1", async () => {
    const answer = await ledger(admin, { ...JULY, levelFiveId: acc.b });
    expect(answer).toMatchObject({ opening_balance: 0, debit_sum: 400, credit_sum: 1000 });
    expect(answer).toMatchObject({ closing_balance: 600, closing_balance_sign: 1 });
    expect(answer.data.at(-1)).toMatchObject({ accBalance: 600, accBalance_sign: 1, accType: 1 });
  });

  it("gives a customer their own ledger whatever account they send", async () => {
    const own = await ledger(a.token, { ...JULY });
    expect(own).toMatchObject({ levelFiveId: acc.a, closing_balance: 3050.64 });
    expect(await ledger(a.token, { ...JULY, levelFiveId: acc.a })).toEqual(own);
    for (const other of [acc.b, acc.walkIn]) {
      for (const url of ["/api/cargo_accounts/get_ledger", "/api/cargo_accounts/get_ledger_pdf"]) {
        const refused = await post(url, a.token, { ...JULY, levelFiveId: other });
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ message: CARGO_LEDGER_MESSAGES.noSuchAccount });
        expect(refused.body).not.toContain(cn.b1.trackingId ?? "none");
      }
    }
    const bOwn = await ledger(b.token, { ...JULY, levelFiveId: "" });
    expect(bOwn.levelFiveId).toBe(acc.b);
    expect(bOwn.data.map((row) => row.trackingNo)).not.toContain(cn.s1.trackingId);
  });

  it("tells a customer without a receivable account that it is not open yet", async () => {
    const pending = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const token = await loginCargo(t.app, pending.email, pending.password);
    expect((await get("/api/cargo_accounts/get_levelFive", token)).json()).toEqual([]);
    const refused = await post("/api/cargo_accounts/get_ledger", token, JULY);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(CARGO_LEDGER_MESSAGES.noLedgerAccount);
  });

  it("refuses bad input with the field's message", async () => {
    const cases: [object, number, string][] = [
      [{ startedDate: "2025-02-30", levelFiveId: acc.a }, 400, `startedDate: ${CARGO_LEDGER_MESSAGES.date}`],
      [{ endDate: "31/07/2025", levelFiveId: acc.a }, 400, `endDate: ${CARGO_LEDGER_MESSAGES.date}`],
      [
        { startedDate: "2025-08-01", endDate: "2025-07-01", levelFiveId: acc.a },
        400,
        `startedDate: ${CARGO_LEDGER_MESSAGES.dateOrder}`,
      ],
      [{ startedDate: "2999-01-01", levelFiveId: acc.a }, 400, `startedDate: ${CARGO_LEDGER_MESSAGES.dateOrder}`],
      [{ ...JULY }, 400, `levelFiveId: ${CARGO_LEDGER_MESSAGES.accountRequired}`],
      [{ ...JULY, levelFiveId: "abc" }, 400, `levelFiveId: ${CARGO_LEDGER_MESSAGES.accountRequired}`],
      [{ ...JULY, levelFiveId: -3 }, 400, `levelFiveId: ${CARGO_LEDGER_MESSAGES.accountRequired}`],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post("/api/cargo_accounts/get_ledger", admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toBe(message);
    }
    const group = await accountId(t.db, "TRADE RECEIVABLES");
    const missing = await post("/api/cargo_accounts/get_ledger", admin, { ...JULY, levelFiveId: group });
    expect(missing.statusCode).toBe(404);
    expect((await post("/api/cargo_accounts/get_ledger", admin, { ...JULY, levelFiveId: 999999 })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /api/cargo_accounts/get_ledger_pdf", () => {
  it("is a landscape A4 ledger with the account, dates, totals, closing side and every column", async () => {
    const response = await post("/api/cargo_accounts/get_ledger_pdf?format=pdf", admin, {
      ...JULY,
      levelFiveId: acc.a,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(/^inline; filename="ledger-1-01-003-\d{4}\.pdf"$/);
    const info = execFileSync("pdfinfo", ["-"], { input: response.rawPayload }).toString();
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.28 pts \(A4\)/);
    const text = pdfText(response.rawPayload);
    const [stored] = await t.db.select({ name: accounts.name }).from(accounts).where(sql`${accounts.id} = ${acc.a}`);
    expect(text).toContain(`${stored?.name} (LEDGER ACCOUNT)`);
    expect(text).toContain("From 01 Jul 2025 to 31 Jul 2025");
    expect(text).toMatch(/Total Credit: 2,000\.10\s+Total Debit: 4,350\.74\s+Closing Balance: 3,050\.64 DEBIT/);
    expect(text).toContain("OPENING BALANCE");
    expect(text).toContain(cn.s2.trackingId);
    expect(text).toMatch(/2,750\.50\s+4,950\.75\s+DR/);
    for (const header of ["Tracking No", "Destination", "Packages", "Service", "Bill #", "DR/CR"])
      expect(text).toContain(header);
  });

  it("leaves the dates blank when none are given and says CREDIT for a credit balance", async () => {
    const response = await post("/api/cargo_accounts/get_ledger_pdf", b.token, { startedDate: "", endDate: "" });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).not.toMatch(/From \d|Up to \d/);
    expect(text).toMatch(/Closing Balance: 600\.00 CREDIT/);
    expect(text).not.toContain(cn.s1.trackingId);
  });
});
