import { errorBodySchema, type FieldIssue } from "@cargodesk/shared";
import type { z } from "zod";
import { readToken, signOut } from "./session";

/** Every failed call rejects with this: the server's `{ message, code, details }` plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The per-field messages of a validation error, empty for any other error. */
  get fieldIssues(): FieldIssue[] {
    if (!Array.isArray(this.details)) return [];
    return this.details.filter(
      (item): item is FieldIssue =>
        typeof item === "object" && item !== null && typeof item.field === "string" && typeof item.message === "string",
    );
  }
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
  /** Sign-in calls: send no token, and let a 401 come back as an error instead of ending the session. */
  anonymous?: boolean;
}

/** Why the last session ended, for the sign-in page to show once. */
export const SIGN_IN_NOTICE_KEY = "cargodesk.signInNotice";

async function readJson(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = errorBodySchema.safeParse(payload);
  if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.details);
  if (status === 413) return new ApiError(413, "PAYLOAD_TOO_LARGE", "The file is too large (at most 5 MB).");
  return new ApiError(status, "HTTP_ERROR", `The server answered with status ${status}.`);
}

/** The one answer to "the server could not be reached", for fetch and upload alike. */
export const networkError = (): ApiError =>
  new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");

/**
 * The error of a failed answer (status and parsed body). Every caller goes through here, so a 401
 * ends the session the same way for calls, documents and uploads; sign-in calls pass `anonymous`.
 */
export function failedAnswer(status: number, payload: unknown, anonymous: boolean): ApiError {
  const error = toApiError(status, payload);
  if (status === 401 && !anonymous) {
    // Survives the sign-out (which clears localStorage), so the sign-in page can say why.
    sessionStorage.setItem(SIGN_IN_NOTICE_KEY, error.message);
    signOut("/cargo-login");
  }
  return error;
}

/** An answer that is not what the schema expects. */
export const badAnswer = (status: number): ApiError =>
  new ApiError(status, "BAD_RESPONSE", "The server sent an answer this page does not understand.");

/** Reads a JSON (or text) body; an empty body is null. */
export function parseBody(text: string): unknown {
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface SendOptions {
  method: "GET" | "POST" | "PUT" | "DELETE";
  accept: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
  anonymous: boolean;
}

/**
 * Sends one call to `/api{path}` with the bearer token and answers the successful response. A
 * network failure or an error status rejects with an ApiError; a 401 also ends the session.
 */
async function send(path: string, options: SendOptions): Promise<Response> {
  const { method, accept, body, signal, anonymous } = options;
  const headers: Record<string, string> = { Accept: accept };
  const token = anonymous ? null : readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw networkError();
  }
  if (!response.ok) throw failedAnswer(response.status, await readJson(response), anonymous);
  return response;
}

/** Calls `/api{path}` and checks the answer against `schema`, so callers get typed data. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { method = "GET", body, signal, anonymous = false } = options;
  const response = await send(path, { method, accept: "application/json", body, signal, anonymous });
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw badAnswer(response.status);
  return parsed.data;
}

/** The file name of a `content-disposition: inline; filename="ledger-1-01-001-0001.pdf"` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition) : null;
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

export interface FileRequestOptions {
  method?: "GET" | "POST";
  body?: unknown;
  /** The file's media type: asked for, and given to the blob; without it the server's type stands. */
  type?: string;
  /** The name to save under when the server sends none. */
  fallbackName: string;
  /** Public documents (the quotation slip): no token, and a 401 does not end a session. */
  anonymous?: boolean;
  signal?: AbortSignal;
}

/** Fetches a document (PDF, XLSX, archive) from `/api{path}`; failures reject as `apiRequest`'s do. */
export async function apiFile(path: string, options: FileRequestOptions): Promise<{ blob: Blob; fileName: string }> {
  const { method = "GET", body, type, fallbackName, anonymous = false, signal } = options;
  const response = await send(path, { method, accept: type ?? "*/*", body, signal, anonymous });
  const blob = await response.blob();
  return {
    blob: type ? new Blob([blob], { type }) : blob,
    fileName: fileNameOf(response.headers.get("content-disposition"), fallbackName),
  };
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => apiRequest(path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: Omit<RequestOptions, "body"> = {}) =>
    apiRequest(path, schema, { ...options, method: "POST", body }),
};

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : "Something went wrong. Please try again.";
