import { randomUUID } from "node:crypto";
import { KDS_TICKET_KINDS, KDS_TICKET_STATUSES, kitchenStatusOf } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { flushOrder, loadOrderForUpdate, loadPricing, type OrderState, reprice } from "../pos-orders/index";

/** Who moves a check, for the order's log. */
export interface Who {
  userId: number;
  deviceId: string | null;
  timeZone: string;
  log: Ctx["log"];
}

export function whoOf(ctx: Ctx, deviceId: string | undefined): Who {
  return { userId: signedIn(ctx).id, deviceId: deviceId ?? null, timeZone: ctx.config.APP_TZ, log: ctx.log };
}

export const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);

export const opUuidOr = (given: string | undefined) => given ?? randomUUID();

/**
 * Reads the (already locked) order again after its lines moved, lets `change` adjust it, prices it
 * with the order engine's own pricing (`computeOrder`, the same as every operation) and writes it
 * back with its version raised and the operation logged.
 */
export async function repriceAndLog(
  tx: Db,
  orderId: number,
  who: Who,
  op: { opUuid: string; kind: "transfer" | "merge" | "split"; payload: Record<string, unknown> },
  change: (state: OrderState) => void | Promise<void> = () => undefined,
): Promise<OrderState> {
  const state = await loadOrderForUpdate(tx, orderId);
  await change(state);
  reprice(state, await loadPricing(tx, state, who.timeZone));
  await flushOrder(tx, state, [{ ...op, approvedBy: null }], { userId: who.userId, deviceId: who.deviceId });
  who.log.event("pos.order.changed", { orderId, version: state.row.version, status: state.row.status, by: who.userId });
  return state;
}

const ticketState = z.object({ kind: z.enum(KDS_TICKET_KINDS), status: z.enum(KDS_TICKET_STATUSES) });

/** The order's kitchen state from the tickets it holds now (after tickets moved to it). */
export async function kitchenStatusFromTickets(tx: Db, orderId: number) {
  const tickets = rowsOf(
    ticketState,
    await tx.execute(sql`SELECT kind, status FROM kitchen_tickets WHERE order_id = ${orderId}`),
  );
  return kitchenStatusOf(tickets);
}

const idRow = z.object({ id: col.int });

/** Ids of a RETURNING id statement. */
export const idsOf = (result: unknown): number[] => rowsOf(idRow, result).map((row) => row.id);
