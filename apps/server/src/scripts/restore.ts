/**
 * `npm run restore -- FILE`: restores a backup into an empty database, uploaded files included (an
 * archive made before files lived in the database has them copied into DATA_DIR). With DATABASE_URL set it restores into that PostgreSQL database, otherwise into the
 * embedded database in DATA_DIR/pgdata. See docs/backup.md.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { isBackupFileName } from "@cargodesk/shared";
import { pino } from "pino";
import { loadConfig } from "../config";
import { serviceLog } from "../lib/service-log";
import { backupsDir } from "../modules/backup/backup.service";
import { RestoreError, restoreBackup } from "../modules/backup/restore.service";

const USAGE = `Usage: npm run restore -- FILE

FILE is a backup archive (cargodesk-<time>.tar.gz), a path or a name in DATA_DIR/backups.
With DATABASE_URL set, restores into that PostgreSQL database, which must be empty;
without it, into DATA_DIR/pgdata, which must not exist yet. Uploaded files come back with the
database (an older archive's files go into DATA_DIR; CargoDesk moves them in when it starts).`;

/** The archive: relative paths are read from where npm was started; a bare name may also be one in DATA_DIR/backups. */
function archivePath(argument: string, dataDir: string): string {
  const fromCwd = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);
  if (existsSync(fromCwd)) return fromCwd;
  const inBackups = path.join(backupsDir(dataDir), argument);
  if (isBackupFileName(argument) && existsSync(inBackups)) return inBackups;
  throw new RestoreError(`No such file: ${fromCwd}`);
}

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 1 || args[0] === "--help" || args[0] === "-h") {
    console.log(USAGE);
    return args.length === 1 ? 0 : 2;
  }
  // Only these two matter here: a production server's other settings (JWT_SECRET...) are not needed to restore.
  const config = loadConfig({ DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL });
  const dataDir = path.resolve(config.DATA_DIR);
  const archive = archivePath(args[0] ?? "", dataDir);
  console.log(`Restoring ${archive}`);
  console.log(`DATA_DIR: ${dataDir}`);
  const summary = await restoreBackup({
    archive,
    dataDir,
    databaseUrl: config.DATABASE_URL,
    log: (line) => console.log(line),
  });
  serviceLog(pino()).event("restore.done", {
    archive,
    target: summary.target,
    method: summary.method,
    tables: summary.tables,
    rows: summary.rows,
    files: summary.files.inDatabase + summary.files.copied,
  });
  console.log("Done. Start CargoDesk with the same DATA_DIR and DATABASE_URL; it applies any newer migrations.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    console.error(error instanceof RestoreError ? `Restore refused: ${message}` : `Restore failed: ${message}`);
    process.exit(1);
  },
);
