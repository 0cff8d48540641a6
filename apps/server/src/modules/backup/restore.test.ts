import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "../../app";
import { col, rowsOf } from "../../lib/sql";
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

/** Checks a restored target holds exactly the source's rows, ledger totals and uploaded files. */
async function expectSameAsSource(restored: RestoreTarget) {
  const database = await restored.open();
  expect(await figures(database.db)).toEqual(before);
  const image = path.join(restored.dataDir, "uploads", "images", sample.image.name);
  expect((await readFile(image)).equals(sample.image.bytes)).toBe(true);
  const rates = path.join(restored.dataDir, ...sample.rateFile.relative.split("/"));
  expect((await readFile(rates)).equals(sample.rateFile.bytes)).toBe(true);
  expect(existsSync(path.join(restored.dataDir, "jwt-secret"))).toBe(false);
  // The logo's stored absolute path now points into the new DATA_DIR.
  const [profile] = rowsOf(
    z.object({ logo: col.text }),
    await database.db.execute(sql`SELECT logo_path AS logo FROM company_profile WHERE id = 1`),
  );
  expect(path.dirname(profile?.logo ?? "")).toBe(path.join(restored.dataDir, "uploads", "company"));
  expect((await readFile(profile?.logo ?? "")).equals(sample.logo)).toBe(true);
  return database;
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
    const tables = Object.keys(before.counts).length;
    const rows = Object.values(before.counts).reduce((sum, count) => sum + count, 0);
    expect(run.stdout).toContain(`${tables} tables, ${rows} rows, 3 uploaded files.`);
    expect(run.stdout).toContain(`Database: ${tables} tables and ${rows} rows, every table's row count matching`);
    expect(run.stdout).toContain(`Files: 3 restored into ${restored.dataDir}`);
    const event = run.stdout.split("\n").find((line) => line.includes(`"event":"restore.done"`));
    expect(JSON.parse(event ?? "{}")).toMatchObject({ level: 30, tables, rows, files: 3 });
    const database = await expectSameAsSource(restored);

    // The restored database serves the app: the admin signs in and sees the uploaded image.
    await database.migrate();
    const app = await buildApp({
      config: { ...env.config, DATA_DIR: restored.dataDir },
      database,
      tokens: env.t.tokens,
    });
    try {
      const token = await loginCargo(app, TEST_ADMIN.email, TEST_ADMIN.password);
      const image = await app.inject({
        method: "GET",
        url: `/api/get_image_data_by_path/${sample.image.name}`,
        headers: bearer(token),
      });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(sample.image.bytes)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it("records what it holds in manifest.json", async () => {
    const { extractArchive } = await import("./archive");
    const restored = await target("pglite");
    const members = await extractArchive(archive, restored.dataDir);
    expect(members[0]).toBe("manifest.json");
    expect(members).toContain(`files/uploads/images/${sample.image.name}`);
    expect(members).toContain(`files/${sample.rateFile.relative}`);
    expect(members.some((member) => member.includes("jwt-secret") || member.startsWith("files/backups"))).toBe(false);
    const manifest = manifestSchema.parse(
      JSON.parse(await readFile(path.join(restored.dataDir, "manifest.json"), "utf8")),
    );
    expect(manifest.tables).toEqual(before.counts);
    const bytes = sample.image.bytes.length + sample.logo.length + sample.rateFile.bytes.length;
    expect(manifest.files).toEqual({ count: 3, bytes });
    expect(members.filter((member) => /^files\/uploads\/company\/logo-[0-9a-f]{16}\.png$/.test(member))).toHaveLength(
      1,
    );
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
