import { mkdir, mkdtemp, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type BackupFile, backupFileName, isBackupFileName } from "@cargodesk/shared";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type ArchiveEntry, listFiles, writeArchive } from "./archive";
import { type DumpOptions, dumpDatabase } from "./dump";
import { APP_VERSION, DATABASE_DIR, MANIFEST_FILE, type Manifest } from "./manifest";

export interface BackupDeps {
  config: Config;
  database: Database;
}

export const backupsDir = (dataDir: string): string => path.resolve(dataDir, "backups");

async function freeName(dir: string, at: Date): Promise<string> {
  const taken = new Set(await readdir(dir));
  for (let suffix = 0; ; suffix++) {
    const name = backupFileName(at, suffix);
    if (!taken.has(name) && !taken.has(`.${name}.partial`)) return name;
  }
}

/** One backup at a time per backups folder: a second request while one runs is told so. */
const running = new Set<string>();

/** What a backup leaves while it runs: its work folder (a copy of the database) and the partial archive. */
const LEFTOVER = /^(\.work-.+|\.cargodesk-.+\.partial)$/;

async function removeLeftovers(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [])).filter((name) => LEFTOVER.test(name));
  await Promise.all(names.map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  return names;
}

/**
 * Removes what a backup killed midway (kill -9, power cut) left in the backups folder; a failure
 * inside the process cleans up after itself. Runs when the app starts and before every backup.
 */
export async function removeBackupLeftovers(dataDir: string): Promise<string[]> {
  const dir = backupsDir(dataDir);
  return running.has(dir) ? [] : removeLeftovers(dir);
}

/**
 * Writes `cargodesk-<UTC time>.tar.gz` under DATA_DIR/backups: manifest.json and the database (see
 * dump.ts), which holds the uploaded files too (stored_files). It is written under a hidden partial
 * name and renamed when complete, so the list never shows half a backup.
 */
export async function createBackup(
  deps: BackupDeps,
  options: DumpOptions = {},
): Promise<{ file: string; size: number; manifest: Manifest }> {
  const dir = backupsDir(deps.config.DATA_DIR);
  if (running.has(dir))
    throw new AppError("BACKUP_RUNNING", "A backup is being made right now. Try again when it is done.");
  running.add(dir);
  let work: string | null = null;
  let partial: string | null = null;
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await removeLeftovers(dir);
    work = await mkdtemp(path.join(dir, ".work-"));
    const createdAt = new Date();
    const databaseDir = path.join(work, DATABASE_DIR);
    const dump = await dumpDatabase(deps.database, deps.config.DATABASE_URL, databaseDir, options);
    const databaseFiles = await listFiles(databaseDir, () => false);
    const manifest: Manifest = {
      format: "cargodesk-backup",
      formatVersion: 1,
      appVersion: APP_VERSION,
      createdAt: createdAt.toISOString(),
      dataDir: path.resolve(deps.config.DATA_DIR),
      database: dump.database,
      migrations: dump.migrations,
      tables: dump.tables,
      // Files beside the database: none since uploaded files live in it (table stored_files).
      files: { count: 0, bytes: 0 },
    };
    const entries: ArchiveEntry[] = [
      { name: MANIFEST_FILE, source: { buffer: Buffer.from(JSON.stringify(manifest, null, 2)) } },
      ...(await Promise.all(
        databaseFiles.map(async ([relative, file]) => ({
          name: `${DATABASE_DIR}/${relative}`,
          source: { file, size: (await stat(file)).size },
        })),
      )),
    ];
    const name = await freeName(dir, createdAt);
    partial = path.join(dir, `.${name}.partial`);
    await writeArchive(partial, entries);
    const target = path.join(dir, name);
    await rename(partial, target);
    partial = null;
    return { file: name, size: (await stat(target)).size, manifest };
  } finally {
    if (partial) await rm(partial, { force: true });
    if (work) await rm(work, { recursive: true, force: true });
    running.delete(dir);
  }
}

/** `cargodesk-2026-11-22T10-15-00Z-2.tar.gz` -> sortable `2026-11-22T10-15-00Z-002`. */
const sortKey = (name: string): string =>
  name.replace(/^cargodesk-(.*)Z(?:-(\d+))?\.tar\.gz$/, (_, stamp: string, suffix?: string) => {
    return `${stamp}Z-${(suffix ?? "0").padStart(3, "0")}`;
  });

/** `cargodesk-2026-11-22T10-15-00Z.tar.gz` -> `2026-11-22T10:15:00Z`. */
const createdAtOf = (name: string): string =>
  name.replace(/^cargodesk-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z.*$/, "$1T$2:$3:$4Z");

/** The finished backups, newest first. */
export async function listBackups(dataDir: string): Promise<BackupFile[]> {
  const dir = backupsDir(dataDir);
  const names = (await readdir(dir).catch(() => [])).filter(isBackupFileName);
  const rows = await Promise.all(
    names.map(async (file) => {
      const info = await stat(path.join(dir, file));
      return info.isFile() ? { file, size: info.size, created_at: createdAtOf(file) } : null;
    }),
  );
  return rows
    .filter((row): row is BackupFile => row !== null)
    .sort((a, b) => sortKey(b.file).localeCompare(sortKey(a.file)));
}

/** The path of a finished backup; 404 for any other name, so nothing outside the folder is reachable. */
export async function backupPath(dataDir: string, name: string): Promise<{ file: string; size: number }> {
  const missing = new AppError("NOT_FOUND", "No such backup");
  if (!isBackupFileName(name)) throw missing;
  const file = path.join(backupsDir(dataDir), name);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) throw missing;
  return { file, size: info.size };
}
