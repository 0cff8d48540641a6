import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { uploads } from "../db/schema/index";
import { AppError } from "./app-error";

/**
 * A record naming an image uploaded through POST /api/upload_files (judged by content when sent):
 * it must exist and belong to nobody else; an unclaimed one becomes the saver's, so the sweep of
 * unclaimed uploads keeps it. Answers the field's message when there is no such upload.
 */
export async function claimUploadedImage(
  tx: Db,
  actorId: number | null,
  name: string,
  field: string,
  missing: string,
): Promise<{ field: string; message: string } | null> {
  const [upload] = await tx.select().from(uploads).where(eq(uploads.name, name)).for("update");
  if (!upload) return { field, message: missing };
  if (upload.ownerUserId !== null && upload.ownerUserId !== actorId)
    throw new AppError("IMAGE_NOT_YOURS", "The image belongs to someone else", [
      { field, message: "The image belongs to someone else: upload it again" },
    ]);
  if (upload.ownerUserId === null) await tx.update(uploads).set({ ownerUserId: actorId }).where(eq(uploads.name, name));
  return null;
}
