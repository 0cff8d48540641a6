import {
  KDS_RECALL_LIMIT,
  KDS_TICKET_KINDS,
  KDS_TICKET_STATUSES,
  type KdsStation,
  type KdsTicket,
  ORDER_TYPES,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf, sqlArray } from "../../lib/sql";
import { OUTLET_ID } from "../outlet-settings";

/** The queries of the kitchen screens: stations, tickets as the screens show them, all-day counts. */

const stationRow = z.object({
  id: col.int,
  name: col.text,
  mode: col.text,
  target_minutes: col.int,
  alert_minutes: col.int,
});

/** The ids of a hall's tables (inactive ones too), or null when the outlet has no such hall. */
export async function hallTableIds(db: Db, hallId: number): Promise<Set<number> | null> {
  const result = await db.execute(sql`
    SELECT coalesce(array_agg(d.id ORDER BY d.id) FILTER (WHERE d.id IS NOT NULL), '{}')::int[] AS ids
    FROM halls h LEFT JOIN dining_tables d ON d.hall_id = h.id
    WHERE h.id = ${hallId} AND h.outlet_id = ${OUTLET_ID} GROUP BY h.id`);
  const [row] = rowsOf(z.object({ ids: col.ints }), result);
  return row ? new Set(row.ids) : null;
}

export async function findStations(db: Db, stationId?: number): Promise<KdsStation[]> {
  const one = stationId === undefined ? sql`` : sql`AND id = ${stationId}`;
  const result = await db.execute(sql`
    SELECT id, name, mode, target_minutes, alert_minutes FROM kitchen_stations
    WHERE outlet_id = ${OUTLET_ID} AND active ${one} ORDER BY sort, name, id`);
  return rowsOf(stationRow, result).map((row) => ({
    id: row.id,
    name: row.name,
    mode: row.mode,
    targetMinutes: row.target_minutes,
    alertMinutes: row.alert_minutes,
  }));
}

const ISO = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const itemJson = z.object({
  id: col.int,
  orderLineId: col.int,
  variantId: col.int.nullable(),
  name: col.text,
  modifiers: col.text,
  note: col.text,
  qtyMicro: col.minor,
  voidedQtyMicro: col.minor,
  doneAt: col.text.nullable(),
});

const ticketRow = z.object({
  id: col.int,
  order_id: col.int,
  station_id: col.int,
  station_name: col.text,
  fire_seq: col.int,
  kind: z.enum(KDS_TICKET_KINDS),
  status: z.enum(KDS_TICKET_STATUSES),
  priority: col.bool,
  course: col.int,
  table_label: col.text.nullable(),
  token: col.int.nullable(),
  order_number: col.text.nullable(),
  order_type: z.enum(ORDER_TYPES),
  waiter: col.text.nullable(),
  target_minutes: col.int,
  alert_minutes: col.int,
  created_at: col.text,
  started_at: col.text.nullable(),
  ready_at: col.text.nullable(),
  served_at: col.text.nullable(),
  recalled_count: col.int,
  printed_offline: col.bool,
  items: z.array(itemJson),
});

const portions = (micro: bigint) => Number(micro) / 1_000_000;

/** Tickets matching `where` (over `t`, the ticket) as the screens show them, priority first then oldest. */
export async function findTickets(db: Db, where: SQL): Promise<KdsTicket[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.order_id, t.station_id, s.name AS station_name, t.fire_seq, t.kind, t.status, t.priority,
           t.course, t.table_label, t.token, o.number AS order_number, o.order_type,
           nullif(trim(w.first_name || ' ' || w.last_name), '') AS waiter,
           coalesce(nullif(i.prep, 0), s.target_minutes)::int AS target_minutes, s.alert_minutes,
           ${ISO("t.created_at")} AS created_at, ${ISO("t.started_at")} AS started_at,
           ${ISO("t.ready_at")} AS ready_at, ${ISO("t.served_at")} AS served_at, t.recalled_count,
           t.printed_offline, i.items
    FROM kitchen_tickets t
    JOIN kitchen_stations s ON s.id = t.station_id
    JOIN pos_orders o ON o.id = t.order_id
    LEFT JOIN users w ON w.id = o.waiter_id
    CROSS JOIN LATERAL (
      SELECT coalesce(max(p.prep_minutes), 0) AS prep,
             coalesce(json_agg(json_build_object(
               'id', ki.id, 'orderLineId', ki.order_line_id, 'variantId', l.variant_id, 'name', ki.name_snapshot,
               'modifiers', ki.modifiers_snapshot, 'note', ki.note, 'qtyMicro', ki.qty_micro,
               'voidedQtyMicro', ki.voided_qty_micro, 'doneAt', ${ISO("ki.done_at")}) ORDER BY ki.id), '[]') AS items
      FROM kitchen_ticket_items ki
      JOIN pos_order_lines l ON l.id = ki.order_line_id
      LEFT JOIN product_variants v ON v.id = l.variant_id
      LEFT JOIN products p ON p.id = v.product_id
      WHERE ki.ticket_id = t.id
    ) i
    WHERE ${where}
    ORDER BY t.priority DESC, t.created_at, t.id`);
  return rowsOf(ticketRow, result).map((row) => ({
    id: row.id,
    orderId: row.order_id,
    stationId: row.station_id,
    stationName: row.station_name,
    fireSeq: row.fire_seq,
    kind: row.kind,
    status: row.status,
    priority: row.priority,
    course: row.course,
    tableLabel: row.table_label,
    token: row.token,
    orderNumber: row.order_number,
    orderType: row.order_type,
    waiter: row.waiter,
    targetMinutes: row.target_minutes,
    alertMinutes: row.alert_minutes,
    createdAt: row.created_at,
    startedAt: row.started_at,
    readyAt: row.ready_at,
    servedAt: row.served_at,
    recalledCount: row.recalled_count,
    printedOffline: row.printed_offline,
    items: row.items.map((item) => ({
      id: item.id,
      orderLineId: item.orderLineId,
      variantId: item.variantId,
      name: item.name,
      modifiers: item.modifiers,
      note: item.note,
      qty: portions(item.qtyMicro),
      voidedQty: portions(item.voidedQtyMicro),
      doneAt: item.doneAt,
    })),
  }));
}

/**
 * A ticket is on the screens while it is new or being prepared, and while ready until served (the
 * expo and the pickup board show it); a void ticket leaves once the cook acknowledged it (bump).
 */
export const ACTIVE = sql`(t.status IN ('new', 'preparing') OR (t.status = 'ready' AND t.kind <> 'void'))`;

export const stationFilter = (stationId: number | undefined) =>
  stationId === undefined ? sql`s.outlet_id = ${OUTLET_ID}` : sql`t.station_id = ${stationId}`;

const pendingRow = z.object({ variant_id: col.int.nullable(), name: col.text, qty_micro: col.minor });
const prepRow = z.object({ ready_count: col.int, average_seconds: col.int.nullable() });

/** All-day counts over the active tickets, and the tickets made ready on `date` (in `timeZone`). */
/** The ids of the last KDS_RECALL_LIMIT tickets bumped (ready or served, not void), newest first: Recall's list. */
export async function recentlyBumped(db: Db, stationId: number | undefined) {
  const result = await db.execute(sql`
    SELECT t.id FROM kitchen_tickets t JOIN kitchen_stations s ON s.id = t.station_id
    WHERE ${stationFilter(stationId)} AND t.status IN ('ready', 'served') AND t.kind <> 'void' AND t.ready_at IS NOT NULL
    ORDER BY t.ready_at DESC, t.id DESC LIMIT ${KDS_RECALL_LIMIT}`);
  return sqlArray(
    rowsOf(z.object({ id: col.int }), result).map((row) => row.id),
    "bigint",
  );
}

export async function kitchenStats(db: Db, input: { date: string; timeZone: string; stationId?: number }) {
  const where = stationFilter(input.stationId);
  const pending = await db.execute(sql`
    SELECT l.variant_id, min(ki.name_snapshot) AS name, sum(ki.qty_micro - ki.voided_qty_micro) AS qty_micro
    FROM kitchen_tickets t
    JOIN kitchen_stations s ON s.id = t.station_id
    JOIN kitchen_ticket_items ki ON ki.ticket_id = t.id
    JOIN pos_order_lines l ON l.id = ki.order_line_id
    WHERE ${where} AND t.status IN ('new', 'preparing') AND t.kind <> 'void' AND ki.done_at IS NULL
    GROUP BY l.variant_id, CASE WHEN l.variant_id IS NULL THEN ki.name_snapshot END
    HAVING sum(ki.qty_micro - ki.voided_qty_micro) > 0
    ORDER BY 3 DESC, 2`);
  const prep = await db.execute(sql`
    SELECT count(*)::int AS ready_count,
           round(avg(extract(epoch FROM t.ready_at - t.created_at)))::int AS average_seconds
    FROM kitchen_tickets t
    JOIN kitchen_stations s ON s.id = t.station_id
    WHERE ${where} AND t.kind <> 'void' AND t.ready_at IS NOT NULL
      AND t.ready_at >= (${input.date}::date::timestamp AT TIME ZONE ${input.timeZone})
      AND t.ready_at < ((${input.date}::date + 1)::timestamp AT TIME ZONE ${input.timeZone})`);
  const [done] = rowsOf(prepRow, prep);
  return {
    date: input.date,
    pending: rowsOf(pendingRow, pending).map((row) => ({
      variantId: row.variant_id,
      name: row.name,
      qty: portions(row.qty_micro),
    })),
    readyCount: done?.ready_count ?? 0,
    averagePrepSeconds: done?.average_seconds ?? null,
  };
}
