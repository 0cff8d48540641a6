import { cargoPermissionSchema, type PermissionEntry } from "@cargodesk/shared";
import { useSyncExternalStore } from "react";
import { z } from "zod";

/**
 * The signed-in session lives in localStorage under the spec's keys, so a reload keeps it and
 * `clearStorage()` (logout, any 401) ends it. `permissions` holds cargo-format rows.
 */
export const SESSION_KEYS = {
  token: "token",
  id: "id",
  userType: "userType",
  isAdmin: "isAdmin",
  permissions: "permissions",
} as const;

/**
 * Settings of this device rather than of a person (the register's counter, the kitchen screen's
 * station) live under this prefix and survive signing in and out; everything else is the session's.
 */
export const DEVICE_KEY_PREFIX = "cargodesk.device.";

/** Empties localStorage of everything but the device's own settings. */
function clearStorage(): void {
  const keep = Object.keys(localStorage)
    .filter((key) => key.startsWith(DEVICE_KEY_PREFIX))
    .map((key) => [key, localStorage.getItem(key) ?? ""] as const);
  localStorage.clear();
  for (const [key, value] of keep) localStorage.setItem(key, value);
}

export type CargoPermissionRow = z.infer<typeof cargoPermissionSchema>;

export interface Session {
  readonly token: string;
  readonly userId: number | null;
  /** The role id (1 Admin, 2 and 3 customers, 4 Employee); unknown until `/users/me` answers after an accounts sign-in. */
  readonly userType: number | null;
  readonly isAdmin: boolean;
  readonly permissions: readonly PermissionEntry[];
}

export const toPermissionEntry = (row: CargoPermissionRow): PermissionEntry => ({
  name: row.permissions_name,
  cat: row.permissions_cat_name,
  sub: row.permissions_sub_cat_name,
});

const toPermissionRow = (entry: PermissionEntry): CargoPermissionRow => ({
  permissions_name: entry.name,
  permissions_cat_name: entry.cat,
  permissions_sub_cat_name: entry.sub,
});

const storedPermissionsSchema = z.array(cargoPermissionSchema);

function parsePermissions(raw: string | null): PermissionEntry[] {
  if (raw === null) return [];
  try {
    const parsed = storedPermissionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.map(toPermissionEntry) : [];
  } catch {
    return [];
  }
}

function parseNumber(raw: string | null): number | null {
  if (raw === null || raw === "") return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
}

export function readToken(): string | null {
  return localStorage.getItem(SESSION_KEYS.token);
}

// useSyncExternalStore needs the same object back while nothing changed.
let cached: { key: string; session: Session | null } | null = null;

export function readSession(): Session | null {
  const raw = {
    token: localStorage.getItem(SESSION_KEYS.token),
    id: localStorage.getItem(SESSION_KEYS.id),
    userType: localStorage.getItem(SESSION_KEYS.userType),
    isAdmin: localStorage.getItem(SESSION_KEYS.isAdmin),
    permissions: localStorage.getItem(SESSION_KEYS.permissions),
  };
  const key = JSON.stringify(raw);
  if (cached?.key === key) return cached.session;
  const session: Session | null = raw.token
    ? {
        token: raw.token,
        userId: parseNumber(raw.id),
        userType: parseNumber(raw.userType),
        isAdmin: raw.isAdmin === "true",
        permissions: parsePermissions(raw.permissions),
      }
    : null;
  cached = { key, session };
  return session;
}

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing out or in changes this tab's session too.
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, readSession);
}

export interface NewSession {
  token: string;
  userId: number;
  userType: number | null;
  isAdmin: boolean;
  permissions: readonly PermissionEntry[];
}

export function startSession(session: NewSession): void {
  clearStorage();
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.id, String(session.userId));
  if (session.userType !== null) localStorage.setItem(SESSION_KEYS.userType, String(session.userType));
  localStorage.setItem(SESSION_KEYS.isAdmin, String(session.isAdmin));
  localStorage.setItem(SESSION_KEYS.permissions, JSON.stringify(session.permissions.map(toPermissionRow)));
  notify();
}

/** Keeps the stored role and permissions in step with the server's current answer. */
export function refreshSession(update: { userType: number; permissions: readonly PermissionEntry[] }): void {
  const userType = String(update.userType);
  const permissions = JSON.stringify(update.permissions.map(toPermissionRow));
  if (
    localStorage.getItem(SESSION_KEYS.userType) === userType &&
    localStorage.getItem(SESSION_KEYS.permissions) === permissions
  ) {
    return;
  }
  localStorage.setItem(SESSION_KEYS.userType, userType);
  localStorage.setItem(SESSION_KEYS.permissions, permissions);
  notify();
}

/** Keeps the session with a new token (after "sign out my other sessions" ended the old one). */
export function replaceToken(token: string): void {
  localStorage.setItem(SESSION_KEYS.token, token);
  notify();
}

/**
 * The signed-in person's name as `/users/me` last gave it, kept with the session (signing out or in
 * clears it): what the register shows and prints while it is offline and cannot ask.
 */
const DISPLAY_NAME_KEY = "displayName";

export function keepDisplayName(name: string): void {
  if (readToken() !== null) localStorage.setItem(DISPLAY_NAME_KEY, name);
}

export function keptDisplayName(): string {
  return localStorage.getItem(DISPLAY_NAME_KEY) ?? "";
}

/** Ends the session and loads `to` afresh, so no cached data of the old user survives. */
export function signOut(to: "/login" | "/cargo-login"): void {
  clearStorage();
  window.location.assign(to);
}
