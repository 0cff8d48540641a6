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
  const text = await response.text();
  if (text === "") return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const body = errorBodySchema.safeParse(payload);
  if (body.success) return new ApiError(status, body.data.code, body.data.message, body.data.details);
  return new ApiError(status, "HTTP_ERROR", `The server answered with status ${status}.`);
}

/** Calls `/api{path}` and checks the answer against `schema`, so callers get typed data. */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { method = "GET", body, signal, anonymous = false } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
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
    throw new ApiError(0, "NETWORK", "Could not reach the server. Check your connection and try again.");
  }

  const payload = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && !anonymous) {
      // Survives the sign-out (which clears localStorage), so the sign-in page can say why.
      sessionStorage.setItem(SIGN_IN_NOTICE_KEY, toApiError(response.status, payload).message);
      signOut("/cargo-login");
    }
    throw toApiError(response.status, payload);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, "BAD_RESPONSE", "The server sent an answer this page does not understand.");
  }
  return parsed.data;
}

export const api = {
  get: <S extends z.ZodType>(path: string, schema: S, signal?: AbortSignal) => apiRequest(path, schema, { signal }),
  post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options: Omit<RequestOptions, "body"> = {}) =>
    apiRequest(path, schema, { ...options, method: "POST", body }),
};

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : "Something went wrong. Please try again.";
