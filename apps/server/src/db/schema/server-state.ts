import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * What several app servers on one database must agree on, which a single server used to keep in
 * its memory or its DATA_DIR.
 */

/**
 * Hits per fixed window: the per-address limits of the public forms (`<limit>:<address>`) and the
 * limits over all callers (e.g. unknown tracking numbers). One upsert per hit; rows whose window
 * ended are deleted now and then.
 */
export const rateLimitCounters = pgTable("rate_limit_counters", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: timestamp("window_ends_at", { withTimezone: true }).notNull(),
});

/**
 * Wrong passwords tried against names that have no account (`<column>:<name>`), so an unknown name
 * earns the same waits and lock as a real one on every server. Forgotten a day after the last try.
 */
export const unknownSignIns = pgTable("unknown_sign_ins", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  waitUntil: timestamp("wait_until", { withTimezone: true }).notNull(),
  lastTryAt: timestamp("last_try_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Secrets the servers generate once and share: `jwt` signs sessions when JWT_SECRET is not set. */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
