import { errorBodySchema, idSchema } from "@cargodesk/shared";
import { z } from "zod";

/** The error answers every protected route can give, for OpenAPI. */
export const protectedErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
export const bearer = [{ bearerAuth: [] }];

/** `/:id` of every route: a row id that fits PostgreSQL's integer (2^31 and above is a 400, not a 500). */
export const idParams = z.object({ id: idSchema() });
