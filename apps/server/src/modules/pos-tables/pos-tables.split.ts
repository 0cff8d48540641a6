import { randomUUID } from "node:crypto";
import {
  POS_TABLE_MESSAGES,
  type PosSplitInput,
  type PosSplitResult,
  posSplitResultSchema,
  qtyMicroOf,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { assertChangeable, type LineState, loadOrderForUpdate, type OrderState } from "../pos-orders/index";
import { fieldError, idsOf, opUuidOr, repriceAndLog, whoOf } from "./pos-tables.common";
import { storedOp, writeTableStatus } from "./pos-tables.queries";

/** One line's move into one part: the whole line (with a deal's items) or a quantity split off it. */
interface Move {
  part: number;
  line: LineState & { id: number };
  qtyMicro: bigint;
}

const liveQty = (line: LineState) => line.qtyMicro - line.voidedQtyMicro;

/**
 * The moves the parts ask for, checked against the order's lines: each line of this order and not a
 * deal's item, at most its quantity not voided over all parts, a deal whole, and something left on
 * the original check. A 400 names the field.
 */
function movesOf(state: OrderState, input: PosSplitInput): Move[] {
  const moved = new Map<number, bigint>();
  const moves: Move[] = [];
  input.parts.forEach((part, p) => {
    part.lines.forEach((entry, l) => {
      const field = `parts.${p}.lines.${l}`;
      const line = state.lines.find((candidate) => candidate.id === entry.lineId);
      if (!line || line.id === null) throw fieldError(`${field}.lineId`, POS_TABLE_MESSAGES.lineMissing);
      if (line.dealParentUuid !== null) throw fieldError(`${field}.lineId`, POS_TABLE_MESSAGES.dealPart);
      const qtyMicro = qtyMicroOf(entry.qty);
      const total = (moved.get(line.id) ?? 0n) + qtyMicro;
      if (total > liveQty(line)) throw fieldError(`${field}.qty`, POS_TABLE_MESSAGES.splitQty);
      if (line.dealId !== null && qtyMicro !== liveQty(line))
        throw fieldError(`${field}.qty`, POS_TABLE_MESSAGES.dealWhole);
      moved.set(line.id, total);
      moves.push({ part: p, line: { ...line, id: line.id }, qtyMicro });
    });
  });
  const left = state.lines.some(
    (line) => line.dealParentUuid === null && liveQty(line) - (moved.get(line.id ?? 0) ?? 0n) > 0n,
  );
  if (!left) throw fieldError("parts", POS_TABLE_MESSAGES.splitAll);
  return moves;
}

/** A new check on the same table, split from the original; priced after its lines arrive. */
async function newCheck(tx: Db, state: OrderState, userId: number, deviceId: string | null): Promise<number> {
  const row = state.row;
  const [id] = idsOf(
    await tx.execute(sql`
      INSERT INTO pos_orders (client_uuid, outlet_id, business_day_id, session_id, counter_id, token, order_type,
        table_id, waiter_id, customer_id, status, split_from_id, device_id, created_by)
      VALUES (${randomUUID()}, ${row.outletId}, ${row.businessDayId}, ${row.sessionId}, ${row.counterId}, ${row.token},
        ${row.orderType}, ${row.tableId}, ${row.waiterId}, ${row.customerId}, 'open', ${row.id}, ${deviceId},
        ${userId})
      RETURNING id`),
  );
  if (id === undefined) throw new Error("split check not inserted");
  return id;
}

/**
 * A line moves whole (its id, kitchen links and deal items with it) when all of it not voided moves;
 * otherwise it is split in two: the moved quantity becomes a new line of the new check with
 * `split_from_line_id`, the same status and fire time (its kitchen state), and the original keeps
 * the rest. Kitchen tickets and their items stay as they are.
 */
async function applyMove(tx: Db, move: Move, toOrderId: number): Promise<void> {
  const { line } = move;
  if (move.qtyMicro === liveQty(line) && line.voidedQtyMicro === 0n) {
    await tx.execute(sql`
      UPDATE pos_order_lines SET order_id = ${toOrderId} WHERE id = ${line.id} OR deal_parent_line_id = ${line.id}`);
    return;
  }
  await tx.execute(sql`
    UPDATE pos_order_lines SET qty_micro = qty_micro - ${move.qtyMicro} WHERE id = ${line.id}`);
  await tx.execute(sql`
    INSERT INTO pos_order_lines (order_id, line_uuid, variant_id, deal_id, name_snapshot, size_name, flavour_name,
      category_id, station_id, qty_micro, unit_price_minor, price_override_minor, override_by, tax_class_id,
      tax_rate_bp, course, note, status, fired_at, recipe_version_id, split_from_line_id, added_by, added_at)
    SELECT ${toOrderId}, ${randomUUID()}, variant_id, deal_id, name_snapshot, size_name, flavour_name, category_id,
      station_id, ${move.qtyMicro}, unit_price_minor, price_override_minor, override_by, tax_class_id, tax_rate_bp,
      course, note, status, fired_at, recipe_version_id, id, added_by, added_at
    FROM pos_order_lines WHERE id = ${line.id}`);
}

/**
 * `POST /api/pos/order/{id}/split` (design 6.2 step 8): each part becomes a new check on the same
 * table with the chosen lines and quantities; every check is priced again with the order engine's
 * pricing, so the checks add up to the original. Nothing goes to the kitchen.
 */
export async function splitOrder(
  ctx: Ctx,
  orderId: number,
  input: PosSplitInput,
  deviceHeader?: string,
): Promise<PosSplitResult> {
  const who = whoOf(ctx, input.deviceId ?? deviceHeader);
  return ctx.db.transaction(async (tx) => {
    const replay = await storedOp(tx, input.opUuid, orderId);
    if (replay) return posSplitResultSchema.parse({ orderId, newOrderIds: replay.payload.newOrderIds });
    const state = await loadOrderForUpdate(tx, orderId);
    assertChangeable(state);
    if (state.discounts.length > 0) throw new AppError("CONFLICT", POS_TABLE_MESSAGES.splitDiscounts);
    const moves = movesOf(state, input);
    const newOrderIds: number[] = [];
    for (const _part of input.parts) newOrderIds.push(await newCheck(tx, state, who.userId, who.deviceId));
    for (const move of moves) await applyMove(tx, move, newOrderIds[move.part] ?? 0);

    await repriceAndLog(
      tx,
      orderId,
      who,
      {
        opUuid: opUuidOr(input.opUuid),
        kind: "split",
        payload: {
          newOrderIds,
          parts: input.parts.map((part) => part.lines.map((line) => ({ lineId: line.lineId, qty: line.qty }))),
        },
      },
      (original) => {
        // The pre-bill no longer matches the check: it is open again.
        original.row.status = "open";
      },
    );
    for (const newId of newOrderIds)
      await repriceAndLog(
        tx,
        newId,
        who,
        { opUuid: randomUUID(), kind: "split", payload: { splitFromId: orderId } },
        (check) => {
          check.row.kitchenStatus = check.lines.some((line) => line.status !== "pending")
            ? state.row.kitchenStatus
            : "none";
        },
      );
    if (state.row.tableId !== null) await writeTableStatus(tx, state.row.outletId, [state.row.tableId]);
    return { orderId, newOrderIds };
  });
}
