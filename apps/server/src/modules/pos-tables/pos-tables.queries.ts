import {
  minorToAmount,
  POS_TABLE_MESSAGES,
  type PosFloorTable,
  TABLE_OVERRIDES,
  TABLE_SHAPES,
  tableStateOf,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, intArray, rowsOf, sqlArray } from "../../lib/sql";

/**
 * The floor's tables with their occupancy (design 4.8), worked out from the open and billed checks
 * on each table and their kitchen tickets in one statement, and the `kds_events` rows that tell
 * screens a table or a check moved.
 */
const floorRow = z.object({
  id: col.int,
  hall_id: col.int,
  hall_name: col.text,
  name: col.text,
  seats: col.int,
  shape: z.enum(TABLE_SHAPES),
  x: col.int,
  y: col.int,
  w: col.int,
  h: col.int,
  status_override: z.enum(TABLE_OVERRIDES).nullable(),
  statuses: z.array(z.enum(["open", "billed"])).nullable(),
  order_ids: col.ints.nullable(),
  guests: col.int.nullable(),
  opened_at: col.text.nullable(),
  elapsed: col.int.nullable(),
  total_minor: col.minor,
  ready: col.bool,
  late: col.bool,
});

/** Which tables: one hall's, some tables (inactive ones too, for the events about them), or every active one. */
export type FloorFilter = { hallId: number } | { tableIds: readonly number[] } | "all";

function whereOf(filter: FloorFilter): SQL {
  if (filter === "all") return sql`d.active AND h.active`;
  if ("hallId" in filter) return sql`d.active AND d.hall_id = ${filter.hallId}`;
  return sql`d.id = ANY(${intArray(filter.tableIds)})`;
}

export async function floorTables(db: Db, filter: FloorFilter): Promise<PosFloorTable[]> {
  const result = await db.execute(sql`
    SELECT d.id, d.hall_id, h.name AS hall_name, d.name, d.seats, d.shape, d.x, d.y, d.w, d.h, d.status_override,
           o.statuses, o.order_ids, o.guests, o.opened_at, o.elapsed, coalesce(o.total_minor, 0) AS total_minor,
           coalesce(k.ready, false) AS ready, coalesce(k.late, false) AS late
    FROM dining_tables d
    JOIN halls h ON h.id = d.hall_id
    LEFT JOIN LATERAL (
      SELECT array_agg(po.status ORDER BY po.opened_at, po.id) AS statuses,
             array_agg(po.id ORDER BY po.opened_at, po.id)::int[] AS order_ids,
             sum(po.guests)::int AS guests,
             to_char(min(po.opened_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS opened_at,
             greatest(floor(extract(epoch FROM now() - min(po.opened_at))), 0)::int AS elapsed,
             sum(po.total_minor)::bigint AS total_minor
      FROM pos_orders po WHERE po.table_id = d.id AND po.status IN ('open', 'billed')
      HAVING count(*) > 0
    ) o ON true
    LEFT JOIN LATERAL (
      SELECT bool_or(t.status = 'ready' AND t.kind <> 'void') AS ready,
             bool_or(t.status IN ('new', 'preparing') AND t.kind <> 'void' AND t.created_at
               + make_interval(mins => coalesce(nullif(
                   (SELECT max(p.prep_minutes) FROM kitchen_ticket_items ki
                    JOIN pos_order_lines l ON l.id = ki.order_line_id
                    JOIN product_variants v ON v.id = l.variant_id
                    JOIN products p ON p.id = v.product_id
                    WHERE ki.ticket_id = t.id), 0), s.target_minutes) + s.alert_minutes) < now()) AS late
      FROM pos_orders po
      JOIN kitchen_tickets t ON t.order_id = po.id
      JOIN kitchen_stations s ON s.id = t.station_id
      WHERE po.table_id = d.id AND po.status IN ('open', 'billed')
    ) k ON true
    WHERE ${whereOf(filter)}
    ORDER BY h.sort, h.name, d.hall_id, d.name, d.id`);
  return rowsOf(floorRow, result).map((row) => {
    const statuses = row.statuses ?? [];
    return {
      id: row.id,
      hallId: row.hall_id,
      hallName: row.hall_name,
      name: row.name,
      seats: row.seats,
      shape: row.shape,
      x: row.x,
      y: row.y,
      w: row.w,
      h: row.h,
      state: tableStateOf(statuses, row.status_override),
      override: row.status_override,
      guests: row.guests,
      openedAt: row.opened_at,
      elapsedSeconds: row.elapsed,
      total: minorToAmount(row.total_minor),
      orderIds: row.order_ids ?? [],
      ready: row.ready,
      late: row.late,
      billPrinted: statuses.includes("billed"),
    };
  });
}

/** A `table_status` event for every screen per table, carrying the table as the floor shows it now. */
export async function writeTableStatus(tx: Db, outletId: number, tableIds: readonly number[]): Promise<void> {
  const ids = [...new Set(tableIds)];
  if (ids.length === 0) return;
  const tables = await floorTables(tx, { tableIds: ids });
  for (const table of tables)
    await tx.execute(sql`
      INSERT INTO kds_events (outlet_id, station_id, kind, payload)
      VALUES (${outletId}, NULL, 'table_status', ${JSON.stringify(table)}::jsonb)`);
}

/**
 * One `order_moved` event per station that has one of these tickets, so each screen shows the new
 * table on its cards: the tickets' ids, the check they now belong to and the move.
 */
export async function writeOrderMoved(
  tx: Db,
  outletId: number,
  ticketIds: readonly number[],
  move: { orderId: number; fromOrderId: number; fromTable: string | null; tableLabel: string | null; kind: string },
): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx.execute(sql`
    INSERT INTO kds_events (outlet_id, station_id, kind, order_id, payload)
    SELECT ${outletId}::int, t.station_id, 'order_moved', ${move.orderId}::bigint,
           json_build_object('move', ${move.kind}::text, 'ticketIds', array_agg(t.id ORDER BY t.id),
             'fromOrderId', ${move.fromOrderId}::bigint, 'orderId', ${move.orderId}::bigint,
             'fromTable', ${move.fromTable}::text, 'tableLabel', ${move.tableLabel}::text)::jsonb
    FROM kitchen_tickets t WHERE t.id = ANY(${sqlArray(ticketIds, "bigint")})
    GROUP BY t.station_id ORDER BY t.station_id`);
}

/** The table's name (the label kitchen cards show), or null. */
export async function tableLabelOf(tx: Db, tableId: number | null): Promise<string | null> {
  if (tableId === null) return null;
  const [row] = rowsOf(
    z.object({ name: col.text }),
    await tx.execute(sql`SELECT name FROM dining_tables WHERE id = ${tableId}`),
  );
  return row?.name ?? null;
}

/**
 * The stored operation of this id (a replay: the caller answers what it answered the first time);
 * 409 when the id was used for a change of another order.
 */
export async function storedOp(tx: Db, opUuid: string | undefined, orderId: number) {
  if (!opUuid) return null;
  const [row] = rowsOf(
    z.object({ order_id: col.int, payload: z.record(z.string(), z.unknown()) }),
    await tx.execute(sql`SELECT order_id, payload FROM pos_order_ops WHERE op_uuid = ${opUuid}`),
  );
  if (row && row.order_id !== orderId) throw new AppError("CLIENT_UUID_REUSED", POS_TABLE_MESSAGES.opUuidUsed);
  return row ?? null;
}
