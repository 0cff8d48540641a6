import { chmod, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Everything CargoDesk keeps in DATA_DIR (the embedded database, the signing secret, images, rate
 * sheets, backups) is readable by its owner only. Modes are given explicitly, so they do not
 * depend on the umask the server was started with.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` and any missing parents owner-only; an existing `dir` is made owner-only too. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Makes every folder (0700) and file (0600) under `dir` owner-only. PGlite creates its files
 * world-writable (0666) whatever the umask, so its data directory is passed through this when opened.
 */
export async function makeTreePrivate(dir: string): Promise<void> {
  await chmod(dir, PRIVATE_DIR_MODE);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) await makeTreePrivate(child);
    else if (entry.isFile()) await chmod(child, PRIVATE_FILE_MODE);
  }
}
