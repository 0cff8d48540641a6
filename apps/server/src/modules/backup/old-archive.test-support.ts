import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { loadConfig } from "../../config";
import { type Database, MIGRATIONS_DIR } from "../../db/client";
import * as schema from "../../db/schema/index";
import { seedDatabase } from "../../db/seed";
import { TEST_ADMIN } from "../../test/harness";
import { type ArchiveEntry, extractArchive, listFiles, writeArchive } from "./archive";
import { backupsDir, createBackup } from "./backup.service";
import { DATABASE_DIR, FILES_DIR, MANIFEST_FILE, manifestSchema } from "./manifest";

/** The first migration of the schema that keeps uploaded files in the database. */
const FILES_IN_DATABASE = "0016_stored_files";

/** A copy of the migrations folder without `FILES_IN_DATABASE` and what follows it. */
async function olderMigrations(into: string): Promise<void> {
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag === FILES_IN_DATABASE);
  const kept = journal.entries.slice(0, cut);
  await mkdir(path.join(into, "meta"), { recursive: true });
  await writeFile(path.join(into, "meta", "_journal.json"), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept)
    await copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(into, `${entry.tag}.sql`));
}

export interface OldArchive {
  archive: string;
  image: { name: string; bytes: Buffer };
  logo: Buffer;
  rateSheet: { id: number; key: string; bytes: Buffer };
  cleanup(): Promise<void>;
}

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(1024)]);

/**
 * A backup as CargoDesk made it before files lived in the database: an embedded database with the
 * schema of the migrations before 0016, whose rows name an image, a logo (by its absolute path in
 * that DATA_DIR) and a rate sheet, and those files under `files/` beside the database.
 */
export async function makeOldArchive(): Promise<OldArchive> {
  const root = await mkdtemp(path.join(os.tmpdir(), "cargodesk-old-archive-"));
  const dataDir = path.join(root, "data");
  const migrations = path.join(root, "migrations");
  await olderMigrations(migrations);
  const client = await PGlite.create();
  const db = drizzle(client, { schema });
  const database: Database = {
    db,
    kind: "pglite",
    migrate: () => migrate(db, { migrationsFolder: migrations }),
    close: () => client.close(),
    dumpDataDir: async () => {
      await client.exec("CHECKPOINT");
      return client.dumpDataDir("none");
    },
  };
  try {
    await database.migrate();
    await seedDatabase(db, TEST_ADMIN);
    const image = { name: `img_${randomBytes(16).toString("hex")}.png`, bytes: png() };
    const logo = png();
    const logoFile = path.join(dataDir, "uploads", "company", `logo-${randomBytes(8).toString("hex")}.png`);
    const rateKey = `rates/${randomBytes(16).toString("hex")}.csv`;
    const rateBytes = Buffer.from("country,min_kg,max_kg,currency,flat,first_kg,add_kg\nGB,0,1,PKR,1000,,\n");
    const files: [string, Buffer][] = [
      [path.join(dataDir, "uploads", "images", image.name), image.bytes],
      [logoFile, logo],
      [path.join(dataDir, ...rateKey.split("/")), rateBytes],
    ];
    for (const [file, bytes] of files) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }
    await db.insert(schema.uploads).values({ name: image.name, mime: "image/png", bytes: image.bytes.length });
    await db.update(schema.companyProfile).set({ logoPath: logoFile });
    const [sheet] = await db
      .insert(schema.rateSheets)
      .values({
        serviceTypeId: 1,
        shipmentType: "Pack",
        effectiveDate: "2026-01-01",
        path: rateKey,
        originalName: "old.csv",
        rowCount: 1,
      })
      .returning({ id: schema.rateSheets.id });

    // The database part as today's backup writes it, then the files beside it as the old one did.
    const made = await createBackup({ config: loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir }), database });
    const unpacked = path.join(root, "unpacked");
    await extractArchive(path.join(backupsDir(dataDir), made.file), unpacked);
    const manifest = manifestSchema.parse(JSON.parse(await readFile(path.join(unpacked, MANIFEST_FILE), "utf8")));
    const streamed = async (name: string, file: string): Promise<ArchiveEntry> => ({
      name,
      source: { file, size: (await stat(file)).size },
    });
    const databaseMembers = await Promise.all(
      (await listFiles(path.join(unpacked, DATABASE_DIR), () => false)).map(([relative, file]) =>
        streamed(`${DATABASE_DIR}/${relative}`, file),
      ),
    );
    const fileMembers = await Promise.all(
      (await listFiles(dataDir, (relative) => relative === "backups")).map(([relative, file]) =>
        streamed(`${FILES_DIR}/${relative}`, file),
      ),
    );
    const bytes = fileMembers.reduce((sum, entry) => sum + ("size" in entry.source ? entry.source.size : 0), 0);
    const oldManifest = { ...manifest, files: { count: fileMembers.length, bytes } };
    const entries: ArchiveEntry[] = [
      { name: MANIFEST_FILE, source: { buffer: Buffer.from(JSON.stringify(oldManifest)) } },
      ...databaseMembers,
      ...fileMembers,
    ];
    const archive = path.join(root, "cargodesk-old.tar.gz");
    await writeArchive(archive, entries);
    return {
      archive,
      image,
      logo,
      rateSheet: { id: sheet?.id ?? 0, key: rateKey, bytes: rateBytes },
      cleanup: () => rm(root, { recursive: true, force: true }),
    };
  } finally {
    await database.close();
  }
}
