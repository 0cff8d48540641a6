import { useCallback, useEffect, useRef, useState } from "react";
import { z } from "zod";
import { ApiError, badAnswer, failedAnswer, networkError, parseBody } from "./api";
import { readToken } from "./session";

const MB = 1024 * 1024;

/** The server's multipart limit (apps/server/src/app.ts): one file of at most 5 MB. */
export const UPLOAD_MAX_BYTES = 5 * MB;

/** What the file inputs accept. */
export const SHEET_ACCEPT = ".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const IMAGE_ACCEPT = ".jpg,.jpeg,.png,image/jpeg,image/png";

/** Bytes sent so far of a multipart upload; `total` is 0 while the browser does not know it. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress?: ((progress: UploadProgress) => void) | undefined;
  /** Aborting it cancels the upload; the promise then rejects with a CANCELLED ApiError. */
  signal?: AbortSignal | undefined;
  /** Uploads a visitor makes (registration images): no token, and a 401 does not end a session. */
  anonymous?: boolean;
}

export const CANCELLED_CODE = "CANCELLED";

/** True for the rejection of an upload the user cancelled: nothing to report, nothing was saved. */
export const isCancelled = (error: unknown): boolean => error instanceof ApiError && error.code === CANCELLED_CODE;

/** The whole percent of an upload sent so far (0 while the size is unknown). */
export const percentOf = ({ loaded, total }: UploadProgress): number =>
  total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0;

/** "812 B", "4.2 KB", "5.0 MB". */
export const fileSizeText = (bytes: number): string =>
  bytes < 1024 ? `${bytes} B` : bytes < MB ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / MB).toFixed(1)} MB`;

/** What is wrong with a chosen file before it is sent; the server checks again. */
export function fileProblem(file: File, maxBytes: number = UPLOAD_MAX_BYTES): string | undefined {
  const limit = maxBytes % MB === 0 ? `${maxBytes / MB} MB` : fileSizeText(maxBytes);
  if (file.size > maxBytes) return `The file is too large (at most ${limit})`;
  return undefined;
}

/**
 * Posts a multipart form to `/api{path}` and checks the answer against `schema`. It uses
 * XMLHttpRequest because fetch cannot report upload progress; the token, the error body and the
 * 401 sign-out are lib/api.ts's, so an upload fails exactly as any other call does.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  schema: S,
  options: UploadOptions = {},
): Promise<z.output<S>> {
  const { onProgress, signal, anonymous = false } = options;
  return new Promise((resolve, reject) => {
    const cancelled = () => reject(new ApiError(0, CANCELLED_CODE, "The upload was cancelled."));
    if (signal?.aborted) {
      cancelled();
      return;
    }
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    signal?.addEventListener("abort", abort, { once: true });
    const settle = () => signal?.removeEventListener("abort", abort);
    request.open("POST", `/api${path}`);
    request.setRequestHeader("Accept", "application/json");
    const token = anonymous ? null : readToken();
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    request.onabort = () => {
      settle();
      cancelled();
    };
    request.onerror = () => {
      settle();
      reject(networkError());
    };
    request.onload = () => {
      settle();
      const payload = parseBody(request.responseText);
      if (request.status < 200 || request.status >= 300) {
        reject(failedAnswer(request.status, payload, anonymous));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(badAnswer(request.status));
    };
    request.send(form);
  });
}

/** What one running upload needs from its screen: where to report progress, and how to be cancelled. */
export interface UploadTracking {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

/**
 * Progress and Cancel for one upload at a time: `start()` hands the upload its tracking, the
 * screen shows `progress` (null when none runs) and offers `cancel`; `finish()` when it settles.
 * Leaving the screen cancels a running upload.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback((): UploadTracking => {
    controller.current?.abort();
    const next = new AbortController();
    controller.current = next;
    setProgress(0);
    return {
      signal: next.signal,
      onProgress: (sent) => {
        if (controller.current === next) setProgress(percentOf(sent));
      },
    };
  }, []);
  const cancel = useCallback(() => controller.current?.abort(), []);
  const finish = useCallback(() => {
    controller.current = null;
    setProgress(null);
  }, []);

  return { progress, busy: progress !== null, start, cancel, finish };
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
