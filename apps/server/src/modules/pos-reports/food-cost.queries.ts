import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { firstOfMonth } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { REVENUE_LINES, SOLD } from "../pos-days/index";
import type { SalesRange } from "./pos-reports.queries";

/**
 * The food cost report's reads. Every stock move kind falls in exactly one bucket, so opening +
 * received - theoretical - waste + counted = closing holds for every product.
 */
const RECEIVED = sql.raw(`('opening', 'receiving', 'receiving_reversal', 'issue_in', 'issue_out')`);
const SOLD_MOVES = sql.raw(`('pos_sale', 'pos_refund', 'sale', 'sale_return')`);
const WASTE_MOVES = sql.raw(`('pos_waste', 'waste')`);

const FoodCostRow = z.object({
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  unit: col.text,
  opening_qty: col.minor,
  opening_value: col.minor,
  received_qty: col.minor,
  received_value: col.minor,
  sold_qty: col.minor,
  sold_value: col.minor,
  waste_qty: col.minor,
  waste_value: col.minor,
  counted_qty: col.minor,
  counted_value: col.minor,
});
export type FoodCostFigure = z.output<typeof FoodCostRow>;

/**
 * Per store product at the locations: the opening balance before the start date (whole months
 * from stock_monthly, the days of the start's month from stock_daily) and the period's moves by
 * bucket, signed as they moved the bin. Products with neither an opening balance nor a move in the
 * period are left out.
 */
export async function foodCostByProduct(
  db: Db,
  range: SalesRange,
  locationIds: readonly number[],
): Promise<FoodCostFigure[]> {
  const monthStart = firstOfMonth(range.startDate);
  const locations = sql`(${sql.join(
    locationIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
  const moved = (kinds: ReturnType<typeof sql.raw>, what: "qty_micro" | "value_minor") =>
    sql`coalesce(sum(m.${sql.raw(what)}) filter (where m.doc_type in ${kinds}), 0)`;
  return rowsOf(
    FoodCostRow,
    await db.execute(sql`
      with opening as (
        select store_product_id, sum(in_qty_micro - out_qty_micro) as qty, sum(in_value_minor - out_value_minor) as value
        from (
          select store_product_id, in_qty_micro, out_qty_micro, in_value_minor, out_value_minor from stock_monthly
          where location_id in ${locations} and month < ${monthStart}::date
          union all
          select store_product_id, in_qty_micro, out_qty_micro, in_value_minor, out_value_minor from stock_daily
          where location_id in ${locations} and day >= ${monthStart}::date and day < ${range.startDate}::date
        ) totals
        group by store_product_id
      ), period as (
        select m.store_product_id,
          ${moved(RECEIVED, "qty_micro")} as received_qty, ${moved(RECEIVED, "value_minor")} as received_value,
          ${moved(SOLD_MOVES, "qty_micro")} as sold_qty, ${moved(SOLD_MOVES, "value_minor")} as sold_value,
          ${moved(WASTE_MOVES, "qty_micro")} as waste_qty, ${moved(WASTE_MOVES, "value_minor")} as waste_value,
          coalesce(sum(m.qty_micro) filter (where m.doc_type not in ${RECEIVED} and m.doc_type not in ${SOLD_MOVES}
            and m.doc_type not in ${WASTE_MOVES}), 0) as counted_qty,
          coalesce(sum(m.value_minor) filter (where m.doc_type not in ${RECEIVED} and m.doc_type not in ${SOLD_MOVES}
            and m.doc_type not in ${WASTE_MOVES}), 0) as counted_value
        from stock_moves m
        where m.location_id in ${locations} and m.business_date between ${range.startDate}::date and ${range.endDate}::date
        group by m.store_product_id
      )
      select p.id as store_product_id, p.code, p.name, coalesce(u.uom_name, '') as unit,
        coalesce(o.qty, 0) as opening_qty, coalesce(o.value, 0) as opening_value,
        coalesce(t.received_qty, 0) as received_qty, coalesce(t.received_value, 0) as received_value,
        coalesce(t.sold_qty, 0) as sold_qty, coalesce(t.sold_value, 0) as sold_value,
        coalesce(t.waste_qty, 0) as waste_qty, coalesce(t.waste_value, 0) as waste_value,
        coalesce(t.counted_qty, 0) as counted_qty, coalesce(t.counted_value, 0) as counted_value
      from store_products p
      left join opening o on o.store_product_id = p.id
      left join period t on t.store_product_id = p.id
      left join units u on u.uom_id = p.stock_uom_id
      where t.store_product_id is not null or coalesce(o.qty, 0) <> 0 or coalesce(o.value, 0) <> 0
      order by p.name`),
  );
}

const LocationRow = z.object({ id: col.int, name: col.text });

/** The Kitchen locations (kind kitchen) of the outlet, or the one chosen. */
export async function foodCostLocations(db: Db, locationId: number | null): Promise<z.output<typeof LocationRow>[]> {
  return rowsOf(
    LocationRow,
    await db.execute(sql`
      select id, name from stock_locations
      where ${locationId === null ? sql`kind = 'kitchen' and active` : sql`id = ${locationId}`}
      order by id`),
  );
}

const NetRow = z.object({ net: col.minor });

/** Net sales of the business days in the range: Day Close's SOLD orders and REVENUE_LINES, as the sales report. */
export async function netSales(db: Db, range: SalesRange): Promise<bigint> {
  const [row] = rowsOf(
    NetRow,
    await db.execute(sql`
      select coalesce(sum(l.net_minor), 0) as net
      from pos_order_lines l join pos_orders o on o.id = l.order_id
      where o.business_day_id in (select d.id from business_days d
          where d.business_date between ${range.startDate}::date and ${range.endDate}::date)
        and ${SOLD} and ${REVENUE_LINES}`),
  );
  return row?.net ?? 0n;
}
