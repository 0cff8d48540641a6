import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { and, inArray, isNull, lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema/index";

/** How often each app server looks for unclaimed images past UPLOAD_UNCLAIMED_HOURS. */
export const SWEEP_INTERVAL_MS = 15 * 60_000;
const IMAGE_NAME = /^img_[a-f0-9]{32}\.(png|jpg)$/;

const missingIsFine = (error: unknown) => {
  if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
};

/**
 * Removes images nobody claimed within `maxAgeHours` (no owner: a registration that never
 * happened), row and file together. The row goes first in one conditional DELETE, so an image a
 * registration claims at the same moment is kept; then files without a row that are as old (left
 * by a crash between the two steps, or by a failed upload) go too.
 */
export async function sweepUnclaimedUploads(
  db: Db,
  dir: string,
  maxAgeHours: number,
  now = new Date(),
): Promise<{ rows: number; files: number }> {
  const cutoff = new Date(now.getTime() - maxAgeHours * 3_600_000);
  const removed = await db
    .delete(uploads)
    .where(and(isNull(uploads.ownerUserId), lt(uploads.createdAt, cutoff)))
    .returning({ name: uploads.name });
  for (const { name } of removed) await unlink(path.join(dir, name)).catch(missingIsFine);

  const onDisk = await readdir(dir).catch((error: unknown) => {
    missingIsFine(error);
    return [];
  });
  const candidates = onDisk.filter((name) => IMAGE_NAME.test(name));
  let files = 0;
  if (candidates.length > 0) {
    const known = new Set(
      (await db.select({ name: uploads.name }).from(uploads).where(inArray(uploads.name, candidates))).map(
        (row) => row.name,
      ),
    );
    for (const name of candidates) {
      if (known.has(name)) continue;
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (!info || info.mtime >= cutoff) continue;
      await unlink(file).catch(missingIsFine);
      files += 1;
    }
  }
  return { rows: removed.length, files };
}

/**
 * Runs the sweep once the app is ready and then every SWEEP_INTERVAL_MS, off the request path. The
 * timer does not keep the process alive, and closing the app stops it and waits for a running sweep.
 */
export function scheduleUploadSweep(app: FastifyInstance, db: Db, dir: string, maxAgeHours: number): void {
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    running = running
      .then(() => sweepUnclaimedUploads(db, dir, maxAgeHours))
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
