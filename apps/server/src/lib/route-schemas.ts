import { Readable } from "node:stream";
import { errorBodySchema, idSchema } from "@cargodesk/shared";
import { z } from "zod";

/** The error answers every protected route can give, for OpenAPI. */
export const protectedErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
export const bearer = [{ bearerAuth: [] }];

/** `/:id` of every route: a row id that fits PostgreSQL's integer (2^31 and above is a 400, not a 500). */
export const idParams = z.object({ id: idSchema() });

/**
 * A document answer (PDF, XLSX, CSV, archive, image) sent as bytes: OpenAPI shows its media types
 * and a binary body. Fastify sends bytes as they are, so no JSON serializer ever runs on it.
 */
export function fileAnswer(contentTypes: string | readonly string[], description: string) {
  const schema = z
    .custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable)
    .meta({ type: "string", format: "binary" });
  const types = typeof contentTypes === "string" ? [contentTypes] : contentTypes;
  return { description, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}
