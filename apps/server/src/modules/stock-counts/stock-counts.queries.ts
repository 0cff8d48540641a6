import {
  COUNT_REASONS,
  microToQty,
  minorToAmount,
  rateAmount,
  STOCK_COUNT_STATUSES,
  type StockCountDetail,
  type StockCountLine,
  type StockCountList,
  type StockCountRow,
  type StockCountStatus,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";

type Big = string | number | bigint;
const big = (value: Big | null): bigint | null => (value === null ? null : BigInt(value));

const HeaderRow = z.object({
  id: col.int,
  number: col.text.nullable(),
  location_id: col.int,
  location: col.text,
  business_date: col.date,
  snapshot_at: col.text,
  snapshot_move_id: col.int,
  status: z.enum(STOCK_COUNT_STATUSES),
  line_count: col.int,
  counted_count: col.int,
  diff_value: col.minor,
  voucher_id: col.int.nullable(),
  voucher_no: col.text.nullable(),
  posted_at: col.text.nullable(),
  total: col.int,
});
type HeaderRow = z.output<typeof HeaderRow>;

const LineRow = z.object({
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  stock_uom_id: col.int,
  stock_uom: col.text,
  book_qty_micro: col.minor,
  book_value_minor: col.minor,
  counted_qty_micro: col.minor.nullable(),
  counted_entered: col.numeric.nullable(),
  uom_id: col.int.nullable(),
  diff_qty_micro: col.minor.nullable(),
  diff_value_minor: col.minor.nullable(),
  reason: z.enum(COUNT_REASONS).nullable(),
});

const HEADER_SELECT = sql`
  select c.id, c.number, c.location_id, l.name as location, c.business_date::text as business_date,
    to_char(c.snapshot_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as snapshot_at, c.snapshot_move_id,
    c.status, c.voucher_id, v.voc_manual_number as voucher_no,
    to_char(c.posted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as posted_at,
    (select count(*) from stock_count_lines s where s.count_id = c.id) as line_count,
    (select count(*) from stock_count_lines s where s.count_id = c.id and s.counted_qty_micro is not null) as counted_count,
    (select coalesce(sum(s.diff_value_minor), 0)::text from stock_count_lines s where s.count_id = c.id) as diff_value,
    count(*) over () as total
  from stock_counts c
  join stock_locations l on l.id = c.location_id
  left join vouchers v on v.id = c.voucher_id`;

const header = (row: HeaderRow): StockCountRow => ({
  id: row.id,
  number: row.number,
  locationId: row.location_id,
  location: row.location,
  businessDate: row.business_date,
  snapshotAt: row.snapshot_at,
  status: row.status,
  lineCount: Number(row.line_count),
  countedCount: Number(row.counted_count),
  diffValue: minorToAmount(BigInt(row.diff_value)),
  voucherId: row.voucher_id,
  voucherNo: row.voucher_no,
  postedAt: row.posted_at,
});

export interface StockCountFilter {
  from?: string | undefined;
  to?: string | undefined;
  locationId?: number | undefined;
  status?: StockCountStatus | undefined;
  page: number;
  size: number;
}

export async function findStockCounts(db: Db, filter: StockCountFilter): Promise<StockCountList> {
  const where: SQL[] = [sql`true`];
  if (filter.from) where.push(sql`c.business_date >= ${filter.from}`);
  if (filter.to) where.push(sql`c.business_date <= ${filter.to}`);
  if (filter.locationId) where.push(sql`c.location_id = ${filter.locationId}`);
  if (filter.status) where.push(sql`c.status = ${filter.status}`);
  const rows = rowsOf(
    HeaderRow,
    await db.execute(sql`${HEADER_SELECT} where ${sql.join(where, sql` and `)}
      order by c.business_date desc, c.id desc limit ${filter.size} offset ${(filter.page - 1) * filter.size}`),
  );
  return { total: Number(rows[0]?.total ?? 0), page: filter.page, size: filter.size, rows: rows.map(header) };
}

/** A count with every line (product name order), or null. */
export async function findStockCount(db: Db, id: number): Promise<StockCountDetail | null> {
  const [row] = rowsOf(HeaderRow, await db.execute(sql`${HEADER_SELECT} where c.id = ${id}`));
  if (!row) return null;
  const lines = rowsOf(
    LineRow,
    await db.execute(sql`
      select s.store_product_id, p.code, p.name, p.stock_uom_id, u.symbol as stock_uom,
        s.book_qty_micro, s.book_value_minor, s.counted_qty_micro, s.counted_entered::text as counted_entered,
        s.uom_id, s.diff_qty_micro, s.diff_value_minor, s.reason
      from stock_count_lines s
      join store_products p on p.id = s.store_product_id
      join units u on u.uom_id = p.stock_uom_id
      where s.count_id = ${id}
      order by lower(p.name), p.id`),
  );
  return {
    ...header(row),
    snapshotMoveId: Number(row.snapshot_move_id),
    lines: lines.map((line): StockCountLine => {
      const bookQty = BigInt(line.book_qty_micro);
      const bookValue = BigInt(line.book_value_minor);
      const counted = big(line.counted_qty_micro);
      const diffQty = big(line.diff_qty_micro);
      const diffValue = big(line.diff_value_minor);
      return {
        storeProductId: line.store_product_id,
        code: line.code,
        name: line.name,
        stockUomId: line.stock_uom_id,
        stockUom: line.stock_uom,
        bookQty: microToQty(bookQty),
        bookValue: minorToAmount(bookValue),
        averageRate: bookQty > 0n ? rateAmount(bookValue, bookQty) : null,
        countedQty: counted === null ? null : microToQty(counted),
        countedEntered: line.counted_entered === null ? null : Number(line.counted_entered),
        uomId: line.uom_id,
        diffQty: diffQty === null ? null : microToQty(diffQty),
        diffValue: diffValue === null ? null : minorToAmount(diffValue),
        reason: line.reason,
      };
    }),
  };
}
