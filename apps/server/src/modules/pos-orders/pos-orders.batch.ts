import { localMoment, POS_ORDER_MESSAGES, type PosOp } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, rowsOf, sqlArray } from "../../lib/sql";
import { queueFiscalReport } from "../fiscal/index";
import { queueReceiptPrint } from "../pos-receipts/index";
import { type Effects, noEffects } from "./pos-orders.env";
import { type ExtraWrites, flushOrder, insertNewLines, type LoggedOp } from "./pos-orders.flush";
import { type TicketGroup, ticketWrites } from "./pos-orders.kitchen";
import { fire } from "./pos-orders.lines";
import { dealsForOps } from "./pos-orders.menu";
import { applyOp, setCoupon } from "./pos-orders.ops";
import { completePayment, type PreparedPayment, preparePayment } from "./pos-orders.pay";
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
  /** Syncing an order made offline: its recorded prices stand (flagged) and stock never blocks it. */
  offline?: boolean;
  /** When the device took the order (offline): promotions and deals are those on at that time. */
  at?: Date;
  /** Whether a payment queues its invoice for fiscal reporting (FISCAL_ADAPTER). */
  fiscal: boolean;
}

/** A stale version met an operation that does not commute: the caller answers 409 with the current order. */
export class VersionConflict extends Error {
  constructor() {
    super(POS_ORDER_MESSAGES.versionConflict);
  }
}

/** The operations already stored (their opUuid is in a log) and the orders pay operations' payments went to. */
export interface StoredOps {
  ops: Set<string>;
  payments: Map<string, number>;
}

const storedRow = z.object({ uuid: col.text, order_id: col.int.nullable() });

/**
 * The query behind StoredOps, as a JSON array a caller may read with other things in one statement:
 * each known opUuid (order_id null) and each pay operation's payment with its order.
 */
export function storedOpsQuery(ops: readonly PosOp[]): SQL {
  const payUuids = ops.flatMap((op) => (op.kind === "pay" ? [`${op.clientUuid}:0`] : []));
  return sql`(SELECT coalesce(json_agg(json_build_object('uuid', uuid, 'order_id', order_id)), '[]'::json) FROM (
    SELECT op_uuid AS uuid, NULL::bigint AS order_id FROM pos_order_ops
    WHERE op_uuid = ANY(${sqlArray(
      ops.map((op) => op.opUuid),
      "text",
    )})
    UNION ALL
    SELECT client_uuid, order_id FROM pos_payments WHERE client_uuid = ANY(${sqlArray(payUuids, "text")})) stored)`;
}

export const storedOpsColumn = z.array(storedRow);
const storedOpsRow = z.object({ stored: storedOpsColumn });
const changedOp = z.object({ kind: col.text, line_uuid: col.text.nullable() });

/** StoredOps from the rows storedOpsQuery answers. */
export function storedOpsOf(rows: readonly z.infer<typeof storedRow>[]): StoredOps {
  return {
    ops: new Set(rows.filter((row) => row.order_id === null).map((row) => row.uuid)),
    payments: new Map(rows.flatMap((row) => (row.order_id === null ? [] : [[row.uuid, row.order_id] as const]))),
  };
}

/** StoredOps of a batch: one statement. */
async function storedOps(tx: Db, ops: readonly PosOp[]): Promise<StoredOps> {
  const [row] = rowsOf(storedOpsRow, await tx.execute(sql`SELECT ${storedOpsQuery(ops)} AS stored`));
  return storedOpsOf(row?.stored ?? []);
}

/** Lines changed, and whether anything order-wide changed, by operations after `version`. */
async function changedSince(tx: Db, orderId: number, version: number) {
  const result = await tx.execute(sql`
    SELECT kind, payload->>'lineUuid' AS line_uuid FROM pos_order_ops WHERE order_id = ${orderId} AND version_after > ${version}`);
  const rows = rowsOf(changedOp, result);
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

/** The waste moves of fired lines voided for a waste reason. */
async function writeWaste(tx: Db, state: OrderState, effects: Effects, who: BatchWho): Promise<void> {
  if (effects.waste.length === 0) return;
  await moveStock(tx, {
    requirements: await requirementsOf(tx, state.row.outletId, effects.waste),
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
  /** What storedOps would answer, when the caller already read it with something else. */
  known?: StoredOps,
): Promise<boolean> {
  const found = known ?? (await storedOps(tx, all));
  const stored = found.ops;
  // A payment sent again under another operation id is the same payment; another order's is refused.
  for (const op of all) {
    if (op.kind !== "pay" || stored.has(op.opUuid)) continue;
    const paidOrder = found.payments.get(`${op.clientUuid}:0`) ?? null;
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

  const now = who.at ?? new Date();
  const { deals, variantIds } = await dealsForOps(tx, ops);
  const load = async (ids: readonly number[] = []) => {
    const loaded = await loadPricing(tx, state, who.timeZone, ids);
    return who.at ? { ...loaded, at: who.at } : loaded;
  };
  let pricing = await load(variantIds);
  const menu = { variants: pricing.variants, deals };
  const offline = who.offline ?? false;
  const env = {
    tx,
    userId: who.userId,
    canPay: who.canPay,
    menu,
    pricing,
    at: localMoment(now, who.timeZone),
    offline,
  };
  const effects = noEffects();
  const log: LoggedOp[] = [];
  for (const [index, op] of all.entries()) {
    if (!ops.includes(op)) continue;
    log.push(logged(op, await applyOp(state, op, env, effects, `ops.${index}`)));
  }

  let prepared: PreparedPayment | null = null;
  if (effects.pay) {
    if (effects.pay.couponCode !== undefined) await setCoupon(state, effects.pay.couponCode, env, "couponCode");
    if (effects.pay.couponCode !== undefined || ops.some((op) => op.kind === "coupon")) pricing = await load();
    const counterId = effects.pay.counterId ?? state.row.counterId ?? 0;
    prepared = await preparePayment(tx, state, pricing, effects.pay, counterId, offline);
  } else {
    if (ops.some((op) => op.kind === "coupon")) pricing = await load();
    reprice(state, pricing);
  }

  await insertNewLines(tx, state);
  await writeWaste(tx, state, effects, who);
  let extra: ExtraWrites = { ctes: [], invoice: null };
  if (prepared) {
    extra = await completePayment(tx, state, pricing, prepared, who.userId);
    if (state.row.orderType === "take_away" && pricing.outlet.takeAwayFireOn === "payment") fire(state, effects, {});
  }
  const groups: TicketGroup[] = [
    ...effects.fires.map((entries) => ({ kind: "fire" as const, entries })),
    ...(effects.voids.length > 0 ? [{ kind: "void" as const, entries: effects.voids }] : []),
  ];
  extra.ctes.push(
    ...(await ticketWrites(tx, state, groups, { timeZone: who.timeZone, printing: pricing.kitchenPrinting })),
  );
  await flushOrder(tx, state, log, { userId: who.userId, deviceId: who.deviceId }, extra);
  if (prepared && who.fiscal) await queueFiscalReport(tx, state.row.id);
  if (prepared && pricing.networkReceiptPrinter) {
    // The receipt goes to the counter's network printer, if it has one, with the payment (design 6.1
    // step 9): queued in this transaction, sent after it by the print queue; cash opens the drawer.
    const kinds = new Map(pricing.methods.map((method) => [method.id, method.kind]));
    const cash = prepared.tenders.some((tender) => kinds.get(tender.methodId) === "cash");
    await queueReceiptPrint(tx, state.row.id, { timeZone: who.timeZone, kick: cash });
  }
  return true;
}
