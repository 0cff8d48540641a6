import { type ErrorCode, type ErrorKind, errorKindOf, errorStatusOf } from "@cargodesk/shared";

/**
 * The one error path: services throw this with a domain code from the catalogue
 * (`DOMAIN_ERRORS` in packages/shared) or a bare kind; the error handler answers
 * `{ message, code, kind, details }` with the status of the code's kind.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get kind(): ErrorKind {
    return errorKindOf(this.code);
  }

  get status(): number {
    return errorStatusOf(this.code);
  }
}
