import { z } from "zod";

/** Error codes shared by server and web; the server maps each to an HTTP status. */
export const ERROR_STATUS = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  INSUFFICIENT_STORAGE: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Field messages of a validation error: `{ field: "email", message: "Please Enter Valid Email" }`. */
export interface FieldIssue {
  field: string;
  message: string;
}
