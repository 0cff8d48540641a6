import { CARGO_LEDGER_MESSAGES, CREDIT_LIMIT_MESSAGE, type DashboardResponse, perm } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../lib/dates";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { seedLedgerStory } from "../../test/ledger-fixtures";

let t: TestApp;
let admin: string;
let story: Awaited<ReturnType<typeof seedLedgerStory>>;
const JULY = { startedDate: "2025-07-01", endDate: "2025-07-31" };
const URL = "/api/cargo_accounts/get_ledger_dashboard";

const post = (token: string | null, payload: object) =>
  t.app.inject({ method: "POST", url: URL, payload, headers: token ? bearer(token) : {} });
const dashboard = async (token: string, payload: object = JULY) => {
  const response = await post(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DashboardResponse>();
};

/** The edit-user payload of a story customer, as the edit form sends it, plus any extra fields. */
const editCustomer = (token: string, userId: number, email: string, extra: object) =>
  t.app.inject({
    method: "PUT",
    url: `/api/user_cargo/${userId}`,
    headers: bearer(token),
    payload: {
      firstName: "LEDGER",
      lastName: "CUSTOMER",
      email,
      cnic: `42101${String(userId).padStart(8, "0")}`,
      phone_number: "03211234567",
      role: 2,
      companyName: "LEDGER CO",
      ntn: "1234567-8",
      address: "KARACHI",
      ...extra,
    },
  });

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  story = await seedLedgerStory(t, admin);
  const set = await editCustomer(admin, story.a.id, story.a.email, { credit_limit: 5000 });
  expect(set.statusCode, set.body).toBe(200);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("credit limit on PUT /api/user_cargo/{id}", () => {
  it("is kept in paisa, read back in rupees, and refused when negative or finer than a paisa", async () => {
    const read = await t.app.inject({ method: "GET", url: `/api/user_cargo/${story.a.id}`, headers: bearer(admin) });
    expect(read.json()).toMatchObject({ creditLimit: 5000 });
    for (const bad of [-1, 1.234, "abc"]) {
      const refused = await editCustomer(admin, story.a.id, story.a.email, { credit_limit: bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(`credit_limit: ${CREDIT_LIMIT_MESSAGE}`);
    }
    // Left out, it stays as it was.
    expect((await editCustomer(admin, story.a.id, story.a.email, {})).statusCode).toBe(200);
    const again = await t.app.inject({ method: "GET", url: `/api/user_cargo/${story.a.id}`, headers: bearer(admin) });
    expect(again.json()).toMatchObject({ creditLimit: 5000 });
    // Customers never hold User Edit.
    expect((await editCustomer(story.a.token, story.a.id, story.a.email, { credit_limit: 1e9 })).statusCode).toBe(403);
  });
});

describe("POST /api/cargo_accounts/get_ledger_dashboard", () => {
  it("gives a customer their own tiles, lists, chart and ledger to the paisa", async () => {
    const own = await dashboard(story.a.token);
    expect(own).toMatchObject({ scope: "customer", customer: { id: story.a.id } });
    expect(own.tiles).toEqual({
      total_cns: 4,
      total_cn_amount: 4850.74,
      last_cn_date: "2025-07-31",
      last_cn_no: story.cn.s3.trackingId,
      last_cn_amount: 99.99,
      current_balance: 3060.64,
      current_balance_sign: 2,
      last_payment: 2000.1,
      last_payment_date: "2025-07-15",
      credit_limit: 5000,
    });
    expect(own.shipments.map((row) => [row.tracking_id, row.shipment_date, row.amount])).toEqual([
      [story.cn.s3.trackingId, "2025-07-31", 99.99],
      [story.cn.s4.trackingId, "2025-07-20", 500],
      [story.cn.s2.trackingId, "2025-07-10", 2750.5],
      [story.cn.s1.trackingId, "2025-07-01", 1500.25],
    ]);
    expect(own.shipments[0]).toMatchObject({
      receiver_name: "OLIVER SMITH",
      receiver_country: "United Kingdom",
      pieces: 1,
      weight: 3,
    });
    expect(own.shipments_total).toBe(4);
    expect(own.payments).toEqual([
      {
        voucher_date: "2025-07-15",
        voc_manual_number: expect.stringMatching(/^CRV-2025-/),
        account: expect.any(String),
        description: "CHEQUE 1234",
        credit: 2000.1,
      },
    ]);
    expect(own.payments_total).toBe(1);
    expect(own.chart).toHaveLength(31);
    expect(own.chart.filter((day) => day.cns > 0)).toEqual([
      { date: "2025-07-01", cns: 1, amount: 1500.25 },
      { date: "2025-07-10", cns: 1, amount: 2750.5 },
      { date: "2025-07-20", cns: 1, amount: 500 },
      { date: "2025-07-31", cns: 1, amount: 99.99 },
    ]);
    expect(own.ledger).toEqual([
      { voucher_date: "2025-07-01", debit: 1500.25, credit: 0, accBalance: 2200.25, accBalance_sign: 2 },
      { voucher_date: "2025-07-10", debit: 2750.5, credit: 0, accBalance: 4950.75, accBalance_sign: 2 },
      { voucher_date: "2025-07-15", debit: 0, credit: 2000.1, accBalance: 2950.65, accBalance_sign: 2 },
      { voucher_date: "2025-07-31", debit: 99.99, credit: 0, accBalance: 3050.64, accBalance_sign: 2 },
    ]);
    // Naming themself changes nothing; naming anyone else is as if they did not exist.
    expect(await dashboard(story.a.token, { ...JULY, user_id: story.a.id })).toEqual(own);
    const refused = await post(story.a.token, { ...JULY, user_id: story.b.id });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(CARGO_LEDGER_MESSAGES.noSuchCustomer);
    expect(refused.body).not.toContain(story.cn.b1.trackingId);
  });

  it("shows customer B nothing of A, and a credit balance signed 1", async () => {
    const own = await dashboard(story.b.token);
    expect(own.tiles).toMatchObject({
      total_cns: 1,
      total_cn_amount: 400,
      current_balance: 600,
      current_balance_sign: 1,
    });
    expect(own.tiles).toMatchObject({ last_payment: 1000, last_payment_date: "2025-07-13", credit_limit: 0 });
    expect(own.shipments.map((row) => row.tracking_id)).toEqual([story.cn.b1.trackingId]);
    expect(JSON.stringify(own)).not.toContain(story.cn.s1.trackingId);
  });

  it("gives staff the company's figures, or one customer's", async () => {
    const company = await dashboard(admin);
    expect(company).toMatchObject({ scope: "company", customer: null });
    expect(company.tiles).toEqual({
      total_cns: 5,
      total_cn_amount: 5250.74,
      last_cn_date: "2025-07-31",
      last_cn_no: story.cn.s3.trackingId,
      last_cn_amount: 99.99,
      current_balance: 2460.64,
      current_balance_sign: 2,
      last_payment: 2000.1,
      last_payment_date: "2025-07-15",
      credit_limit: 5000,
    });
    expect(company.payments.map((row) => [row.voucher_date, row.credit])).toEqual([
      ["2025-07-15", 2000.1],
      ["2025-07-13", 1000],
    ]);
    expect(company.shipments.find((row) => row.tracking_id === story.cn.b1.trackingId)?.customer).toEqual(
      expect.any(String),
    );
    // The company ledger by day: A's July opening of 700.00 DR, then both customers' movements.
    expect(company.ledger.at(-1)).toEqual({
      voucher_date: "2025-07-31",
      debit: 99.99,
      credit: 0,
      accBalance: 2450.64,
      accBalance_sign: 2,
    });
    const b = await dashboard(admin, { ...JULY, user_id: story.b.id });
    expect(b).toMatchObject({ scope: "customer", customer: { id: story.b.id } });
    expect(b.tiles).toEqual((await dashboard(story.b.token)).tiles);
  });

  it("answers a range with nothing in it with zeros and the latest C/N and payment before it", async () => {
    const quiet = await dashboard(story.a.token, { startedDate: "2025-09-01", endDate: "2025-09-03" });
    expect(quiet.tiles).toMatchObject({
      total_cns: 0,
      total_cn_amount: 0,
      last_cn_date: "2025-08-05",
      last_cn_amount: 10,
    });
    expect(quiet.tiles).toMatchObject({ last_payment: 2000.1, last_payment_date: "2025-07-15" });
    expect(quiet.chart).toEqual([
      { date: "2025-09-01", cns: 0, amount: 0 },
      { date: "2025-09-02", cns: 0, amount: 0 },
      { date: "2025-09-03", cns: 0, amount: 0 },
    ]);
    expect(quiet).toMatchObject({ shipments: [], payments: [], ledger: [] });
    const early = await dashboard(story.a.token, { startedDate: "2024-01-01", endDate: "2024-01-31" });
    expect(early.tiles).toMatchObject({
      last_cn_date: null,
      last_cn_no: null,
      last_payment: null,
      last_payment_date: null,
    });
  });

  it("refuses staff naming someone who is not a customer", async () => {
    const employee = await createUser(t.db);
    for (const userId of [employee.id, 999_999]) {
      const refused = await post(admin, { ...JULY, user_id: userId });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(CARGO_LEDGER_MESSAGES.noSuchCustomer);
    }
  });

  it("refuses bad dates, an end after today and too long a range", async () => {
    const today = todayIn(t.config.APP_TZ);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const cases: [object, string][] = [
      [{ startedDate: today, endDate: tomorrow }, `endDate: ${CARGO_LEDGER_MESSAGES.endAfterToday}`],
      [{ startedDate: "2025-02-30", endDate: "2025-03-01" }, `startedDate: ${CARGO_LEDGER_MESSAGES.date}`],
      [{ startedDate: "2025-07-31", endDate: "2025-07-01" }, `startedDate: ${CARGO_LEDGER_MESSAGES.dateOrder}`],
      [{ endDate: "2025-07-01" }, `startedDate: ${CARGO_LEDGER_MESSAGES.startRequired}`],
      [{ startedDate: "2025-07-01", endDate: "" }, `endDate: ${CARGO_LEDGER_MESSAGES.endRequired}`],
      [{ startedDate: "2024-01-01", endDate: "2025-01-01" }, `startedDate: ${CARGO_LEDGER_MESSAGES.rangeTooLong}`],
    ];
    for (const [payload, message] of cases) {
      const response = await post(admin, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect((await post(admin, { startedDate: "2024-01-01", endDate: "2024-12-31" })).statusCode).toBe(200);
    expect((await post(admin, { startedDate: today, endDate: today })).statusCode).toBe(200);
  });

  it("needs Dashboard > Dashboard View", async () => {
    expect((await post(null, JULY)).statusCode).toBe(401);
    const outsider = await createUser(t.db, { permissions: [perm("Country", "Country View")] });
    const outsiderToken = await loginCargo(t.app, outsider.email, outsider.password);
    expect((await post(outsiderToken, JULY)).statusCode).toBe(403);
    const clerk = await createUser(t.db, { permissions: [perm("Dashboard", "Dashboard View")] });
    const clerkToken = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await dashboard(clerkToken)).tiles.total_cns).toBe(5);
  });
});

describe("GET /api/cargo_accounts/dashboard_customers", () => {
  it("lists the customers for staff and refuses customers", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/cargo_accounts/dashboard_customers",
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<{ id: number; email: string; hasAccount: boolean }[]>();
    expect(list.find((row) => row.id === story.a.id)).toMatchObject({
      email: story.a.email,
      hasAccount: true,
      approved: true,
      name: "LEDGER CO",
    });
    expect(list.map((row) => row.id)).toContain(story.b.id);
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/cargo_accounts/dashboard_customers",
      headers: bearer(story.a.token),
    });
    expect(refused.statusCode).toBe(403);
  });

  it("lets a booking clerk (Shipment Add) list customers, and nobody else without a permission", async () => {
    const clerk = await createUser(t.db, { permissions: [perm("Shipment", "Shipment Add")] });
    const clerkToken = await loginCargo(t.app, clerk.email, clerk.password);
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/cargo_accounts/dashboard_customers",
      headers: bearer(clerkToken),
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<{ id: number }[]>().map((row) => row.id)).toContain(story.a.id);
    const outsider = await createUser(t.db, { permissions: [perm("Country", "Country View")] });
    const outsiderToken = await loginCargo(t.app, outsider.email, outsider.password);
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/cargo_accounts/dashboard_customers",
      headers: bearer(outsiderToken),
    });
    expect(refused.statusCode).toBe(403);
  });
});
