import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app";
import type { Database } from "../../db/client";
import { moveDataDirFilesIn } from "../../lib/data-dir-files";
import { col, rowsOf } from "../../lib/sql";
import { findFile, imageKey, readFileBytes } from "../../lib/stored-files";
import { bearer, loginCargo, TEST_ADMIN } from "../../test/harness";
import { backupsDir } from "./backup.service";
import {
  type BackupTestApp,
  createBackupTestApp,
  type DbFigures,
  figures,
  type Sample,
  seedSample,
} from "./backup.test-support";
import { manifestSchema } from "./manifest";
import { makeOldArchive, type OldArchive } from "./old-archive.test-support";
import { toolMajorVersion } from "./pg-tools";
import { freshTarget, type RestoreTarget, runRestoreCommand } from "./restore.test-support";

const onPostgres = Boolean(process.env.DATABASE_URL);
const SLOW = { timeout: 120_000 };
let env: BackupTestApp;
let sample: Sample;
let archive: string;
let before: DbFigures;
const targets: RestoreTarget[] = [];

beforeAll(async () => {
  env = await createBackupTestApp();
  sample = await seedSample(env);
  const made = await env.app.inject({ method: "GET", url: "/api/users/backup", headers: bearer(env.token) });
  expect(made.statusCode).toBe(200);
  archive = path.join(backupsDir(env.config.DATA_DIR), made.json<{ file: string }>().file);
  before = await figures(env.t.db);
});
afterAll(async () => {
  for (const target of targets) await target.cleanup();
  await env.close();
});

async function target(kind?: "postgres" | "pglite") {
  const created = await freshTarget(kind);
  targets.push(created);
  return created;
}

/** The source's figures as a backup restores them: the signing secret stays out. */
const restoredFigures = (): DbFigures => ({ ...before, counts: { ...before.counts, "public.app_secrets": 0 } });

/** Checks a restored target holds exactly the source's rows, ledger totals and uploaded files, and no secret. */
async function expectSameAsSource(restored: RestoreTarget) {
  const database = await restored.open();
  expect(await figures(database.db)).toEqual(restoredFigures());
  const bytesOf = async (key: string) => {
    const file = await findFile(database.db, key);
    return file ? readFileBytes(database.db, file) : null;
  };
  expect((await bytesOf(imageKey(sample.image.name)))?.equals(sample.image.bytes)).toBe(true);
  expect((await bytesOf(sample.rateSheet.key))?.equals(sample.rateSheet.bytes)).toBe(true);
  const [profile] = rowsOf(
    z.object({ logo: col.text }),
    await database.db.execute(sql`SELECT logo_path AS logo FROM company_profile WHERE id = 1`),
  );
  expect((await bytesOf(profile?.logo ?? ""))?.equals(sample.logo)).toBe(true);
  // Nothing is written beside the database.
  expect((await readdir(restored.dataDir)).filter((name) => name !== "pgdata")).toEqual([]);
  return database;
}

/** The app on a restored database, the admin signed in: `check` reads through it with GETs. */
async function signedInOn(
  restored: RestoreTarget,
  database: Database,
  check: (get: (url: string) => Promise<LightMyRequestResponse>) => Promise<void>,
) {
  const app = await buildApp({ config: { ...env.config, DATA_DIR: restored.dataDir }, database, tokens: env.t.tokens });
  try {
    const token = await loginCargo(app, TEST_ADMIN.email, TEST_ADMIN.password);
    await check((url) => app.inject({ method: "GET", url, headers: bearer(token) }));
  } finally {
    await app.close();
  }
}

describe("backup and restore round trip", () => {
  it("seeded data worth comparing: an approved voucher in the ledger, users, an image", () => {
    expect(before.balances.length).toBeGreaterThanOrEqual(3);
    expect(before.counts["public.ledger_entries"]).toBeGreaterThanOrEqual(3);
    expect(before.counts["public.uploads"]).toBe(1);
    expect(before.counts["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
  });

  // A new embedded database runs initdb: 10-20 s on a busy machine.
  it("npm run restore -- FILE brings everything back into a fresh database, and the app runs on it", SLOW, async () => {
    const restored = await target();
    const run = await runRestoreCommand(archive, restored);
    expect(run.stderr).not.toContain("Restore");
    expect(run.code).toBe(0);
    const counts = restoredFigures().counts;
    const tables = Object.keys(counts).length;
    const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
    expect(run.stdout).toContain(`${tables} tables, ${rows} rows, 3 uploaded files.`);
    expect(run.stdout).toContain(`Database: ${tables} tables and ${rows} rows, every table's row count matching`);
    expect(run.stdout).toContain("Files: 3 restored with the database.");
    const event = run.stdout.split("\n").find((line) => line.includes(`"event":"restore.done"`));
    expect(JSON.parse(event ?? "{}")).toMatchObject({ level: 30, tables, rows, files: 3 });
    const database = await expectSameAsSource(restored);

    // The restored database serves the app: the admin signs in and sees the uploaded files.
    await database.migrate();
    await signedInOn(restored, database, async (get) => {
      const image = await get(`/api/get_image_data_by_path/${sample.image.name}`);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(sample.image.bytes)).toBe(true);
      expect(
        (await get(`/api/rate/rate_logs/${sample.rateSheet.id}/file`)).rawPayload.equals(sample.rateSheet.bytes),
      ).toBe(true);
    });
  });

  it("records what it holds in manifest.json", async () => {
    const { extractArchive } = await import("./archive");
    const restored = await target("pglite");
    const members = await extractArchive(archive, restored.dataDir);
    expect(members[0]).toBe("manifest.json");
    // Uploaded files are rows of the database: nothing is carried beside it.
    expect(members.every((member) => member === "manifest.json" || member.startsWith("database/"))).toBe(true);
    const manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(restored.dataDir, "manifest.json"), "utf8")),
    );
    expect(manifest.tables).toEqual(restoredFigures().counts);
    expect(manifest.tables["public.stored_files"]).toBe(3);
    expect(manifest.files).toEqual({ count: 0, bytes: 0 });
    // The signing secret is in no member (pg_dump's archive is compressed: its restore shows it instead).
    for (const member of members)
      expect((await readFile(path.join(restored.dataDir, ...member.split("/")))).includes(sample.secret)).toBe(false);
    expect(manifest.dataDir).toBe(path.resolve(env.config.DATA_DIR));
    const expectedDump = !onPostgres ? "pgdata" : (await toolMajorVersion("pg_dump")) ? "pg_dump" : "logical";
    expect(manifest.database).toMatchObject({ kind: onPostgres ? "postgres" : "pglite", dump: expectedDump });
    expect(members).toContain(
      { pgdata: "database/pgdata.tar", pg_dump: "database/postgres.dump", logical: "database/sequences.json" }[
        expectedDump
      ],
    );
  });
});

describe.runIf(onPostgres)("PostgreSQL without pg_dump: the logical export", () => {
  let logical: string;
  beforeAll(async () => {
    const { createBackup } = await import("./backup.service");
    const made = await createBackup({ config: env.config, database: env.t.database }, { pgDump: "never" });
    expect(made.manifest.database).toMatchObject({ dump: "logical", note: "pg_dump was not used" });
    logical = path.join(backupsDir(env.config.DATA_DIR), made.file);
  });

  it("restores into a fresh PostgreSQL database with identical rows, balances and files", async () => {
    const restored = await target("postgres");
    const run = await runRestoreCommand(logical, restored);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("rows loaded from the backup's tables");
    await expectSameAsSource(restored);
  });

  it("restores into a fresh embedded database too", SLOW, async () => {
    const restored = await target("pglite");
    const run = await runRestoreCommand(logical, restored);
    expect(run.code, run.stderr).toBe(0);
    await expectSameAsSource(restored);
  });
});

describe("an archive made before uploaded files lived in the database", () => {
  let old: OldArchive;
  beforeAll(async () => {
    old = await makeOldArchive();
  }, 120_000);
  afterAll(async () => old?.cleanup());

  it("restores its files into DATA_DIR, and the server's next start moves them into the database", SLOW, async () => {
    const restored = await target();
    const run = await runRestoreCommand(old.archive, restored);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(", 3 uploaded files.");
    expect(run.stdout).toContain(
      `Files: 3 restored into ${restored.dataDir} (${old.image.bytes.length + old.logo.length + old.rateSheet.bytes.length} bytes); CargoDesk moves them into the database when it starts with this DATA_DIR.`,
    );
    // What main.ts does on start: the newer migrations, then the files.
    const database = await restored.open();
    await database.migrate();
    expect(await moveDataDirFilesIn(database.db, restored.dataDir)).toMatchObject({ files: 3, logo: "moved" });
    expect((await readdir(restored.dataDir)).filter((name) => name !== "pgdata")).toEqual([]);
    await signedInOn(restored, database, async (get) => {
      expect((await get(`/api/get_image_data_by_path/${old.image.name}`)).rawPayload.equals(old.image.bytes)).toBe(
        true,
      );
      expect((await get("/api/setting/company/logo")).rawPayload.equals(old.logo)).toBe(true);
      expect((await get(`/api/rate/rate_logs/${old.rateSheet.id}/file`)).rawPayload.equals(old.rateSheet.bytes)).toBe(
        true,
      );
    });
  });
});
