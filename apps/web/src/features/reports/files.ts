import { errorBodySchema } from "@cargodesk/shared";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../lib/api";
import { readToken, signOut } from "../../lib/session";

export type FileFormat = "pdf" | "xlsx";

/** A report call whose rows the server also renders as a file: `path?format=pdf|xlsx` with the same body. */
export interface ReportFileRequest {
  path: string;
  body: object;
  /** The file's name when the server sends none (without extension). */
  name: string;
}

const MIME: Record<FileFormat, string> = {
  pdf: "application/pdf",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};
const REVOKE_AFTER_MS = 5 * 60_000;

/** The file name of a `content-disposition: inline; filename="ledger-1-01-001-0001.pdf"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

async function errorOf(response: Response): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  const body = errorBodySchema.safeParse(payload);
  return body.success
    ? new ApiError(response.status, body.data.code, body.data.message, body.data.details)
    : new ApiError(response.status, "HTTP_ERROR", `The server answered with status ${response.status}.`);
}

/** POSTs the report's body to `/api{path}?format=…` with the bearer token and returns the file. */
export async function fetchReportFile(
  request: ReportFileRequest,
  format: FileFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: MIME[format], "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const separator = request.path.includes("?") ? "&" : "?";
  let response: Response;
  try {
    response = await fetch(`/api${request.path}${separator}format=${format}`, {
      method: "POST",
      headers,
      body: JSON.stringify(request.body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }
  if (!response.ok) {
    if (response.status === 401) signOut("/cargo-login");
    throw await errorOf(response);
  }
  const blob = new Blob([await response.blob()], { type: MIME[format] });
  return { blob, fileName: fileNameOf(response.headers.get("content-disposition"), `${request.name}.${format}`) };
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * Opens a window during the click (a window opened after an await may be blocked as a pop-up, and
 * window.open cannot send the bearer token), to be filled with the PDF once it arrives.
 */
function openBlankWindow(title: string): Window | null {
  const target = window.open("", "_blank");
  if (target) {
    target.document.title = title;
    target.document.body.textContent = `Loading ${title}…`;
  }
  return target;
}

interface FileJob {
  request: ReportFileRequest;
  format: FileFormat;
  /** The window a PDF opens in; null downloads it. */
  target: Window | null;
}

async function deliver({ request, format, target }: FileJob): Promise<void> {
  try {
    const { blob, fileName } = await fetchReportFile(request, format);
    if (target && !target.closed) {
      const url = URL.createObjectURL(blob);
      window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
      target.location.href = url;
      return;
    }
    saveBlob(blob, fileName);
  } catch (error) {
    target?.close();
    throw error;
  }
}

/**
 * `get(request, "pdf")` from a click opens the PDF in a new window (or downloads it when pop-ups
 * are blocked); `get(request, "xlsx")` and `get(request, "pdf", { download: true })` download.
 * `pending` is the format being fetched, `error` the last failure.
 */
export function useReportFile() {
  const mutation = useMutation({ mutationFn: deliver });
  return {
    get: (request: ReportFileRequest, format: FileFormat, options: { download?: boolean } = {}) =>
      mutation.mutate({
        request,
        format,
        target: format === "pdf" && !options.download ? openBlankWindow(request.name) : null,
      }),
    pending: mutation.isPending ? mutation.variables.format : null,
    error: mutation.error,
    reset: mutation.reset,
  };
}
