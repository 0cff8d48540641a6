import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";
import { NO_SALE_ACTION } from "../pos-cash/index";

/**
 * The day's figures as set-based reads (one GROUP BY each, whatever the number of orders): the
 * order totals, lines by category and tax class, payments by session and method, cash moves, and
 * the stock moves Day Close posts to COGS. A scope is the whole day (Z report, Day Close) or one
 * counter session (X report).
 */
export interface FigureScope {
  dayId: number;
  businessDate: string;
  /** One session's figures only (its orders, its payments and cash moves). */
  sessionId?: number;
}

/** An instant as ISO text (UTC), the same on PGlite and PostgreSQL. */
export const isoOf = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A user's name as people see it: first and last name, else the user name. */
export const nameOf = (alias: string) =>
  sql.raw(`coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.user_name)`);
/** An order as people call it: its invoice number, or its token before it has one. */
export const orderLabel = sql.raw(`coalesce(o.number, '#' || o.token)`);

const ordersOf = (scope: FigureScope) =>
  scope.sessionId === undefined
    ? sql`o.business_day_id = ${scope.dayId}`
    : sql`o.business_day_id = ${scope.dayId} and o.session_id = ${scope.sessionId}`;
/** Orders whose money counts: paid sales and refunds (refunds carry negative amounts). */
export const SOLD = sql.raw(`o.status in ('paid', 'refund')`);
/**
 * Lines whose revenue counts, of those orders: not voided, and a deal by its parts (its header line,
 * which carries the price and the tax, is left out; `taxByClass` takes the header instead).
 */
export const REVENUE_LINES = sql.raw(
  `l.status <> 'voided' and (l.deal_id is null or l.deal_parent_line_id is not null)`,
);

const TotalsRow = z.object({
  orders: col.int,
  refunds: col.int,
  voided: col.int,
  gross: col.minor,
  discount: col.minor,
  service: col.minor,
  tax: col.minor,
  rounding: col.minor,
  total: col.minor,
});
export type OrderTotals = z.output<typeof TotalsRow>;

export async function orderTotals(db: Db, scope: FigureScope): Promise<OrderTotals> {
  const sold = (column: string) =>
    sql.raw(`coalesce(sum(o.${column}) filter (where o.status in ('paid', 'refund')), 0)`);
  const [row] = rowsOf(
    TotalsRow,
    await db.execute(sql`
      select count(*) filter (where o.status = 'paid')::int as orders,
        count(*) filter (where o.status = 'refund')::int as refunds,
        count(*) filter (where o.status = 'voided')::int as voided,
        ${sold("subtotal_minor")} as gross, ${sold("discount_minor")} as discount,
        ${sold("service_charge_minor")} as service, ${sold("tax_minor")} as tax,
        ${sold("rounding_minor")} as rounding, ${sold("total_minor")} as total
      from pos_orders o where ${ordersOf(scope)}`),
  );
  if (!row) throw new Error("order totals did not answer");
  return row;
}

const CategoryRow = z.object({
  category_id: col.int.nullable(),
  name: col.text.nullable(),
  revenue_account_id: col.int.nullable(),
  qty: col.minor,
  gross: col.minor,
  net: col.minor,
});
export type CategoryFigure = z.output<typeof CategoryRow>;

/**
 * Sold lines by category, with the revenue account the category (or its parent) names. A deal counts
 * once: its parts carry its revenue by their categories (its header line, which carries the price and
 * the tax, is left out here; `taxByClass` takes the header and leaves the parts out).
 */
export async function linesByCategory(db: Db, scope: FigureScope): Promise<CategoryFigure[]> {
  return rowsOf(
    CategoryRow,
    await db.execute(sql`
      select l.category_id, c.name, coalesce(c.revenue_account_id, pc.revenue_account_id) as revenue_account_id,
        sum(l.qty_micro - l.voided_qty_micro) as qty, sum(l.gross_minor) as gross, sum(l.net_minor) as net
      from pos_order_lines l join pos_orders o on o.id = l.order_id
      left join menu_categories c on c.id = l.category_id left join menu_categories pc on pc.id = c.parent_id
      where ${ordersOf(scope)} and ${SOLD} and ${REVENUE_LINES}
      group by l.category_id, c.name, coalesce(c.revenue_account_id, pc.revenue_account_id)
      order by c.name nulls last, l.category_id`),
  );
}

const TaxRow = z.object({
  tax_class_id: col.int.nullable(),
  name: col.text.nullable(),
  account_id: col.int.nullable(),
  tax: col.minor,
});
export type TaxFigure = z.output<typeof TaxRow>;

export async function taxByClass(db: Db, scope: FigureScope): Promise<TaxFigure[]> {
  return rowsOf(
    TaxRow,
    await db.execute(sql`
      select l.tax_class_id, t.name, t.account_id, sum(l.tax_minor) as tax
      from pos_order_lines l join pos_orders o on o.id = l.order_id left join tax_classes t on t.id = l.tax_class_id
      where ${ordersOf(scope)} and ${SOLD} and l.status <> 'voided' and l.deal_parent_line_id is null
      group by l.tax_class_id, t.name, t.account_id having sum(l.tax_minor) <> 0
      order by t.name nulls last`),
  );
}

const PaymentRow = z.object({
  session_id: col.int,
  method_id: col.int,
  name: col.text,
  kind: col.text,
  account_id: col.int.nullable(),
  count: col.int,
  amount: col.minor,
  taken: col.minor,
  change: col.minor,
  refunded: col.minor,
});
export type PaymentFigure = z.output<typeof PaymentRow>;

/**
 * Payments by session and method. Open and billed orders count too: a partial payment is already
 * in the drawer (Day Close refuses while any is open, so the posted figures are paid and refund only).
 */
export async function paymentsBySession(db: Db, scope: FigureScope): Promise<PaymentFigure[]> {
  const session = scope.sessionId === undefined ? sql`` : sql`and p.session_id = ${scope.sessionId}`;
  return rowsOf(
    PaymentRow,
    await db.execute(sql`
      select p.session_id, p.method_id, m.name, m.kind, m.account_id, count(*)::int as count,
        sum(p.amount_minor) as amount,
        coalesce(sum(p.amount_minor + p.change_minor) filter (where p.amount_minor > 0), 0) as taken,
        coalesce(sum(p.change_minor), 0) as change,
        coalesce(sum(-p.amount_minor) filter (where p.amount_minor < 0), 0) as refunded
      from pos_payments p join pos_orders o on o.id = p.order_id join payment_methods m on m.id = p.method_id
      where p.status = 'done' and o.business_day_id = ${scope.dayId}
        and o.status in ('paid', 'refund', 'open', 'billed') ${session}
      group by p.session_id, p.method_id, m.name, m.kind, m.account_id, m.sort
      order by p.session_id, m.sort, m.name`),
  );
}

const OnAccountRow = z.object({
  customer_id: col.int.nullable(),
  name: col.text.nullable(),
  account_id: col.int.nullable(),
  amount: col.minor,
});
export type OnAccountFigure = z.output<typeof OnAccountRow>;

/** What house-account customers owe from the day: on-account payments by customer. */
export async function onAccountByCustomer(db: Db, scope: FigureScope): Promise<OnAccountFigure[]> {
  return rowsOf(
    OnAccountRow,
    await db.execute(sql`
      select o.customer_id, c.name, c.receivable_account_id as account_id, sum(p.amount_minor) as amount
      from pos_payments p join pos_orders o on o.id = p.order_id join payment_methods m on m.id = p.method_id
      left join pos_customers c on c.id = o.customer_id
      where m.kind = 'on_account' and p.status = 'done' and ${ordersOf(scope)} and ${SOLD}
      group by o.customer_id, c.name, c.receivable_account_id having sum(p.amount_minor) <> 0
      order by c.name nulls first`),
  );
}

const CashMoveRow = z.object({
  session_id: col.int,
  kind: z.enum(["pay_in", "pay_out", "drop"]),
  account_id: col.int.nullable(),
  amount: col.minor,
});
export type CashMoveFigure = z.output<typeof CashMoveRow>;

export async function cashMovesBySession(db: Db, scope: FigureScope): Promise<CashMoveFigure[]> {
  const session = scope.sessionId === undefined ? sql`` : sql`and m.session_id = ${scope.sessionId}`;
  return rowsOf(
    CashMoveRow,
    await db.execute(sql`
      select m.session_id, m.kind, m.account_id, sum(m.amount_minor) as amount
      from cash_moves m join pos_sessions s on s.id = m.session_id
      where s.business_day_id = ${scope.dayId} ${session}
      group by m.session_id, m.kind, m.account_id order by m.session_id, m.kind`),
  );
}

/**
 * The stock moves a Day Close posts, by their kind in the COGS JV: the POS's own (`pos_sale`,
 * `pos_refund`, `pos_waste`) and the kernel's general kinds (sale, sale_return, waste, variance).
 */
const POS_MOVES = sql.raw(`('pos_sale', 'pos_refund', 'pos_waste', 'sale', 'sale_return', 'waste', 'variance')`);
const MOVE_KIND = sql.raw(
  `case m.doc_type when 'pos_sale' then 'sale' when 'pos_refund' then 'sale_return' when 'pos_waste' then 'waste' else m.doc_type end`,
);

const MoveRow = z.object({
  kind: z.enum(["sale", "sale_return", "waste", "variance"]),
  location_kind: col.text,
  location_account_id: col.int.nullable(),
  cogs_account_id: col.int.nullable(),
  value: col.minor,
  moves: col.int,
  last_id: col.int,
});
export type MoveFigure = z.output<typeof MoveRow>;

/**
 * The day's POS stock moves by kind, location account and category COGS account. For the day: every
 * such move dated on or before it that no voucher has taken (late orders and variance included);
 * for a session: the moves of its orders' lines.
 */
export async function posMoves(db: Db, scope: FigureScope): Promise<MoveFigure[]> {
  const which =
    scope.sessionId === undefined
      ? sql`m.voucher_id is null and m.business_date <= ${scope.businessDate}`
      : sql`o.session_id = ${scope.sessionId} and o.business_day_id = ${scope.dayId}`;
  return rowsOf(
    MoveRow,
    await db.execute(sql`
      select ${MOVE_KIND} as kind, loc.kind as location_kind, loc.inventory_account_id as location_account_id,
        coalesce(c.cogs_account_id, pc.cogs_account_id) as cogs_account_id,
        sum(m.value_minor) as value, count(*)::int as moves, max(m.id) as last_id
      from stock_moves m join stock_locations loc on loc.id = m.location_id
      left join pos_order_lines l on l.id = m.pos_order_line_id left join pos_orders o on o.id = l.order_id
      left join menu_categories c on c.id = l.category_id left join menu_categories pc on pc.id = c.parent_id
      where m.doc_type in ${POS_MOVES} and ${which}
      group by 1, loc.kind, loc.inventory_account_id, coalesce(c.cogs_account_id, pc.cogs_account_id)`),
  );
}

/** Links the moves a close counted (none after `lastId`, which came later) to its COGS voucher. */
export async function linkDayMoves(db: Db, businessDate: string, lastId: number, voucherId: number): Promise<void> {
  await db.execute(sql`
    update stock_moves m set voucher_id = ${voucherId}
    where m.voucher_id is null and m.doc_type in ${POS_MOVES} and m.business_date <= ${businessDate} and m.id <= ${lastId}`);
}

const VoidRow = z.object({
  order_id: col.int,
  label: col.text,
  item: col.text,
  qty: col.minor,
  amount: col.minor,
  reason: col.text,
  who: col.text,
  at: col.text.nullable(),
});

const CountRow = z.object({ n: col.int });

/**
 * Drawer openings without a sale (`POST /api/pos/no_sale`, kept in the audit log with their session)
 * in the day's counter sessions, or in the one session.
 */
export async function noSalesOf(db: Db, scope: FigureScope): Promise<number> {
  const sessions =
    scope.sessionId === undefined
      ? sql`select id from pos_sessions where business_day_id = ${scope.dayId}`
      : sql`select ${scope.sessionId}::int`;
  const [row] = rowsOf(
    CountRow,
    await db.execute(sql`
      select count(*)::int as n from audit_log
      where action = ${NO_SALE_ACTION} and (details->>'sessionId')::int in (${sessions})`),
  );
  return row?.n ?? 0;
}

/** Voided orders (by the user of the void operation) and voided lines (by who voided them). */
export async function voidsOf(db: Db, scope: FigureScope) {
  return rowsOf(
    VoidRow,
    await db.execute(sql`
      select o.id as order_id, ${orderLabel} as label, 'Whole order' as item, 1000000::bigint as qty,
        o.total_minor as amount, coalesce(r.name, '') as reason, coalesce(${nameOf("u")}, '') as who,
        ${isoOf(sql`op.at`)} as at
      from pos_orders o left join void_reasons r on r.id = o.void_reason_id
      left join lateral (select user_id, at from pos_order_ops where order_id = o.id and kind = 'void_order'
                         order by id desc limit 1) op on true
      left join users u on u.id = op.user_id
      where ${ordersOf(scope)} and o.status = 'voided'
      union all
      select o.id, ${orderLabel}, l.name_snapshot, l.voided_qty_micro,
        round(l.unit_price_minor::numeric * l.voided_qty_micro / 1000000)::bigint,
        coalesce(r.name, ''), coalesce(${nameOf("u")}, ''), null
      from pos_order_lines l join pos_orders o on o.id = l.order_id
      left join void_reasons r on r.id = l.void_reason_id left join users u on u.id = l.voided_by
      where ${ordersOf(scope)} and o.status <> 'voided' and l.voided_qty_micro > 0 and l.deal_parent_line_id is null
      order by 1, 3`),
  );
}

const RefundRow = z.object({
  order_id: col.int,
  label: col.text,
  refund_of: col.text,
  amount: col.minor,
  who: col.text,
  at: col.text.nullable(),
});

export async function refundsOf(db: Db, scope: FigureScope) {
  return rowsOf(
    RefundRow,
    await db.execute(sql`
      select o.id as order_id, ${orderLabel} as label, coalesce(src.number, '#' || src.token, '') as refund_of,
        o.total_minor as amount, coalesce(${nameOf("u")}, '') as who, ${isoOf(sql`coalesce(o.paid_at, o.opened_at)`)} as at
      from pos_orders o left join pos_orders src on src.id = o.refund_of_id left join users u on u.id = o.created_by
      where ${ordersOf(scope)} and o.status = 'refund' order by o.id`),
  );
}

const LateRow = z.object({ order_id: col.int, label: col.text, opened_at: col.text, total: col.minor });

export async function lateOrdersOf(db: Db, scope: FigureScope) {
  return rowsOf(
    LateRow,
    await db.execute(sql`
      select o.id as order_id, ${orderLabel} as label, ${isoOf(sql`o.opened_at`)} as opened_at, o.total_minor as total
      from pos_orders o where ${ordersOf(scope)} and o.late and ${SOLD} order by o.opened_at`),
  );
}
