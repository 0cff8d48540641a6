/**
 * The server the browser tests drive: a fresh embedded database in a temporary DATA_DIR, seeded
 * with the fixture users, then the real app with the built web app on E2E_PORT.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { openPglite } from "../apps/server/src/db/client";
import { userPermissions, users } from "../apps/server/src/db/schema/index";
import { seedDatabase } from "../apps/server/src/db/seed";
import { hashPassword } from "../apps/server/src/lib/passwords";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { ADMIN, E2E_JWT_SECRET, E2E_PORT, USERS } from "./fixtures";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-e2e-"));
const database = await openPglite({ dataDir });
await database.migrate();
await seedDatabase(database.db, ADMIN);
for (const fixture of Object.values(USERS)) {
  const [row] = await database.db
    .insert(users)
    .values({
      userName: fixture.userName,
      email: fixture.email,
      passwordHash: await hashPassword(fixture.password),
      firstName: fixture.userName.toUpperCase(),
      roleId: fixture.roleId,
      userStatusId: fixture.userStatusId,
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
  webDist: path.join(root, "apps/web/dist"),
});
await app.listen({ port: E2E_PORT, host: "127.0.0.1" });

const stop = async () => {
  await app.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
