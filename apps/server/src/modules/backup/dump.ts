import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Database } from "../../db/client";
import { exportLogical } from "./logical";
import { LEFT_OUT_TABLES, type Manifest, PG_DUMP_FILE, PGDATA_FILE } from "./manifest";
import { runAgainst, toolMajorVersion } from "./pg-tools";
import {
  appliedMigrations,
  connectPostgres,
  countRows,
  listTables,
  type MigrationRecord,
  pgliteSql,
  qualified,
  type Sql,
  serverVersion,
  type TableRef,
  tableKey,
} from "./sql";

export interface DatabaseDump {
  database: Manifest["database"];
  migrations: MigrationRecord[];
  tables: Record<string, number>;
}

export interface DumpOptions {
  /** "never" makes a PostgreSQL backup a logical export even when pg_dump is installed. */
  pgDump?: "auto" | "never";
}

/** Writes the database part of a backup into `dir` (its `database/` folder). */
export async function dumpDatabase(
  database: Database,
  databaseUrl: string | undefined,
  dir: string,
  options: DumpOptions = {},
): Promise<DatabaseDump> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (database.kind === "pglite") return dumpPglite(database, dir);
  if (!databaseUrl) throw new Error("The PostgreSQL backup needs DATABASE_URL");
  return dumpPostgres(databaseUrl, dir, options);
}

async function describe(db: Sql): Promise<Omit<DatabaseDump, "database"> & { version: number }> {
  return {
    version: await serverVersion(db),
    migrations: await appliedMigrations(db),
    tables: await countRows(db, await listTables(db)),
  };
}

/** The left-out tables present in `db` that hold rows. */
async function leftOutWithRows(db: Sql): Promise<TableRef[]> {
  const tables = (await listTables(db)).filter((table) => LEFT_OUT_TABLES.has(tableKey(table)));
  const counts = await countRows(db, tables);
  return tables.filter((table) => (counts[tableKey(table)] ?? 0) > 0);
}

/**
 * Empties the left-out tables of a PGlite copy so that not even the write-ahead log keeps their
 * rows: the table is rewritten (VACUUM FULL), and with WAL recycling off two switches and
 * checkpoints drop the segments that recorded the rows. Answers whether anything was removed.
 */
async function removeLeftOut(copy: PGlite): Promise<boolean> {
  const db = pgliteSql(copy);
  const tables = await leftOutWithRows(db);
  if (tables.length === 0) return false;
  for (const table of tables) {
    await db.exec(`DELETE FROM ${qualified(table)}`);
    await db.exec(`VACUUM FULL ${qualified(table)}`);
  }
  await db.exec("SET wal_recycle = off");
  for (let round = 0; round < 2; round += 1) {
    await db.exec("CHECKPOINT");
    await db.query("SELECT pg_switch_wal()");
  }
  await db.exec("CHECKPOINT");
  return true;
}

/**
 * PGlite: its data directory, taken while no transaction is open and after a checkpoint (see
 * `dumpDataDir` in db/client.ts). The copy is then opened in memory: the left-out tables are
 * emptied in it (and it is dumped again), which also proves it starts, and its row counts are the
 * backup's.
 */
async function dumpPglite(database: Database, dir: string): Promise<DatabaseDump> {
  if (!database.dumpDataDir) throw new Error("This PGlite database cannot dump its data directory");
  let dump = await database.dumpDataDir();
  const client = await PGlite.create({ loadDataDir: dump });
  const copy = pgliteSql(client);
  try {
    if (await removeLeftOut(client)) dump = await client.dumpDataDir("none");
    await writeFile(path.join(dir, PGDATA_FILE), Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    const { version, ...rest } = await describe(copy);
    return {
      database: { kind: "pglite", dump: "pgdata", serverVersion: version, pgDumpVersion: null, note: null },
      ...rest,
    };
  } finally {
    await copy.close();
  }
}

/**
 * PostgreSQL: one REPEATABLE READ transaction gives the row counts and the data. pg_dump reads
 * the same snapshot (exported to it) when it is installed and not older than the server;
 * otherwise the rows are exported from that transaction.
 */
async function dumpPostgres(url: string, dir: string, options: DumpOptions): Promise<DatabaseDump> {
  const db = await connectPostgres(url);
  try {
    await db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const { version, migrations, tables } = await describe(db);
    const serverMajor = Math.floor(version / 10_000);
    const pgDump = options.pgDump === "never" ? null : await toolMajorVersion("pg_dump");
    if (pgDump !== null && pgDump >= serverMajor) {
      const [exported] = await db.query<{ snapshot: string }>("SELECT pg_export_snapshot() AS snapshot");
      await runAgainst("pg_dump", url, [
        "--format=custom",
        `--snapshot=${exported?.snapshot ?? ""}`,
        ...[...LEFT_OUT_TABLES].map((table) => `--exclude-table-data=${table}`),
        `--file=${path.join(dir, PG_DUMP_FILE)}`,
      ]);
      const leftOut = Object.fromEntries(
        Object.keys(tables)
          .filter((table) => LEFT_OUT_TABLES.has(table))
          .map((table) => [table, 0]),
      );
      return {
        database: { kind: "postgres", dump: "pg_dump", serverVersion: version, pgDumpVersion: pgDump, note: null },
        migrations,
        tables: { ...tables, ...leftOut },
      };
    }
    let note = "pg_dump is not on the PATH";
    if (options.pgDump === "never") note = "pg_dump was not used";
    else if (pgDump !== null) note = `pg_dump ${pgDump} is older than the server (PostgreSQL ${serverMajor})`;
    const exported = await exportLogical(db, dir, LEFT_OUT_TABLES);
    return {
      database: { kind: "postgres", dump: "logical", serverVersion: version, pgDumpVersion: null, note },
      migrations,
      tables: exported,
    };
  } finally {
    await db.exec("COMMIT").catch(() => undefined);
    await db.close();
  }
}
