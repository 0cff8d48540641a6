import {
  type OrderTotals,
  POS_ORDER_MESSAGES,
  type PosPayInput,
  parseMinor,
  TenderError,
  type TenderInput,
  type TenderResult,
} from "@cargodesk/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { posCustomers, posInvoiceCounters } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { balanceAsOf } from "../../lib/books/balances";
import { col, executePrepared, rowsOf, sqlArray } from "../../lib/sql";
import { redeemCoupons } from "../coupons/index";
import type { ExtraWrites } from "./pos-orders.flush";
import type { PricingContext } from "./pos-orders.pricing";
import { reprice } from "./pos-orders.pricing";
import { liveQty, type OrderState } from "./pos-orders.state";
import { moveStock, requirementsOf } from "./pos-orders.stock";

/**
 * Payment (design 6.1 step 3): in the order's transaction, the counter's session is locked and must
 * be open, the order is priced again from master data with the tenders (tax per tender, D16), the
 * coupon is redeemed, the payments and the next invoice number are written and the ingredients leave
 * the Kitchen. `preparePayment` works in memory before the new lines are written, `completePayment`
 * after (the stock moves and payments name the lines and the order).
 */
export interface OpenSession {
  id: number;
  counterId: number;
  counterCode: string;
  businessDayId: number;
  businessDate: string;
  /** The year an invoice is numbered in: a late order keeps its own session's (design 6.6 step 5). */
  invoiceYear?: number;
}

const sessionRow = z.object({
  id: col.int,
  counter_id: col.int,
  code: col.text,
  business_day_id: col.int,
  business_date: col.date,
  day_status: col.text,
});
export const lockedSessionRow = sessionRow.extend({ token: col.int.nullable() });
const owedRow = z.object({ owed: col.minor });

/**
 * The counter's open session, locked until commit; 409 naming Day Open when there is none. With
 * `token`, the same statement also takes the day's next pickup token (the day row, locked first,
 * stays locked until commit, as Day Close locks it before the sessions).
 */
export async function lockOpenSession(tx: Db, counterId: number): Promise<OpenSession>;
export async function lockOpenSession(
  tx: Db,
  counterId: number,
  options: { token: true },
): Promise<OpenSession & { token: number }>;
export async function lockOpenSession(
  tx: Db,
  counterId: number,
  options: { token?: boolean } = {},
): Promise<OpenSession & { token?: number }> {
  const result = await executePrepared(
    tx,
    "pos_session_lock",
    options.token
      ? sql`WITH ${tokenTaken(counterId)} ${openSessionSelect(counterId, sql`(SELECT last_token FROM day)`)}`
      : openSessionSelect(counterId, sql`NULL::int`),
  );
  return openSessionOf(rowsOf(lockedSessionRow, result)[0] ?? null);
}

/**
 * The CTE `day` that takes the day's next pickup token for the counter's open session (the day row
 * stays locked until commit, as Day Close locks it before the sessions); not when `unless` finds a row.
 */
export const tokenTaken = (counterId: number, unless?: SQL) => sql`day AS (
  UPDATE business_days SET last_token = last_token + 1
  WHERE id = (SELECT business_day_id FROM pos_sessions WHERE counter_id = ${counterId} AND status = 'open' AND NOT rescue)
    ${unless ? sql`AND NOT EXISTS (${unless})` : sql``}
  RETURNING last_token)`;

/** The counter's open session, locked until commit, with `token` (the day's next, or NULL). */
export const openSessionSelect = (counterId: number, token: SQL) => sql`
  SELECT s.id, s.counter_id, c.code, s.business_day_id, d.business_date::text, d.status AS day_status, ${token} AS token
  FROM pos_sessions s
  JOIN pos_counters c ON c.id = s.counter_id
  JOIN business_days d ON d.id = s.business_day_id
  WHERE s.counter_id = ${counterId} AND s.status = 'open' AND NOT s.rescue
  FOR UPDATE OF s`;

/** The session `openSessionSelect` found; 409 naming Day Open when there is none, or its day is closed. */
export function openSessionOf(row: z.infer<typeof lockedSessionRow> | null): OpenSession & { token?: number } {
  if (!row) throw new AppError("SESSION_NOT_OPEN", POS_ORDER_MESSAGES.noSession);
  if (row.day_status !== "open") throw new AppError("POS_DAY_CLOSED", POS_ORDER_MESSAGES.dayClosed);
  return {
    id: row.id,
    counterId: row.counter_id,
    counterCode: row.code,
    businessDayId: row.business_day_id,
    businessDate: row.business_date,
    ...(row.token === null ? {} : { token: row.token }),
  };
}

/** The next gapless invoice number of a counter and year (A01-2026-000123); the counter row stays locked. */
export async function nextInvoiceNumber(tx: Db, session: OpenSession): Promise<string> {
  const year = Number(session.businessDate.slice(0, 4));
  const [row] = await tx
    .insert(posInvoiceCounters)
    .values({ counterId: session.counterId, year, last: 1 })
    .onConflictDoUpdate({
      target: [posInvoiceCounters.counterId, posInvoiceCounters.year],
      set: { last: sql`${posInvoiceCounters.last} + 1` },
    })
    .returning({ last: posInvoiceCounters.last });
  if (!row) throw new Error("invoice counter did not answer");
  return `${session.counterCode}-${year}-${String(row.last).padStart(6, "0")}`;
}

export interface PreparedPayment {
  session: OpenSession;
  totals: OrderTotals;
  tenders: TenderInput[];
  input: PosPayInput;
  /** An order made offline: the total it was sold at stands, and the stock policy never blocks it. */
  offline: boolean;
}

/** The customer's house account: what it owes (books plus on-account sales not yet posted) within its limit. */
async function checkCredit(tx: Db, state: OrderState, onAccount: bigint): Promise<void> {
  const field = [{ field: "payments", message: POS_ORDER_MESSAGES.onAccountCustomer }];
  if (state.row.customerId === null) throw new AppError("VALIDATION", POS_ORDER_MESSAGES.onAccountCustomer, field);
  const [customer] = await tx
    .select()
    .from(posCustomers)
    .where(eq(posCustomers.id, state.row.customerId))
    .for("update");
  if (!customer?.creditAllowed) throw new AppError("POS_CREDIT_LIMIT", POS_ORDER_MESSAGES.onAccountNotAllowed);
  const unposted = await tx.execute(sql`
    SELECT coalesce(sum(p.amount_minor), 0)::bigint AS owed
    FROM pos_payments p JOIN pos_orders o ON o.id = p.order_id JOIN payment_methods m ON m.id = p.method_id
    WHERE m.kind = 'on_account' AND o.customer_id = ${customer.id} AND o.sales_voucher_id IS NULL AND p.status = 'done'`);
  const [row] = rowsOf(owedRow, unposted);
  const booked =
    customer.receivableAccountId === null ? 0n : await balanceAsOf(tx, customer.receivableAccountId, "9999-12-31");
  if (booked + (row?.owed ?? 0n) + onAccount > customer.creditLimitMinor)
    throw new AppError("POS_CREDIT_LIMIT", POS_ORDER_MESSAGES.creditLimit, {
      creditLimit: Number(customer.creditLimitMinor) / 100,
    });
}

/** Prices the order with its tenders and checks them; nothing is written yet. */
export async function preparePayment(
  tx: Db,
  state: OrderState,
  pricing: PricingContext,
  input: PosPayInput,
  counterId: number,
  offline = false,
): Promise<PreparedPayment> {
  // The session this transaction already locked (a new order's) is not read again.
  const session = state.session?.counterId === counterId ? state.session : await lockOpenSession(tx, counterId);
  if (session.businessDayId !== state.row.businessDayId)
    throw new AppError("POS_DAY_CLOSED", POS_ORDER_MESSAGES.dayClosed);
  if (!state.lines.some((line) => line.dealParentUuid === null && liveQty(line) > 0n))
    throw new AppError("VALIDATION", POS_ORDER_MESSAGES.noLines, [
      { field: "payments", message: POS_ORDER_MESSAGES.noLines },
    ]);
  const tenders = input.payments.map((payment) => ({
    methodId: payment.methodId,
    amountMinor: parseMinor(payment.amount) ?? 0n,
    tenderedMinor: payment.tendered === undefined ? null : parseMinor(payment.tendered),
  }));
  let totals: OrderTotals;
  try {
    totals = reprice(state, pricing, tenders);
  } catch (error) {
    if (error instanceof TenderError)
      throw new AppError("VALIDATION", error.message, [{ field: error.field, message: error.message }]);
    throw error;
  }
  if (!totals.settled)
    throw new AppError("VALIDATION", POS_ORDER_MESSAGES.underpaid, [
      { field: "payments", message: POS_ORDER_MESSAGES.underpaid },
    ]);
  if (input.total !== undefined && parseMinor(input.total) !== totals.totalMinor) {
    if (offline) state.row.priceFlag = true;
    else
      throw new AppError("POS_PRICES_CHANGED", POS_ORDER_MESSAGES.pricesChanged, {
        total: Number(totals.totalMinor) / 100,
      });
  }
  const onAccount = totals.tenders
    .filter((tender) => pricing.methods.find((method) => method.id === tender.methodId)?.kind === "on_account")
    .reduce((sum, tender) => sum + tender.amountMinor, 0n);
  if (onAccount > 0n) await checkCredit(tx, state, onAccount);
  return { session, totals, tenders, input, offline };
}

/**
 * Redeems the coupons, records the promotions and the customer's discount the order got and moves
 * the stock (each line's cost from its moves); answers the payments and the invoice number as part
 * of the order's one write.
 */
export async function completePayment(
  tx: Db,
  state: OrderState,
  pricing: PricingContext,
  prepared: PreparedPayment,
  userId: number,
): Promise<ExtraWrites> {
  const { session, totals } = prepared;
  const row = state.row;
  await redeemCoupons(tx, { orderId: row.id, customerId: row.customerId, coupons: totals.coupons });
  for (const entry of state.discounts)
    if (entry.source === "promotion" || entry.source === "customer") entry.removed = true;
  const codeCoupons = new Set(
    state.discounts.filter((entry) => entry.source === "coupon").map((entry) => entry.couponId),
  );
  const extra = [
    ...totals.coupons
      .filter((entry) => !codeCoupons.has(entry.couponId))
      .map((entry) => ({
        source: "promotion" as const,
        couponId: entry.couponId,
        pctBp: null,
        allocatedMinor: entry.amountMinor,
      })),
    ...(totals.customerDiscountMinor > 0n
      ? [
          {
            source: "customer" as const,
            couponId: null,
            pctBp: pricing.customerDiscountBp,
            allocatedMinor: totals.customerDiscountMinor,
          },
        ]
      : []),
  ];
  for (const entry of extra)
    state.discounts.push({
      id: null,
      lineUuid: null,
      amountMinor: null,
      reason: "",
      approvedBy: null,
      createdBy: userId,
      removed: false,
      ...entry,
    });

  row.sessionId = session.id;
  row.status = "paid";
  row.paidMinor = totals.paidMinor;
  row.changeMinor = totals.changeMinor;

  const sold = state.lines.filter((line) => liveQty(line) > 0n).map((line) => ({ line, qtyMicro: liveQty(line) }));
  const { costByLine } = await moveStock(tx, {
    requirements: await requirementsOf(tx, row.outletId, sold, { known: pricing.recipes }),
    docType: "pos_sale",
    orderId: row.id,
    outletId: row.outletId,
    businessDate: session.businessDate,
    businessDayId: session.businessDayId,
    // A sale made offline was handed over already: short stock is recorded as an exception.
    block: pricing.outlet.kitchenNegativePolicy === "block" && !prepared.offline,
    userId,
  });
  for (const [line, cost] of costByLine) line.costMinor = cost;

  const tenders = totals.tenders;
  const column = <T extends number | bigint | string | null>(
    pick: (tender: TenderResult, index: number) => T,
    type: "int" | "bigint" | "text",
  ) => sqlArray(tenders.map(pick), type);
  const payments = sql`payments_written AS (
    INSERT INTO pos_payments (order_id, session_id, method_id, amount_minor, tendered_minor, change_minor, base_minor,
      tax_minor, reference, client_uuid, by)
    SELECT ${row.id}::bigint, ${session.id}::int, u.*, ${userId}::int FROM unnest(
      ${column((tender) => tender.methodId, "int")}, ${column((tender) => tender.amountMinor, "bigint")},
      ${column((tender) => tender.tenderedMinor, "bigint")}, ${column((tender) => tender.changeMinor, "bigint")},
      ${column((tender) => tender.baseMinor, "bigint")}, ${column((tender) => tender.taxMinor, "bigint")},
      ${column((_, index) => prepared.input.payments[index]?.reference ?? "", "text")},
      ${column((_, index) => `${prepared.input.clientUuid}:${index}`, "text")}) AS u)`;
  return {
    ctes: [payments],
    invoice: {
      counterId: session.counterId,
      counterCode: session.counterCode,
      year: session.invoiceYear ?? Number(session.businessDate.slice(0, 4)),
    },
  };
}
