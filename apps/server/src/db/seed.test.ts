import { ROLE, USER_STATUS } from "@cargodesk/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ADMIN, type TestApp } from "../test/harness";
import * as t from "./schema/index";
import { seedDatabase } from "./seed";

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
});
