import {
  KDS_MESSAGES,
  KDS_TICKET_KINDS,
  KDS_TICKET_STATUSES,
  type KdsAction,
  type KdsTicket,
  kitchenStatusOf,
  nextTicketStatus,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { ACTIVE, findStations, findTickets, kitchenStats, recentlyBumped, stationFilter } from "./kds.queries";

/**
 * The kitchen screens' use cases (design 4.8, 6.3): the snapshot, the all-day counts and the actions.
 * Each action is one transaction that locks the order and then the ticket (the order the fire
 * takes them in), moves the ticket, works out the order's kitchen_status again from all its tickets
 * and writes a `kds_events` row, which the trigger announces to every server at commit. An action
 * that changes nothing (a second bump) writes nothing.
 */

async function knownStation(db: Db, stationId: number | undefined): Promise<void> {
  if (stationId === undefined) return;
  const [station] = await findStations(db, stationId);
  if (!station)
    throw new AppError("VALIDATION", `stationId: ${KDS_MESSAGES.station}`, [
      { field: "stationId", message: KDS_MESSAGES.station },
    ]);
}

export async function listStations(ctx: Ctx) {
  return { stations: await findStations(ctx.db) };
}

export async function activeTickets(
  ctx: Ctx,
  input: { stationId?: number | undefined; status?: "active" | "recent" | undefined },
) {
  await knownStation(ctx.db, input.stationId);
  const tickets =
    input.status === "recent"
      ? (await findTickets(ctx.db, sql`t.id = ANY(${await recentlyBumped(ctx.db, input.stationId)})`)).sort(
          (a, b) => Date.parse(b.readyAt ?? "") - Date.parse(a.readyAt ?? "") || b.id - a.id,
        )
      : await findTickets(ctx.db, sql`${stationFilter(input.stationId)} AND ${ACTIVE}`);
  return { serverTime: new Date().toISOString(), tickets };
}

export async function kdsStats(ctx: Ctx, input: { date?: string | undefined; stationId?: number | undefined }) {
  await knownStation(ctx.db, input.stationId);
  const timeZone = ctx.config.APP_TZ;
  return kitchenStats(ctx.db, {
    date: input.date ?? todayIn(timeZone),
    timeZone,
    ...(input.stationId === undefined ? {} : { stationId: input.stationId }),
  });
}

const lockedTicket = z.object({
  id: col.int,
  order_id: col.int,
  station_id: col.int,
  kind: z.enum(KDS_TICKET_KINDS),
  status: z.enum(KDS_TICKET_STATUSES),
});

/** Locks the ticket's order, then the ticket; 404 when either is missing. */
async function lockTicket(tx: Db, ticketId: number) {
  const result = await tx.execute(sql`
    SELECT t.id, t.order_id, t.station_id, t.kind, t.status
    FROM pos_orders o JOIN kitchen_tickets t ON t.order_id = o.id
    WHERE t.id = ${ticketId} FOR UPDATE OF o, t`);
  const [ticket] = rowsOf(lockedTicket, result);
  if (!ticket) throw new AppError("NOT_FOUND", KDS_MESSAGES.ticketMissing);
  return ticket;
}

const ticketStates = z.object({ kind: z.enum(KDS_TICKET_KINDS), status: z.enum(KDS_TICKET_STATUSES) });

/** The order's kitchen_status from its tickets (its row is locked). */
async function refreshKitchenStatus(tx: Db, orderId: number): Promise<string> {
  const tickets = rowsOf(
    ticketStates,
    await tx.execute(sql`SELECT kind, status FROM kitchen_tickets WHERE order_id = ${orderId}`),
  );
  const status = kitchenStatusOf(tickets);
  await tx.execute(
    sql`UPDATE pos_orders SET kitchen_status = ${status} WHERE id = ${orderId} AND kitchen_status <> ${status}`,
  );
  return status;
}

async function readTicket(tx: Db, ticketId: number): Promise<KdsTicket> {
  const [ticket] = await findTickets(tx, sql`t.id = ${ticketId}`);
  if (!ticket) throw new AppError("NOT_FOUND", KDS_MESSAGES.ticketMissing);
  return ticket;
}

async function writeEvent(
  tx: Db,
  kind: "ticket_updated" | "item_done",
  ticket: KdsTicket,
  payload: Record<string, unknown>,
) {
  await tx.execute(sql`
    INSERT INTO kds_events (outlet_id, station_id, kind, ticket_id, order_id, payload)
    SELECT s.outlet_id, s.id, ${kind}, ${ticket.id}::bigint, ${ticket.orderId}::bigint, ${JSON.stringify(payload)}::jsonb
    FROM kitchen_stations s WHERE s.id = ${ticket.stationId}`);
}

const eventPayload = (ticket: KdsTicket, kitchenStatus: string, action: string) => ({
  action,
  status: ticket.status,
  priority: ticket.priority,
  recalledCount: ticket.recalledCount,
  kitchenStatus,
  tableLabel: ticket.tableLabel,
  token: ticket.token,
  orderType: ticket.orderType,
});

/** `POST /api/kds/ticket/{id}/<action>`: start, bump, serve, recall or toggle priority. */
export async function ticketAction(ctx: Ctx, ticketId: number, action: KdsAction): Promise<KdsTicket> {
  return ctx.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, ticketId);
    if (action === "priority") {
      await tx.execute(sql`UPDATE kitchen_tickets SET priority = NOT priority WHERE id = ${ticketId}`);
    } else {
      const next = nextTicketStatus(ticket.status, action);
      if (next === null) return readTicket(tx, ticketId);
      if (next === "invalid")
        throw new AppError(
          "KDS_TICKET_STATE",
          `A ${ticket.status} ticket cannot be ${action === "serve" ? "served" : `${action}ed`}`,
          { status: ticket.status, action },
        );
      await tx.execute(sql`
        UPDATE kitchen_tickets SET status = ${next},
          started_at = CASE WHEN ${next} = 'preparing' THEN coalesce(started_at, now()) ELSE started_at END,
          ready_at = CASE WHEN ${next} = 'ready' THEN now() WHEN ${next} = 'preparing' THEN NULL ELSE ready_at END,
          served_at = CASE WHEN ${next} = 'served' THEN now() WHEN ${next} = 'preparing' THEN NULL ELSE served_at END,
          recalled_count = recalled_count + ${action === "recall" ? 1 : 0}
        WHERE id = ${ticketId}`);
      // A bumped ticket's items are all done.
      if (next === "ready")
        await tx.execute(
          sql`UPDATE kitchen_ticket_items SET done_at = now() WHERE ticket_id = ${ticketId} AND done_at IS NULL`,
        );
    }
    const kitchenStatus = await refreshKitchenStatus(tx, ticket.order_id);
    const updated = await readTicket(tx, ticketId);
    await writeEvent(tx, "ticket_updated", updated, eventPayload(updated, kitchenStatus, action));
    return updated;
  });
}

const lockedItem = z.object({ ticket_id: col.int, done: col.bool });

/** `POST /api/kds/item/{id}/done`: one item of a ticket is done (once; again changes nothing). */
export async function itemDone(ctx: Ctx, itemId: number): Promise<KdsTicket> {
  return ctx.db.transaction(async (tx) => {
    const found = rowsOf(
      lockedItem,
      await tx.execute(
        sql`SELECT ticket_id, done_at IS NOT NULL AS done FROM kitchen_ticket_items WHERE id = ${itemId}`,
      ),
    );
    const [item] = found;
    if (!item) throw new AppError("NOT_FOUND", KDS_MESSAGES.itemMissing);
    const ticket = await lockTicket(tx, item.ticket_id);
    if (ticket.status === "cancelled")
      throw new AppError("KDS_TICKET_STATE", "An item of a cancelled ticket cannot be marked done", {
        status: ticket.status,
        action: "done",
      });
    const marked = await tx.execute(
      sql`UPDATE kitchen_ticket_items SET done_at = now() WHERE id = ${itemId} AND done_at IS NULL RETURNING id`,
    );
    const updated = await readTicket(tx, ticket.id);
    if (rowsOf(z.object({ id: col.int }), marked).length === 0) return updated;
    const done = updated.items.find((entry) => entry.id === itemId);
    await writeEvent(tx, "item_done", updated, { itemId, doneAt: done?.doneAt ?? null, status: updated.status });
    return updated;
  });
}
