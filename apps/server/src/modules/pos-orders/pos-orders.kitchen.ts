import { localMoment, ORDER_TYPE_LABELS, ORDER_TYPES } from "@cargodesk/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { diningTables, users } from "../../db/schema/index";
import { escposKitchenTicket, type KitchenTicketPrint } from "../../lib/kitchen-ticket";
import { personName } from "../../lib/person-name";
import { col, executePrepared, rowsOf, sqlArray } from "../../lib/sql";
import type { KitchenPrinting, PrintingStation } from "./pos-orders.pricing";
import type { LineState, OrderState } from "./pos-orders.state";

const ticketsSoFarRow = z.object({ seq: col.int, stations: col.ints });
const nameRow = z.object({ name: col.text });

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

/** The fire sequence so far and the stations that already have a ticket; none before the first fire. */
async function ticketsSoFar(tx: Db, state: OrderState): Promise<{ seq: number; stations: number[] }> {
  if (state.row.kitchenStatus === "none") return { seq: 0, stations: [] };
  const seen = await tx.execute(sql`
    SELECT coalesce(max(fire_seq), 0)::int AS seq,
           coalesce(array_agg(DISTINCT station_id) FILTER (WHERE kind <> 'void'), '{}') AS stations
    FROM kitchen_tickets WHERE order_id = ${state.row.id}`);
  return rowsOf(ticketsSoFarRow, seen)[0] ?? { seq: 0, stations: [] };
}

/** The order's waiter's name, for a printed ticket (when the batch changed the waiter after pricing). */
async function waiterName(tx: Db, waiterId: number | null): Promise<string | null> {
  if (waiterId === null) return null;
  const result = await executePrepared(
    tx,
    "pos_waiter_name",
    sql`SELECT ${personName} AS name FROM ${users} WHERE ${users.id} = ${waiterId}::int`,
  );
  return rowsOf(nameRow, result)[0]?.name ?? null;
}

const orderTypeLabel = (value: string) => ORDER_TYPE_LABELS[ORDER_TYPES.find((type) => type === value) ?? "take_away"];

export interface TicketGroup {
  kind: "fire" | "void";
  entries: readonly TicketLine[];
}

/**
 * The tickets of this batch's fires and voids (in order, each its own fire sequence) as CTEs of the
 * order's one write: per group its tickets, their items and their events, and for a void the
 * strike-through on the original cards. Lines must have ids.
 */
export async function ticketWrites(
  tx: Db,
  state: OrderState,
  groups: readonly TicketGroup[],
  options: { timeZone: string; printing: KitchenPrinting },
): Promise<SQL[]> {
  const sent = groups
    .map((group) => ({
      ...group,
      entries: group.entries.filter((entry) => entry.line.stationId !== null && entry.line.id !== null),
    }))
    .filter((group) => group.entries.length > 0);
  if (sent.length === 0) return [];
  const order = state.row;
  const before = await ticketsSoFar(tx, state);
  const seen = new Set(before.stations);
  const label = await tableLabel(tx, order.tableId);
  const allStations = [
    ...new Set(sent.flatMap((group) => group.entries.map((entry) => entry.line.stationId as number))),
  ];
  const printing = options.printing;
  const waiter = !allStations.some((station) => printing.stations.has(station))
    ? null
    : order.waiterId === printing.waiterId
      ? printing.waiter
      : await waiterName(tx, order.waiterId);
  const at = localMoment(new Date(), options.timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  const ticketPrint = (
    station: PrintingStation,
    kind: KitchenTicketPrint["kind"],
    entries: readonly TicketLine[],
  ): KitchenTicketPrint => ({
    station: station.station,
    kind,
    number: order.number,
    token: order.token,
    orderTypeLabel: orderTypeLabel(order.orderType),
    table: label,
    waiter,
    date: at.date,
    time: `${pad(Math.floor(at.minutes / 60))}:${pad(at.minutes % 60)}`,
    lines: entries.map(({ line, qtyMicro }) => ({
      qty: Number(qtyMicro) / 1_000_000,
      name: line.name,
      modifiers: modifiers(line),
      note: line.note,
      course: line.course,
    })),
  });
  return sent.map((group, index) => {
    const fireSeq = before.seq + index + 1;
    const stations = [...new Set(group.entries.map((entry) => entry.line.stationId as number))];
    const kinds = stations.map((station): KitchenTicketPrint["kind"] =>
      group.kind === "void" ? "void" : seen.has(station) ? "addition" : "new",
    );
    if (group.kind === "fire") {
      for (const station of stations) seen.add(station);
      order.kitchenStatus = "new";
    }
    const courses = stations.map((station) =>
      Math.min(...group.entries.filter((entry) => entry.line.stationId === station).map((entry) => entry.line.course)),
    );
    const column = <T extends number | bigint | string | null>(
      pick: (entry: TicketLine) => T,
      type: "int" | "bigint" | "text",
    ) => sqlArray(group.entries.map(pick), type);
    const tickets = sql.raw(`tickets_${index}`);
    const strike =
      group.kind === "void"
        ? sql`, struck_${sql.raw(String(index))} AS (
            UPDATE kitchen_ticket_items i SET voided_qty_micro = i.voided_qty_micro + u.qty
            FROM unnest(${column((entry) => entry.line.id, "bigint")}, ${column((entry) => entry.qtyMicro, "bigint")})
              AS u(line_id, qty), kitchen_tickets t
            WHERE i.order_line_id = (
                -- A line split off another keeps the kitchen items of the line it came from.
                WITH RECURSIVE up(id, parent) AS (
                  SELECT l.id, l.split_from_line_id FROM pos_order_lines l WHERE l.id = u.line_id
                  UNION ALL
                  SELECT l.id, l.split_from_line_id FROM pos_order_lines l JOIN up ON l.id = up.parent)
                SELECT up.id FROM up WHERE up.parent IS NULL)
              AND t.id = i.ticket_id AND t.kind <> 'void')`
        : sql``;
    // The tickets of stations that print, queued for their printers in this transaction (a rollback
    // queues nothing); the sender prints them after the commit.
    const printed = stations.flatMap((station, at) => {
      const target = printing.stations.get(station);
      const kind = kinds[at];
      if (!target || !kind) return [];
      const entries = group.entries.filter((entry) => entry.line.stationId === station);
      const bytes = escposKitchenTicket(ticketPrint(target, kind, entries), {
        widthChars: target.width_chars,
        codepage: target.codepage,
      });
      return [{ station, printer: target.printer_id, payload: bytes.toString("base64") }];
    });
    const print =
      printed.length > 0
        ? sql`, printed_${sql.raw(String(index))} AS (
            INSERT INTO print_jobs (printer_id, kind, ref_type, ref_id, payload)
            SELECT u.printer, 'kitchen', 'kitchen_ticket', ${tickets}.id, decode(u.payload, 'base64')
            FROM unnest(${sqlArray(
              printed.map((job) => job.station),
              "int",
            )}, ${sqlArray(
              printed.map((job) => job.printer),
              "int",
            )}, ${sqlArray(
              printed.map((job) => job.payload),
              "text",
            )}) AS u(station, printer, payload)
            JOIN ${tickets} ON ${tickets}.station_id = u.station)`
        : sql``;
    return sql`${tickets} AS (
      INSERT INTO kitchen_tickets (order_id, station_id, fire_seq, kind, course, table_label, token)
      SELECT ${order.id}::bigint, t.station, ${fireSeq}::int, t.kind, t.course, ${label}::text, ${order.token}::int
      FROM unnest(${sqlArray(stations, "int")}, ${sqlArray(kinds, "text")}, ${sqlArray(courses, "int")})
        AS t(station, kind, course)
      RETURNING id, station_id, kind
    ), items_${sql.raw(String(index))} AS (
      INSERT INTO kitchen_ticket_items (ticket_id, order_line_id, name_snapshot, modifiers_snapshot, note, qty_micro,
        voided_qty_micro)
      SELECT ${tickets}.id, u.line_id, u.name, u.modifiers, u.note, u.qty, ${group.kind === "void" ? sql`u.qty` : sql`0`}
      FROM unnest(${column((entry) => entry.line.stationId, "int")}, ${column((entry) => entry.line.id, "bigint")},
        ${column((entry) => entry.line.name, "text")}, ${column((entry) => modifiers(entry.line), "text")},
        ${column((entry) => entry.line.note, "text")}, ${column((entry) => entry.qtyMicro, "bigint")})
        AS u(station, line_id, name, modifiers, note, qty)
      JOIN ${tickets} ON ${tickets}.station_id = u.station
    ), events_${sql.raw(String(index))} AS (
      INSERT INTO kds_events (outlet_id, station_id, kind, ticket_id, order_id, payload)
      SELECT ${order.outletId}::int, ${tickets}.station_id, 'ticket_created', ${tickets}.id, ${order.id}::bigint,
             json_build_object('kind', ${tickets}.kind, 'fireSeq', ${fireSeq}::int, 'token', ${order.token}::int,
                               'table', ${label}::text, 'orderType', ${order.orderType}::text)::jsonb
      FROM ${tickets}
    )${strike}${print}`;
  });
}
