import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";
import { REVENUE_LINES, SOLD } from "../pos-days/index";

/**
 * The sales report's reads: one GROUP BY with a grand-total grouping set, over the orders of the
 * business days in the range that Day Close books (its `SOLD` orders). Line groupings count its
 * `REVENUE_LINES` (voided lines out, a deal's revenue by its parts), as its category figures do;
 * order groupings its order totals. The total row (`total_row`) counts each order once.
 */
export interface SalesRange {
  startDate: string;
  endDate: string;
}

const inRange = (range: SalesRange) =>
  sql`o.business_day_id in (select d.id from business_days d where d.business_date between ${range.startDate}::date and ${range.endDate}::date)
      and ${SOLD}`;

const counts = sql.raw(`count(distinct o.id) filter (where o.status = 'paid')::int as orders,
  count(distinct o.id) filter (where o.status = 'refund')::int as refunds`);

const LineRow = z.object({
  total_row: col.bool,
  key: col.text.nullable(),
  label: col.text.nullable(),
  orders: col.int,
  refunds: col.int,
  qty: col.minor,
  gross: col.minor,
  net: col.minor,
});
export type LineFigure = z.output<typeof LineRow>;

const LINE_KEYS: Record<"item" | "category", { key: SQL; label: SQL }> = {
  item: {
    key: sql.raw(
      `coalesce(l.variant_id::text, '') || '|' || l.name_snapshot || '|' || coalesce(l.size_name, '') || '|' || coalesce(l.flavour_name, '')`,
    ),
    label: sql.raw(
      `l.name_snapshot || coalesce(' ' || nullif(l.size_name, ''), '') || coalesce(' ' || nullif(l.flavour_name, ''), '')`,
    ),
  },
  category: {
    key: sql.raw(`coalesce(l.category_id::text, '')`),
    label: sql.raw(`coalesce(c.name, 'No category')`),
  },
};

/** Sold portions and revenue by menu item (as named when sold) or by category, best sellers first. */
export async function salesByLines(db: Db, range: SalesRange, by: "item" | "category"): Promise<LineFigure[]> {
  const { key, label } = LINE_KEYS[by];
  return rowsOf(
    LineRow,
    await db.execute(sql`
      select grouping(${key}) = 1 as total_row, ${key} as key, min(${label}) as label, ${counts},
        coalesce(sum(l.qty_micro - l.voided_qty_micro), 0) as qty, coalesce(sum(l.gross_minor), 0) as gross,
        coalesce(sum(l.net_minor), 0) as net
      from pos_order_lines l join pos_orders o on o.id = l.order_id
      left join menu_categories c on c.id = l.category_id
      where ${inRange(range)} and ${REVENUE_LINES}
      group by grouping sets ((${key}), ())
      order by total_row, net desc, label`),
  );
}

const OrderRow = z.object({
  total_row: col.bool,
  key: col.text.nullable(),
  label: col.text.nullable(),
  orders: col.int,
  refunds: col.int,
  subtotal: col.minor,
  discount: col.minor,
  service: col.minor,
  tax: col.minor,
  total: col.minor,
});
export type OrderFigure = z.output<typeof OrderRow>;

const ORDER_KEYS = (timeZone: string): Record<"hour" | "counter" | "cashier", { key: SQL; label: SQL; sort: SQL }> => {
  const hour = sql`extract(hour from coalesce(o.paid_at, o.opened_at) at time zone ${timeZone})::int`;
  return {
    hour: {
      key: sql`lpad(${hour}::text, 2, '0')`,
      label: sql`lpad(${hour}::text, 2, '0') || ':00-' || lpad(((${hour} + 1) % 24)::text, 2, '0') || ':00'`,
      sort: sql`key`,
    },
    counter: {
      key: sql.raw(`coalesce(o.counter_id::text, '')`),
      label: sql.raw(`coalesce(pc.code || ' ' || pc.name, 'No counter')`),
      sort: sql`label`,
    },
    cashier: {
      key: sql.raw(`coalesce(s.cashier_id::text, '')`),
      label: sql.raw(`coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name, 'No session')`),
      sort: sql`net desc, label`,
    },
  };
};

/** Order totals by hour of payment (in the company's time zone), by counter, or by the session's cashier. */
export async function salesByOrders(
  db: Db,
  range: SalesRange,
  by: "hour" | "counter" | "cashier",
  timeZone: string,
): Promise<OrderFigure[]> {
  const { key, label, sort } = ORDER_KEYS(timeZone)[by];
  // Each order's key is worked out first: grouping by an expression with a bound parameter (the time
  // zone) would not match the same expression in the select list.
  return rowsOf(
    OrderRow,
    await db.execute(sql`
      select total_row, key, label, orders, refunds, subtotal, discount, service, tax, total,
        subtotal - discount as net
      from (
        select grouping(x.k) = 1 as total_row, x.k as key, min(x.lbl) as label,
          count(*) filter (where x.status = 'paid')::int as orders,
          count(*) filter (where x.status = 'refund')::int as refunds,
          coalesce(sum(x.subtotal_minor), 0) as subtotal, coalesce(sum(x.discount_minor), 0) as discount,
          coalesce(sum(x.service_charge_minor), 0) as service, coalesce(sum(x.tax_minor), 0) as tax,
          coalesce(sum(x.total_minor), 0) as total
        from (
          select o.status, o.subtotal_minor, o.discount_minor, o.service_charge_minor, o.tax_minor, o.total_minor,
            ${key} as k, ${label} as lbl
          from pos_orders o
          left join pos_counters pc on pc.id = o.counter_id
          left join pos_sessions s on s.id = o.session_id left join users u on u.id = s.cashier_id
          where ${inRange(range)}
        ) x
        group by grouping sets ((x.k), ())
      ) figures
      order by total_row, ${sort}`),
  );
}

const WasteRow = z.object({
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  unit: col.text,
  location: col.text,
  qty: col.minor,
  value: col.minor,
  moves: col.int,
});
export type WasteFigure = z.output<typeof WasteRow>;

/** Waste moves by store product and location, the costliest first (their quantities and values made positive). */
export async function wasteByProduct(db: Db, range: SalesRange): Promise<WasteFigure[]> {
  return rowsOf(
    WasteRow,
    await db.execute(sql`
      select m.store_product_id, p.code, p.name, coalesce(u.uom_name, '') as unit, l.name as location,
        -sum(m.qty_micro) as qty, -sum(m.value_minor) as value, count(*)::int as moves
      from stock_moves m
      join store_products p on p.id = m.store_product_id
      join stock_locations l on l.id = m.location_id
      left join units u on u.uom_id = p.stock_uom_id
      where m.doc_type in ('pos_waste', 'waste')
        and m.business_date between ${range.startDate}::date and ${range.endDate}::date
      group by m.store_product_id, p.code, p.name, u.uom_name, l.name
      order by value desc, p.name, l.name`),
  );
}
