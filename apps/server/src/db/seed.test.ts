import { ROLE, USER_STATUS } from "@cargodesk/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../test/harness";
import * as t from "./schema/index";
import { seedDatabase } from "./seed";
import { FIRST_REGISTER } from "./seed-restaurant";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const count = (table: PgTable) => app.db.$count(table);

describe("first-start seed", () => {
  it("seeds roles 1-4 and user statuses 1-4", async () => {
    expect(await app.db.select().from(t.roles).orderBy(asc(t.roles.id))).toEqual([
      { id: 1, role: "Admin" },
      { id: 2, role: "Business customer" },
      { id: 3, role: "Individual customer" },
      { id: 4, role: "Employee" },
    ]);
    expect((await app.db.select().from(t.userStatuses)).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });

  it("creates one approved admin", async () => {
    const admins = await app.db.select().from(t.users).where(eq(t.users.roleId, ROLE.admin));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ userName: TEST_ADMIN.userName, userStatusId: USER_STATUS.approved });
    expect(admins[0]?.passwordHash).toMatch(/^scrypt\$/);
  });

  it("seeds the lookups later screens need, with the spec's fixed ids", async () => {
    expect((await app.db.select().from(t.units).where(eq(t.units.uomId, 1)))[0]?.uomName).toBe("PCS");
    expect((await app.db.select().from(t.currencies).where(eq(t.currencies.id, 5)))[0]?.code).toBe("USD");
    const services = await app.db.select().from(t.serviceTypes);
    expect(services.find((s) => s.serviceTypeId === 11)?.name).toBe("UK DHL/UPS (VAT PAID)");
    expect(services.find((s) => s.serviceTypeId === 16)?.name).toBe("USA ZONE (ZIP CODE)");
    expect(await count(t.shipmentPurposes)).toBeGreaterThan(0);
    expect(await count(t.shipmentTaxTypes)).toBeGreaterThan(0);
    expect(await count(t.complaintStatuses)).toBeGreaterThan(0);
    expect(await count(t.shipmentStatuses)).toBeGreaterThan(0);
  });

  it("seeds the five level-1 account classes", async () => {
    const classes = await app.db.select().from(t.accounts).where(eq(t.accounts.level, 1)).orderBy(asc(t.accounts.id));
    expect(classes.map((c) => [c.allLevelKey, c.name])).toEqual([
      ["1", "ASSETS"],
      ["2", "LIABILITIES"],
      ["3", "EQUITY"],
      ["4", "REVENUE"],
      ["5", "EXPENSES"],
    ]);
  });

  it("is safe to run again: nothing duplicates, no second admin, new rows get fresh ids", async () => {
    const before = await Promise.all([count(t.countries), count(t.users), count(t.units), count(t.accounts)]);
    const created = await seedDatabase(app.db, {
      userName: "other",
      email: "other@test.local",
      password: "Other@12345",
    });
    expect(created).toBe(false);
    expect(await Promise.all([count(t.countries), count(t.users), count(t.units), count(t.accounts)])).toEqual(before);
    const [unit] = await app.db.insert(t.units).values({ uomName: "CARTON" }).returning();
    expect(unit?.uomId).toBe(before[2] + 1);
    const [max] = await app.db.select({ max: sql<number>`max(country_id)` }).from(t.countries);
    expect(max?.max).toBeGreaterThanOrEqual(240);
  });

  it("gives a new install a working register: Cash and Card, counter A01 on A01 CASH, a Kitchen station, Food tax", async () => {
    const accountById = async (id: number | null) =>
      id === null ? undefined : (await app.db.select().from(t.accounts).where(eq(t.accounts.id, id)))[0];
    const [integration] = await app.db.select().from(t.accountIntegration);
    const methods = await app.db.select().from(t.paymentMethods).orderBy(asc(t.paymentMethods.sort));
    expect(methods.map((m) => [m.name, m.kind])).toEqual([
      ["Cash", "cash"],
      ["Card", "card"],
    ]);
    expect(methods[0]?.accountId).toBeNull();
    const cardAccount = await accountById(methods[1]?.accountId ?? null);
    expect(cardAccount?.name).toBe("CARD CLEARING");
    expect(cardAccount?.id).toBe(integration?.cardClearingAccountId);
    expect(cardAccount?.parentId).toBe(integration?.bankGroupId);

    const [counter, ...otherCounters] = await app.db.select().from(t.posCounters);
    expect(otherCounters).toEqual([]);
    expect(counter).toMatchObject({ outletId: 1, code: "A01", defaultOrderType: "take_away" });
    const cash = await accountById(counter?.cashAccountId ?? null);
    // The last child of the cash group: CASH IN HAND, PETTY CASH and SAFE CASH keep 0001 to 0003.
    expect(cash).toMatchObject({ name: "A01 CASH", level: 4, allLevelKey: "1-01-001-0004" });
    expect(cash?.parentId).toBe(integration?.cashGroupId);

    expect((await app.db.select().from(t.kitchenStations)).map((s) => [s.name, s.outletId])).toEqual([["Kitchen", 1]]);

    const [food] = await app.db.select().from(t.taxClasses);
    expect(food).toMatchObject({ name: "Food", rateBp: 1600 });
    expect((await accountById(food?.accountId ?? null))?.allLevelKey).toBe("2-01-003-0001");
    expect(await app.db.select().from(t.taxMethodRates)).toEqual([
      { taxClassId: food?.id, paymentMethodId: methods[1]?.id, rateBp: FIRST_REGISTER.tax.cardRateBp },
    ]);
  });

  it("appends the register's account after the existing chart: every other account keeps its id and code", async () => {
    const rows = await app.db.select().from(t.accounts).orderBy(asc(t.accounts.id));
    const last = rows.at(-1);
    expect(last).toMatchObject({ name: "A01 CASH" });
    // Ids follow code order within each seeded group, so nothing before the new account was renumbered.
    expect(rows.filter((row) => row.allLevelKey.startsWith("1-01-001-")).map((row) => row.allLevelKey)).toEqual([
      "1-01-001-0001",
      "1-01-001-0002",
      "1-01-001-0003",
      "1-01-001-0004",
    ]);
  });

  it("maps every POS account of Accounts Integration, so a fresh install can close a day without setup", async () => {
    const [integration] = await app.db.select().from(t.accountIntegration);
    const named = async (id: number | null | undefined) =>
      id ? (await app.db.select().from(t.accounts).where(eq(t.accounts.id, id)))[0] : undefined;
    const code = async (id: number | null | undefined) => {
      const row = await named(id);
      return row ? [row.name, row.level, row.allLevelKey.slice(0, 1)] : null;
    };
    expect({
      sales: await code(integration?.posSalesAccountId),
      discount: await code(integration?.salesDiscountAccountId),
      serviceCharge: await code(integration?.serviceChargeAccountId),
      tax: await code(integration?.salesTaxPayableAccountId),
      rounding: await code(integration?.roundingAccountId),
      overShort: await code(integration?.cashOverShortAccountId),
      card: await code(integration?.cardClearingAccountId),
      safe: await code(integration?.safeCashAccountId),
    }).toEqual({
      sales: ["SALES - FOOD", 4, "4"],
      discount: ["SALES DISCOUNTS", 4, "4"],
      serviceCharge: ["SERVICE CHARGE", 4, "4"],
      tax: ["SALES TAX PAYABLE", 4, "2"],
      rounding: ["ROUNDING", 4, "5"],
      overShort: ["CASH OVER/SHORT", 4, "5"],
      card: ["CARD CLEARING", 4, "1"],
      safe: ["SAFE CASH", 4, "1"],
    });
    expect((await named(integration?.safeCashAccountId))?.parentId).toBe(integration?.cashGroupId);
    // Restaurant sales feed Local Sale; the food cost groups Direct Expense (design D7).
    const headings = await app.db
      .select({ heading: t.plHeadingGroups.heading, name: t.accounts.name })
      .from(t.plHeadingGroups)
      .innerJoin(t.accounts, eq(t.accounts.id, t.plHeadingGroups.accountId));
    expect(headings).toEqual(
      expect.arrayContaining([
        { heading: "local_sale", name: "RESTAURANT SALES" },
        { heading: "direct_expense", name: "FOOD COST" },
        { heading: "other_expense", name: "CASH DIFFERENCES" },
      ]),
    );
  });

  it("does not bring back a register row staff deleted when it runs again", async () => {
    await app.db.delete(t.kitchenStations).where(eq(t.kitchenStations.name, FIRST_REGISTER.station));
    await seedDatabase(app.db, { userName: "again", email: "again@test.local", password: "Again@12345" });
    expect(await count(t.kitchenStations)).toBe(0);
    expect(await count(t.posCounters)).toBe(1);
  });
});
