import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDatabase } from "./db/seed";
import { makePrivateDir } from "./lib/private-files";
import { createTokenService, loadOrCreateSecret } from "./lib/tokens";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const started = performance.now();
  // Owner-only, also when an older version created it with the umask's mode.
  await makePrivateDir(config.DATA_DIR);
  const database = await openDatabase(config);
  await database.migrate();
  const createdAdmin = await seedDatabase(database.db, {
    userName: config.ADMIN_USERNAME,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  const secret = config.JWT_SECRET ?? (await loadOrCreateSecret(config.DATA_DIR));
  const app = await buildApp({
    config,
    database,
    tokens: createTokenService(secret, config.JWT_EXPIRES_IN),
    webDist: config.WEB_DIST ?? path.resolve(here, "../../web/dist"),
  });
  if (createdAdmin) {
    app.log.info(
      `Created the first admin: user name "${config.ADMIN_USERNAME}", e-mail "${config.ADMIN_EMAIL}" (password from ADMIN_PASSWORD, default in README). Change it after signing in.`,
    );
  }
  const close = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void close("SIGINT"));
  process.once("SIGTERM", () => void close("SIGTERM"));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `CargoDesk ready on http://localhost:${config.PORT} (${database.kind}) in ${Math.round(performance.now() - started)} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
