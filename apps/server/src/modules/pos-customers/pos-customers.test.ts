import { ACCOUNT_TYPE, INTEGRATION_MESSAGES, POS_CUSTOMER_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountIntegration, accounts, posCustomers, voucherLines, vouchers } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function account(id: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

let phoneSeq = 0;
/** A fresh mobile number per call, in the stored form. */
const newPhone = () => `0321${String(Date.now() % 1_000_000).padStart(6, "0")}${(phoneSeq++ % 10).toString()}`;

describe("restaurant customers", () => {
  it("opens a level-4 house account under Restaurant Customers and posts an opening balance of 500.00 as a JV", async () => {
    const phone = newPhone();
    const response = await api("POST", "/api/inventory/customer", {
      name: "Ayesha Khan",
      phone,
      creditAllowed: true,
      creditLimit: 5000,
      openingBalance: 500,
    });
    expect(response.statusCode).toBe(200);
    const { data: customer, openingVoucher } = response.json();
    expect(customer).toMatchObject({ name: "Ayesha Khan", creditAllowed: true, creditLimit: 5000, balance: 500 });
    expect(openingVoucher).toMatch(/^JV-\d{4}-\d{5}$/);

    const house = await account(customer.receivableAccountId);
    const group = await account(await accountId(t.db, "RESTAURANT CUSTOMERS"));
    expect(group?.level).toBe(3);
    expect(house).toMatchObject({ level: 4, parentId: group?.id, name: `AYESHA KHAN (${phone})` });
    expect(customer.receivableAccountCode).toBe(house?.allLevelKey);

    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.number, openingVoucher));
    expect(voucher).toMatchObject({ voucherTypeId: 5, source: "opening", totalMinor: 50000n });
    expect(voucher?.decidedBy).not.toBeNull();
    const lines = await t.db
      .select({ accountId: voucherLines.accountId, debit: voucherLines.debitMinor, credit: voucherLines.creditMinor })
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, voucher?.id ?? 0))
      .orderBy(voucherLines.lineNo);
    const [integration] = await t.db.select().from(accountIntegration);
    expect(lines).toEqual([
      { accountId: customer.receivableAccountId, debit: 50000n, credit: 0n },
      { accountId: integration?.openingEquityAccountId, debit: 0n, credit: 50000n },
    ]);

    const ledger = await api("POST", "/api/levelFour/account_ledger", { levelFourId: customer.receivableAccountId });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json()).toMatchObject({
      debitSum: 500,
      creditSum: 0,
      closingBalance: 500,
      closingBalanceSign: ACCOUNT_TYPE.debit,
    });
    expect(ledger.json().data).toEqual([expect.objectContaining({ vocManualNumber: openingVoucher, debit: 500 })]);
  });

  it("stores the phone in one form, finds it however it is typed and refuses it twice (409), writing nothing", async () => {
    const digits = newPhone().slice(1);
    const added = await api("POST", "/api/inventory/customer", {
      name: "Bilal Ahmed",
      phone: `+92 ${digits.slice(0, 3)}-${digits.slice(3)}`,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({ phone: `0${digits}`, receivableAccountId: null, balance: 0 });
    expect(added.json().openingVoucher).toBeNull();

    const before = (await t.db.select().from(posCustomers)).length;
    const again = await api("POST", "/api/inventory/customer", { name: "Someone Else", phone: `0092${digits}` });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "RECORD_DUPLICATE" });
    expect(again.json().details).toEqual([{ field: "phone", message: POS_CUSTOMER_MESSAGES.phoneTaken }]);
    expect((await t.db.select().from(posCustomers)).length).toBe(before);

    for (const typed of [`92${digits}`, `0${digits.slice(0, 3)} ${digits.slice(3)}`, `+92(${digits})`]) {
      const found = await api("GET", `/api/inventory/customer/lookup?phone=${encodeURIComponent(typed)}`);
      expect(found.statusCode, typed).toBe(200);
      expect(found.json().data?.id, typed).toBe(added.json().data.id);
    }
    const unknown = await api("GET", "/api/inventory/customer/lookup?phone=03009999999");
    expect(unknown.json()).toEqual({ data: null });
    const bad = await api("GET", "/api/inventory/customer/lookup?phone=12345");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: "phone", message: POS_CUSTOMER_MESSAGES.phone }]);
  });

  it("lets only one of two simultaneous adds with the same phone through; the other is the same 409", async () => {
    const phone = newPhone();
    const body = (name: string) => ({ name, phone, creditAllowed: true, creditLimit: 100, openingBalance: 10 });
    const answers = await Promise.all([
      api("POST", "/api/inventory/customer", body("Twin One")),
      api("POST", "/api/inventory/customer", body("Twin Two")),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe("RECORD_DUPLICATE");
    expect(await t.db.select().from(posCustomers).where(eq(posCustomers.phone, phone))).toHaveLength(1);
  });

  it("answers 400 naming the field for bad input and writes nothing", async () => {
    const customers = (await t.db.select().from(posCustomers)).length;
    const chart = (await t.db.select().from(accounts)).length;
    const ok = { name: "Good Name", phone: newPhone() };
    const cases: [object, string, string][] = [
      [{ ...ok, name: "A" }, "name", POS_CUSTOMER_MESSAGES.name],
      [{ ...ok, phone: "12345" }, "phone", POS_CUSTOMER_MESSAGES.phone],
      [{ ...ok, phone: "0300-12345678" }, "phone", POS_CUSTOMER_MESSAGES.phone],
      [{ ...ok, email: "not-an-email" }, "email", POS_CUSTOMER_MESSAGES.email],
      [{ ...ok, discountPercent: 100.01 }, "discountPercent", POS_CUSTOMER_MESSAGES.discount],
      [{ ...ok, discountPercent: 1.234 }, "discountPercent", POS_CUSTOMER_MESSAGES.discount],
      [{ ...ok, creditAllowed: true }, "creditLimit", POS_CUSTOMER_MESSAGES.creditLimit],
      [{ ...ok, creditLimit: 100 }, "creditLimit", POS_CUSTOMER_MESSAGES.creditLimitNeedsCredit],
      [{ ...ok, openingBalance: 500 }, "openingBalance", POS_CUSTOMER_MESSAGES.openingNeedsCredit],
      [
        { ...ok, creditAllowed: true, creditLimit: 10, openingBalance: 1.005 },
        "openingBalance",
        POS_CUSTOMER_MESSAGES.openingBalance,
      ],
      [{ ...ok, creditAllowed: true, creditLimit: -5 }, "creditLimit", POS_CUSTOMER_MESSAGES.creditLimit],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/customer", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect((await t.db.select().from(posCustomers)).length).toBe(customers);
    expect((await t.db.select().from(accounts)).length).toBe(chart);
  });

  it("keeps the discount in basis points and the limit in paisa, exactly", async () => {
    const response = await api("POST", "/api/inventory/customer", {
      name: "Exact Figures",
      phone: newPhone(),
      discountPercent: 12.35,
      creditAllowed: true,
      creditLimit: 1234567.89,
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(posCustomers).where(eq(posCustomers.id, response.json().data.id));
    expect(row).toMatchObject({ discountBp: 1235, creditLimitMinor: 123456789n });
    expect(response.json().data).toMatchObject({ discountPercent: 12.35, creditLimit: 1234567.89, balance: 0 });
  });

  it("lists with search and paging; an edit renames the house account, allows credit later, deactivates", async () => {
    const phone = newPhone();
    const added = (await api("POST", "/api/inventory/customer", { name: "Hamza Qureshi", phone })).json().data;
    const found = (await api("GET", `/api/inventory/customer?search=hamza%20qur&size=5&page=1`)).json();
    expect(found).toMatchObject({ total_results: 1, page: 1, data: [{ id: added.id, visits: 0, lastVisit: null }] });
    const byPhone = (
      await api("GET", `/api/inventory/customer?search=${encodeURIComponent(`+92 ${phone.slice(1)}`)}`)
    ).json();
    expect(byPhone.data.map((row: { id: number }) => row.id)).toEqual([added.id]);

    const credit = await api("PUT", `/api/inventory/customer/${added.id}`, {
      name: "Hamza Qureshi",
      phone,
      creditAllowed: true,
      creditLimit: 2000,
      openingBalance: 150.5,
    });
    expect(credit.statusCode).toBe(200);
    const withCredit = credit.json().data;
    expect(withCredit.receivableAccountId).not.toBeNull();
    expect(withCredit.balance).toBe(150.5);
    expect(credit.json().openingVoucher).toMatch(/^JV-/);

    const again = await api("PUT", `/api/inventory/customer/${added.id}`, {
      name: "Hamza Q",
      phone,
      creditAllowed: true,
      creditLimit: 2000,
      openingBalance: 10,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details).toEqual([{ field: "openingBalance", message: POS_CUSTOMER_MESSAGES.openingOnce }]);

    const renamed = await api("PUT", `/api/inventory/customer/${added.id}`, {
      name: "Hamza Q",
      phone,
      creditAllowed: true,
      creditLimit: 2000,
      active: false,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: "Hamza Q", active: false, balance: 150.5 });
    expect((await account(withCredit.receivableAccountId))?.name).toBe(`HAMZA Q (${phone})`);
    const active = (await api("GET", "/api/inventory/customer?active=true&size=1000")).json();
    expect(active.data.some((row: { id: number }) => row.id === added.id)).toBe(false);
  });

  it("deletes a customer with no entries (and its account), refuses one with ledger entries: deactivate instead", async () => {
    const plain = (await api("POST", "/api/inventory/customer", { name: "Walk In", phone: newPhone() })).json().data;
    expect((await api("DELETE", `/api/inventory/customer/${plain.id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/inventory/customer/${plain.id}`)).statusCode).toBe(404);

    const unused = (
      await api("POST", "/api/inventory/customer", {
        name: "Credit Unused",
        phone: newPhone(),
        creditAllowed: true,
        creditLimit: 100,
      })
    ).json().data;
    expect((await api("DELETE", `/api/inventory/customer/${unused.id}`)).statusCode).toBe(200);
    expect(await account(unused.receivableAccountId)).toBeUndefined();

    const owing = (
      await api("POST", "/api/inventory/customer", {
        name: "Owes Money",
        phone: newPhone(),
        creditAllowed: true,
        creditLimit: 1000,
        openingBalance: 500,
      })
    ).json().data;
    const refused = await api("DELETE", `/api/inventory/customer/${owing.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", message: POS_CUSTOMER_MESSAGES.hasEntries });
    expect(await t.db.select().from(posCustomers).where(eq(posCustomers.id, owing.id))).toHaveLength(1);
    expect(await account(owing.receivableAccountId)).toBeDefined();
  });

  it("seeds the Restaurant Customers group in Accounts Integration and takes only an assets group there", async () => {
    const before = (await api("GET", "/api/setting/account_integration")).json();
    expect(before.accounts.restaurantCustomersGroupId).toMatchObject({ name: "RESTAURANT CUSTOMERS", level: 3 });
    expect(before.accounts.restaurantCustomersGroupId.allLevelKey).toMatch(/^1-01-\d{3}$/);
    const { accounts: _named, plHeadings: _headings, ...settings } = before;
    const response = await api("PUT", "/api/setting/account_integration", {
      ...settings,
      plHeadings: {},
      restaurantCustomersGroupId: await accountId(t.db, "VENDORS"),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "restaurantCustomersGroupId", message: INTEGRATION_MESSAGES.classOf["1"] },
    ]);
    expect((await api("GET", "/api/setting/account_integration")).json()).toEqual(before);
  });

  it("opens house accounts under the receivables group while the Restaurant Customers group is not set", async () => {
    const [before] = await t.db.select().from(accountIntegration);
    await t.db.update(accountIntegration).set({ restaurantCustomersGroupId: null });
    try {
      const response = await api("POST", "/api/inventory/customer", {
        name: "Fallback Group",
        phone: newPhone(),
        creditAllowed: true,
        creditLimit: 100,
      });
      expect(response.statusCode).toBe(200);
      const house = await account(response.json().data.receivableAccountId);
      expect(house?.parentId).toBe(before?.receivablesGroupId);
    } finally {
      await t.db
        .update(accountIntegration)
        .set({ restaurantCustomersGroupId: before?.restaurantCustomersGroupId ?? null });
    }
  });

  it("lets the POS and Table Order look up and quick-add, but only Master Control > Customer edit or delete", async () => {
    const till = await createUser(t.db, { permissions: [perm("POS")] });
    const tillToken = await loginCargo(t.app, till.email, till.password);
    const phone = newPhone();
    const quick = await api("POST", "/api/inventory/customer", { name: "Quick Add", phone }, tillToken);
    expect(quick.statusCode).toBe(200);
    expect((await api("GET", `/api/inventory/customer/lookup?phone=${phone}`, undefined, tillToken)).statusCode).toBe(
      200,
    );
    const id = quick.json().data.id;
    expect((await api("PUT", `/api/inventory/customer/${id}`, { name: "X Y", phone }, tillToken)).statusCode).toBe(403);
    expect((await api("DELETE", `/api/inventory/customer/${id}`, undefined, tillToken)).statusCode).toBe(403);

    const clerk = await createUser(t.db, { permissions: [perm("Master Control", "Vendor")] });
    const clerkToken = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await api("GET", "/api/inventory/customer", undefined, clerkToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/inventory/customer/lookup?phone=03001234567" });
    expect(anonymous.statusCode).toBe(401);
  });
});
