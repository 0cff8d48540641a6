import { useMutation } from "@tanstack/react-query";
import { apiFile } from "./api";
import { openBlankWindow, showInWindow } from "./files";

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
/** POSTs the report's body to `/api{path}?format=…` with the bearer token and returns the file. */
export function fetchReportFile(
  request: ReportFileRequest,
  format: FileFormat,
): Promise<{ blob: Blob; fileName: string }> {
  const separator = request.path.includes("?") ? "&" : "?";
  return apiFile(`${request.path}${separator}format=${format}`, {
    method: "POST",
    body: request.body,
    type: MIME[format],
    fallbackName: `${request.name}.${format}`,
  });
}

interface FileJob {
  request: ReportFileRequest;
  format: FileFormat;
  /** The window a PDF opens in; null downloads it. */
  target: Window | null;
}

function deliver({ request, format, target }: FileJob): Promise<void> {
  return showInWindow(() => fetchReportFile(request, format), target);
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
