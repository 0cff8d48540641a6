import { localMoment, POS_ORDER_MESSAGES, type PosOp } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, rowsOf, sqlArray } from "../../lib/sql";
import { flushOrder, insertNewLines, type LoggedOp } from "./pos-orders.flush";
import { writeTickets } from "./pos-orders.kitchen";
import { menuForOps } from "./pos-orders.menu";
import { applyOp, type Effects, fire, noEffects, setCoupon } from "./pos-orders.ops";
import { completePayment, type PreparedPayment, paidOrderOf, preparePayment } from "./pos-orders.pay";
import { loadPricing, reprice } from "./pos-orders.pricing";
import type { OrderState } from "./pos-orders.state";
import { moveStock, requirementsOf } from "./pos-orders.stock";

/**
 * One batch of operations on one order, in the caller's transaction (design D9): replays are skipped
 * by `opUuid`, a stale version is accepted only for operations that commute with what changed since,
 * the operations change the order in memory, then the kitchen, stock and payment follow and the
 * order is written back with its version raised once for the batch.
 */
export interface BatchWho {
  userId: number;
  deviceId: string | null;
  timeZone: string;
  canPay: boolean;
}

/** A stale version met an operation that does not commute: the caller answers 409 with the current order. */
export class VersionConflict extends Error {
  constructor() {
    super(POS_ORDER_MESSAGES.versionConflict);
  }
}

async function storedOps(tx: Db, uuids: readonly string[]): Promise<Set<string>> {
  if (uuids.length === 0) return new Set();
  const result = await tx.execute(
    sql`SELECT op_uuid FROM pos_order_ops WHERE op_uuid = ANY(${sqlArray(uuids, "text")})`,
  );
  return new Set(rowsOf(z.object({ op_uuid: col.text }), result).map((row) => row.op_uuid));
}

/** Lines changed, and whether anything order-wide changed, by operations after `version`. */
async function changedSince(tx: Db, orderId: number, version: number) {
  const result = await tx.execute(sql`
    SELECT kind, payload->>'lineUuid' AS line_uuid FROM pos_order_ops WHERE order_id = ${orderId} AND version_after > ${version}`);
  const rows = rowsOf(z.object({ kind: col.text, line_uuid: col.text.nullable() }), result);
  return {
    lines: new Set(rows.flatMap((row) => (row.line_uuid ? [row.line_uuid] : []))),
    orderWide: rows.some(
      (row) =>
        !["add_line", "fire", "set_qty", "void_line", "note", "discount"].includes(row.kind) ||
        (row.kind === "discount" && row.line_uuid === null),
    ),
  };
}

/**
 * Adding lines and firing always commute; a change to a line commutes when no one touched that line
 * since the device's version; anything order-wide (customer, guests, order discount, coupon, bill,
 * pay, void) needs the current version.
 */
async function assertCommutes(tx: Db, state: OrderState, ops: readonly PosOp[], expected: number): Promise<void> {
  const since = await changedSince(tx, state.row.id, expected);
  for (const op of ops) {
    if (op.kind === "add_line" || op.kind === "fire") continue;
    const lineUuid = "lineUuid" in op ? op.lineUuid : null;
    if (lineUuid === null || lineUuid === undefined || since.lines.has(lineUuid) || since.orderWide)
      throw new VersionConflict();
  }
}

/** What the log keeps of an operation: everything but its id and a supervisor's token. */
function logged(op: PosOp, approvedBy: number | null): LoggedOp {
  const { opUuid, kind, ...rest } = op;
  const payload: Record<string, unknown> = { ...rest };
  delete payload.supervisorToken;
  return { opUuid, kind, payload, approvedBy };
}

async function writeEffects(tx: Db, state: OrderState, effects: Effects, who: BatchWho): Promise<void> {
  for (const sent of effects.fires) await writeTickets(tx, state, sent, "fire");
  if (effects.voids.length > 0) await writeTickets(tx, state, effects.voids, "void");
  if (effects.waste.length > 0)
    await moveStock(tx, {
      needs: await requirementsOf(tx, effects.waste),
      docType: "pos_waste",
      orderId: state.row.id,
      outletId: state.row.outletId,
      businessDate: state.businessDate,
      businessDayId: state.row.businessDayId,
      block: false,
      userId: who.userId,
    });
}

/** Applies the batch; answers whether anything was written. */
export async function runBatch(
  tx: Db,
  state: OrderState,
  all: readonly PosOp[],
  who: BatchWho,
  expectedVersion: number | null,
): Promise<boolean> {
  const stored = await storedOps(
    tx,
    all.map((op) => op.opUuid),
  );
  // A payment sent again under another operation id is the same payment; another order's is refused.
  for (const op of all) {
    if (op.kind !== "pay" || stored.has(op.opUuid)) continue;
    const paidOrder = await paidOrderOf(tx, op.clientUuid);
    if (paidOrder === state.row.id) stored.add(op.opUuid);
    else if (paidOrder !== null)
      throw new AppError("VALIDATION", POS_ORDER_MESSAGES.paymentUsed, [
        { field: "clientUuid", message: POS_ORDER_MESSAGES.paymentUsed },
      ]);
  }
  const seen = new Set<string>();
  const ops = all.filter((op) => {
    if (stored.has(op.opUuid) || seen.has(op.opUuid)) return false;
    seen.add(op.opUuid);
    return true;
  });
  if (ops.length === 0) return false;
  const payAt = ops.findIndex((op) => op.kind === "pay");
  if (payAt >= 0 && payAt !== ops.length - 1)
    throw new AppError("VALIDATION", POS_ORDER_MESSAGES.payLast, [
      { field: `ops.${payAt}.kind`, message: POS_ORDER_MESSAGES.payLast },
    ]);
  if (expectedVersion !== null && expectedVersion !== state.row.version)
    await assertCommutes(tx, state, ops, expectedVersion);

  const now = new Date();
  const [menu, firstPricing] = await Promise.all([menuForOps(tx, ops), loadPricing(tx, state, who.timeZone)]);
  let pricing = firstPricing;
  const env = { tx, userId: who.userId, canPay: who.canPay, menu, pricing, at: localMoment(now, who.timeZone) };
  const effects = noEffects();
  const log: LoggedOp[] = [];
  for (const [index, op] of all.entries()) {
    if (!ops.includes(op)) continue;
    log.push(logged(op, await applyOp(state, op, env, effects, `ops.${index}`)));
  }

  let prepared: PreparedPayment | null = null;
  if (effects.pay) {
    if (effects.pay.couponCode !== undefined) await setCoupon(state, effects.pay.couponCode, env, "couponCode");
    if (effects.pay.couponCode !== undefined || ops.some((op) => op.kind === "coupon"))
      pricing = await loadPricing(tx, state, who.timeZone);
    prepared = await preparePayment(tx, state, pricing, effects.pay, effects.pay.counterId ?? state.row.counterId ?? 0);
  } else {
    if (ops.some((op) => op.kind === "coupon")) pricing = await loadPricing(tx, state, who.timeZone);
    reprice(state, pricing);
  }

  await insertNewLines(tx, state);
  await writeEffects(tx, state, effects, who);
  if (prepared) {
    await completePayment(tx, state, pricing, prepared, who.userId);
    if (state.row.orderType === "take_away" && pricing.outlet.takeAwayFireOn === "payment") {
      const onPayment = noEffects();
      fire(state, onPayment, {});
      await writeEffects(tx, state, onPayment, who);
    }
  }
  await flushOrder(tx, state, log, { userId: who.userId, deviceId: who.deviceId });
  return true;
}
