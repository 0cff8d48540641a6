import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, normalizeIP } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { rateLimitCounters, unknownSignIns } from "../db/schema/index";
import { col, rowsOf } from "./sql";

/**
 * Rate limits count in the database (table rate_limit_counters), so a limit holds across every app
 * server on it: one upsert per hit, in fixed windows that start with the first hit, timed by the
 * database's clock. Rows whose window ended are deleted now and then (scheduleCounterCleanup).
 */

const hitRow = z.object({ count: col.int, ttl_ms: col.int });

/** Counts one hit against `key`; answers the hits in its window so far and the milliseconds the window has left. */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; ttlMs: number }> {
  const [row] = rowsOf(
    hitRow,
    await db.execute(sql`
      INSERT INTO ${rateLimitCounters} AS c (key, count, window_ends_at)
      VALUES (${key}, 1, now() + ${Math.trunc(windowMs)} * interval '1 millisecond')
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
        window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
      RETURNING c.count, greatest(0, ceil(extract(epoch FROM c.window_ends_at - now()) * 1000))::int AS ttl_ms`),
  );
  if (!row) throw new Error(`rate limit counter ${key} was not written`);
  return { count: row.count, ttlMs: row.ttl_ms };
}

/** @fastify/rate-limit's store on the database: `store: databaseRateLimitStore(db)` when registering the plugin. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      countHit(db, key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    // Every limit's keys carry its name (publicLimit), so one store serves them all.
    child() {
      return this;
    }
  };
}

/**
 * A per-address limit for a public form (sign-in, registration, password reset, uploads), with a
 * message a person can read. LOGIN_RATE_LIMIT sets the base allowance per minute. `name` keeps its
 * count apart from the other limits'.
 */
export function publicLimit(app: FastifyInstance, name: string, max: number, message: string) {
  return app.rateLimit({
    max,
    timeWindow: "1 minute",
    keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
    errorResponseBuilder: () => ({ statusCode: 429, code: "RATE_LIMITED", message }),
  });
}

/**
 * A count of events per fixed window over ALL callers, for limits that rotating addresses cannot
 * escape. Counted in the database, so with several app servers it is one count for all of them.
 */
export function windowCounter(db: Db, name: string, max: number, windowMs = 60_000) {
  return {
    /** Counts one event; refused (with the seconds until the window ends) once the allowance is spent. */
    async take(): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const { count, ttlMs } = await countHit(db, `window:${name}`, windowMs);
      return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
  };
}

/** How often each app server deletes ended windows and forgotten unknown sign-in names. */
export const COUNTER_CLEANUP_MS = 10 * 60_000;

/** Deletes counters whose window has ended, and unknown sign-in names nobody tried for a day. */
export async function removeOldCounters(db: Db): Promise<{ counters: number; unknownSignIns: number }> {
  const counters = await db
    .delete(rateLimitCounters)
    .where(sql`${rateLimitCounters.windowEndsAt} < now()`)
    .returning({ key: rateLimitCounters.key });
  const names = await db
    .delete(unknownSignIns)
    .where(sql`${unknownSignIns.lastTryAt} < now() - interval '1 day' AND ${unknownSignIns.waitUntil} < now()`)
    .returning({ key: unknownSignIns.key });
  return { counters: counters.length, unknownSignIns: names.length };
}

/** Runs removeOldCounters every COUNTER_CLEANUP_MS off the request path; closing the app stops it. */
export function scheduleCounterCleanup(app: FastifyInstance, db: Db): void {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  app.addHook("onReady", async () => {
    timer = setInterval(() => {
      running = removeOldCounters(db).then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, "removing old rate-limit counters failed"),
      );
    }, COUNTER_CLEANUP_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
