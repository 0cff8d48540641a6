import { errorBodySchema } from "@cargodesk/shared";
import { z } from "zod";
import { ApiError } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";

/** Bytes sent so far of a multipart upload; `total` is 0 while the browser does not know it. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** One problem of an uploaded file, as the server lists them in an error's `details`. */
export const rowIssueSchema = z.object({
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type RowIssue = z.infer<typeof rowIssueSchema>;

/** The row and column problems of a rejected upload; empty for any other error. */
export function rowIssuesOf(error: unknown): RowIssue[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return error.details.flatMap((item) => {
    const parsed = rowIssueSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function failure(status: number, payload: unknown): ApiError {
  const body = errorBodySchema.safeParse(payload);
  if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.details);
  if (status === 413) return new ApiError(413, "PAYLOAD_TOO_LARGE", "The file is too large (at most 5 MB).");
  return new ApiError(status, "HTTP_ERROR", `The server answered with status ${status}.`);
}

/**
 * Posts a multipart form to `/api{path}` with the session's bearer token, reporting upload
 * progress (fetch cannot), and checks the answer against `schema`.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  onProgress?: (progress: UploadProgress) => void,
): Promise<z.output<S>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", `/api${path}`);
    request.setRequestHeader("Accept", "application/json");
    const token = readToken();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onerror = () =>
      reject(new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again."));
    request.onload = () => {
      const payload = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        if (request.status === 401) signOut("/cargo-login");
        reject(failure(request.status, payload));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError(request.status, "BAD_RESPONSE", "The server sent an answer this page does not understand."),
        );
    };
    request.send(form);
  });
}
