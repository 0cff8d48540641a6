/**
 * The server one browser-test worker drives: a fresh embedded database in a temporary DATA_DIR,
 * loaded from the migrated template and given the fixture users, then the real app with the built
 * web app on E2E_PORT (playwright.config.ts starts one per worker, each on its own port).
 */
import { access, cp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openPglite } from "../apps/server/src/db/client";
import { userPermissions, users } from "../apps/server/src/db/schema/index";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { cachedPgliteTemplate } from "../apps/server/src/test/global-setup";
import { testPasswordHash } from "../apps/server/src/test/test-users";
import { E2E_JWT_SECRET, E2E_PORT, USERS } from "./fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Fixed folders per port, emptied at start: a run stopped without cleanup leaves nothing behind for long.
const dataDir = path.join(os.tmpdir(), `cargodesk-e2e-${E2E_PORT}`);
await rm(dataDir, { recursive: true, force: true });

/** True when `dir` holds an index.html whose every /assets/ reference exists beside it. */
async function isCompleteBuild(dir: string): Promise<boolean> {
  const html = await readFile(path.join(dir, "index.html"), "utf8").catch(() => null);
  if (html === null) return false;
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1] ?? "");
  if (assets.length === 0) return false;
  const present = await Promise.all(
    assets.map((asset) =>
      access(path.join(dir, asset)).then(
        () => true,
        () => false,
      ),
    ),
  );
  return present.every(Boolean);
}

/**
 * Serves a private copy of the built web app. The server registers the static files it finds at
 * start, so a rebuild of apps/web/dist during the run (by other work in the same checkout) would
 * otherwise leave the browser fetching chunks the server no longer knows, and a blank page.
 */
async function snapshotWebDist(source: string, target: string): Promise<string> {
  for (let attempt = 1; attempt <= 40; attempt++) {
    try {
      const before = (await readdir(source, { recursive: true })).sort().join("\n");
      await rm(target, { recursive: true, force: true });
      await cp(source, target, { recursive: true });
      const after = (await readdir(source, { recursive: true })).sort().join("\n");
      if (before === after && (await isCompleteBuild(target))) return target;
    } catch {
      // a build is rewriting the folder right now: try again
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${source} holds no complete build; run npm run build first`);
}
const webDir = path.join(os.tmpdir(), `cargodesk-e2e-web-${E2E_PORT}`);
const webDist = await snapshotWebDist(path.join(root, "apps/web/dist"), webDir);
// DATA_DIR/pgdata, as in production, so DATA_DIR holds only uploads besides it (backups copy those).
// The API tests' template (the first server of a run builds it when missing, the other waits).
const template = new Blob([await readFile(await cachedPgliteTemplate())]);
const database = await openPglite({ dataDir: path.join(dataDir, "pgdata"), loadDataDir: template });
await database.migrate();
for (const fixture of Object.values(USERS)) {
  const [row] = await database.db
    .insert(users)
    .values({
      userName: fixture.userName,
      email: fixture.email,
      // The tests' cost (test-users.ts); users registered or added on the screens get the real one.
      passwordHash: testPasswordHash(fixture.password),
      firstName: fixture.userName.toUpperCase(),
      roleId: fixture.roleId,
      userStatusId: fixture.userStatusId,
      ...("locked" in fixture && fixture.locked
        ? { failedSignIns: 10, lockedUntil: new Date(Date.now() + 60 * 60_000) }
        : {}),
    })
    .returning({ id: users.id });
  if (row && fixture.permissions.length > 0) {
    await database.db.insert(userPermissions).values(
      fixture.permissions.map((entry) => ({
        userId: row.id,
        permissionsName: entry.name,
        permissionsCatName: entry.cat,
        permissionsSubCatName: entry.sub,
      })),
    );
  }
}

const config = loadConfig({
  // The specs own fixed dates back to 2025 (reports); their books open in 2000, unless set.
  BOOKS_START: "2000-01-01",
  ...process.env,
  NODE_ENV: "test",
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
  LOGIN_RATE_LIMIT: "1000",
});
const app = await buildApp({
  config,
  database,
  tokens: createTokenService(E2E_JWT_SECRET, "1h"),
  webDist,
});
await app.listen({ port: E2E_PORT, host: "127.0.0.1" });

const stop = async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(webDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
