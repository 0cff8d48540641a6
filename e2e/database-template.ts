/**
 * The migrated, seeded database every browser-test server starts from, as the API tests do: built
 * once per version of its inputs and kept in the temporary folder, so a server loads it in a few
 * seconds instead of creating and migrating a database (30 s and more on a busy machine). Fixture
 * users are not in it: their lock-out times count from the server's start.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { templateKey } from "../apps/server/src/test/global-setup";
import { ADMIN } from "./fixtures";

const PREFIX = "cargodesk-e2e-template-";
/** A builder that died leaves its lock behind; after this long another server takes over. */
const STALE_LOCK_MS = 180_000;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function build(file: string): Promise<void> {
  const database = await openPglite({});
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  if (!database.dumpDataDir) throw new Error("PGlite database cannot dump its data directory");
  const dump = await database.dumpDataDir();
  await database.close();
  // Written beside its name and renamed, so no server ever reads half of one.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
}

/** Templates of earlier inputs, unused for an hour, are removed when a new one is built. */
async function removeStale(current: string): Promise<void> {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(path.dirname(current))) {
    const file = path.join(path.dirname(current), name);
    if (file === current || !name.startsWith(PREFIX) || !name.endsWith(".tar")) continue;
    const info = await stat(file).catch(() => null);
    if (info && info.atimeMs < hourAgo && info.mtimeMs < hourAgo) await rm(file, { force: true });
  }
}

/**
 * The template as a tarball for openPglite's loadDataDir. The servers of one run start together:
 * the first to take the lock builds the template, the others wait for the file.
 */
export async function databaseTemplate(): Promise<Blob> {
  const key = createHash("sha256")
    .update(await templateKey())
    .update(JSON.stringify(ADMIN))
    .digest("hex")
    .slice(0, 16);
  const file = path.join(os.tmpdir(), `${PREFIX}${key}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    const found = await readFile(file).catch(() => null);
    if (found) return new Blob([found]);
    const mine = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (mine) break;
    const held = await stat(lock).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    await pause(250);
  }
  try {
    // Another server may have finished between our look and our lock.
    const ready = await stat(file).then(
      () => true,
      () => false,
    );
    if (!ready) {
      await build(file);
      await removeStale(file);
    }
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
  return new Blob([await readFile(file)]);
}
