import { ROLE, ROLES, USER_STATUS, USER_STATUSES } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../lib/passwords";
import type { Db } from "./client";
import * as t from "./schema/index";
import { seedChart } from "./seed-chart";
import {
  ACCOUNT_CLASSES,
  COMPLAINT_STATUSES,
  CURRENCIES,
  FIRST_LOCATIONS,
  FIRST_OUTLET,
  isoCountries,
  SERVICE_TYPES,
  SHIPMENT_PURPOSES,
  SHIPMENT_STATUSES,
  TAX_PAYERS,
  UNITS,
} from "./seed-data";
import { seedRestaurant } from "./seed-restaurant";

export interface AdminSeed {
  userName: string;
  email: string;
  password: string;
}

const numbered = <T>(items: readonly T[]) => items.map((item, index) => ({ id: index + 1, item }));

/** Identity columns seeded with explicit ids need their sequence moved past them. */
async function syncIdentity(db: Db, table: string, column: string): Promise<void> {
  await db.execute(
    sql.raw(
      `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), GREATEST((SELECT max(${column}) FROM ${table}), 1))`,
    ),
  );
}

/**
 * Seeds lookups, the level-1 chart and the first admin. Safe on every start: existing rows are
 * kept, so staff edits of seeded lookups survive restarts. Returns true when it created the admin.
 */
export async function seedDatabase(db: Db, admin: AdminSeed): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .insert(t.roles)
      .values([...ROLES])
      .onConflictDoNothing();
    await tx
      .insert(t.userStatuses)
      .values([...USER_STATUSES])
      .onConflictDoNothing();

    const [{ count: countryCount } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(t.countries);
    if (countryCount === 0) await tx.insert(t.countries).values(isoCountries());

    await tx
      .insert(t.units)
      .values(numbered(UNITS).map(({ id, item }) => ({ uomId: id, ...item })))
      .onConflictDoNothing();
    // A new outlet is a new install's: its register is seeded once, after the chart (below).
    const [newOutlet] = await tx
      .insert(t.outlets)
      .values(FIRST_OUTLET)
      .onConflictDoNothing()
      .returning({ id: t.outlets.id });
    await tx
      .insert(t.stockLocations)
      .values([...FIRST_LOCATIONS])
      .onConflictDoNothing();
    await tx.insert(t.currencies).values(CURRENCIES).onConflictDoNothing();
    await tx
      .insert(t.shipmentPurposes)
      .values(numbered(SHIPMENT_PURPOSES).map(({ id, item }) => ({ shipmentPurposeId: id, purpose: item })))
      .onConflictDoNothing();
    await tx
      .insert(t.shipmentTaxTypes)
      .values(numbered(TAX_PAYERS).map(({ id, item }) => ({ shipmentTaxId: id, name: item })))
      .onConflictDoNothing();
    await tx
      .insert(t.serviceTypes)
      .values(numbered(SERVICE_TYPES).map(({ id, item }) => ({ serviceTypeId: id, name: item })))
      .onConflictDoNothing();
    await tx
      .insert(t.complaintStatuses)
      .values(numbered(COMPLAINT_STATUSES).map(({ id, item }) => ({ statusId: id, status: item })))
      .onConflictDoNothing();
    await tx
      .insert(t.shipmentStatuses)
      .values(numbered(SHIPMENT_STATUSES).map(({ id, item }) => ({ id, name: item })))
      .onConflictDoNothing();
    await tx
      .insert(t.accounts)
      .values(
        numbered(ACCOUNT_CLASSES).map(({ id, item }) => ({
          id,
          parentId: null,
          level: 1,
          key: String(id),
          allLevelKey: String(id),
          name: item,
        })),
      )
      .onConflictDoNothing();

    for (const [table, column] of [
      ["countries", "country_id"],
      ["units", "uom_id"],
      ["currencies", "id"],
      ["shipment_purposes", "shipment_purpose_id"],
      ["shipment_tax_types", "shipment_tax_id"],
      ["service_types", "service_type_id"],
      ["complaint_statuses", "status_id"],
      ["shipment_statuses", "id"],
      ["accounts", "id"],
      ["outlets", "id"],
      ["stock_locations", "id"],
    ] as const) {
      await syncIdentity(tx, table, column);
    }
    await seedChart(tx);
    if (newOutlet) await seedRestaurant(tx, newOutlet.id);

    const existingAdmin = await tx
      .select({ id: t.users.id })
      .from(t.users)
      .where(eq(t.users.roleId, ROLE.admin))
      .limit(1);
    if (existingAdmin.length > 0) return false;
    await tx.insert(t.users).values({
      userName: admin.userName,
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(admin.password),
      firstName: "ADMIN",
      lastName: "",
      roleId: ROLE.admin,
      userStatusId: USER_STATUS.approved,
    });
    return true;
  });
}
