import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/** Puts a server validation error's field messages under the matching form fields. */
export function applyFieldIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const issue of error.fieldIssues) {
    const field = fields.find((name) => name === issue.field);
    if (field) setError(field, { type: "server", message: issue.message });
  }
}
