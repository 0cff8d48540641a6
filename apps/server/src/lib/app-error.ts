import { ERROR_STATUS, type ErrorCode } from "@cargodesk/shared";

/** The one error path: services throw this, the error handler turns it into `{message, code, details}`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: unknown;

  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
