import { MICRO, microToQty, minorToAmount, mulDivRound, type StoreProductRow } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";

export interface ListFilter {
  search?: string;
  group?: string;
  belowReorder?: boolean;
  active?: boolean;
  ids?: readonly number[];
}

/** Every BIGINT and sum crosses as integer text (`::text`), read exactly with BigInt. */
const RawRow = z.object({
  id: col.int,
  code: col.text,
  name: col.text,
  group_name: col.text,
  stock_uom_id: col.int,
  stock_uom: col.text,
  purchase_uom_id: col.int.nullable(),
  purchase_uom: col.text.nullable(),
  purchase_factor_micro: col.numeric.nullable(),
  barcode: col.text.nullable(),
  reorder_micro: col.numeric,
  par_micro: col.numeric,
  active: col.bool,
  store_qty: col.numeric,
  kitchen_qty: col.numeric,
  qty: col.numeric,
  value: col.numeric,
  has_moves: col.bool,
});
type RawRow = z.output<typeof RawRow>;
const ClashRow = z.object({
  id: col.int,
  code: col.text,
  name: col.text,
  barcode: col.text.nullable(),
  stock_uom_id: col.int,
  purchase_uom_id: col.int.nullable(),
  has_moves: col.bool,
});

/** `%text%` for ILIKE with the user's own % and _ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Store products with what their bins hold: the Store's and the Kitchen's (every non-store
 * location) quantities, and the value of all bins. Every BIGINT and sum crosses as text, exactly.
 */
function listSql(filter: ListFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.search)
    conditions.push(
      sql`(p.code ILIKE ${containing(filter.search)} OR p.name ILIKE ${containing(filter.search)} OR p.barcode = ${filter.search})`,
    );
  if (filter.group) conditions.push(sql`lower(p.group_name) = lower(${filter.group})`);
  if (filter.active !== undefined) conditions.push(sql`p.active = ${filter.active}`);
  if (filter.belowReorder) conditions.push(sql`p.reorder_micro > 0 AND coalesce(b.store_qty, 0) <= p.reorder_micro`);
  if (filter.ids) conditions.push(sql`p.id = ANY(${`{${filter.ids.map(Math.trunc).join(",")}}`}::int[])`);
  return sql`
    FROM store_products p
    JOIN units su ON su.uom_id = p.stock_uom_id
    LEFT JOIN units pu ON pu.uom_id = p.purchase_uom_id
    LEFT JOIN store_product_uoms k ON k.store_product_id = p.id AND k.uom_id = p.purchase_uom_id
    LEFT JOIN LATERAL (
      SELECT sum(b.qty_micro) FILTER (WHERE l.kind = 'store') AS store_qty,
        sum(b.qty_micro) FILTER (WHERE l.kind <> 'store') AS kitchen_qty,
        sum(b.qty_micro) AS qty, sum(b.value_minor) AS value
      FROM stock_bins b JOIN stock_locations l ON l.id = b.location_id
      WHERE b.store_product_id = p.id
    ) b ON true
    WHERE ${sql.join(conditions, sql` AND `)}`;
}

function toRow(raw: RawRow): StoreProductRow {
  const qty = BigInt(raw.qty);
  const value = BigInt(raw.value);
  const storeQty = BigInt(raw.store_qty);
  const reorder = BigInt(raw.reorder_micro);
  return {
    id: Number(raw.id),
    code: raw.code,
    name: raw.name,
    group: raw.group_name,
    stockUomId: Number(raw.stock_uom_id),
    stockUom: raw.stock_uom,
    purchaseUomId: raw.purchase_uom_id === null ? null : Number(raw.purchase_uom_id),
    purchaseUom: raw.purchase_uom,
    purchaseFactor: raw.purchase_factor_micro === null ? null : microToQty(BigInt(raw.purchase_factor_micro)),
    barcode: raw.barcode,
    reorderLevel: microToQty(reorder),
    parLevel: microToQty(BigInt(raw.par_micro)),
    storeQty: microToQty(storeQty),
    kitchenQty: microToQty(BigInt(raw.kitchen_qty)),
    averageCost: qty > 0n ? minorToAmount(mulDivRound(value, MICRO, qty)) : null,
    value: minorToAmount(value),
    belowReorder: reorder > 0n && storeQty <= reorder,
    active: raw.active,
    hasMoves: raw.has_moves,
  };
}

/** One page of store products by name (page is 1-based), and how many match. */
export async function findStoreProducts(
  db: Db,
  filter: ListFilter,
  page: { size: number; page: number } | null,
): Promise<{ rows: StoreProductRow[]; total: number }> {
  const from = listSql(filter);
  const paging = page ? sql`LIMIT ${page.size} OFFSET ${(page.page - 1) * page.size}` : sql``;
  const result = await db.execute(sql`
    SELECT p.id, p.code, p.name, p.group_name, p.stock_uom_id, su.uom_name AS stock_uom,
      p.purchase_uom_id, pu.uom_name AS purchase_uom, k.factor_micro::text AS purchase_factor_micro,
      p.barcode, p.reorder_micro::text AS reorder_micro, p.par_micro::text AS par_micro, p.active,
      coalesce(b.store_qty, 0)::text AS store_qty, coalesce(b.kitchen_qty, 0)::text AS kitchen_qty,
      coalesce(b.qty, 0)::text AS qty, coalesce(b.value, 0)::text AS value,
      EXISTS (SELECT 1 FROM stock_moves m WHERE m.store_product_id = p.id) AS has_moves
    ${from}
    ORDER BY lower(p.name), p.id
    ${paging}`);
  const rows = rowsOf(RawRow, result).map(toRow);
  if (!page) return { rows, total: rows.length };
  const counted = await db.execute(sql`SELECT count(*)::int AS total ${from}`);
  return { rows, total: Number(rowsOf(z.object({ total: col.int }), counted)[0]?.total ?? 0) };
}

export async function findStoreProduct(db: Db, id: number): Promise<StoreProductRow | undefined> {
  const { rows } = await findStoreProducts(db, { ids: [id] }, null);
  return rows[0];
}

/** The groups in use, for the list's filter and the forms' suggestions. */
export async function findGroups(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT min(group_name) AS name FROM store_products WHERE group_name <> ''
    GROUP BY lower(group_name) ORDER BY lower(min(group_name))`);
  return rowsOf(z.object({ name: col.text }), result).map((row) => row.name);
}

/** An existing product that a new or changed one may clash with. */
export interface Existing {
  id: number;
  code: string;
  name: string;
  barcode: string | null;
  stockUomId: number;
  purchaseUomId: number | null;
  hasMoves: boolean;
}

/** The products whose code, name (both ignoring case) or barcode is one of these. */
export async function findClashes(
  db: Db,
  keys: { codes: readonly string[]; names: readonly string[]; barcodes: readonly string[] },
): Promise<Existing[]> {
  const json = JSON.stringify({
    codes: keys.codes.map((code) => code.toLowerCase()),
    names: keys.names.map((name) => name.toLowerCase()),
    barcodes: keys.barcodes,
  });
  const result = await db.execute(sql`
    WITH k AS (SELECT ${json}::jsonb AS j)
    SELECT p.id, p.code, p.name, p.barcode, p.stock_uom_id, p.purchase_uom_id,
      EXISTS (SELECT 1 FROM stock_moves m WHERE m.store_product_id = p.id) AS has_moves
    FROM store_products p, k
    WHERE lower(p.code) IN (SELECT jsonb_array_elements_text(k.j->'codes'))
      OR lower(p.name) IN (SELECT jsonb_array_elements_text(k.j->'names'))
      OR p.barcode IN (SELECT jsonb_array_elements_text(k.j->'barcodes'))`);
  return rowsOf(ClashRow, result).map((row) => ({
    id: Number(row.id),
    code: row.code,
    name: row.name,
    barcode: row.barcode,
    stockUomId: Number(row.stock_uom_id),
    purchaseUomId: row.purchase_uom_id === null ? null : Number(row.purchase_uom_id),
    hasMoves: row.has_moves,
  }));
}

/** Whether anything refers to the product: stock moves or lines of store documents (drafts included). */
export async function isReferenced(db: Db, id: number): Promise<boolean> {
  const result = await db.execute(sql`
    SELECT EXISTS (SELECT 1 FROM stock_moves WHERE store_product_id = ${id})
      OR EXISTS (SELECT 1 FROM stock_bins WHERE store_product_id = ${id} AND qty_micro <> 0)
      OR EXISTS (SELECT 1 FROM receiving_lines WHERE store_product_id = ${id})
      OR EXISTS (SELECT 1 FROM issuance_lines WHERE store_product_id = ${id})
      OR EXISTS (SELECT 1 FROM stock_count_lines WHERE store_product_id = ${id}) AS used`);
  return rowsOf(z.object({ used: col.bool }), result)[0]?.used === true;
}
