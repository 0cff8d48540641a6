import { errorBody, type FieldIssue } from "@cargodesk/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
}

/**
 * PostgreSQL errors that only bad input causes (a value out of range, an impossible date, a NUL
 * byte, text too long). The schemas refuse these first; this is the safety net that keeps any one
 * they miss a 400 rather than a 500.
 */
const INPUT_ERRORS: Record<string, string> = {
  "22P02": "A value has the wrong form",
  "22003": "A number is out of range",
  "22008": "A date or time is out of range",
  "22007": "A date or time has the wrong form",
  "22021": "Text holds a character that cannot be stored",
  "22001": "A text value is too long",
  "22P05": "Text holds a character that cannot be stored",
};

/** The SQLSTATE of a database error, also when the query builder wrapped it. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 4; depth += 1) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

/** Seconds to wait that a refusal carries in its details (sign-in waits, tracking, a full document queue), for Retry-After. */
function retryAfterOf(details: unknown): number | null {
  if (typeof details !== "object" || details === null || !("retryAfterSeconds" in details)) return null;
  return typeof details.retryAfterSeconds === "number" ? details.retryAfterSeconds : null;
}

/** The single error path: every failure leaves as `{ message, code, kind, details }` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const wait = retryAfterOf(error.details);
      if ((error.kind === "RATE_LIMITED" || error.kind === "SERVICE_UNAVAILABLE") && wait !== null)
        reply.header("retry-after", String(wait));
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath),
        message: issue.message ?? "Invalid value",
      }));
      const message = issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
      return reply.status(400).send(errorBody("VALIDATION", message, issues));
    }
    const inputError = INPUT_ERRORS[sqlState(error) ?? ""];
    if (inputError) {
      request.log.warn({ err: error }, "bad input reached the database");
      return reply.status(400).send(errorBody("VALIDATION", inputError));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(errorBody("RATE_LIMITED", error.message));
    }
    if (status >= 400 && status < 500) {
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : "VALIDATION";
      return reply.status(status).send(errorBody(code, error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody("INTERNAL", "Something went wrong"));
  });
}
