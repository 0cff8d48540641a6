import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

/** The window of the per-address quota on anonymous uploads. */
export const ADDRESS_WINDOW_MINUTES = 60;
/** Serialises anonymous uploads (all app servers share it), so concurrent uploads cannot overshoot a quota. */
const ANONYMOUS_UPLOAD_LOCK = 0x75706c64;
const MB = 1024 * 1024;

export const UPLOAD_MESSAGES = {
  addressQuota: (config: Config) =>
    `Too many images from this address: at most ${config.UPLOAD_ADDRESS_COUNT} (${config.UPLOAD_ADDRESS_MB} MB) an hour. Please try again later.`,
  storageFull: "Image storage for registrations is full. Please try again later or contact us.",
} as const;

export interface AnonymousUpload {
  name: string;
  mime: string;
  bytes: number;
  address: string;
}

/**
 * Records an anonymous upload when its address is within its hourly quota (count and bytes) and
 * the unclaimed images together stay within UPLOAD_UNCLAIMED_MB; `store` writes the file inside the
 * same transaction, so a refused or failed upload leaves neither row nor file. One advisory lock per
 * transaction makes check and insert one step.
 */
export async function recordAnonymousUpload(
  db: Db,
  config: Config,
  upload: AnonymousUpload,
  store: (tx: Db) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ANONYMOUS_UPLOAD_LOCK})`);
    const since = new Date(Date.now() - ADDRESS_WINDOW_MINUTES * 60_000);
    const [fromAddress] = await tx
      .select({ count: sql<number>`count(*)::int`, bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)::text` })
      .from(uploads)
      .where(and(eq(uploads.uploaderAddress, upload.address), gt(uploads.createdAt, since)));
    const count = fromAddress?.count ?? 0;
    const bytes = Number(fromAddress?.bytes ?? 0);
    if (count + 1 > config.UPLOAD_ADDRESS_COUNT || bytes + upload.bytes > config.UPLOAD_ADDRESS_MB * MB)
      throw new AppError("RATE_LIMITED", UPLOAD_MESSAGES.addressQuota(config));
    const [unclaimed] = await tx
      .select({ bytes: sql<string>`coalesce(sum(${uploads.bytes}), 0)::text` })
      .from(uploads)
      .where(isNull(uploads.ownerUserId));
    if (Number(unclaimed?.bytes ?? 0) + upload.bytes > config.UPLOAD_UNCLAIMED_MB * MB)
      throw new AppError("INSUFFICIENT_STORAGE", UPLOAD_MESSAGES.storageFull);
    await tx.insert(uploads).values({
      name: upload.name,
      ownerUserId: null,
      mime: upload.mime,
      bytes: upload.bytes,
      uploaderAddress: upload.address,
    });
    await store(tx);
  });
}
