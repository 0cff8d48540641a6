import type { ErrorBody, FieldIssue } from "@cargodesk/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../lib/app-error";

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
}

/** The single error path: every failure leaves as `{ message, code, details }` with its status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { message: error.message, code: error.code, details: error.details };
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((issue) => ({
        field: fieldName(issue.instancePath),
        message: issue.message ?? "Invalid value",
      }));
      const message = issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ");
      const body: ErrorBody = { message, code: "VALIDATION", details: issues };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ message: error.message, code: "RATE_LIMITED" } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      const code = status === 413 ? "PAYLOAD_TOO_LARGE" : status === 404 ? "NOT_FOUND" : "VALIDATION";
      return reply.status(status).send({ message: error.message, code } satisfies ErrorBody);
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: "Something went wrong", code: "INTERNAL" } satisfies ErrorBody);
  });
}
