import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../../db/client";
import { dropDatabase, withDatabase } from "../../test/template";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../..");

/** Where a test restores to: a new DATA_DIR, and on PostgreSQL runs a new empty database too. */
export interface RestoreTarget {
  dataDir: string;
  url: string | undefined;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function freshTarget(kind: "postgres" | "pglite" = process.env.DATABASE_URL ? "postgres" : "pglite") {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-restore-test-"));
  const server = process.env.DATABASE_URL;
  let url: string | undefined;
  let name: string | null = null;
  if (kind === "postgres") {
    if (!server) throw new Error("a PostgreSQL target needs DATABASE_URL");
    name = `cargodesk_restore_${randomBytes(5).toString("hex")}`;
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    url = withDatabase(server, name);
  }
  const opened: Database[] = [];
  const target: RestoreTarget = {
    dataDir,
    url,
    async open() {
      const database = url ? await openPostgres(url) : await openPglite({ dataDir: path.join(dataDir, "pgdata") });
      opened.push(database);
      return database;
    },
    async cleanup() {
      for (const database of opened) await database.close();
      if (server && name) await dropDatabase(server, name);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return target;
}

/** Runs `npm run restore -- FILE` from the repository root, as an operator would. */
export async function runRestoreCommand(
  archive: string,
  target: RestoreTarget,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, NODE_ENV: "test" };
  delete env.DATABASE_URL;
  if (target.url) env.DATABASE_URL = target.url;
  try {
    const { stdout, stderr } = await promisify(execFile)("npm", ["run", "--silent", "restore", "--", archive], {
      cwd: REPO_ROOT,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    // execFile's error carries the exit code and both outputs.
    const failed = Object.assign({ code: 1, stdout: "", stderr: "" }, error);
    return { code: Number(failed.code), stdout: String(failed.stdout), stderr: String(failed.stderr) };
  }
}
