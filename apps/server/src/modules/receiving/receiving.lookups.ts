import { minorToAmount, type ReceivingProduct, type UnitDimension } from "@cargodesk/shared";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, stockLocations, storeProducts, storeProductUoms, units } from "../../db/schema/index";

/** What Receiving Add looks up: units, products with their packs, pay accounts, store locations. */

export interface UnitRow {
  id: number;
  name: string;
  dimension: UnitDimension;
  factor: string;
}

export async function allUnits(db: Db): Promise<Map<number, UnitRow>> {
  const rows = await db
    .select({ id: units.uomId, name: units.uomName, dimension: units.dimension, factor: units.factorToBase })
    .from(units)
    .orderBy(asc(units.uomId));
  return new Map(rows.map((row) => [row.id, { ...row, dimension: row.dimension as UnitDimension }]));
}

export async function findProducts(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, typeof storeProducts.$inferSelect>();
  const rows = await db
    .select()
    .from(storeProducts)
    .where(inArray(storeProducts.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Each product's own pack units: uom id -> stock micro-units in one of it. */
export async function findPacks(db: Db, ids: readonly number[]): Promise<Map<number, Map<number, bigint>>> {
  const packs = new Map<number, Map<number, bigint>>();
  if (ids.length === 0) return packs;
  const rows = await db
    .select()
    .from(storeProductUoms)
    .where(inArray(storeProductUoms.storeProductId, [...ids]));
  for (const row of rows) {
    const own = packs.get(row.storeProductId) ?? new Map<number, bigint>();
    own.set(row.uomId, row.factorMicro);
    packs.set(row.storeProductId, own);
  }
  return packs;
}

/** Active store products matching a search (name, code or barcode), with the units each may be received in. */
export async function findProductOptions(db: Db, search: string): Promise<ReceivingProduct[]> {
  const literal = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select()
    .from(storeProducts)
    .where(
      and(
        eq(storeProducts.active, true),
        search
          ? or(
              ilike(storeProducts.name, literal),
              ilike(storeProducts.code, literal),
              eq(storeProducts.barcode, search),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${storeProducts.name})`))
    .limit(25);
  const unitRows = await allUnits(db);
  const packs = await findPacks(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const stock = unitRows.get(row.stockUomId);
    const own = packs.get(row.id) ?? new Map<number, bigint>();
    const allowed = [...unitRows.values()].filter(
      (unit) => unit.id === row.stockUomId || own.has(unit.id) || unit.dimension === stock?.dimension,
    );
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      stockUomId: row.stockUomId,
      stockUomName: stock?.name ?? "",
      purchaseUomId: row.purchaseUomId,
      units: allowed.map((unit) => ({ uomId: unit.id, name: unit.name })),
      lastPurchaseCost: row.lastPurchaseCostMinor === null ? null : minorToAmount(row.lastPurchaseCostMinor),
    };
  });
}

/** Level-4 accounts under a group (by its full code), in code order. */
export async function accountsUnder(db: Db, groupId: number | null | undefined) {
  if (!groupId) return [];
  const [group] = await db.select().from(accounts).where(eq(accounts.id, groupId));
  if (!group) return [];
  return db
    .select({ id: accounts.id, code: accounts.allLevelKey, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.level, 4), sql`${accounts.allLevelKey} like ${`${group.allLevelKey}-%`}`))
    .orderBy(asc(accounts.allLevelKey));
}

export async function storeLocations(db: Db) {
  return db
    .select({ id: stockLocations.id, name: stockLocations.name })
    .from(stockLocations)
    .where(and(eq(stockLocations.kind, "store"), eq(stockLocations.active, true)))
    .orderBy(asc(stockLocations.id));
}
