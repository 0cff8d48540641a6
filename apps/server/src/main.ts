import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app";
import { loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { seedDatabase } from "./db/seed";
import { moveDataDirFilesIn } from "./lib/data-dir-files";
import { setDocumentQueueLimit } from "./lib/documents/render";
import { makePrivateDir } from "./lib/private-files";
import { createTokenService, loadOrCreateSecret } from "./lib/tokens";
import { workerPool } from "./lib/worker-pool";

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  // Since the process started: Node loading the code (the compiled bundle, or the sources through tsx).
  const loaded = performance.now();
  const config = loadConfig();
  setDocumentQueueLimit(config.DOCUMENT_QUEUE_LIMIT);
  // Owner-only, also when an older version created it with the umask's mode.
  await makePrivateDir(config.DATA_DIR);
  const database = await openDatabase(config);
  await database.migrate();
  const createdAdmin = await seedDatabase(database.db, {
    userName: config.ADMIN_USERNAME,
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  // Files an older CargoDesk kept in DATA_DIR move into the database (lib/data-dir-files.ts).
  const moved = await moveDataDirFilesIn(database.db, config.DATA_DIR);
  const secret = config.JWT_SECRET ?? (await loadOrCreateSecret(database.db, config.DATA_DIR));
  let draining = false;
  const app = await buildApp({
    config,
    database,
    tokens: createTokenService(secret, config.JWT_EXPIRES_IN),
    webDist: config.WEB_DIST ?? path.resolve(here, "../../web/dist"),
    draining: () => draining,
  });
  // A request still being answered when draining starts gets Connection: close, so its keep-alive
  // connection ends with the answer instead of holding the shutdown open until it times out.
  app.addHook("onSend", async (_request, reply) => {
    if (draining) reply.header("connection", "close");
  });
  if (moved.files + moved.setAside.length > 0 || moved.logo) {
    app.log.info(moved, "Moved the uploaded files kept in DATA_DIR into the database");
  }
  if (createdAdmin) {
    app.log.info(
      `Created the first admin: user name "${config.ADMIN_USERNAME}", e-mail "${config.ADMIN_EMAIL}" (password from ADMIN_PASSWORD, default in README). Change it after signing in.`,
    );
  }

  /**
   * Graceful shutdown: /api/ready answers 503 at once, the listener closes, requests in flight
   * finish, then the worker pool and the database close and the process exits 0. Past
   * SHUTDOWN_TIMEOUT_MS (or on a second signal) it exits 1 with whatever is still open.
   */
  const shutdown = (signal: NodeJS.Signals) => {
    if (draining) {
      app.log.error(`${signal} again while draining: exiting now`);
      process.exit(1);
    }
    draining = true;
    app.log.info(`${signal}: draining, up to ${config.SHUTDOWN_TIMEOUT_MS} ms for the requests in flight`);
    const deadline = setTimeout(() => {
      app.log.error(
        `Shutdown took longer than SHUTDOWN_TIMEOUT_MS (${config.SHUTDOWN_TIMEOUT_MS} ms): exiting with requests still open`,
      );
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    const stop = async () => {
      await app.close();
      await workerPool.close();
      await database.close();
    };
    stop().then(
      () => {
        clearTimeout(deadline);
        app.log.info("Stopped");
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error(`Shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    `CargoDesk ready on http://localhost:${config.PORT} (${database.kind}) in ${Math.round(performance.now())} ms, ${Math.round(loaded)} ms of it loading the code`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
