import { OUTLET_TABLE_MESSAGES as M } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, kitchenStations, menuCategories, taxClasses } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

async function accountOf(name: string, level = 4) {
  const [row] = await t.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.name, name), eq(accounts.level, level)));
  if (!row) throw new Error(`no account ${name}`);
  return row.id;
}

describe("tax classes", () => {
  it("needs a level-4 tax payable account under LIABILITIES and keeps a rate per payment method", async () => {
    const card = await api("POST", "/api/setting/payment_method", {
      name: "Tax test card",
      kind: "card",
      accountId: await accountOf("BANK CURRENT ACCOUNT"),
    });
    expect(card.statusCode).toBe(200);
    const wrong = await api("POST", "/api/setting/tax_class", {
      name: "Bakery",
      rateBp: 1600,
      accountId: await accountOf("PETTY CASH"),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: "accountId", message: M.taxAccount }]);
    expect(await t.db.select().from(taxClasses).where(eq(taxClasses.name, "Bakery"))).toEqual([]);

    const added = await api("POST", "/api/setting/tax_class", {
      name: "Bakery",
      rateBp: 1600,
      accountId: await accountOf("SALES TAX PAYABLE"),
      methodRates: [{ paymentMethodId: card.json().data.id, rateBp: 500 }],
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().data).toMatchObject({
      name: "Bakery",
      rateBp: 1600,
      accountName: "SALES TAX PAYABLE",
      methodRates: [{ paymentMethodId: card.json().data.id, rateBp: 500 }],
    });
    // The method a class has a rate for is kept until the rate goes.
    const refused = await api("DELETE", `/api/setting/payment_method/${card.json().data.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.methodInUse);
  });
});

describe("payment methods", () => {
  it("refuses a card method whose account is outside the bank group, and an account on cash", async () => {
    const outside = await api("POST", "/api/setting/payment_method", {
      name: "Visa outside",
      kind: "card",
      accountId: await accountOf("PETTY CASH"),
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().details).toEqual([{ field: "accountId", message: M.bankAccount }]);
    const cash = await api("POST", "/api/setting/payment_method", {
      name: "Cash with account",
      kind: "cash",
      accountId: await accountOf("PETTY CASH"),
    });
    expect(cash.statusCode).toBe(400);
    expect(JSON.stringify(cash.json().details)).toContain("accountId");
    const drawer = await api("POST", "/api/setting/payment_method", {
      name: "Drawer cash",
      kind: "cash",
      accountId: null,
      opensDrawer: true,
    });
    expect(drawer.json().data).toMatchObject({
      kind: "cash",
      accountId: null,
      opensDrawer: true,
      countedAtClose: true,
    });
  });
});

describe("kitchen stations", () => {
  it("refuses an alert before the target and deletes a station only while no category is sent to it", async () => {
    const early = await api("POST", "/api/setting/station", {
      name: "Tandoor early",
      printerId: null,
      mode: "display",
      targetMinutes: 15,
      alertMinutes: 10,
    });
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json().details)).toContain("alertMinutes");

    const used = await api("POST", "/api/setting/station", {
      name: "Tandoor",
      printerId: null,
      mode: "both",
      targetMinutes: 12,
      alertMinutes: 18,
    });
    expect(used.statusCode).toBe(200);
    const stationId = used.json().data.id;
    await t.db.insert(menuCategories).values({ name: "Tandoor breads", stationId });
    const refused = await api("DELETE", `/api/setting/station/${stationId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.stationInUse);

    const spare = await api("POST", "/api/setting/station", {
      name: "Spare grill",
      printerId: null,
      mode: "display",
      targetMinutes: 10,
      alertMinutes: 10,
    });
    expect((await api("DELETE", `/api/setting/station/${spare.json().data.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(kitchenStations).where(eq(kitchenStations.name, "Spare grill"))).toEqual([]);
  });
});
