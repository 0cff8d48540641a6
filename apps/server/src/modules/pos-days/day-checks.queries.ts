import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";
import { isoOf, nameOf, orderLabel } from "./day-figures.queries";

/** The rows Day Open, Day Close and DayOpen Record list: sessions, days, and what Day Close checks. */

const DayRow = z.object({
  id: col.int,
  outlet_id: col.int,
  business_date: col.date,
  status: z.enum(["open", "closed"]),
  opened_at: col.text,
  opened_by_id: col.int.nullable(),
  opened_by: col.text.nullable(),
  closed_at: col.text.nullable(),
  closed_by_id: col.int.nullable(),
  closed_by: col.text.nullable(),
  z_number: col.text.nullable(),
  sales_voucher_id: col.int.nullable(),
  sales_voucher_no: col.text.nullable(),
  cogs_voucher_id: col.int.nullable(),
  cogs_voucher_no: col.text.nullable(),
});
export type DayRecord = z.output<typeof DayRow>;

const daySelect = sql`
  select d.id, d.outlet_id, d.business_date::text as business_date, d.status, ${isoOf(sql`d.opened_at`)} as opened_at,
    d.opened_by as opened_by_id, ${nameOf("ou")} as opened_by, ${isoOf(sql`d.closed_at`)} as closed_at,
    d.closed_by as closed_by_id, ${nameOf("cu")} as closed_by, d.z_number,
    d.sales_voucher_id, sv.voc_manual_number as sales_voucher_no, d.cogs_voucher_id, cv.voc_manual_number as cogs_voucher_no
  from business_days d left join users ou on ou.id = d.opened_by left join users cu on cu.id = d.closed_by
  left join vouchers sv on sv.id = d.sales_voucher_id left join vouchers cv on cv.id = d.cogs_voucher_id`;

export async function findDay(db: Db, dayId: number): Promise<DayRecord | undefined> {
  return rowsOf(DayRow, await db.execute(sql`${daySelect} where d.id = ${dayId}`))[0];
}

export async function findOpenDay(db: Db, outletId: number): Promise<DayRecord | undefined> {
  return rowsOf(DayRow, await db.execute(sql`${daySelect} where d.outlet_id = ${outletId} and d.status = 'open'`))[0];
}

/** A page of days, newest first, between two business dates (either may be open). */
export async function findDays(db: Db, from: string | null, to: string | null, size: number, page: number) {
  const where = sql`where (${from}::date is null or d.business_date >= ${from}::date)
    and (${to}::date is null or d.business_date <= ${to}::date)`;
  const rows = rowsOf(
    DayRow,
    await db.execute(
      sql`${daySelect} ${where} order by d.business_date desc, d.id desc limit ${size} offset ${(page - 1) * size}`,
    ),
  );
  const [count] = rowsOf(
    z.object({ total: col.int }),
    await db.execute(sql`select count(*)::int as total from business_days d ${where}`),
  );
  return { rows, total: count?.total ?? 0 };
}

const SessionRow = z.object({
  id: col.int,
  day_id: col.int,
  counter_id: col.int,
  counter_code: col.text,
  counter_name: col.text,
  cash_account_id: col.int,
  cash_account_name: col.text,
  cashier_id: col.int,
  cashier: col.text,
  status: z.enum(["open", "closed"]),
  rescue: col.bool,
  opening_float: col.minor,
  float_book: col.minor,
  opening_denoms: z.unknown(),
  expected: z.unknown(),
  counted: z.unknown(),
  counted_denoms: z.unknown(),
  over_short: col.minor.nullable(),
  notes: col.text,
  close_notes: col.text,
  opened_at: col.text,
  opened_by_id: col.int.nullable(),
  opened_by: col.text.nullable(),
  closed_at: col.text.nullable(),
  closed_by_id: col.int.nullable(),
  closed_by: col.text.nullable(),
  orders: col.int,
});
export type SessionRecord = z.output<typeof SessionRow>;

/** Sessions of days (or one session), counter by counter, with their cashier and sold orders. */
export async function findSessions(
  db: Db,
  where: { dayIds: readonly number[] } | { sessionId: number },
): Promise<SessionRecord[]> {
  const filter =
    "sessionId" in where
      ? sql`s.id = ${where.sessionId}`
      : sql`s.business_day_id = any(${`{${where.dayIds.join(",")}}`}::int[])`;
  return rowsOf(
    SessionRow,
    await db.execute(sql`
      select s.id, s.business_day_id as day_id, s.counter_id, c.code as counter_code, c.name as counter_name,
        c.cash_account_id, a.name as cash_account_name, s.cashier_id, ${nameOf("cu")} as cashier, s.status, s.rescue,
        s.opening_float_minor as opening_float, s.float_book_minor as float_book, s.opening_denoms, s.expected,
        s.counted, s.counted_denoms, s.over_short_minor as over_short, s.notes, s.close_notes,
        ${isoOf(sql`s.opened_at`)} as opened_at, s.opened_by as opened_by_id, ${nameOf("ou")} as opened_by,
        ${isoOf(sql`s.closed_at`)} as closed_at, s.closed_by as closed_by_id, ${nameOf("xu")} as closed_by,
        (select count(*)::int from pos_orders o where o.session_id = s.id and o.status in ('paid', 'refund')) as orders
      from pos_sessions s join pos_counters c on c.id = s.counter_id join accounts a on a.id = c.cash_account_id
      join users cu on cu.id = s.cashier_id left join users ou on ou.id = s.opened_by left join users xu on xu.id = s.closed_by
      where ${filter} order by c.code, s.id`),
  );
}

const MethodRow = z.object({
  id: col.int,
  name: col.text,
  kind: col.text,
  account_id: col.int.nullable(),
  counted_at_close: col.bool,
  active: col.bool,
});
export type MethodRecord = z.output<typeof MethodRow>;

/** Every payment method in display order (inactive ones matter when a day still has their payments). */
export async function paymentMethodsInOrder(db: Db): Promise<MethodRecord[]> {
  return rowsOf(
    MethodRow,
    await db.execute(sql`
      select id, name, kind, account_id, counted_at_close, active from payment_methods order by sort, name, id`),
  );
}

const OpenOrderRow = z.object({
  id: col.int,
  label: col.text,
  order_type: col.text,
  status: col.text,
  table_name: col.text.nullable(),
  total: col.minor,
  opened_at: col.text,
});

export async function openOrdersOf(db: Db, dayId: number) {
  return rowsOf(
    OpenOrderRow,
    await db.execute(sql`
      select o.id, ${orderLabel} as label, o.order_type, o.status, t.name as table_name, o.total_minor as total,
        ${isoOf(sql`o.opened_at`)} as opened_at
      from pos_orders o left join dining_tables t on t.id = o.table_id
      where o.business_day_id = ${dayId} and o.status in ('open', 'billed') order by o.opened_at, o.id`),
  );
}

/** Paid orders whose done payments do not add up to their total (the day's sales JV would not balance). */
export async function unbalancedOrders(db: Db, dayId: number) {
  return rowsOf(
    z.object({ id: col.int, label: col.text }),
    await db.execute(sql`
      select o.id, ${orderLabel} as label from pos_orders o
      where o.business_day_id = ${dayId} and o.status in ('paid', 'refund')
        and o.total_minor <> coalesce((select sum(p.amount_minor) from pos_payments p
                                        where p.order_id = o.id and p.status = 'done'), 0)
      order by o.id limit 20`),
  );
}

const TicketRow = z.object({
  id: col.int,
  label: col.text,
  station: col.text,
  status: col.text,
  created_at: col.text,
});

export async function kitchenNotServed(db: Db, dayId: number) {
  return rowsOf(
    TicketRow,
    await db.execute(sql`
      select k.id, ${orderLabel} as label, s.name as station, k.status, ${isoOf(sql`k.created_at`)} as created_at
      from kitchen_tickets k join pos_orders o on o.id = k.order_id join kitchen_stations s on s.id = k.station_id
      where o.business_day_id = ${dayId} and k.status in ('new', 'preparing', 'ready') order by k.created_at, k.id`),
  );
}

/**
 * The day's registers (a warning on Day Close): each device that claimed a token for one of the day's
 * sessions or sent one of its orders, when it was last heard from (its heartbeat, sync or last
 * order), how many of the day's orders it sent, and how many its last heartbeat said were waiting.
 */
export async function devicesOf(db: Db, dayId: number) {
  return rowsOf(
    z.object({ device_id: col.text, last_seen_at: col.text, orders: col.int, waiting: col.int }),
    await db.execute(sql`
      with tokens as (
        select t.device_id, max(t.last_seen_at) as last_seen, sum(t.waiting)::int as waiting
        from pos_device_tokens t join pos_sessions s on s.id = t.session_id
        where s.business_day_id = ${dayId} group by t.device_id
      ), sent as (
        select o.device_id, max(o.opened_at) as last_order, count(*)::int as orders
        from pos_orders o where o.business_day_id = ${dayId} and o.device_id is not null group by o.device_id
      )
      select coalesce(t.device_id, o.device_id) as device_id,
        ${isoOf(sql`greatest(t.last_seen, o.last_order)`)} as last_seen_at,
        coalesce(o.orders, 0) as orders, coalesce(t.waiting, 0) as waiting
      from tokens t full join sent o on o.device_id = t.device_id
      order by 1`),
  );
}

const ExceptionRow = z.object({
  id: col.int,
  store_product_id: col.int,
  product: col.text,
  location: col.text,
  short: col.minor,
  unit: col.text,
  created_at: col.text,
});

/** Every stock exception not yet resolved: each blocks Day Close (design D4). */
export async function openExceptions(db: Db) {
  return rowsOf(
    ExceptionRow,
    await db.execute(sql`
      select e.id, e.store_product_id, p.name as product, l.name as location, e.short_micro as short,
        u.uom_name as unit, ${isoOf(sql`e.created_at`)} as created_at
      from stock_exceptions e join store_products p on p.id = e.store_product_id
      join stock_locations l on l.id = e.location_id join units u on u.uom_id = p.stock_uom_id
      where e.resolved_at is null order by e.id`),
  );
}

/** The Z numbers already given in a year, for the next one: days close one at a time per outlet. */
export async function closedDaysInYear(db: Db, outletId: number, year: number): Promise<number> {
  const [row] = rowsOf(
    z.object({ count: col.int }),
    await db.execute(sql`
      select count(*)::int as count from business_days
      where outlet_id = ${outletId} and status = 'closed' and extract(year from business_date) = ${year}`),
  );
  return row?.count ?? 0;
}

const CashMoveListRow = z.object({
  id: col.int,
  session_id: col.int,
  counter_code: col.text,
  kind: col.text,
  amount: col.minor,
  account: col.text.nullable(),
  reason: col.text,
  who: col.text,
  at: col.text,
});

export async function cashMovesOfDay(db: Db, dayId: number) {
  return rowsOf(
    CashMoveListRow,
    await db.execute(sql`
      select m.id, m.session_id, c.code as counter_code, m.kind, m.amount_minor as amount, a.name as account, m.reason,
        coalesce(${nameOf("u")}, '') as who, ${isoOf(sql`m.created_at`)} as at
      from cash_moves m join pos_sessions s on s.id = m.session_id join pos_counters c on c.id = s.counter_id
      left join accounts a on a.id = m.account_id left join users u on u.id = m.created_by
      where s.business_day_id = ${dayId} order by m.created_at, m.id`),
  );
}
