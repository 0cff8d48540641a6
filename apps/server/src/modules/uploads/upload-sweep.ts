import { and, eq, isNull, lt, notExists, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { storedFiles, uploads } from "../../db/schema/index";
import { deleteFiles, imageKey } from "../../lib/stored-files";

/** How often each app server looks for unclaimed images past UPLOAD_UNCLAIMED_HOURS. */
export const SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * Removes images nobody claimed within `maxAgeHours` (no owner: a registration that never
 * happened), row and file together in one transaction. The rows go in one conditional DELETE, so
 * an image a registration claims at the same moment (it locks the row) is kept. Stored images as
 * old that no upload row names (moved in from an old DATA_DIR without one) go too.
 */
export async function sweepUnclaimedUploads(
  db: Db,
  maxAgeHours: number,
  now = new Date(),
): Promise<{ rows: number; files: number }> {
  const cutoff = new Date(now.getTime() - maxAgeHours * 3_600_000);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(uploads)
      .where(and(isNull(uploads.ownerUserId), lt(uploads.createdAt, cutoff)))
      .returning({ name: uploads.name });
    await deleteFiles(
      tx,
      removed.map((row) => imageKey(row.name)),
    );
    const orphans = await tx
      .delete(storedFiles)
      .where(
        and(
          eq(storedFiles.kind, "image"),
          lt(storedFiles.createdAt, cutoff),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(uploads)
              .where(eq(sql`'uploads/images/' || ${uploads.name}`, storedFiles.key)),
          ),
        ),
      )
      .returning({ key: storedFiles.key });
    return { rows: removed.length, files: orphans.length };
  });
}

/**
 * Runs the sweep once the app is ready and then every SWEEP_INTERVAL_MS, off the request path. The
 * timer does not keep the process alive, and closing the app stops it and waits for a running sweep.
 */
export function scheduleUploadSweep(app: FastifyInstance, db: Db, maxAgeHours: number): void {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    running = running
      .then(() => sweepUnclaimedUploads(db, maxAgeHours))
      .then(
        (result) => {
          if (result.rows + result.files > 0) app.log.info(result, "removed unclaimed uploads");
        },
        (error: unknown) => app.log.error({ err: error }, "sweeping unclaimed uploads failed"),
      );
  };
  app.addHook("onReady", async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
