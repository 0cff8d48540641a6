import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { diningTables } from "../../db/schema/index";
import { col, rowsOf, sqlArray } from "../../lib/sql";
import type { LineState, OrderState } from "./pos-orders.state";

/**
 * Kitchen tickets (design D10, 6.2 step 3-4): one ticket per (order, station, fire) of kind `new` the
 * first time the order reaches that station and `addition` after, one per station of kind `void` for
 * voided fired lines, each with its items and a `ticket_created` event for the screens. Lines with no
 * station (their category is not sent to the kitchen) get no ticket.
 */
export interface TicketLine {
  line: LineState;
  qtyMicro: bigint;
}

const modifiers = (line: LineState) => [line.sizeName, line.flavourName].filter(Boolean).join(" ");

async function tableLabel(tx: Db, tableId: number | null): Promise<string | null> {
  if (tableId === null) return null;
  const [table] = await tx.select({ name: diningTables.name }).from(diningTables).where(eq(diningTables.id, tableId));
  return table?.name ?? null;
}

/** Writes the tickets of one fire (or one void): tickets, items and events, three statements. */
export async function writeTickets(
  tx: Db,
  state: OrderState,
  entries: readonly TicketLine[],
  kind: "fire" | "void",
): Promise<number> {
  const stationed = entries.filter((entry) => entry.line.stationId !== null && entry.line.id !== null);
  if (stationed.length === 0) return 0;
  const order = state.row;
  const seen = await tx.execute(sql`
    SELECT coalesce(max(fire_seq), 0)::int AS seq,
           coalesce(array_agg(DISTINCT station_id) FILTER (WHERE kind <> 'void'), '{}') AS stations
    FROM kitchen_tickets WHERE order_id = ${order.id}`);
  const [before] = rowsOf(z.object({ seq: col.int, stations: col.ints }), seen);
  const fireSeq = (before?.seq ?? 0) + 1;
  const stations = [...new Set(stationed.map((entry) => entry.line.stationId as number))];
  const kinds = stations.map((station) =>
    kind === "void" ? "void" : before?.stations.includes(station) ? "addition" : "new",
  );
  const courses = stations.map((station) =>
    Math.min(...stationed.filter((entry) => entry.line.stationId === station).map((entry) => entry.line.course)),
  );
  const label = await tableLabel(tx, order.tableId);
  const inserted = await tx.execute(sql`
    INSERT INTO kitchen_tickets (order_id, station_id, fire_seq, kind, course, table_label, token)
    SELECT ${order.id}::bigint, t.station, ${fireSeq}::int, t.kind, t.course, ${label}::text, ${order.token}::int
    FROM unnest(${sqlArray(stations, "int")}, ${sqlArray(kinds, "text")}, ${sqlArray(courses, "int")})
      AS t(station, kind, course)
    RETURNING id, station_id, kind`);
  const tickets = rowsOf(z.object({ id: col.int, station_id: col.int, kind: col.text }), inserted);
  const ticketOf = new Map(tickets.map((ticket) => [ticket.station_id, ticket.id]));
  const items = stationed.map((entry) => ({ ticketId: ticketOf.get(entry.line.stationId as number) ?? 0, ...entry }));
  await tx.execute(sql`
    INSERT INTO kitchen_ticket_items (ticket_id, order_line_id, name_snapshot, modifiers_snapshot, note, qty_micro,
      voided_qty_micro)
    SELECT * FROM unnest(${sqlArray(
      items.map((item) => item.ticketId),
      "bigint",
    )}, ${sqlArray(
      items.map((item) => item.line.id),
      "bigint",
    )}, ${sqlArray(
      items.map((item) => item.line.name),
      "text",
    )}, ${sqlArray(
      items.map((item) => modifiers(item.line)),
      "text",
    )}, ${sqlArray(
      items.map((item) => item.line.note),
      "text",
    )}, ${sqlArray(
      items.map((item) => item.qtyMicro),
      "bigint",
    )}, ${sqlArray(
      items.map((item) => (kind === "void" ? item.qtyMicro : 0n)),
      "bigint",
    )})`);
  if (kind === "void") {
    // The original cards strike the voided quantity through.
    await tx.execute(sql`
      UPDATE kitchen_ticket_items i SET voided_qty_micro = i.voided_qty_micro + u.qty
      FROM unnest(${sqlArray(
        items.map((item) => item.line.id),
        "bigint",
      )}, ${sqlArray(
        items.map((item) => item.qtyMicro),
        "bigint",
      )}) AS u(line_id, qty), kitchen_tickets t
      WHERE i.order_line_id = u.line_id AND t.id = i.ticket_id AND t.kind <> 'void'`);
  }
  await tx.execute(sql`
    INSERT INTO kds_events (outlet_id, station_id, kind, ticket_id, order_id, payload)
    SELECT ${order.outletId}::int, t.station, 'ticket_created', t.ticket, ${order.id}::bigint,
           json_build_object('kind', t.kind, 'fireSeq', ${fireSeq}::int, 'token', ${order.token}::int,
                             'table', ${label}::text, 'orderType', ${order.orderType}::text)::jsonb
    FROM unnest(${sqlArray(
      tickets.map((ticket) => ticket.station_id),
      "int",
    )}, ${sqlArray(
      tickets.map((ticket) => ticket.id),
      "bigint",
    )}, ${sqlArray(
      tickets.map((ticket) => ticket.kind),
      "text",
    )}) AS t(station, ticket, kind)`);
  if (kind === "fire") order.kitchenStatus = "new";
  return tickets.length;
}
