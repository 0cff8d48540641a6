import { randomBytes } from "node:crypto";
import { errorBodySchema, IMAGE_TYPES, imageUploadedSchema, isStaffRole, USER_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import { uploads } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { AppDeps, ctxOf } from "../../lib/context";
import { imageKind } from "../../lib/images";
import { readMultipart, requireFile } from "../../lib/multipart";
import { publicLimit } from "../../lib/rate-limits";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { findFile, imageKey, putFile, sendStoredFile } from "../../lib/stored-files";
import { access, currentUser } from "../../plugins/access";
import { recordAnonymousUpload } from "./upload-quota";
import { scheduleUploadSweep } from "./upload-sweep";

const NAME = /^img_[a-f0-9]{32}\.(png|jpg)$/;

/**
 * Registration images (CNIC front and back, company logo): PNG or JPEG judged by content, at most
 * 5 MB, stored in the database under a random name. Only staff and the owner may read one back. Anonymous uploads
 * have a per-address quota and a total cap, and are removed when unclaimed after UPLOAD_UNCLAIMED_HOURS.
 */
export function uploadRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    scheduleUploadSweep(root, deps.db, deps.config.UPLOAD_UNCLAIMED_HOURS);
    // Public, because a visitor registering has no account yet; limited per address.
    const limit = publicLimit(
      app,
      "uploads",
      deps.config.LOGIN_RATE_LIMIT * 3,
      "Too many uploads from this address. Please wait a minute.",
    );
    app.post(
      "/upload_files",
      {
        config: { access: access.public },
        onRequest: limit,
        schema: {
          tags: ["users"],
          summary: "Upload an image (multipart field image: JPEG or PNG, at most 5 MB); answers its path",
          consumes: ["multipart/form-data"],
          response: { 200: imageUploadedSchema, 400: errorBodySchema, 413: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        const { file } = await readMultipart(request, "image");
        const image = requireFile(file, "image");
        const kind = imageKind(image.buffer);
        if (!kind)
          throw new AppError("VALIDATION", `image: ${USER_MESSAGES.image}`, [
            { field: "image", message: USER_MESSAGES.image },
          ]);
        const name = `img_${randomBytes(16).toString("hex")}.${kind.ext}`;
        const store = async (tx: Db) => {
          await putFile(tx, { key: imageKey(name), kind: "image", mime: kind.mime }, image.buffer);
        };
        const bytes = image.buffer.length;
        // A signed-in uploader owns the image at once; an anonymous one is claimed by the registration.
        const owner = request.headers.authorization ? await ownerOf(request) : null;
        if (owner === null) {
          await recordAnonymousUpload(
            deps.db,
            deps.config,
            { name, mime: kind.mime, bytes, address: request.ip },
            store,
          );
        } else {
          await deps.db.transaction(async (tx) => {
            await tx.insert(uploads).values({ name, ownerUserId: owner, mime: kind.mime, bytes });
            await store(tx);
          });
        }
        return { path: name, message: "Uploaded" };
      },
    );
    app.get(
      "/get_image_data_by_path/:path",
      {
        config: { access: access.signedIn },
        schema: {
          tags: ["users"],
          summary: "An uploaded image, to staff and to the user it belongs to",
          params: z.object({ path: z.string().max(100) }),
          response: {
            200: fileAnswer(IMAGE_TYPES, "The image, PNG or JPEG"),
            ...protectedErrors,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const name = request.params.path;
        if (!NAME.test(name)) throw new AppError("VALIDATION", "path: Not an image path");
        const user = currentUser(request);
        const [row] = await deps.db.select().from(uploads).where(eq(uploads.name, name));
        if (!row) throw new AppError("NOT_FOUND", "No such image");
        if (!isStaffRole(user.roleId) && row.ownerUserId !== user.id)
          throw new AppError("FORBIDDEN", "This image belongs to someone else");
        const file = await findFile(deps.db, imageKey(name));
        if (!file) throw new AppError("NOT_FOUND", "No such image");
        return sendStoredFile(reply.header("cache-control", "private, max-age=3600"), deps.db, file);
      },
    );
  };

  async function ownerOf(request: Parameters<typeof ctxOf>[1]): Promise<number | null> {
    const header = request.headers.authorization?.replace(/^Bearer\s+/i, "") ?? "";
    const verified = await deps.tokens.verify(header);
    return verified && "userId" in verified ? verified.userId : null;
  }
}
