import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { openPglite } from "../../db/client";
import { seedDatabase } from "../../db/seed";
import { col, rowsOf } from "../../lib/sql";
import { TEST_ADMIN } from "../../test/harness";
import { type ArchiveEntry, extractArchive, writeArchive } from "./archive";
import { backupsDir, createBackup } from "./backup.service";
import { type BackupTestApp, createBackupTestApp, figures, seedSample } from "./backup.test-support";
import { type Manifest, manifestSchema } from "./manifest";
import { makeOldArchive } from "./old-archive.test-support";
import { toolMajorVersion } from "./pg-tools";
import { RestoreError, restoreBackup } from "./restore.service";
import { freshTarget, type RestoreTarget } from "./restore.test-support";

const onPostgres = Boolean(process.env.DATABASE_URL);
const hasPgDump = (await toolMajorVersion("pg_dump")) !== null;
let env: BackupTestApp;
let archive: string;
let manifest: Manifest;
let scratch: string;
const targets: RestoreTarget[] = [];
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  env = await createBackupTestApp();
  await seedSample(env);
  const made = await createBackup({ config: env.config, database: env.t.database });
  archive = path.join(backupsDir(env.config.DATA_DIR), made.file);
  manifest = made.manifest;
  scratch = await mkdtemp(path.join(os.tmpdir(), "cargodesk-refusals-"));
});
afterAll(async () => {
  for (const target of targets) await target.cleanup();
  for (const cleanup of cleanups) await cleanup();
  await rm(scratch, { recursive: true, force: true });
  await env.close();
});

async function target(kind?: "postgres" | "pglite") {
  const created = await freshTarget(kind);
  targets.push(created);
  return created;
}

const restoreInto = (into: RestoreTarget, file = archive) =>
  restoreBackup({ archive: file, dataDir: into.dataDir, databaseUrl: into.url });

/** The target was left as it was: no embedded database, no files, and (PostgreSQL) no tables. */
async function expectUntouched(into: RestoreTarget, allowed: string[] = []) {
  expect((await readdir(into.dataDir)).filter((name) => !allowed.includes(name))).toEqual([]);
  if (into.url) {
    const database = await into.open();
    const tables = await database.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
    );
    expect(rowsOf(z.object({ tablename: col.text }), tables)).toEqual([]);
  }
}

/** A gzipped tar of the given members, in the scratch folder. */
async function craft(entries: ArchiveEntry[]): Promise<string> {
  const file = path.join(scratch, `${randomBytes(4).toString("hex")}.tar.gz`);
  await writeArchive(file, entries);
  return file;
}
const json = (name: string, value: unknown): ArchiveEntry => ({
  name,
  source: { buffer: Buffer.from(JSON.stringify(value)) },
});

describe("restore refuses, changing nothing", () => {
  it("a target database that already holds CargoDesk", async () => {
    const into = await target();
    if (onPostgres) {
      const counts = (await figures(env.t.db)).counts;
      await expect(restoreBackup({ archive, dataDir: into.dataDir, databaseUrl: env.t.url ?? "" })).rejects.toThrow(
        /^The database postgres:\/\/.+ is not empty: it has \d+ tables \(\w+\.\w+ has \d+ rows?, .* and \d+ more tables hold rows\)\. Nothing was changed\./,
      );
      expect((await figures(env.t.db)).counts).toEqual(counts);
    } else {
      await mkdir(path.join(into.dataDir, "pgdata"));
      await writeFile(path.join(into.dataDir, "pgdata", "PG_VERSION"), "18\n");
      await expect(restoreInto(into)).rejects.toThrow(
        `${path.join(into.dataDir, "pgdata")} already holds a database. Nothing was changed.`,
      );
      expect(await readdir(path.join(into.dataDir, "pgdata"))).toEqual(["PG_VERSION"]);
    }
    await expectUntouched(into, ["pgdata"]);
  });

  it("an older archive's uploaded file that would replace a different one", { timeout: 120_000 }, async () => {
    const old = await makeOldArchive();
    cleanups.push(old.cleanup);
    const into = await target();
    const clash = path.join(into.dataDir, "uploads", "images", old.image.name);
    await mkdir(path.dirname(clash), { recursive: true });
    await writeFile(clash, "someone else's image");
    await expect(restoreInto(into, old.archive)).rejects.toThrow(
      `${clash} already exists with other contents. Nothing was changed.`,
    );
    expect(await readFile(clash, "utf8")).toBe("someone else's image");
    await expectUntouched(into, ["uploads"]);
  });

  it("a file that is not a backup archive, or an archive without a manifest", async () => {
    const into = await target();
    const junk = path.join(scratch, "junk.tar.gz");
    await writeFile(junk, randomBytes(4096));
    await expect(restoreInto(into, junk)).rejects.toThrow(`${junk} is not a readable backup archive`);
    const bare = await craft([{ name: "files/a.txt", source: { buffer: Buffer.from("a") } }]);
    await expect(restoreInto(into, bare)).rejects.toThrow("This is not a CargoDesk backup: it has no manifest.json.");
    await expectUntouched(into);
  });

  it("an archive whose members reach outside the folder, or are links", async () => {
    const into = await target();
    const outside = `escape-${randomBytes(4).toString("hex")}.txt`;
    const sneaky = await craft([
      json("manifest.json", manifest),
      { name: `files/../../../${outside}`, source: { buffer: Buffer.from("x") } },
    ]);
    await expect(restoreInto(into, sneaky)).rejects.toBeInstanceOf(RestoreError);
    await expect(restoreInto(into, sneaky)).rejects.toThrow(
      `The archive holds an unexpected path: files/../../../${outside}`,
    );
    for (const dir of [os.tmpdir(), path.dirname(os.tmpdir()), "/"])
      expect(existsSync(path.join(dir, outside))).toBe(false);
    const link = path.join(scratch, "link.tar.gz");
    const pack = tar.pack();
    pack.entry({ name: "manifest.json" }, JSON.stringify(manifest));
    pack.entry({ name: "files/passwd", type: "symlink", linkname: "/etc/passwd" });
    pack.finalize();
    await pipeline(pack, createGzip(), createWriteStream(link));
    await expect(restoreInto(into, link)).rejects.toThrow(
      "The archive holds a symlink entry (files/passwd); only files are restored",
    );
    await expectUntouched(into);
  });

  it("a backup of a newer CargoDesk, whose schema this copy cannot build", async () => {
    const into = await target();
    const newer = await craft([
      json("manifest.json", {
        ...manifest,
        migrations: [...manifest.migrations, { hash: "f00d", createdAt: "9999999999999" }],
      }),
    ]);
    await expect(restoreInto(into, newer)).rejects.toThrow(
      "The backup was made by a newer CargoDesk (its schema has migration 9999999999999, which this copy lacks).",
    );
    await expectUntouched(into);
  });

  it.runIf(onPostgres && hasPgDump)("a pg_dump archive into the embedded database", async () => {
    expect(manifest.database.dump).toBe("pg_dump");
    const into = await target("pglite");
    await expect(restoreInto(into)).rejects.toThrow(
      "This backup is a pg_dump archive of a PostgreSQL server; it restores only into PostgreSQL.",
    );
    await expectUntouched(into);
  });
});

describe.runIf(onPostgres)("an embedded database's backup restored into PostgreSQL", () => {
  it("loads the PGlite data directory's rows into a fresh PostgreSQL database", { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-pglite-source-"));
    const source = await openPglite({});
    try {
      await source.migrate();
      await seedDatabase(source.db, TEST_ADMIN);
      const made = await createBackup({
        config: { ...env.config, DATA_DIR: dataDir, DATABASE_URL: undefined },
        database: source,
      });
      expect(made.manifest.database.dump).toBe("pgdata");
      const into = await target("postgres");
      const summary = await restoreInto(into, path.join(backupsDir(dataDir), made.file));
      expect(summary.method).toBe("rows loaded from the backup's tables");
      expect(await figures((await into.open()).db)).toEqual(await figures(source.db));
      const members = await extractArchive(
        path.join(backupsDir(dataDir), made.file),
        await mkdtemp(path.join(scratch, "x")),
      );
      expect(members).toEqual(["manifest.json", "database/pgdata.tar"]);
      expect(manifestSchema.parse(made.manifest).files.count).toBe(0);
    } finally {
      await source.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
