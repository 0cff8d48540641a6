import {
  INVENTORY_LEDGER_MESSAGES,
  type InventoryLedger,
  type InventoryLedgerRow,
  microToQty,
  minorToAmount,
  rateAmount,
  type StockBalance,
  type StockLocationRow,
  stockLocationRowSchema,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { addDays, addMonths, daysBetween, firstOfMonth } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";

export interface InventoryLedgerInput {
  storeProductId: number;
  locationId?: number | null | undefined;
  startDate: string;
  endDate: string;
  page: number;
  size: number;
  /** The company's time zone, for each move's time of day. */
  timeZone?: string;
}

const MoveRow = z.object({
  id: col.int,
  business_date: col.date,
  time: col.text,
  location_id: col.int,
  location: col.text,
  doc_type: col.text,
  doc_id: col.int,
  qty_micro: col.minor,
  value_minor: col.minor,
  voucher_id: col.int.nullable(),
  voucher_no: col.text.nullable(),
  iss_number: col.text.nullable(),
  iss_from_id: col.int.nullable(),
  iss_from: col.text.nullable(),
  iss_to: col.text.nullable(),
  issued_to: col.text.nullable(),
  grn_number: col.text.nullable(),
  vendor: col.text.nullable(),
  count_number: col.text.nullable(),
  reason: col.text.nullable(),
});
type MoveRow = z.output<typeof MoveRow>;
const HeaderRow = z.object({
  code: col.text,
  name: col.text,
  uom: col.text,
  location: col.text.nullable(),
  opening_qty: col.minor,
  opening_value: col.minor,
  in_qty: col.minor,
  out_qty: col.minor,
  in_value: col.minor,
  out_value: col.minor,
  total: col.int,
  before_qty: col.minor,
  before_value: col.minor,
});
const BalanceRow = z.object({
  id: col.int,
  code: col.text,
  name: col.text,
  group_name: col.text,
  stock_uom_id: col.int,
  uom: col.text,
  active: col.bool,
  location_id: col.int,
  location: col.text,
  qty: col.minor,
  value: col.minor,
});

/** What a move was, in words: "Issued to KITCHEN (Ali)", "Receiving from Fresh Farms", "Stock count". */
function describe(row: MoveRow): string {
  switch (row.doc_type) {
    case "opening":
      return "Opening stock";
    case "receiving":
      return `Receiving${row.vendor ? ` from ${row.vendor}` : ""}`;
    case "receiving_reversal":
      return `Reversal of receiving${row.vendor ? ` from ${row.vendor}` : ""}`;
    case "issue_out":
      return row.location_id === row.iss_from_id
        ? `Issued to ${row.iss_to ?? ""}${row.issued_to ? ` (${row.issued_to})` : ""}`
        : `Reversal of issuance: back to ${row.iss_from ?? ""}`;
    case "issue_in":
      return row.location_id === row.iss_from_id
        ? `Reversal of issuance: back from ${row.iss_to ?? ""}`
        : `Issued from ${row.iss_from ?? ""}${row.issued_to ? ` (${row.issued_to})` : ""}`;
    case "count":
      return `Stock count${row.reason ? ` (${row.reason.replace("_", " ")})` : ""}`;
    default:
      return row.doc_type.replace("_", " ");
  }
}

const docNumber = (row: MoveRow): string | null =>
  row.doc_type.startsWith("issue")
    ? row.iss_number
    : row.doc_type.startsWith("receiving")
      ? row.grn_number
      : row.doc_type === "count"
        ? row.count_number
        : null;

/**
 * One store product's ledger at one location or all of them: the opening balance before the start
 * date from the monthly and daily totals, a page of moves in (business date, move id) order with
 * the running balance, and the period's totals and closing balance. Reads the moves through
 * stock_moves_ledger_idx (store_product_id, location_id, business_date, id).
 */
export async function inventoryLedger(db: Db, input: InventoryLedgerInput): Promise<InventoryLedger> {
  const locationId = input.locationId ?? null;
  const atLocation = (column: string) =>
    locationId ? sql`and ${sql.identifier(column)}.location_id = ${locationId}` : sql``;
  const product = sql`${input.storeProductId}::int`;
  const monthStart = firstOfMonth(input.startDate);
  // The period's totals: whole months from the monthly table, the days at either end from the daily one.
  const fullStart = input.startDate === monthStart ? monthStart : addMonths(monthStart, 1);
  const fullEnd = firstOfMonth(addDays(input.endDate, 1));
  const period =
    fullStart < fullEnd
      ? sql`select in_qty_micro, out_qty_micro, in_value_minor, out_value_minor from stock_monthly sm
            where sm.store_product_id = ${product} ${atLocation("sm")} and sm.month >= ${fullStart} and sm.month < ${fullEnd}
            union all
            select in_qty_micro, out_qty_micro, in_value_minor, out_value_minor from stock_daily sd
            where sd.store_product_id = ${product} ${atLocation("sd")} and sd.day between ${input.startDate} and ${input.endDate}
              and (sd.day < ${fullStart} or sd.day >= ${fullEnd})`
      : sql`select in_qty_micro, out_qty_micro, in_value_minor, out_value_minor from stock_daily sd
            where sd.store_product_id = ${product} ${atLocation("sd")} and sd.day between ${input.startDate} and ${input.endDate}`;
  const inPeriod = sql`m.store_product_id = ${product} ${atLocation("m")}
    and m.business_date between ${input.startDate} and ${input.endDate}`;
  // With one location the order is the ledger index's own (product, location, date, id), so the page is read from it.
  const ledgerOrder = locationId
    ? sql`m.store_product_id, m.location_id, m.business_date, m.id`
    : sql`m.business_date, m.id`;
  const offset = (input.page - 1) * input.size;
  // One round trip for the header: the product, the location, the opening, the period, the count and
  // what the pages before this one moved (the running balance starts from it).
  const [header] = rowsOf(
    HeaderRow,
    await db.execute(sql`
      select p.code, p.name, u.symbol as uom,
        ${locationId ? sql`(select name from stock_locations where id = ${locationId})` : sql`'All locations'`} as location,
        o.qty as opening_qty, o.value as opening_value,
        t.in_qty, t.out_qty, t.in_value, t.out_value,
        (select count(*) from stock_moves m where ${inPeriod}) as total,
        b.qty as before_qty, b.value as before_value
      from store_products p
      join units u on u.uom_id = p.stock_uom_id
      cross join lateral (
        select coalesce(sum(q), 0)::text as qty, coalesce(sum(v), 0)::text as value from (
          select in_qty_micro - out_qty_micro as q, in_value_minor - out_value_minor as v
          from stock_monthly sm where sm.store_product_id = ${product} ${atLocation("sm")} and sm.month < ${monthStart}
          union all
          select in_qty_micro - out_qty_micro, in_value_minor - out_value_minor
          from stock_daily sd where sd.store_product_id = ${product} ${atLocation("sd")}
            and sd.day >= ${monthStart} and sd.day < ${input.startDate}
        ) parts
      ) o
      cross join lateral (
        select coalesce(sum(in_qty_micro), 0)::text as in_qty, coalesce(sum(out_qty_micro), 0)::text as out_qty,
          coalesce(sum(in_value_minor), 0)::text as in_value, coalesce(sum(out_value_minor), 0)::text as out_value
        from (${period}) totals
      ) t
      cross join lateral (
        select coalesce(sum(qty_micro), 0)::text as qty, coalesce(sum(value_minor), 0)::text as value from (
          select m.qty_micro, m.value_minor from stock_moves m where ${inPeriod}
          order by ${ledgerOrder} limit ${offset}) earlier
      ) b
      where p.id = ${product}`),
  );
  if (!header) throw new AppError("NOT_FOUND", INVENTORY_LEDGER_MESSAGES.noSuchProduct);
  if (header.location === null)
    throw new AppError("VALIDATION", INVENTORY_LEDGER_MESSAGES.location, [
      { field: "locationId", message: INVENTORY_LEDGER_MESSAGES.location },
    ]);
  const rows = rowsOf(
    MoveRow,
    await db.execute(sql`
      with page as (
        select m.* from stock_moves m where ${inPeriod}
        order by ${ledgerOrder} limit ${input.size} offset ${offset}
      )
      select page.id, page.business_date::text as business_date,
        to_char(page.posted_at at time zone ${input.timeZone ?? "UTC"}, 'HH24:MI') as time,
        page.location_id, l.name as location, page.doc_type, page.doc_id, page.qty_micro, page.value_minor,
        page.voucher_id, v.voc_manual_number as voucher_no,
        i.number as iss_number, i.from_location_id as iss_from_id, fl.name as iss_from, tl.name as iss_to,
        i.issued_to, r.number as grn_number, vn.name as vendor, c.number as count_number, cl.reason
      from page
      join stock_locations l on l.id = page.location_id
      left join vouchers v on v.id = page.voucher_id
      left join issuances i on page.doc_type in ('issue_out', 'issue_in') and i.id = page.doc_id
      left join stock_locations fl on fl.id = i.from_location_id
      left join stock_locations tl on tl.id = i.to_location_id
      left join receivings r on page.doc_type in ('receiving', 'receiving_reversal') and r.id = page.doc_id
      left join vendors vn on vn.id = r.vendor_id
      left join stock_counts c on page.doc_type = 'count' and c.id = page.doc_id
      left join stock_count_lines cl on page.doc_type = 'count' and cl.move_id = page.id
      order by page.business_date, page.id`),
  );

  const openingQty = header.opening_qty;
  const openingValue = header.opening_value;
  let balanceQty = openingQty + header.before_qty;
  let balanceValue = openingValue + header.before_value;
  const ledgerRows: InventoryLedgerRow[] = rows.map((row) => {
    const qty = BigInt(row.qty_micro);
    const value = BigInt(row.value_minor);
    balanceQty += qty;
    balanceValue += value;
    return {
      moveId: Number(row.id),
      businessDate: row.business_date,
      time: row.time,
      locationId: row.location_id,
      location: row.location,
      docType: row.doc_type,
      docId: row.doc_id,
      docNumber: docNumber(row),
      description: describe(row),
      inQty: qty > 0n ? microToQty(qty) : 0,
      outQty: qty < 0n ? microToQty(-qty) : 0,
      rate: rateAmount(value, qty),
      valueIn: qty > 0n ? minorToAmount(value) : 0,
      valueOut: qty < 0n ? minorToAmount(-value) : 0,
      balanceQty: microToQty(balanceQty),
      balanceValue: minorToAmount(balanceValue),
      voucherId: row.voucher_id,
      voucherNo: row.voucher_no,
    };
  });
  const inQty = header.in_qty;
  const outQty = header.out_qty;
  const valueIn = header.in_value;
  const valueOut = header.out_value;
  return {
    storeProductId: input.storeProductId,
    code: header.code,
    name: header.name,
    stockUom: header.uom,
    locationId,
    location: header.location,
    startDate: input.startDate,
    endDate: input.endDate,
    openingQty: microToQty(openingQty),
    openingValue: minorToAmount(openingValue),
    inQty: microToQty(inQty),
    outQty: microToQty(outQty),
    valueIn: minorToAmount(valueIn),
    valueOut: minorToAmount(valueOut),
    closingQty: microToQty(openingQty + inQty - outQty),
    closingValue: minorToAmount(openingValue + valueIn - valueOut),
    total: header.total,
    page: input.page,
    size: input.size,
    rows: ledgerRows,
  };
}

/** Days with stock totals: the first and the last. */
const SpanRow = z.object({ first: col.date.nullable(), last: col.date.nullable() });

/**
 * What each product holds at each active location (or one) at the end of `asOf`. Lists every
 * active product, and an inactive one that still holds something. Two equal ways, the cheaper one
 * chosen by how far `asOf` is from either end of the data: forward, the monthly totals before
 * asOf's month plus its days up to asOf; backward, the bins (what is held now) minus the months
 * after asOf's month and its days after asOf. A recent date (the usual question) reads a few days.
 */
export async function stockBalances(
  db: Db,
  input: { locationId?: number | null; asOf: string },
  direction?: "forward" | "backward",
): Promise<StockBalance> {
  const locationId = input.locationId ?? null;
  const monthStart = firstOfMonth(input.asOf);
  const nextMonth = addMonths(monthStart, 1);
  const only = (alias: string) => (locationId ? sql`and ${sql.identifier(alias)}.location_id = ${locationId}` : sql``);
  let way = direction;
  if (!way) {
    const [span] = rowsOf(
      SpanRow,
      await db.execute(sql`select min(day)::text as first, max(day)::text as last from stock_daily`),
    );
    way =
      span?.first && span.last && daysBetween(input.asOf, span.last) < daysBetween(span.first, input.asOf)
        ? "backward"
        : "forward";
  }
  const moved = (sign: "forward" | "backward") =>
    sign === "forward"
      ? sql`select store_product_id, location_id, in_qty_micro - out_qty_micro as q, in_value_minor - out_value_minor as v
          from stock_monthly sm where sm.month < ${monthStart} ${only("sm")}
          union all
          select store_product_id, location_id, in_qty_micro - out_qty_micro, in_value_minor - out_value_minor
          from stock_daily sd where sd.day >= ${monthStart} and sd.day <= ${input.asOf} ${only("sd")}`
      : sql`select store_product_id, location_id, in_qty_micro - out_qty_micro as q, in_value_minor - out_value_minor as v
          from stock_monthly sm where sm.month >= ${nextMonth} ${only("sm")}
          union all
          select store_product_id, location_id, in_qty_micro - out_qty_micro, in_value_minor - out_value_minor
          from stock_daily sd where sd.day > ${input.asOf} and sd.day < ${nextMonth} ${only("sd")}`;
  const held =
    way === "forward"
      ? { qty: sql`coalesce(t.qty, 0)`, value: sql`coalesce(t.value, 0)`, bins: sql`` }
      : {
          qty: sql`coalesce(b.qty_micro, 0) - coalesce(t.qty, 0)`,
          value: sql`coalesce(b.value_minor, 0) - coalesce(t.value, 0)`,
          bins: sql`left join stock_bins b on b.store_product_id = p.id and b.location_id = l.id`,
        };
  const rows = rowsOf(
    BalanceRow,
    await db.execute(sql`
      with totals as (
        select store_product_id, location_id, sum(q) as qty, sum(v) as value from (${moved(way)}) parts
        group by store_product_id, location_id
      )
      select p.id, p.code, p.name, p.group_name, p.stock_uom_id, u.symbol as uom, p.active,
        l.id as location_id, l.name as location, (${held.qty})::text as qty, (${held.value})::text as value
      from store_products p
      join units u on u.uom_id = p.stock_uom_id
      cross join stock_locations l
      ${held.bins}
      left join totals t on t.store_product_id = p.id and t.location_id = l.id
      where l.active ${locationId ? sql`and l.id = ${locationId}` : sql``}
        and (p.active or ${held.qty} <> 0 or ${held.value} <> 0)
      order by lower(p.name), l.id`),
  );
  const total = rows.reduce((sum, row) => sum + BigInt(row.value), 0n);
  return {
    asOf: input.asOf,
    locationId,
    totalValue: minorToAmount(total),
    rows: rows.map((row) => {
      const qty = BigInt(row.qty);
      const value = BigInt(row.value);
      return {
        storeProductId: row.id,
        code: row.code,
        name: row.name,
        groupName: row.group_name,
        stockUomId: row.stock_uom_id,
        stockUom: row.uom,
        active: row.active,
        locationId: row.location_id,
        location: row.location,
        qty: microToQty(qty),
        value: minorToAmount(value),
        averageRate: qty > 0n ? rateAmount(value, qty) : null,
      };
    }),
  };
}

export async function activeLocations(db: Db): Promise<StockLocationRow[]> {
  return rowsOf(
    stockLocationRowSchema,
    await db.execute(sql`select id, code, name, kind from stock_locations where active order by id`),
  );
}
