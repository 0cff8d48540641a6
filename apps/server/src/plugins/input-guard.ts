import { INPUT_MESSAGES, nulFieldOf } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";

/**
 * PostgreSQL cannot store a NUL character in text, so one anywhere in a request (path, query or
 * JSON body, names as well as values) is refused here, before validation, with a 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const field = nulFieldOf(request.params) ?? nulFieldOf(request.query) ?? nulFieldOf(request.body as unknown);
    if (field === null) return;
    throw new AppError("VALIDATION", `${field}: ${INPUT_MESSAGES.nul}`, [{ field, message: INPUT_MESSAGES.nul }]);
  });
}
