import { readFileSync } from "node:fs";
import { z } from "zod";

/**
 * `manifest.json`, the first member of every backup archive. The database part is one of:
 * - `pg_dump`: `database/postgres.dump`, pg_dump's custom format (restored with pg_restore);
 * - `logical`: `database/tables/<schema>.<table>.ndjson` and `database/sequences.json`;
 * - `pgdata`: `database/pgdata.tar`, PGlite's data directory.
 * Uploaded files are in the database (stored_files). Archives of CargoDesk before that carried
 * them under `files/`, with their paths relative to DATA_DIR; restore still reads those.
 */
export const MANIFEST_FILE = "manifest.json";
export const DATABASE_DIR = "database";
export const FILES_DIR = "files";
export const PG_DUMP_FILE = "postgres.dump";
export const PGDATA_FILE = "pgdata.tar";

export const manifestSchema = z.object({
  format: z.literal("cargodesk-backup"),
  formatVersion: z.literal(1),
  appVersion: z.string(),
  createdAt: z.string(),
  /** DATA_DIR when the backup was made, to move stored absolute paths under the new one on restore. */
  dataDir: z.string(),
  database: z.object({
    kind: z.enum(["postgres", "pglite"]),
    dump: z.enum(["pg_dump", "logical", "pgdata"]),
    /** server_version_num, e.g. 150020. */
    serverVersion: z.number().int(),
    /** pg_dump's major version, for the pg_dump dump. */
    pgDumpVersion: z.number().int().nullable(),
    /** Why a PostgreSQL backup is a logical export rather than pg_dump's. */
    note: z.string().nullable(),
  }),
  /** drizzle's applied migrations, oldest first: the schema the data fits. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.string() })),
  /** Row counts keyed `schema.table`. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  /** Files carried beside the database under `files/` (older archives; 0 since files live in the database). */
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});
export type Manifest = z.infer<typeof manifestSchema>;

const serverPackage = z.object({ version: z.string() });

/** The server package's version, recorded in each backup. */
export const APP_VERSION = serverPackage.parse(
  JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8")),
).version;

/** Top-level names in DATA_DIR that are not uploaded files: the database, the backups, the signing secret. */
export const NOT_UPLOADS = new Set(["pgdata", "backups", "jwt-secret"]);

/**
 * Tables whose rows a backup leaves out, keyed `schema.table`: the generated signing secret, with
 * which anyone holding a backup could sign valid sign-in tokens. A restored server makes a new one.
 */
export const LEFT_OUT_TABLES = new Set(["public.app_secrets"]);
