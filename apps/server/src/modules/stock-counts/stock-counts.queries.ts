import {
  type CountReason,
  microToQty,
  minorToAmount,
  rateAmount,
  type StockCountDetail,
  type StockCountLine,
  type StockCountList,
  type StockCountRow,
  type StockCountStatus,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../lib/sql";

type Big = string | number | bigint;
const big = (value: Big | null): bigint | null => (value === null ? null : BigInt(value));

interface HeaderRow {
  id: number;
  number: string | null;
  location_id: number;
  location: string;
  business_date: string;
  snapshot_at: string;
  snapshot_move_id: Big;
  status: StockCountStatus;
  line_count: Big;
  counted_count: Big;
  diff_value: Big;
  voucher_id: number | null;
  voucher_no: string | null;
  posted_at: string | null;
  total: Big;
}

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
  const rows = rowsOf<HeaderRow>(
    await db.execute(sql`${HEADER_SELECT} where ${sql.join(where, sql` and `)}
      order by c.business_date desc, c.id desc limit ${filter.size} offset ${(filter.page - 1) * filter.size}`),
  );
  return { total: Number(rows[0]?.total ?? 0), page: filter.page, size: filter.size, rows: rows.map(header) };
}

/** A count with every line (product name order), or null. */
export async function findStockCount(db: Db, id: number): Promise<StockCountDetail | null> {
  const [row] = rowsOf<HeaderRow>(await db.execute(sql`${HEADER_SELECT} where c.id = ${id}`));
  if (!row) return null;
  const lines = rowsOf<{
    store_product_id: number;
    code: string;
    name: string;
    stock_uom_id: number;
    stock_uom: string;
    book_qty_micro: Big;
    book_value_minor: Big;
    counted_qty_micro: Big | null;
    counted_entered: string | null;
    uom_id: number | null;
    diff_qty_micro: Big | null;
    diff_value_minor: Big | null;
    reason: CountReason | null;
  }>(
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
