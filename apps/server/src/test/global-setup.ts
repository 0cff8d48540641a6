import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildPgliteTemplate, buildPostgresTemplate, dropDatabase } from "./template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

/** What the template is built from: the schema, migrations and seed, the shared rules the seed reads, and the lock file. */
const TEMPLATE_INPUTS = [
  "apps/server/src/db",
  "apps/server/src/test/template.ts",
  "apps/server/src/test/test-users.ts",
  "packages/shared/src",
  "package-lock.json",
];

async function filesUnder(entry: string): Promise<string[]> {
  const full = path.join(root, entry);
  if (!(await stat(full)).isDirectory()) return [entry];
  const names = await readdir(full, { recursive: true, withFileTypes: true });
  return names
    .filter((dirent) => dirent.isFile() && !dirent.name.endsWith(".test.ts"))
    .map((dirent) => path.relative(root, path.join(dirent.parentPath, dirent.name)))
    .sort();
}

/** A hash of every input of the template: it changes exactly when the template would. */
export async function templateKey(): Promise<string> {
  const hash = createHash("sha256");
  for (const entry of TEMPLATE_INPUTS) {
    for (const file of await filesUnder(entry)) {
      hash
        .update(file)
        .update("\0")
        .update(await readFile(path.join(root, file)))
        .update("\0");
    }
  }
  return hash.digest("hex").slice(0, 16);
}

/** A builder that died leaves its lock behind; after this long another process takes over. */
const STALE_LOCK_MS = 180_000;

const isFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (info) => info.size > 0,
    () => false,
  );

/**
 * PGlite: the migrated, seeded data directory is dumped once per version of its inputs and kept in
 * the temporary folder, so a run after an unchanged one starts in well under a second. The API tests
 * and every browser-test server (e2e/serve.ts) start from this one file: whoever takes the lock
 * builds it while the others wait, and it is written beside its final name and renamed, so nobody
 * reads half of one.
 */
export async function cachedPgliteTemplate(): Promise<string> {
  const file = path.join(os.tmpdir(), `cargodesk-template-${await templateKey()}.tar`);
  const lock = `${file}.lock`;
  for (;;) {
    if (await isFile(file)) return file;
    const mine = await mkdir(lock).then(
      () => true,
      () => false,
    );
    if (mine) break;
    const held = await stat(lock).catch(() => null);
    if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  try {
    // Another process may have finished between our look and our lock.
    if (!(await isFile(file))) {
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await (await buildPgliteTemplate()).arrayBuffer()));
      await rename(partial, file);
      await removeStaleTemplates(file);
    }
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
  return file;
}

/** Templates of earlier inputs, unused for an hour, are removed when a new one is built. */
async function removeStaleTemplates(current: string): Promise<void> {
  const dir = path.dirname(current);
  const hourAgo = Date.now() - 3_600_000;
  for (const name of await readdir(dir)) {
    const file = path.join(dir, name);
    // cargodesk-e2e-template-*: the browser tests' own copies, before they shared this one.
    if (file === current || !/^cargodesk-(e2e-)?template-[0-9a-f]{16}\.tar$/.test(name)) continue;
    const info = await stat(file).catch(() => null);
    if (info && info.atimeMs < hourAgo && info.mtimeMs < hourAgo) await rm(file, { force: true });
  }
}

/** Builds (or reuses) the migrated template once per run; every test file starts its own copy. */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = await buildPostgresTemplate(url);
    project.provide("postgresTemplate", template);
    project.provide("pgliteTemplate", "");
    return async () => dropDatabase(url, template);
  }
  project.provide("pgliteTemplate", await cachedPgliteTemplate());
  project.provide("postgresTemplate", "");
}
