// `npm start`: builds what changed since the last build (scripts/build.ts, through tsx, started
// only when a stamp is stale), then runs the compiled server in this same process, as
// `node --enable-source-maps dist/main.js` in apps/server would: plain Node from here on, and a
// relative DATA_DIR where it has always been. A restart with nothing changed loads no tsx.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  inputsHash,
  REPO_ROOT,
  readStamp,
  SERVER_DIR,
  SERVER_DIST,
  SERVER_INPUTS,
  WEB_DIST,
  WEB_INPUTS,
} from "./build-inputs.mjs";

const builds = [
  { outDir: SERVER_DIST, inputs: SERVER_INPUTS },
  { outDir: WEB_DIST, inputs: WEB_INPUTS },
];
const [stamps, hashes] = await Promise.all([
  Promise.all(builds.map((build) => readStamp(build.outDir))),
  Promise.all(builds.map((build) => inputsHash(REPO_ROOT, build.inputs))),
]);
if (hashes.some((hash, index) => hash !== stamps[index])) {
  const build = spawnSync(process.execPath, ["--import", "tsx", path.join(SERVER_DIR, "src/scripts/build.ts")], {
    cwd: REPO_ROOT,
    stdio: "inherit",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
process.chdir(SERVER_DIR);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIST, "main.js")).href);
