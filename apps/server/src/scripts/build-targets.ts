/**
 * What `npm start` builds, and when: the server (esbuild, scripts/bundle-server.ts) and the web app
 * (Vite), each only when the hash of its inputs differs from the one its last build recorded in
 * `.build-stamp` inside its output folder. A stamp is written after a whole build, so a failed
 * or interrupted one is built again next time.
 */
import { spawn } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  inputsHash,
  REPO_ROOT,
  readStamp,
  SERVER_DIST,
  SERVER_INPUTS,
  STAMP_FILE,
  WEB_DIST,
  WEB_INPUTS,
} from "./build-inputs.mjs";
import { bundleServer } from "./bundle-server";

export interface BuildTarget {
  name: string;
  /** Files and folders, relative to the repository, whose content the build depends on. */
  inputs: readonly string[];
  /** The build's output folder, which holds its stamp. */
  outDir: string;
  build(): Promise<void>;
}

export const SERVER_TARGET: BuildTarget = {
  name: "server",
  inputs: SERVER_INPUTS,
  outDir: SERVER_DIST,
  build: () => bundleServer(SERVER_DIST),
};

export const WEB_TARGET: BuildTarget = {
  name: "web",
  inputs: WEB_INPUTS,
  outDir: WEB_DIST,
  // Vite lists every chunk it writes; the warnings are what matters at start.
  build: () => run("npm", ["run", "build", "-w", "@cargodesk/web", "--", "--logLevel", "warn"]),
};

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Builds the target when its inputs changed since the build in its output folder (or always); says what it did. */
export async function buildIfChanged(
  target: BuildTarget,
  options: { force?: boolean; root?: string } = {},
): Promise<string> {
  const hash = await inputsHash(options.root ?? REPO_ROOT, target.inputs);
  if (!options.force && (await readStamp(target.outDir)) === hash) return `${target.name}: up to date`;
  const started = performance.now();
  await target.build();
  await writeFile(path.join(target.outDir, STAMP_FILE), `${hash}\n`);
  return `${target.name}: built in ${Math.round(performance.now() - started)} ms`;
}
