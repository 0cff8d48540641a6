import { DOMAIN_ERRORS, ERROR_STATUS } from "@cargodesk/shared";

/**
 * The error catalogue as Markdown, for /api/docs and docs/errors.md (a test keeps the two the
 * same): the kinds with their statuses, then every domain code with its kind and when it is given.
 */
export function errorCatalogueMarkdown(): string {
  const kinds = Object.entries(ERROR_STATUS).map(([kind, status]) => `| \`${kind}\` | ${status} |`);
  const codes = Object.entries(DOMAIN_ERRORS).map(
    ([code, entry]) => `| \`${code}\` | \`${entry.kind}\` (${ERROR_STATUS[entry.kind]}) | ${entry.when} |`,
  );
  return [
    "Every failure answers `{ message, code, kind, details }`. `kind` fixes the HTTP status; `code` says what",
    "happened: one of the domain codes below, or the kind itself when the failure has no code of its own",
    "(a missing record, a bad field). Validation failures list `{ field, message }` in `details`.",
    "",
    "| kind | status |",
    "|---|---|",
    ...kinds,
    "",
    "| code | kind (status) | given when |",
    "|---|---|---|",
    ...codes,
  ].join("\n");
}
