import { KDS_EVENT_KEEP_DAYS, KDS_EVENT_KINDS, type KdsEvent } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db, Unlisten } from "../db/client";
import { col, executePrepared, rowsOf, sqlArray } from "./sql";

/**
 * The live event bus of the kitchen screens (design 6.3). Writers only insert `kds_events` rows in
 * their own transaction: a trigger (migration 0017) sends the new ids on the `kds` channel, which the
 * database delivers at commit and never for a rollback. Each server process keeps ONE listener (a
 * connection of its own on PostgreSQL, the embedded database on PGlite: one code path), reads the
 * rows of each notification in id order and hands them to its subscribers, the open streams. So an
 * event written by any server reaches the screens of every server.
 */
export type LiveEvent = KdsEvent & { outletId: number };
export type LiveListener = (event: LiveEvent) => void;

const eventRow = z.object({
  id: col.int,
  outlet_id: col.int,
  station_id: col.int.nullable(),
  kind: z.enum(KDS_EVENT_KINDS),
  ticket_id: col.int.nullable(),
  order_id: col.int.nullable(),
  payload: z.record(z.string(), z.unknown()),
  at: z.string(),
});

export const toLiveEvent = (row: z.infer<typeof eventRow>): LiveEvent => ({
  id: row.id,
  outletId: row.outlet_id,
  kind: row.kind,
  stationId: row.station_id,
  ticketId: row.ticket_id,
  orderId: row.order_id,
  payload: row.payload,
  at: row.at,
});

const EVENT_COLUMNS = sql`id, outlet_id, station_id, kind, ticket_id, order_id, payload,
  to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at`;

/** Events after `afterId` in id order (at most `limit`), for one station's screen (and every-screen events) or all. */
export async function eventsAfter(db: Db, afterId: number, stationId: number | null, limit = 1000) {
  const station = stationId === null ? sql`` : sql`AND (station_id IS NULL OR station_id = ${stationId})`;
  // Read after every kitchen change (a prepared statement, one per shape).
  const result = await executePrepared(
    db,
    "kds_events_after",
    sql`SELECT ${EVENT_COLUMNS} FROM kds_events WHERE id > ${afterId} ${station} ORDER BY id LIMIT ${limit}`,
  );
  return rowsOf(eventRow, result).map(toLiveEvent);
}

const resumeRow = z.object({ too_old: col.bool, last_id: col.int });

/**
 * Whether a screen that saw events up to `lastId` can resume: not when rows after it were purged
 * (the oldest kept is further on), when the next ones are past the keeping time, or when the id is
 * from the future (another database). Also answers the newest id, where a reset screen continues.
 */
export async function resumePoint(db: Db, lastId: number): Promise<{ tooOld: boolean; lastEventId: number }> {
  const result = await db.execute(sql`
    SELECT coalesce(max(id), 0)::bigint AS last_id,
           (${lastId}::bigint < coalesce(min(id), 1) - 1
            OR ${lastId}::bigint > coalesce(max(id), 0)
            OR EXISTS (SELECT 1 FROM kds_events WHERE id > ${lastId}::bigint
                       AND at < now() - make_interval(days => ${KDS_EVENT_KEEP_DAYS}))) AS too_old
    FROM kds_events`);
  const [row] = rowsOf(resumeRow, result);
  return { tooOld: row?.too_old ?? true, lastEventId: row?.last_id ?? 0 };
}

export interface LiveEventsOptions {
  log?: { warn(fields: object, message: string): void };
  /** The wait before listening again after the connection dropped. */
  retryMs?: number;
  /** How often rows past the keeping time are deleted. */
  purgeEveryMs?: number;
}

export function createLiveEvents(db: Db, listen: Database["listen"], options: LiveEventsOptions = {}) {
  const listeners = new Set<LiveListener>();
  let unlisten: Unlisten | null = null;
  let stopped = true;
  let retry: NodeJS.Timeout | null = null;
  let purge: NodeJS.Timeout | null = null;
  /** The newest id handed out, to catch up on what was committed while the listener was down. */
  let newest = 0;
  // Notifications are handled one after the other, so subscribers get each one's events in id order.
  let chain: Promise<void> = Promise.resolve();

  const deliver = (events: readonly LiveEvent[]) => {
    for (const event of events) {
      newest = Math.max(newest, event.id);
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          options.log?.warn({ err: error }, "a live event listener failed");
        }
      }
    }
  };

  const enqueue = (read: () => Promise<LiveEvent[]>) => {
    chain = chain
      .then(async () => deliver(await read()))
      .catch((error: unknown) => options.log?.warn({ err: error }, "live events could not be read"));
  };

  const onNotify = (payload: string) => {
    const ids = payload
      .split(",")
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0);
    if (ids.length === 0) return;
    // With no screen open nothing is read: a screen that opens later subscribes first and then
    // replays what it missed from the table (kds.stream.ts), so no event falls between the two.
    if (listeners.size === 0) {
      newest = Math.max(newest, ...ids);
      return;
    }
    enqueue(async () => {
      const result = await executePrepared(
        db,
        "kds_events_notified",
        sql`SELECT ${EVENT_COLUMNS} FROM kds_events WHERE id = ANY(${sqlArray(ids, "bigint")}) ORDER BY id`,
      );
      return rowsOf(eventRow, result).map(toLiveEvent);
    });
  };

  const connect = async (): Promise<void> => {
    if (stopped || !listen) return;
    try {
      unlisten = await listen("kds", onNotify, (error) => {
        options.log?.warn({ err: error }, "the live events connection dropped; listening again");
        unlisten = null;
        scheduleRetry();
      });
      // What committed while no one listened (after a drop) goes out now; nothing before the first start.
      if (newest > 0) enqueue(() => eventsAfter(db, newest, null));
    } catch (error) {
      options.log?.warn({ err: error }, "the live events connection failed; trying again");
      scheduleRetry();
    }
  };

  const scheduleRetry = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, options.retryMs ?? 1_000);
    retry.unref();
  };

  const purgeOld = async () => {
    await db.execute(sql`DELETE FROM kds_events WHERE at < now() - make_interval(days => ${KDS_EVENT_KEEP_DAYS})`);
  };

  return {
    /** Calls `listener` with every committed event from now on; answers the unsubscribe. */
    subscribe(listener: LiveListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    get listenerCount() {
      return listeners.size;
    },
    /** Whether the database can deliver notifications (false only for a database object without LISTEN). */
    live: Boolean(listen),
    async start() {
      if (!stopped) return;
      stopped = false;
      const [row] = rowsOf(
        z.object({ id: col.int }),
        await db.execute(sql`SELECT coalesce(max(id), 0)::bigint AS id FROM kds_events`),
      );
      newest = row?.id ?? 0;
      await connect();
      purge = setInterval(
        () => void purgeOld().catch((error: unknown) => options.log?.warn({ err: error }, "kds_events purge failed")),
        options.purgeEveryMs ?? 3_600_000,
      );
      purge.unref();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (purge) clearInterval(purge);
      retry = null;
      purge = null;
      const stop = unlisten;
      unlisten = null;
      // The database may be closed already (a test closing it first): nothing is left to unlisten.
      await stop?.().catch((error: unknown) => options.log?.warn({ err: error }, "unlisten failed"));
      await chain;
    },
    purgeOld,
  };
}
export type LiveEvents = ReturnType<typeof createLiveEvents>;
