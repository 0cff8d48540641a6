import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { makePrivateDir, makeTreePrivate } from "../lib/private-files";
import { underMigrationLock } from "./migrate-lock";
import { registerPglite } from "./pglite-prepared";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** A database or a transaction on it: repos take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tar archive (tests' template, backups). */
  dumpDataDir?: () => Promise<Blob>;
  /**
   * LISTEN on a channel (the live KDS events): on PostgreSQL over a connection of its own, outside the
   * pool, which `onLost` reports when it drops; on PGlite on the embedded database. Answers the stop.
   */
  listen?: (channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void) => Promise<Unlisten>;
}

export type Unlisten = () => Promise<void>;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * BIGINT comes back as a JS number while it is exact (ids, counts, minor units of everyday money),
 * and as its text beyond 2^53, so a huge amount or sum is never rounded: raw SQL reads take it with
 * col.minor (number or text, to BigInt), and Drizzle's bigint columns convert text themselves.
 */
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : value;
});

/**
 * Every connection starts with PostgreSQL's parallel workers off: the app's queries are small and
 * indexed, and starting workers for them cost more than it gave (the one-year trial balance served
 * fewer requests a second with them). PGOPTIONS comes after, so an operator's own setting wins; an
 * `options` parameter in DATABASE_URL replaces both.
 */
export const connectionOptions = (pgOptions = process.env.PGOPTIONS) =>
  ["-c max_parallel_workers_per_gather=0", pgOptions].filter(Boolean).join(" ");

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10, options: connectionOptions() });
  // An idle connection the server drops (restart, failover, DROP DATABASE) must not crash the process;
  // the pool replaces it on the next query.
  pool.on("error", (error) => {
    const adminShutdown = "code" in error && error.code === "57P01";
    if (!adminShutdown) console.error(`PostgreSQL idle connection error: ${error.message}`);
  });
  const db = drizzleNodePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    // Servers starting together migrate one after the other (db/migrate-lock.ts).
    migrate: () => underMigrationLock(pool, () => migrateNodePg(db, { migrationsFolder: MIGRATIONS_DIR })),
    close: () => pool.end(),
    listen: async (channel, onNotify, onLost) => {
      const client = new pg.Client({ connectionString: url, options: connectionOptions() });
      let stopping = false;
      client.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      client.on("error", (error) => {
        if (!stopping) onLost(error);
      });
      client.on("end", () => {
        if (!stopping) onLost(new Error("the LISTEN connection ended"));
      });
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      return async () => {
        stopping = true;
        await client.end().catch(() => undefined);
      };
    },
  };
}

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<Database> {
  const { dataDir } = options;
  if (dataDir) await makePrivateDir(dataDir);
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  if (dataDir) await makeTreePrivate(dataDir);
  registerPglite(client);
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
      if (dataDir) await makeTreePrivate(dataDir);
    },
    close: () => client.close(),
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    // Inside a transaction's lock, so no other transaction is half done, and after a checkpoint,
    // so every committed change is in the data files rather than only in the write-ahead log.
    dumpDataDir: () =>
      client.transaction(async (tx) => {
        await tx.exec("CHECKPOINT");
        return client.dumpDataDir("none");
      }),
  };
}

/** PGlite in `<dataDir>/pgdata` unless a PostgreSQL URL is given. */
export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL);
  return openPglite({ dataDir: path.resolve(config.DATA_DIR, "pgdata") });
}
