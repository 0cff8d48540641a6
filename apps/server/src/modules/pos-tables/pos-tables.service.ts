import {
  POS_EDITING_SECONDS,
  POS_ORDER_MESSAGES,
  POS_TABLE_MESSAGES,
  type PosEditing,
  type PosEditingInput,
  type PosFloor,
  type PosFloorQuery,
  type PosFloorTable,
  type PosOrder,
  type PosTableStatusInput,
  type PosTransferInput,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { assertChangeable, loadOrderForUpdate, readOrder } from "../pos-orders/index";
import { fieldError, idsOf, opUuidOr, repriceAndLog, whoOf } from "./pos-tables.common";
import { floorTables, storedOp, tableLabelOf, writeOrderMoved, writeTableStatus } from "./pos-tables.queries";

/**
 * Table Order's floor (design 5.4 item 49): the tables with their occupancy, the reserved / cleaning
 * override, and moving a check to another table (6.2 step 6). Each change is one transaction that
 * writes its `table_status` (and for a transfer `order_moved`) events with it.
 */
export async function getFloor(ctx: Ctx, query: PosFloorQuery): Promise<PosFloor> {
  if (query.hallId !== undefined) {
    const [hall] = rowsOf(
      z.object({ id: col.int }),
      await ctx.db.execute(sql`SELECT id FROM halls WHERE id = ${query.hallId}`),
    );
    if (!hall) throw fieldError("hallId", POS_TABLE_MESSAGES.hallMissing);
  }
  const tables = await floorTables(ctx.db, query.hallId === undefined ? "all" : { hallId: query.hallId });
  return { serverTime: new Date().toISOString(), hallId: query.hallId ?? null, tables };
}

const tableRow = z.object({ id: col.int, outlet_id: col.int });

/** An active table (of this outlet, when given), or null. */
async function activeTable(db: Ctx["db"], tableId: number, outletId?: number) {
  const [table] = rowsOf(
    tableRow,
    await db.execute(sql`
      SELECT d.id, h.outlet_id FROM dining_tables d JOIN halls h ON h.id = d.hall_id
      WHERE d.id = ${tableId} AND d.active ${outletId === undefined ? sql`` : sql`AND h.outlet_id = ${outletId}`}`),
  );
  return table ?? null;
}

/** `PUT /api/pos/table/{id}/status`: sets (or with `none` clears) the reserved / cleaning override. */
export async function setTableStatus(ctx: Ctx, tableId: number, input: PosTableStatusInput): Promise<PosFloorTable> {
  const override = input.override === "none" ? null : input.override;
  return ctx.db.transaction(async (tx) => {
    const table = await activeTable(tx, tableId);
    if (!table) throw new AppError("NOT_FOUND", POS_TABLE_MESSAGES.tableMissing);
    await tx.execute(sql`UPDATE dining_tables SET status_override = ${override} WHERE id = ${tableId}`);
    await writeTableStatus(tx, table.outlet_id, [tableId]);
    const [floor] = await floorTables(tx, { tableIds: [tableId] });
    if (!floor) throw new Error("table vanished in its own transaction");
    return floor;
  });
}

/**
 * `POST /api/pos/order/{id}/transfer`: only the check's table changes (and its hall's service
 * charge, so it is priced again). The kitchen cards take the new table's label through `order_moved`;
 * nothing is sent to the kitchen again.
 */
export async function transferOrder(
  ctx: Ctx,
  orderId: number,
  input: PosTransferInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  const who = whoOf(ctx, input.deviceId ?? deviceHeader);
  return ctx.db.transaction(async (tx) => {
    const replay = await storedOp(tx, input.opUuid, orderId);
    if (replay) return readOrder(tx, orderId);
    const state = await loadOrderForUpdate(tx, orderId);
    assertChangeable(state);
    const { outletId } = state.row;
    if (!(await activeTable(tx, input.tableId, outletId))) throw fieldError("tableId", POS_TABLE_MESSAGES.tableMissing);
    const fromTableId = state.row.tableId;
    if (fromTableId === input.tableId) throw fieldError("tableId", POS_TABLE_MESSAGES.sameTable);
    const fromTable = await tableLabelOf(tx, fromTableId);
    const tableLabel = await tableLabelOf(tx, input.tableId);
    await tx.execute(sql`UPDATE pos_orders SET table_id = ${input.tableId} WHERE id = ${orderId}`);
    await repriceAndLog(tx, orderId, who, {
      opUuid: opUuidOr(input.opUuid),
      kind: "transfer",
      payload: { fromTableId, tableId: input.tableId },
    });
    const ticketIds = idsOf(
      await tx.execute(sql`
        UPDATE kitchen_tickets SET table_label = ${tableLabel} WHERE order_id = ${orderId} RETURNING id`),
    );
    await writeOrderMoved(tx, outletId, ticketIds, {
      kind: "transfer",
      orderId,
      fromOrderId: orderId,
      fromTable,
      tableLabel,
    });
    await writeTableStatus(tx, outletId, fromTableId === null ? [input.tableId] : [fromTableId, input.tableId]);
    return readOrder(tx, orderId);
  });
}

const editedOrderRow = z.object({ outlet_id: col.int, table_id: col.int.nullable(), status: col.text });

/**
 * `POST /api/pos/order/{id}/editing`: an `order_editing` event for every floor of the check's table
 * (design 5.4 item 49, "being edited by"). Nothing is stored but the event; an open or billed check
 * only (404 unknown, 409 paid, voided or merged).
 */
export async function markEditing(
  ctx: Ctx,
  orderId: number,
  input: PosEditingInput,
  deviceHeader?: string,
): Promise<PosEditing> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    const [order] = rowsOf(
      editedOrderRow,
      await tx.execute(sql`SELECT outlet_id, table_id, status FROM pos_orders WHERE id = ${orderId}`),
    );
    if (!order) throw new AppError("NOT_FOUND", POS_ORDER_MESSAGES.orderMissing);
    if (order.status !== "open" && order.status !== "billed")
      throw new AppError("POS_ORDER_CLOSED", POS_ORDER_MESSAGES.notOpen);
    const editing: PosEditing = {
      orderId,
      tableId: order.table_id,
      userName: `${user.firstName} ${user.lastName}`.trim() || user.userName,
      deviceId: input.deviceId ?? deviceHeader ?? null,
      until: new Date(Date.now() + POS_EDITING_SECONDS * 1000).toISOString(),
    };
    await tx.execute(sql`
      INSERT INTO kds_events (outlet_id, station_id, kind, order_id, payload)
      VALUES (${order.outlet_id}, NULL, 'order_editing', ${orderId}, ${JSON.stringify(editing)}::jsonb)`);
    return editing;
  });
}
