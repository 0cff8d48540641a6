import {
  ISSUANCE_STATUSES,
  type IssuanceDetail,
  type IssuanceLine,
  type IssuanceList,
  type IssuanceReport,
  type IssuanceRow,
  type IssuanceStatus,
  microToQty,
  minorToAmount,
  rateAmount,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, intArray, rowsOf } from "../../lib/sql";

const HeaderRow = z.object({
  id: col.int,
  number: col.text.nullable(),
  business_date: col.date,
  from_location_id: col.int,
  from_location: col.text,
  to_location_id: col.int,
  to_location: col.text,
  issued_to: col.text,
  notes: col.text,
  status: z.enum(ISSUANCE_STATUSES),
  value_minor: col.minor,
  voucher_id: col.int.nullable(),
  voucher_no: col.text.nullable(),
  reversal_voucher_id: col.int.nullable(),
  reversal_voucher_no: col.text.nullable(),
  posted_at: col.text.nullable(),
  line_count: col.int,
  total: col.int,
});
type HeaderRow = z.output<typeof HeaderRow>;

const LineRow = z.object({
  issuance_id: col.int,
  line_no: col.int,
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  uom_id: col.int,
  uom: col.text,
  qty_entered: col.numeric,
  qty_micro: col.minor,
  stock_uom: col.text,
  value_minor: col.minor.nullable(),
});
type LineRow = z.output<typeof LineRow>;

const ProductSumRow = z.object({
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  uom: col.text,
  qty: col.minor,
  value: col.minor,
});

const header = (row: HeaderRow): IssuanceRow => ({
  id: row.id,
  number: row.number,
  businessDate: row.business_date,
  fromLocationId: row.from_location_id,
  fromLocation: row.from_location,
  toLocationId: row.to_location_id,
  toLocation: row.to_location,
  issuedTo: row.issued_to,
  notes: row.notes,
  status: row.status,
  lineCount: Number(row.line_count),
  value: minorToAmount(BigInt(row.value_minor)),
  voucherId: row.voucher_id,
  voucherNo: row.voucher_no,
  reversalVoucherId: row.reversal_voucher_id,
  reversalVoucherNo: row.reversal_voucher_no,
  postedAt: row.posted_at,
});

const line = (row: LineRow): IssuanceLine => {
  const qtyMicro = BigInt(row.qty_micro);
  const value = row.value_minor === null ? null : BigInt(row.value_minor);
  return {
    lineNo: row.line_no,
    storeProductId: row.store_product_id,
    code: row.code,
    name: row.name,
    uomId: row.uom_id,
    uom: row.uom,
    qty: Number(row.qty_entered),
    stockQty: microToQty(qtyMicro),
    stockUom: row.stock_uom,
    value: value === null ? null : minorToAmount(value),
    rate: value === null ? null : rateAmount(value, qtyMicro),
  };
};

const HEADER_SELECT = sql`
  select i.id, i.number, i.business_date::text as business_date,
    i.from_location_id, fl.name as from_location, i.to_location_id, tl.name as to_location,
    i.issued_to, i.notes, i.status, i.value_minor,
    i.voucher_id, v.voc_manual_number as voucher_no,
    i.reversal_voucher_id, rv.voc_manual_number as reversal_voucher_no,
    to_char(i.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as posted_at,
    (select count(*) from issuance_lines l where l.issuance_id = i.id) as line_count,
    count(*) over () as total
  from issuances i
  join stock_locations fl on fl.id = i.from_location_id
  join stock_locations tl on tl.id = i.to_location_id
  left join vouchers v on v.id = i.voucher_id
  left join vouchers rv on rv.id = i.reversal_voucher_id`;

async function linesFor(db: Db, ids: readonly number[]): Promise<Map<number, IssuanceLine[]>> {
  const byIssuance = new Map<number, IssuanceLine[]>();
  if (ids.length === 0) return byIssuance;
  const rows = rowsOf(
    LineRow,
    await db.execute(sql`
      select l.issuance_id, l.line_no, l.store_product_id, p.code, p.name, l.uom_id, u.symbol as uom,
        l.qty_entered::text as qty_entered, l.qty_micro, su.symbol as stock_uom, l.value_minor
      from issuance_lines l
      join store_products p on p.id = l.store_product_id
      join units u on u.uom_id = l.uom_id
      join units su on su.uom_id = p.stock_uom_id
      where l.issuance_id = any(${intArray(ids)})
      order by l.issuance_id, l.line_no`),
  );
  for (const row of rows) {
    const list = byIssuance.get(row.issuance_id) ?? [];
    list.push(line(row));
    byIssuance.set(row.issuance_id, list);
  }
  return byIssuance;
}

export interface IssuanceFilter {
  from?: string | undefined;
  to?: string | undefined;
  locationId?: number | undefined;
  status?: IssuanceStatus | undefined;
  storeProductId?: number | undefined;
  page: number;
  size: number;
}

/** A page of issuances, newest first, each with its lines. */
export async function findIssuances(db: Db, filter: IssuanceFilter): Promise<IssuanceList> {
  const where: SQL[] = [sql`true`];
  if (filter.from) where.push(sql`i.business_date >= ${filter.from}`);
  if (filter.to) where.push(sql`i.business_date <= ${filter.to}`);
  if (filter.locationId)
    where.push(sql`(i.from_location_id = ${filter.locationId} or i.to_location_id = ${filter.locationId})`);
  if (filter.status) where.push(sql`i.status = ${filter.status}`);
  if (filter.storeProductId)
    where.push(
      sql`exists (select 1 from issuance_lines f where f.issuance_id = i.id and f.store_product_id = ${filter.storeProductId})`,
    );
  const rows = rowsOf(
    HeaderRow,
    await db.execute(sql`${HEADER_SELECT} where ${sql.join(where, sql` and `)}
      order by i.business_date desc, i.id desc
      limit ${filter.size} offset ${(filter.page - 1) * filter.size}`),
  );
  const lines = await linesFor(
    db,
    rows.map((row) => row.id),
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    page: filter.page,
    size: filter.size,
    rows: rows.map((row) => ({ ...header(row), lines: lines.get(row.id) ?? [] })),
  };
}

/** One issuance with its lines, by id or by number (ISS-2026-00001, any letter case); null when missing. */
export async function findIssuance(db: Db, key: { id: number } | { number: string }): Promise<IssuanceDetail | null> {
  const where = "id" in key ? sql`i.id = ${key.id}` : sql`upper(i.number) = upper(${key.number})`;
  const [row] = rowsOf(HeaderRow, await db.execute(sql`${HEADER_SELECT} where ${where}`));
  if (!row) return null;
  const lines = await linesFor(db, [row.id]);
  return { ...header(row), lines: lines.get(row.id) ?? [] };
}

/**
 * Posted issuances dated in the period (touching `locationId` when given): a summary per product
 * (quantity in its stock unit, value, average rate) and one row per issuance, with the total value.
 * Reversed issuances are left out: they moved nothing in the end.
 */
export async function issuanceReport(
  db: Db,
  input: { startDate: string; endDate: string; locationId: number | null },
): Promise<IssuanceReport> {
  const where = sql`i.status = 'posted' and i.business_date between ${input.startDate} and ${input.endDate}
    ${input.locationId ? sql`and (i.from_location_id = ${input.locationId} or i.to_location_id = ${input.locationId})` : sql``}`;
  const products = rowsOf(
    ProductSumRow,
    await db.execute(sql`
      select l.store_product_id, p.code, p.name, su.symbol as uom,
        sum(l.qty_micro)::text as qty, sum(coalesce(l.value_minor, 0))::text as value
      from issuance_lines l
      join issuances i on i.id = l.issuance_id
      join store_products p on p.id = l.store_product_id
      join units su on su.uom_id = p.stock_uom_id
      where ${where}
      group by l.store_product_id, p.code, p.name, su.symbol
      order by p.name`),
  );
  const issued = rowsOf(
    HeaderRow,
    await db.execute(sql`${HEADER_SELECT} where ${where} order by i.business_date, i.id`),
  );
  const totalValue = issued.reduce((sum, row) => sum + BigInt(row.value_minor), 0n);
  return {
    startDate: input.startDate,
    endDate: input.endDate,
    locationId: input.locationId,
    products: products.map((row) => {
      const qty = BigInt(row.qty);
      const value = BigInt(row.value);
      return {
        storeProductId: row.store_product_id,
        code: row.code,
        name: row.name,
        uom: row.uom,
        qty: microToQty(qty),
        value: minorToAmount(value),
        averageRate: rateAmount(value, qty),
      };
    }),
    issuances: issued.map((row) => ({
      id: row.id,
      number: row.number ?? "",
      businessDate: row.business_date,
      fromLocation: row.from_location,
      toLocation: row.to_location,
      issuedTo: row.issued_to,
      lineCount: Number(row.line_count),
      value: minorToAmount(BigInt(row.value_minor)),
      voucherNo: row.voucher_no,
    })),
    totalValue: minorToAmount(totalValue),
  };
}

export async function findLocationName(db: Db, id: number): Promise<string | null> {
  const [row] = rowsOf(
    z.object({ name: col.text }),
    await db.execute(sql`select name from stock_locations where id = ${id}`),
  );
  return row?.name ?? null;
}
