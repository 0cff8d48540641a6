import type { UnitDimension } from "@cargodesk/shared";
import { asc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { units } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";

export interface UnitRow {
  uomId: number;
  uomName: string;
  symbol: string;
  dimension: UnitDimension;
  /** numeric(18,6) as text, exactly (what toStockMicro reads). */
  factorText: string;
}

const columns = {
  uomId: units.uomId,
  uomName: units.uomName,
  symbol: units.symbol,
  dimension: units.dimension,
  factorText: units.factorToBase,
};

/** Every unit, by id; `dimension` is checked by the table's CHECK. */
export const findUnits = async (db: Db): Promise<UnitRow[]> =>
  (await db.select(columns).from(units).orderBy(asc(units.uomId))) as UnitRow[];

export async function findUnit(db: Db, id: number, lock = false): Promise<UnitRow | undefined> {
  const query = db.select(columns).from(units).where(eq(units.uomId, id));
  const [row] = lock ? await query.for("update") : await query;
  return row as UnitRow | undefined;
}

/** The API's unit: the factor as a number (exact to 6 decimals below 10^9). */
export const unitAnswer = (row: UnitRow) => ({
  uomId: row.uomId,
  uomName: row.uomName,
  symbol: row.symbol,
  dimension: row.dimension,
  factor: Number(row.factorText),
});

export interface UnitCounts {
  uomId: number;
  stockProducts: number;
  purchaseProducts: number;
  packs: number;
  shipmentLines: number;
  documentLines: number;
}

/** How many rows name each unit (one pass over each table that refers to units). */
export async function unitCounts(db: Db): Promise<Map<number, UnitCounts>> {
  const result = await db.execute(sql`
    WITH refs AS (
      SELECT stock_uom_id AS uom_id, 1 AS stock, 0 AS purchase, 0 AS pack, 0 AS shipment, 0 AS doc FROM store_products
      UNION ALL SELECT purchase_uom_id, 0, 1, 0, 0, 0 FROM store_products WHERE purchase_uom_id IS NOT NULL
      UNION ALL SELECT uom_id, 0, 0, 1, 0, 0 FROM store_product_uoms
      UNION ALL SELECT uom_id, 0, 0, 0, count(*)::int, 0 FROM shipment_lines GROUP BY uom_id
      UNION ALL SELECT uom_id, 0, 0, 0, 0, count(*)::int FROM receiving_lines GROUP BY uom_id
      UNION ALL SELECT uom_id, 0, 0, 0, 0, count(*)::int FROM issuance_lines GROUP BY uom_id
      UNION ALL SELECT uom_id, 0, 0, 0, 0, count(*)::int FROM stock_count_lines WHERE uom_id IS NOT NULL GROUP BY uom_id
    )
    SELECT uom_id, sum(stock)::int AS stock, sum(purchase)::int AS purchase, sum(pack)::int AS pack,
      sum(shipment)::int AS shipment, sum(doc)::int AS doc
    FROM refs GROUP BY uom_id`);
  const rows = rowsOf(
    z.object({ uom_id: col.int, stock: col.int, purchase: col.int, pack: col.int, shipment: col.int, doc: col.int }),
    result,
  );
  return new Map(
    rows.map((row) => [
      Number(row.uom_id),
      {
        uomId: Number(row.uom_id),
        stockProducts: Number(row.stock),
        purchaseProducts: Number(row.purchase),
        packs: Number(row.pack),
        shipmentLines: Number(row.shipment),
        documentLines: Number(row.doc),
      },
    ]),
  );
}

/** Product-specific conversions: "1 CARTON = 24 PCS" of a product, by unit. */
export async function unitConversions(db: Db) {
  const result = await db.execute(sql`
    SELECT k.uom_id, p.id AS store_product_id, p.code, p.name, k.factor_micro::text AS factor_micro, su.uom_name AS stock_uom
    FROM store_product_uoms k
    JOIN store_products p ON p.id = k.store_product_id
    JOIN units su ON su.uom_id = p.stock_uom_id
    ORDER BY k.uom_id, lower(p.name), p.id`);
  return rowsOf(
    z.object({
      uom_id: col.int,
      store_product_id: col.int,
      code: col.text,
      name: col.text,
      factor_micro: col.numeric,
      stock_uom: col.text,
    }),
    result,
  );
}

/** Whether store products or their packs use the unit (its meaning may not change then). */
export async function usedByStoreProducts(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM store_products WHERE stock_uom_id = ${id} OR purchase_uom_id = ${id})
      OR EXISTS (SELECT 1 FROM store_product_uoms WHERE uom_id = ${id}) AS used`);
  return rowsOf(z.object({ used: col.bool }), result)[0]?.used === true;
}

/** What still names the unit, for the 409 of a delete; null when nothing does. */
export async function unitUseReason(db: Db, id: number): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT
      EXISTS (SELECT 1 FROM store_products WHERE stock_uom_id = ${id} OR purchase_uom_id = ${id}) AS products,
      EXISTS (SELECT 1 FROM store_product_uoms WHERE uom_id = ${id}) AS packs,
      EXISTS (SELECT 1 FROM shipment_lines WHERE uom_id = ${id}) AS shipments,
      EXISTS (SELECT 1 FROM receiving_lines WHERE uom_id = ${id})
        OR EXISTS (SELECT 1 FROM issuance_lines WHERE uom_id = ${id})
        OR EXISTS (SELECT 1 FROM stock_count_lines WHERE uom_id = ${id}) AS documents`);
  const row = rowsOf(
    z.object({ products: col.bool, packs: col.bool, shipments: col.bool, documents: col.bool }),
    result,
  )[0];
  if (!row) return null;
  const reasons = [
    row.products && "store products",
    row.packs && "product packs",
    row.shipments && "shipment lines",
    row.documents && "store documents",
  ].filter((reason): reason is string => typeof reason === "string");
  return reasons.length > 0 ? reasons.join(", ") : null;
}
