import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";

type Row = Record<string, unknown>;

/**
 * One database connection, PostgreSQL or PGlite, as backup and restore need it: parameterised
 * queries, and `exec` for migration scripts. Both run on a single connection, so a transaction
 * begun with `query("BEGIN")` covers everything after it.
 */
export interface Sql {
  query<T extends Row = Row>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

export async function connectPostgres(url: string): Promise<Sql> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T extends Row>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.query(text);
    },
    close: () => client.end(),
  };
}

/** Wraps a PGlite instance; `close` closes it. */
export function pgliteSql(client: PGlite): Sql {
  return {
    query: async <T extends Row>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    exec: async (text) => {
      await client.exec(text);
    },
    close: () => client.close(),
  };
}

/** `"schema"."table"` with both parts quoted. */
export const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export interface TableRef {
  schema: string;
  name: string;
}

export const qualified = (table: TableRef): string => `${ident(table.schema)}.${ident(table.name)}`;
export const tableKey = (table: TableRef): string => `${table.schema}.${table.name}`;

/** The schemas CargoDesk's migrations create: its tables, and drizzle's record of applied migrations. */
export const APP_SCHEMAS = ["public", "drizzle"];

export async function listTables(db: Sql): Promise<TableRef[]> {
  return db.query<{ schema: string; name: string }>(
    "SELECT schemaname AS schema, tablename AS name FROM pg_tables WHERE schemaname = ANY($1) ORDER BY 1, 2",
    [APP_SCHEMAS],
  );
}

/** Row counts of every CargoDesk table, keyed `schema.table`. */
export async function countRows(db: Sql, tables: readonly TableRef[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM ${qualified(table)}`);
    counts[tableKey(table)] = Number(row?.count ?? 0);
  }
  return counts;
}

export type MigrationRecord = {
  hash: string;
  createdAt: string;
};

/** The migrations drizzle recorded as applied, oldest first (none when the table is missing). */
export async function appliedMigrations(db: Sql): Promise<MigrationRecord[]> {
  const [exists] = await db.query<{ present: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present",
  );
  if (!exists?.present) return [];
  return db.query<MigrationRecord>(
    'SELECT hash, created_at::text AS "createdAt" FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
  );
}

export async function serverVersion(db: Sql): Promise<number> {
  const [row] = await db.query<{ version: string }>("SELECT current_setting('server_version_num') AS version");
  return Number(row?.version ?? 0);
}
