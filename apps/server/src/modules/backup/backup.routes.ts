import { createReadStream } from "node:fs";
import { backupCreatedSchema, backupListSchema, errorBodySchema, perm } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { type BackupDeps, backupPath, createBackup, listBackups, removeBackupLeftovers } from "./backup.service";

const backUp = access.permission(perm("BackUp"));
const doc = (summary: string) => ({ tags: ["backup"], summary, security: bearer });

/** The BackUp module: make a backup, list them, download one. */
export function backupRoutes(deps: AppDeps & BackupDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    root.addHook("onReady", async () => {
      const removed = await removeBackupLeftovers(deps.config.DATA_DIR).catch((error: unknown) => {
        root.log.error({ err: error }, "removing what an interrupted backup left failed");
        return [];
      });
      if (removed.length > 0) root.log.info({ removed }, "removed what an interrupted backup left");
    });
    app.get(
      "/users/backup",
      {
        config: { access: backUp },
        schema: {
          ...doc("Back up the whole database and the uploaded files into DATA_DIR/backups"),
          response: { 200: backupCreatedSchema, ...protectedErrors, 409: errorBodySchema },
        },
      },
      async (request) => {
        const { file, size } = await createBackup(deps);
        ctxOf(deps, request).log.event("backup.made", { file, bytes: size, by: request.auth?.id ?? null });
        return { message: `Backup created: ${file}`, file, size };
      },
    );
    app.get(
      "/backups",
      {
        config: { access: backUp },
        schema: { ...doc("The backups, newest first"), response: { 200: backupListSchema, ...protectedErrors } },
      },
      () => listBackups(deps.config.DATA_DIR),
    );
    app.get(
      "/backups/:file/download",
      {
        config: { access: backUp },
        schema: {
          ...doc("Download one backup (a .tar.gz)"),
          params: z.object({ file: z.string().max(200) }),
          response: {
            200: fileAnswer("application/gzip", "The backup archive"),
            ...protectedErrors,
            404: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const { file, size } = await backupPath(deps.config.DATA_DIR, request.params.file);
        return reply
          .type("application/gzip")
          .header("content-length", size)
          .header("content-disposition", `attachment; filename="${request.params.file}"`)
          .header("cache-control", "no-store")
          .send(createReadStream(file));
      },
    );
  };
}
