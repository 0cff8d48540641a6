import { chmod, copyFile, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { makePrivateDir, makeTreePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../../lib/private-files";
import { extractArchive } from "./archive";
import { exportSource, loadLogical, sequenceValues, tableRows } from "./logical";
import { DATABASE_DIR, FILES_DIR, MANIFEST_FILE, type Manifest, PG_DUMP_FILE, PGDATA_FILE } from "./manifest";
import { applyMigrations, migrationsFor } from "./migrations";
import { runAgainst, toolMajorVersion } from "./pg-tools";
import {
  compareCounts,
  type FilePlan,
  planFiles,
  RestoreError,
  readManifest,
  requireEmptyPostgres,
  requireNoPglite,
  safeUrl,
} from "./restore-checks";
import { connectPostgres, countRows, listTables, pgliteSql, type Sql } from "./sql";

export { RestoreError };

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** Restore into this PostgreSQL database; without it, into DATA_DIR/pgdata (PGlite). */
  databaseUrl?: string | undefined;
  log?: (line: string) => void;
}

export interface RestoreSummary {
  manifest: Manifest;
  target: "postgres" | "pglite";
  /** How the database was brought back. */
  method: string;
  tables: number;
  rows: number;
  /** Files restored with the database, and (older archives) copied into DATA_DIR or already there. */
  files: { inDatabase: number; copied: number; present: number; bytes: number };
}

/** Builds the backup's schema on `target` and loads rows into it, all in one transaction. */
async function loadInto(target: Sql, manifest: Manifest, source: Parameters<typeof loadLogical>[1]): Promise<void> {
  await target.exec("BEGIN");
  try {
    await applyMigrations(target, migrationsFor(manifest.migrations));
    await loadLogical(target, source);
    await target.exec("COMMIT");
  } catch (error) {
    await target.exec("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Rows of a PGlite data directory (the `pgdata` dump) opened in memory, read in one snapshot. */
async function pgdataSource(file: string) {
  const source = pgliteSql(await PGlite.create({ loadDataDir: new Blob([await readFile(file)]) }));
  await source.exec("BEGIN ISOLATION LEVEL REPEATABLE READ");
  return {
    source,
    rows: (table: Parameters<typeof tableRows>[1]) => tableRows(source, table),
    sequences: () => sequenceValues(source),
  };
}

/**
 * After the data is in: checks every table's row count against the backup, and (an archive made
 * before files lived in the database) moves the company logo's stored absolute path from the old
 * DATA_DIR to this one.
 */
async function finish(db: Sql, manifest: Manifest, dataDir: string): Promise<void> {
  compareCounts(manifest.tables, await countRows(db, await listTables(db)));
  if (path.resolve(manifest.dataDir) === dataDir) return;
  const [column] = await db.query(
    "SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'company_profile' AND column_name = 'logo_path'",
  );
  if (!column) return;
  await db.query(
    "UPDATE company_profile SET logo_path = $2 || substr(logo_path, length($1) + 1) WHERE left(logo_path, length($1) + 1) = $1 || '/'",
    [manifest.dataDir, dataDir],
  );
}

async function restorePostgres(url: string, dataDir: string, manifest: Manifest, unpacked: string): Promise<string> {
  const db = await connectPostgres(url);
  try {
    await requireEmptyPostgres(db, url);
    const dump = manifest.database.dump;
    if (dump === "pg_dump") {
      const needed = manifest.database.pgDumpVersion ?? 0;
      const pgRestore = await toolMajorVersion("pg_restore");
      if (pgRestore === null || pgRestore < needed) {
        throw new RestoreError(
          `This backup is a pg_dump ${needed} archive: restoring it needs pg_restore ${needed} or newer on the PATH ` +
            `(${pgRestore === null ? "none found" : `found ${pgRestore}`}; Debian: apt-get install postgresql-client).`,
        );
      }
      await runAgainst("pg_restore", url, [
        "--exit-on-error",
        "--single-transaction",
        "--no-owner",
        "--no-privileges",
        path.join(unpacked, DATABASE_DIR, PG_DUMP_FILE),
      ]);
    } else if (dump === "logical") {
      await loadInto(db, manifest, exportSource(path.join(unpacked, DATABASE_DIR)));
    } else {
      const pgdata = await pgdataSource(path.join(unpacked, DATABASE_DIR, PGDATA_FILE));
      try {
        await loadInto(db, manifest, pgdata);
      } finally {
        await pgdata.source.close();
      }
    }
    await finish(db, manifest, dataDir);
    return dump === "pg_dump" ? "pg_restore" : "rows loaded from the backup's tables";
  } finally {
    await db.close();
  }
}

async function restorePglite(
  pgdataDir: string,
  dataDir: string,
  manifest: Manifest,
  unpacked: string,
): Promise<string> {
  const dump = manifest.database.dump;
  if (dump === "pg_dump") {
    throw new RestoreError(
      "This backup is a pg_dump archive of a PostgreSQL server; it restores only into PostgreSQL. " +
        "Set DATABASE_URL to a new, empty database and run the restore again.",
    );
  }
  await makePrivateDir(pgdataDir);
  try {
    const loadDataDir =
      dump === "pgdata" ? new Blob([await readFile(path.join(unpacked, DATABASE_DIR, PGDATA_FILE))]) : undefined;
    const db = pgliteSql(await PGlite.create({ dataDir: pgdataDir, loadDataDir }));
    try {
      if (dump === "logical") await loadInto(db, manifest, exportSource(path.join(unpacked, DATABASE_DIR)));
      await finish(db, manifest, dataDir);
    } finally {
      await db.close();
    }
    await makeTreePrivate(pgdataDir);
  } catch (error) {
    // Leave DATA_DIR as it was, so the restore can be run again.
    await rm(pgdataDir, { recursive: true, force: true });
    throw error;
  }
  return dump === "pgdata" ? "the PGlite data directory" : "rows loaded from the backup's tables";
}

async function copyFiles(plan: FilePlan, dataDir: string): Promise<void> {
  for (const [relative, file] of plan.copy) {
    const target = path.join(dataDir, ...relative.split("/"));
    await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    await copyFile(file, target);
    await chmod(target, PRIVATE_FILE_MODE);
  }
}

/**
 * Restores a backup archive into an empty database (PostgreSQL at `databaseUrl`, else PGlite in
 * DATA_DIR/pgdata), uploaded files included. An archive made before files lived in the database
 * carries them beside it: they are copied into DATA_DIR, where the server's next start moves them
 * in (lib/data-dir-files.ts). Everything is checked before anything is written: the archive, the
 * target's emptiness, the schema version, clashing files.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  const unpacked = await mkdtemp(path.join(os.tmpdir(), "cargodesk-restore-"));
  try {
    try {
      await extractArchive(options.archive, unpacked);
    } catch (error) {
      throw new RestoreError(
        `${options.archive} is not a readable backup archive: ${error instanceof Error ? error.message : error}`,
      );
    }
    const manifest = await readManifest(path.join(unpacked, MANIFEST_FILE));
    const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
    const tables = Object.keys(manifest.tables).length;
    // Files are rows of stored_files; a backup made before that carried them beside the database.
    const inDatabase = manifest.tables["public.stored_files"] ?? 0;
    log(
      `Backup made ${manifest.createdAt} by CargoDesk ${manifest.appVersion}: ${manifest.database.kind} database ` +
        `(${manifest.database.dump}), ${tables} tables, ${rows} rows, ${inDatabase + manifest.files.count} uploaded files.`,
    );
    // A backup of a newer CargoDesk is refused whatever its kind: this copy's code would not fit its schema.
    migrationsFor(manifest.migrations);
    const files = await planFiles(path.join(unpacked, FILES_DIR), dataDir);
    const target = options.databaseUrl ? "postgres" : "pglite";
    let method: string;
    if (options.databaseUrl) {
      method = await restorePostgres(options.databaseUrl, dataDir, manifest, unpacked);
      log(`Database: restored into PostgreSQL ${safeUrl(options.databaseUrl)} (${method}).`);
    } else {
      const pgdata = path.join(dataDir, "pgdata");
      await requireNoPglite(pgdata);
      method = await restorePglite(pgdata, dataDir, manifest, unpacked);
      log(`Database: restored into the embedded database at ${pgdata} (${method}).`);
    }
    log(`Database: ${tables} tables and ${rows} rows, every table's row count matching the backup.`);
    await copyFiles(files, dataDir);
    if (inDatabase > 0) log(`Files: ${inDatabase} restored with the database.`);
    if (manifest.files.count > 0) {
      log(
        `Files: ${files.copy.length} restored into ${dataDir} (${files.bytes} bytes)` +
          (files.present > 0 ? `, ${files.present} already there with the same contents` : "") +
          "; CargoDesk moves them into the database when it starts with this DATA_DIR.",
      );
    }
    return {
      manifest,
      target,
      method,
      tables,
      rows,
      files: { inDatabase, copied: files.copy.length, present: files.present, bytes: files.bytes },
    };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
  }
}
