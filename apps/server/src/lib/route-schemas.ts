import { errorBodySchema } from "@cargodesk/shared";

/** The error answers every protected route can give, for OpenAPI. */
export const protectedErrors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema } as const;
export const bearer = [{ bearerAuth: [] }];
