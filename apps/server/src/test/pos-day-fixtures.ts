import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../db/client";
import { col, rowsOf, sqlArray } from "../lib/sql";
import { applyMoves, type MoveInput } from "../modules/stock/index";

/**
 * Paid orders written straight into the tables, as the order engine leaves them (design 4.7): a
 * line's gross, discount, net and tax; the order's subtotal, discount, service charge, tax,
 * rounding and total; done payments adding up to the total (negative on a refund); and the
 * `pos_sale` / `pos_waste` / `pos_refund` moves of its ingredients at the Kitchen. Day Close tests
 * and the benchmark use it to make days of any size in a few statements.
 */
export interface FixtureLine {
  categoryId?: number | null;
  taxClassId?: number | null;
  name?: string;
  /** Portions (1 = 1,000,000 micro). Negative on a refund. */
  qty?: number;
  grossMinor: bigint;
  discountMinor?: bigint;
  taxMinor?: bigint;
  /** Voided portions of the line (a line void). */
  voidedQty?: number;
  /** Ingredients the line takes from the Kitchen (or gives back on a refund, at `valueMinor`), in stock micro-units. */
  uses?: readonly { storeProductId: number; qtyMicro: bigint; valueMinor?: bigint }[];
  /** The line's ingredients were wasted (a void after firing), not sold. */
  wasted?: boolean;
}

export interface FixtureOrder {
  status?: "paid" | "refund" | "open" | "billed" | "voided";
  lines: readonly FixtureLine[];
  serviceChargeMinor?: bigint;
  roundingMinor?: bigint;
  /** Order-level discount over the lines' own. */
  orderDiscountMinor?: bigint;
  /** Default: one payment of the total by `cashMethodId`. */
  payments?: readonly { methodId: number; amountMinor: bigint; changeMinor?: bigint }[];
  customerId?: number | null;
  refundOfId?: number | null;
  late?: boolean;
  deviceId?: string | null;
}

export interface FixtureDay {
  dayId: number;
  sessionId: number;
  counterId: number;
  businessDate: string;
  kitchenId: number;
  cashMethodId: number;
  userId: number;
}

export const PORTION = 1_000_000n;
let serial = 0;

const sumOf = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);

/** The order's own figures, from its lines (what the engine stores). */
export function orderFigures(order: FixtureOrder) {
  const live = order.lines;
  const gross = sumOf(live.map((line) => line.grossMinor));
  const discount = sumOf(live.map((line) => line.discountMinor ?? 0n)) + (order.orderDiscountMinor ?? 0n);
  const tax = sumOf(live.map((line) => line.taxMinor ?? 0n));
  const service = order.serviceChargeMinor ?? 0n;
  const rounding = order.roundingMinor ?? 0n;
  return { gross, discount, tax, service, rounding, total: gross - discount + service + tax + rounding };
}

/** Writes the orders of a session in a few set-based statements; answers their ids in order. */
export async function insertOrders(db: Db, day: FixtureDay, orders: readonly FixtureOrder[]): Promise<number[]> {
  if (orders.length === 0) return [];
  serial += 1;
  const run = `${process.pid}-${Date.now().toString(36)}-${serial}`;
  const figures = orders.map(orderFigures);
  const orderIds = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`
      insert into pos_orders (client_uuid, outlet_id, business_day_id, session_id, counter_id, number, token, order_type,
        status, subtotal_minor, discount_minor, service_charge_minor, tax_minor, rounding_minor, total_minor, paid_minor,
        customer_id, refund_of_id, late, device_id, paid_at, created_by)
      select 'fx-' || ${run} || '-' || u.ord, 1, ${day.dayId}::int, ${day.sessionId}::int, ${day.counterId}::int,
        case when u.status in ('paid', 'refund') then 'FX' || ${run} || '-' || u.ord end, u.ord, 'take_away', u.status,
        u.gross, u.discount, u.service, u.tax, u.rounding, u.total,
        case when u.status in ('paid', 'refund') then u.total else 0 end,
        u.customer, u.refund_of, u.late_text::boolean, u.device,
        case when u.status in ('paid', 'refund') then now() end, ${day.userId}::int
      from unnest(${sqlArray(
        orders.map((order) => order.status ?? "paid"),
        "text",
      )}, ${sqlArray(
        figures.map((entry) => entry.gross),
        "bigint",
      )}, ${sqlArray(
        figures.map((entry) => entry.discount),
        "bigint",
      )}, ${sqlArray(
        figures.map((entry) => entry.service),
        "bigint",
      )}, ${sqlArray(
        figures.map((entry) => entry.tax),
        "bigint",
      )}, ${sqlArray(
        figures.map((entry) => entry.rounding),
        "bigint",
      )}, ${sqlArray(
        figures.map((entry) => entry.total),
        "bigint",
      )}, ${sqlArray(
        orders.map((order) => order.customerId ?? null),
        "int",
      )}, ${sqlArray(
        orders.map((order) => order.refundOfId ?? null),
        "bigint",
      )}, ${sqlArray(
        orders.map((order) => String(order.late ?? false)),
        "text",
      )}, ${sqlArray(
        orders.map((order) => order.deviceId ?? null),
        "text",
      )}) with ordinality as u(status, gross, discount, service, tax, rounding, total, customer, refund_of, late_text, device, ord)
      cross join lateral (select u.late_text::boolean as late) flags
      order by u.ord
      returning id`),
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);

  const lines = orders.flatMap((order, index) =>
    order.lines.map((line) => ({ ...line, orderId: orderIds[index] ?? 0, status: order.status ?? "paid" })),
  );
  const lineIds = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`
      insert into pos_order_lines (order_id, line_uuid, name_snapshot, category_id, qty_micro, unit_price_minor,
        gross_minor, discount_minor, net_minor, tax_class_id, tax_minor, status, voided_qty_micro, added_by)
      select u.order_id, 'fx-' || ${run} || '-' || u.ord, u.name, u.category, u.qty, coalesce(u.gross * 1000000 / nullif(u.qty, 0), 0),
        u.gross, u.discount, u.gross - u.discount, u.tax_class, u.tax,
        case when u.voided > 0 and u.voided = u.qty then 'voided' else 'fired' end, u.voided, ${day.userId}::int
      from unnest(${sqlArray(
        lines.map((line) => line.orderId),
        "bigint",
      )}, ${sqlArray(
        lines.map((line) => line.name ?? "Dish"),
        "text",
      )}, ${sqlArray(
        lines.map((line) => line.categoryId ?? null),
        "int",
      )}, ${sqlArray(
        lines.map((line) => BigInt(Math.round((line.qty ?? 1) * 1_000_000))),
        "bigint",
      )}, ${sqlArray(
        lines.map((line) => line.grossMinor),
        "bigint",
      )}, ${sqlArray(
        lines.map((line) => line.discountMinor ?? 0n),
        "bigint",
      )}, ${sqlArray(
        lines.map((line) => line.taxClassId ?? null),
        "int",
      )}, ${sqlArray(
        lines.map((line) => line.taxMinor ?? 0n),
        "bigint",
      )}, ${sqlArray(
        lines.map((line) => BigInt(Math.round((line.voidedQty ?? 0) * 1_000_000))),
        "bigint",
      )}) with ordinality as u(order_id, name, category, qty, gross, discount, tax_class, tax, voided, ord)
      order by u.ord
      returning id`),
  )
    .map((row) => row.id)
    .sort((a, b) => a - b);

  const payments = orders.flatMap((order, index) => {
    const orderId = orderIds[index] ?? 0;
    if (order.status !== undefined && order.status !== "paid" && order.status !== "refund") return [];
    const list = order.payments ?? [{ methodId: day.cashMethodId, amountMinor: figures[index]?.total ?? 0n }];
    return list.map((payment) => ({ orderId, ...payment }));
  });
  if (payments.length > 0)
    await db.execute(sql`
      insert into pos_payments (order_id, session_id, method_id, amount_minor, tendered_minor, change_minor, client_uuid, by)
      select u.order_id, ${day.sessionId}::int, u.method, u.amount, u.amount + u.change, u.change,
        'fx-' || ${run} || '-' || u.ord, ${day.userId}::int
      from unnest(${sqlArray(
        payments.map((payment) => payment.orderId),
        "bigint",
      )}, ${sqlArray(
        payments.map((payment) => payment.methodId),
        "int",
      )}, ${sqlArray(
        payments.map((payment) => payment.amountMinor),
        "bigint",
      )}, ${sqlArray(
        payments.map((payment) => payment.changeMinor ?? 0n),
        "bigint",
      )}) with ordinality as u(order_id, method, amount, change, ord)`);

  // The engine moves stock at payment (sale), at a refund (back) and at a void after firing (waste).
  const moved = (line: (typeof lines)[number]) => line.status === "paid" || line.status === "refund" || line.wasted;
  const moves: MoveInput[] = lines.flatMap((line, index) =>
    (moved(line) ? (line.uses ?? []) : []).map((use) => {
      const back = line.status === "refund";
      return {
        storeProductId: use.storeProductId,
        locationId: day.kitchenId,
        qtyMicro: back ? use.qtyMicro : -use.qtyMicro,
        ...(back ? { valueMinor: use.valueMinor ?? 0n } : {}),
        docType: back ? "pos_refund" : line.wasted ? "pos_waste" : "pos_sale",
        docId: line.orderId,
        docLineId: lineIds[index] ?? null,
        businessDate: day.businessDate,
        posOrderLineId: lineIds[index] ?? null,
      } satisfies MoveInput;
    }),
  );
  await applyMoves(db, moves, day.userId);
  return orderIds;
}

/** A pay-in, pay-out or drop in a session, as the cash-move endpoint records it. */
export async function insertCashMove(
  db: Db,
  sessionId: number,
  kind: "pay_in" | "pay_out" | "drop",
  amountMinor: bigint,
  accountId: number | null,
  userId: number,
): Promise<void> {
  serial += 1;
  await db.execute(sql`
    insert into cash_moves (session_id, kind, amount_minor, account_id, reason, client_uuid, created_by)
    values (${sessionId}, ${kind}, ${amountMinor}, ${accountId}, 'Test', ${`fx-cash-${process.pid}-${serial}`}, ${userId})`);
}
