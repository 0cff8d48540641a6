import { randomUUID } from "node:crypto";
import { POS_TABLE_MESSAGES, type PosMergeInput, type PosOrder } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { assertChangeable, loadOrderForUpdate, readOrder } from "../pos-orders/index";
import { fieldError, idsOf, kitchenStatusFromTickets, opUuidOr, repriceAndLog, whoOf } from "./pos-tables.common";
import { storedOp, tableLabelOf, writeOrderMoved, writeTableStatus } from "./pos-tables.queries";

const knownRow = z.object({ id: col.int });

/**
 * `POST /api/pos/order/{id}/merge` (design 6.2 step 7): the check's lines move into another check
 * with their kitchen tickets (so the ticket count does not change and nothing is fired again), the
 * tickets take the target's table label and every station that holds one gets `order_moved`; the
 * source becomes `merged` with `merged_into_id`. Both checks are priced again and logged.
 */
export async function mergeOrder(
  ctx: Ctx,
  orderId: number,
  input: PosMergeInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  const who = whoOf(ctx, input.deviceId ?? deviceHeader);
  const intoId = input.intoOrderId;
  return ctx.db.transaction(async (tx) => {
    const replay = await storedOp(tx, input.opUuid, orderId);
    if (replay) return readOrder(tx, intoId);
    if (intoId === orderId) throw fieldError("intoOrderId", POS_TABLE_MESSAGES.mergeSelf);
    const [known] = rowsOf(knownRow, await tx.execute(sql`SELECT id FROM pos_orders WHERE id = ${intoId}`));
    if (!known) throw fieldError("intoOrderId", POS_TABLE_MESSAGES.intoOrderMissing);
    // Both rows locked in id order, as any other two-check move takes them: no deadlock.
    const [first, second] = orderId < intoId ? [orderId, intoId] : [intoId, orderId];
    const locked = [await loadOrderForUpdate(tx, first), await loadOrderForUpdate(tx, second)];
    const source = locked.find((state) => state.row.id === orderId);
    const target = locked.find((state) => state.row.id === intoId);
    if (!source || !target) throw new Error("merged checks not loaded");
    assertChangeable(source);
    if (target.row.status !== "open" && target.row.status !== "billed")
      throw new AppError("POS_ORDER_CLOSED", POS_TABLE_MESSAGES.intoClosed);
    if (target.row.outletId !== source.row.outletId || target.row.businessDayId !== source.row.businessDayId)
      throw fieldError("intoOrderId", POS_TABLE_MESSAGES.mergeDay);
    if (source.discounts.some((discount) => discount.lineUuid === null))
      throw new AppError("CONFLICT", POS_TABLE_MESSAGES.mergeDiscounts);

    const { outletId } = source.row;
    const fromTable = await tableLabelOf(tx, source.row.tableId);
    const tableLabel = await tableLabelOf(tx, target.row.tableId);
    await tx.execute(sql`UPDATE pos_order_lines SET order_id = ${intoId} WHERE order_id = ${orderId}`);
    await tx.execute(sql`UPDATE pos_order_discounts SET order_id = ${intoId} WHERE order_id = ${orderId}`);
    const ticketIds = idsOf(
      await tx.execute(sql`
        UPDATE kitchen_tickets SET order_id = ${intoId}, table_label = ${tableLabel}
        WHERE order_id = ${orderId} RETURNING id`),
    );
    const kitchenStatus = await kitchenStatusFromTickets(tx, intoId);
    const lines = source.lines.length;
    await repriceAndLog(
      tx,
      orderId,
      who,
      { opUuid: opUuidOr(input.opUuid), kind: "merge", payload: { intoOrderId: intoId, lines } },
      (state) => {
        state.row.status = "merged";
        state.row.kitchenStatus = "none";
      },
    );
    await tx.execute(sql`UPDATE pos_orders SET merged_into_id = ${intoId} WHERE id = ${orderId}`);
    await repriceAndLog(
      tx,
      intoId,
      who,
      { opUuid: randomUUID(), kind: "merge", payload: { fromOrderId: orderId, lines } },
      (state) => {
        // The pre-bill no longer shows every line: the check is open again, as after adding a line.
        state.row.status = "open";
        state.row.kitchenStatus = kitchenStatus;
        const guests = (state.row.guests ?? 0) + (source.row.guests ?? 0);
        state.row.guests = guests > 0 ? Math.min(guests, 32_767) : null;
      },
    );
    await writeOrderMoved(tx, outletId, ticketIds, {
      kind: "merge",
      orderId: intoId,
      fromOrderId: orderId,
      fromTable,
      tableLabel,
    });
    await writeTableStatus(
      tx,
      outletId,
      [source.row.tableId, target.row.tableId].flatMap((id) => (id === null ? [] : [id])),
    );
    return readOrder(tx, intoId);
  });
}
