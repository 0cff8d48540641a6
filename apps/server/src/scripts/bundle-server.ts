/**
 * The compiled server (issue 19): esbuild bundles `src/main.ts` and the worker pool's
 * `src/workers/tasks.ts` with `@cargodesk/shared` (TypeScript) inside, into a folder that plain
 * `node` runs. Packages in node_modules stay where they are (PGlite loads its wasm and data files
 * from its own package), and the files the code reads beside itself (migrations, the worker entry)
 * are copied to the same place relative to it as in `src/`.
 */
import { cp, mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import * as esbuild from "esbuild";
import { SERVER_DIR, SERVER_DIST } from "./build-inputs.mjs";

const SRC = path.join(SERVER_DIR, "src");

/** The bundles: the server, and the tasks module each worker thread loads (lib/worker-pool.ts). */
const ENTRIES = ["main.ts", "workers/tasks.ts"] as const;
/** Read at run time relative to the module that reads them (db/client.ts, lib/worker-pool.ts). */
const ASSETS = ["db/migrations", "workers/worker-entry.mjs"] as const;

/** Every bare import stays an import of node_modules, except this workspace's own TypeScript package. */
const dependenciesStayExternal: esbuild.Plugin = {
  name: "dependencies-stay-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@cargodesk/") ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A module of the bundle keeps the `import.meta.url` it would have as its own compiled file in the
 * mirrored layout (`src/db/client.ts` -> `<outDir>/db/client.js`), so every path it builds from it
 * (`./migrations`, `../workers/worker-entry.mjs`, `../../../package.json`) lands where it did in
 * `src/`. That needs the output folder to be a child of apps/server, as `src/` is.
 */
function moduleUrlsAsInSource(outDir: string, bundleDir: string): esbuild.Plugin {
  return {
    name: "module-urls-as-in-source",
    setup(build) {
      build.onLoad({ filter: /\.(ts|mts|js|mjs)$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = await readFile(args.path, "utf8");
        if (!text.includes("import.meta")) return undefined;
        const where = path.relative(SRC, args.path);
        if (where.startsWith("..")) throw new Error(`${args.path}: import.meta outside apps/server/src is not bundled`);
        if (/import\.meta\.(dirname|filename)/.test(text)) {
          throw new Error(`${args.path}: use import.meta.url (the build maps it), not import.meta.dirname or filename`);
        }
        const compiled = path.join(outDir, where).replace(/\.m?ts$/, ".js");
        const relative = path.relative(bundleDir, compiled).split(path.sep).join("/");
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: text.replaceAll("import.meta.url", url), loader: args.path.endsWith("ts") ? "ts" : "js" };
      });
    },
  };
}

async function bundle(entry: string, outDir: string): Promise<void> {
  const outfile = path.join(outDir, entry.replace(/\.ts$/, ".js"));
  await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: [path.join(SRC, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    sourcemap: true,
    logLevel: "warning",
    plugins: [dependenciesStayExternal, moduleUrlsAsInSource(outDir, path.dirname(outfile))],
  });
}

/**
 * Builds the server into `outDir` (a child of apps/server), whole or not at all: into a sibling
 * folder first, which then takes the old build's place.
 */
export async function bundleServer(outDir: string = SERVER_DIST): Promise<void> {
  if (path.dirname(path.resolve(outDir)) !== SERVER_DIR) {
    throw new Error(`The server build must go into a folder of apps/server, not ${outDir}`);
  }
  const staging = `${outDir}.new-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    // Module URLs and source maps are relative, and staging sits beside outDir: both hold once it is renamed.
    await Promise.all(ENTRIES.map((entry) => bundle(entry, staging)));
    for (const asset of ASSETS) await cp(path.join(SRC, asset), path.join(staging, asset), { recursive: true });
    await rm(outDir, { recursive: true, force: true });
    await rename(staging, outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
