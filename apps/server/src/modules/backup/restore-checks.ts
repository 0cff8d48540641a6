import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { listFiles } from "./archive";
import { type Manifest, manifestSchema, NOT_UPLOADS } from "./manifest";
import { ident, type Sql } from "./sql";

/** A restore that must not go ahead; its message tells the operator why and what to do. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreError";
  }
}

export async function readManifest(file: string): Promise<Manifest> {
  const text = await readFile(file, "utf8").catch(() => null);
  if (text === null) throw new RestoreError("This is not a CargoDesk backup: it has no manifest.json.");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RestoreError("This backup's manifest.json is not valid JSON.");
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new RestoreError(
      `This backup's manifest.json is not one this CargoDesk reads: ${parsed.error.issues[0]?.message ?? "unknown"}.`,
    );
  }
  return parsed.data;
}

/** A URL without its password, for messages. */
export function safeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "****";
  return parsed.toString();
}

/** Refuses a PostgreSQL database that holds any table outside PostgreSQL's own schemas. */
export async function requireEmptyPostgres(db: Sql, url: string): Promise<void> {
  const tables = await db.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1, 2`,
  );
  if (tables.length === 0) return;
  const withRows: string[] = [];
  for (const table of tables) {
    const [row] = await db.query<{ count: string }>(
      `SELECT count(*)::text AS count FROM ${ident(table.schema)}.${ident(table.name)}`,
    );
    const count = Number(row?.count ?? 0);
    if (count > 0) withRows.push(`${table.schema}.${table.name} has ${count} row${count === 1 ? "" : "s"}`);
  }
  const detail =
    withRows.length > 0
      ? `${withRows.slice(0, 3).join(", ")}${withRows.length > 3 ? `, and ${withRows.length - 3} more tables hold rows` : ""}`
      : "all of them empty";
  throw new RestoreError(
    `The database ${safeUrl(url)} is not empty: it has ${tables.length} table${tables.length === 1 ? "" : "s"} (${detail}). ` +
      "Nothing was changed. Restore into a new, empty database: createdb cargodesk_restored, then " +
      "DATABASE_URL=postgres://.../cargodesk_restored npm run restore -- FILE",
  );
}

/** Refuses a DATA_DIR whose embedded database folder already holds anything. */
export async function requireNoPglite(pgdata: string): Promise<void> {
  const entries = await readdir(pgdata).catch(() => []);
  if (entries.length === 0) return;
  throw new RestoreError(
    `${pgdata} already holds a database. Nothing was changed. Stop CargoDesk and move that folder away, ` +
      "or set DATA_DIR to a new folder, then restore again.",
  );
}

export interface FilePlan {
  /** [relative path, file in the unpacked archive] still to copy. */
  copy: [string, string][];
  /** Files already in DATA_DIR with the same bytes. */
  present: number;
  bytes: number;
}

async function sameBytes(a: string, b: string): Promise<boolean> {
  const [left, right] = await Promise.all([readFile(a), readFile(b)]);
  return left.equals(right);
}

/**
 * Which uploaded files to copy into DATA_DIR. Refuses when one would replace a different file
 * there, or would land where the database, the backups or the secret live.
 */
export async function planFiles(unpacked: string, dataDir: string): Promise<FilePlan> {
  const plan: FilePlan = { copy: [], present: 0, bytes: 0 };
  for (const [relative, file] of await listFiles(unpacked, () => false)) {
    const top = relative.split("/")[0] ?? "";
    if (NOT_UPLOADS.has(top))
      throw new RestoreError(`The backup holds files/${relative}, which is not an uploaded file.`);
    const target = path.join(dataDir, ...relative.split("/"));
    const existing = await stat(target).catch(() => null);
    if (existing && !(existing.isFile() && (await sameBytes(file, target)))) {
      throw new RestoreError(
        `${target} already exists with other contents. Nothing was changed. Move it away or restore into another DATA_DIR.`,
      );
    }
    if (existing) plan.present += 1;
    else {
      plan.copy.push([relative, file]);
      plan.bytes += (await stat(file)).size;
    }
  }
  return plan;
}

/** Checks the restored tables hold as many rows as the backup says. */
export function compareCounts(expected: Record<string, number>, actual: Record<string, number>): void {
  const differences = Object.entries(expected)
    .filter(([table, count]) => actual[table] !== count)
    .map(([table, count]) => `${table}: backup ${count}, restored ${actual[table] ?? "missing"}`);
  if (differences.length > 0) {
    throw new RestoreError(`The restored database does not match the backup: ${differences.join("; ")}`);
  }
}
