// What each build of `npm start` depends on, and whether its output is up to date: plain
// JavaScript, so that start.mjs can check the stamps with plain Node before anything loads tsx
// (build-inputs.d.mts types it for the TypeScript side, build-targets.ts).
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const REPO_ROOT = path.resolve(SERVER_DIR, "../..");
/** Where `npm start` puts the compiled server, and what `npm run start -w @cargodesk/server` runs. */
export const SERVER_DIST = path.join(SERVER_DIR, "dist");
export const WEB_DIST = path.join(REPO_ROOT, "apps/web/dist");
export const STAMP_FILE = ".build-stamp";

/** Inputs both builds share: the shared package, the dependencies, the compiler settings. */
const COMMON_INPUTS = [
  "packages/shared/src",
  "packages/shared/package.json",
  "package-lock.json",
  "tsconfig.base.json",
];

/** Files and folders, relative to the repository, whose content each build depends on. */
export const SERVER_INPUTS = [
  "apps/server/src",
  "apps/server/package.json",
  "apps/server/tsconfig.json",
  ...COMMON_INPUTS,
];
export const WEB_INPUTS = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/package.json",
  "apps/web/tsconfig.json",
  // How the web app is built is decided there.
  "apps/server/src/scripts/build-targets.ts",
  ...COMMON_INPUTS,
];

/** Tests are never bundled, so changing one does not call for a build. */
const isTestFile = (name) => /\.test\.tsx?$/.test(name);
const isSkippedFolder = (name) => name === "node_modules" || name === "dist" || name.startsWith(".");
const errorCode = (error) => (error instanceof Error && "code" in error ? error.code : undefined);

/** Every file under the inputs (missing ones skipped), relative to `root`, sorted. */
async function inputFiles(root, inputs) {
  const files = [];
  async function walk(relative) {
    let entries;
    try {
      entries = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch (error) {
      if (errorCode(error) === "ENOTDIR") files.push(relative);
      else if (errorCode(error) !== "ENOENT") throw error;
      return;
    }
    for (const entry of entries) {
      const child = path.join(relative, entry.name);
      if (entry.isDirectory() && !isSkippedFolder(entry.name)) await walk(child);
      else if (entry.isFile() && !isTestFile(entry.name)) files.push(child);
    }
  }
  for (const input of inputs) await walk(input);
  return files.sort();
}

/** SHA-256 over the inputs' paths and contents. */
export async function inputsHash(root, inputs) {
  const hash = createHash("sha256");
  for (const file of await inputFiles(root, inputs)) {
    const content = await readFile(path.join(root, file));
    hash.update(`${file.split(path.sep).join("/")}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest("hex");
}

/** The hash the build in `outDir` was made from, or null when there is none. */
export async function readStamp(outDir) {
  try {
    return (await readFile(path.join(outDir, STAMP_FILE), "utf8")).trim();
  } catch {
    return null;
  }
}
