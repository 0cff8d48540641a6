/**
 * `npm run build:app`, and the first half of `npm start`: the server (apps/server/dist, run with
 * plain node) and the web app (apps/web/dist), each built only when its sources changed since its
 * last build (scripts/build-targets.ts). `--force` builds both.
 */
import { buildIfChanged, SERVER_TARGET, WEB_TARGET } from "./build-targets";

async function main(): Promise<void> {
  const force = process.argv.includes("--force");
  for (const target of [SERVER_TARGET, WEB_TARGET]) console.log(await buildIfChanged(target, { force }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
