import { type SetStateAction, useCallback, useEffect, useRef, useState } from "react";
import { useBlocker } from "react-router";
import type { z } from "zod";
import { useSession } from "./session";

/**
 * Unfinished work (voucher lines not posted, a half-filled form) kept in localStorage per signed-in
 * user, so a sidebar click or a reload does not lose it. Signing out clears localStorage, so a
 * draft never outlives its user's session on a shared computer.
 */
export const draftStorageKey = (userId: number, key: string): string => `cargodesk.draft.${userId}.${key}`;

export interface DraftOptions<T> {
  /** Checks a restored draft (it may come from an older version of the screen); a draft that fails is dropped. */
  readonly schema?: z.ZodType<T>;
}

/** Where drafts are kept: localStorage in the browser, any stand-in in tests. */
export type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The draft under `storageKey`, or `initial` when there is none or it fails `schema` (then it is dropped). */
export function readDraft<T>(
  storage: DraftStorage,
  storageKey: string | null,
  initial: T,
  schema: z.ZodType<T> | undefined,
): T {
  if (storageKey === null) return initial;
  const raw = storage.getItem(storageKey);
  if (raw === null) return initial;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!schema) return parsed as T;
    const checked = schema.safeParse(parsed);
    if (checked.success) return checked.data;
  } catch {
    // Not JSON: dropped below like a draft that fails its schema.
  }
  storage.removeItem(storageKey);
  return initial;
}

/** Keeps the draft's JSON; a draft equal to the empty screen is removed instead. */
export function writeDraft(storage: DraftStorage, storageKey: string, json: string, initialJson: string): void {
  try {
    // A draft equal to the empty screen is no draft: nothing lingers after the last line is deleted.
    if (json === initialJson) storage.removeItem(storageKey);
    else storage.setItem(storageKey, json);
  } catch {
    // Storage full or disabled: the screen keeps working, only the draft is not kept.
  }
}

/**
 * Like useState, but the value is kept as the signed-in user's draft under `key` until `clear()`
 * (call it after a successful save) or until it equals `initial` again. Without a session the value
 * lives in memory only. Returns [value, setValue, clear].
 */
export function useDraft<T>(
  key: string,
  initial: T,
  options: DraftOptions<T> = {},
): [T, (next: SetStateAction<T>) => void, () => void] {
  const userId = useSession()?.userId ?? null;
  const storageKey = userId === null ? null : draftStorageKey(userId, key);
  const initialRef = useRef(initial);
  initialRef.current = initial;
  const schemaRef = useRef(options.schema);
  schemaRef.current = options.schema;

  const [state, setState] = useState(() => ({
    storageKey,
    value: readDraft(localStorage, storageKey, initial, options.schema),
  }));
  let value = state.value;
  if (state.storageKey !== storageKey) {
    // Another user or another draft key: show that draft, not the previous one.
    value = readDraft(localStorage, storageKey, initial, options.schema);
    setState({ storageKey, value });
  }

  const initialJson = JSON.stringify(initial);
  useEffect(() => {
    if (storageKey !== null) writeDraft(localStorage, storageKey, JSON.stringify(value), initialJson);
  }, [storageKey, value, initialJson]);

  const setValue = useCallback(
    (next: SetStateAction<T>) =>
      setState((current) => ({
        storageKey: current.storageKey,
        value: typeof next === "function" ? (next as (previous: T) => T)(current.value) : next,
      })),
    [],
  );
  const clear = useCallback(() => {
    if (storageKey !== null) localStorage.removeItem(storageKey);
    setState({ storageKey, value: initialRef.current });
  }, [storageKey]);

  return [value, setValue, clear];
}

export interface LeaveGuard {
  /** True while a navigation away from the page waits for the user's answer. */
  readonly blocked: boolean;
  /** Cancels the navigation. */
  readonly stay: () => void;
  /** Lets the navigation go on. */
  readonly leave: () => void;
}

/**
 * While `dirty`, leaving the page asks first: a link or Back inside the app is held until
 * `leave()` or `stay()` (render LeaveGuardDialog with the result), and closing or reloading the
 * tab shows the browser's own question. Changing only the query string of the same page is not leaving.
 */
export function useLeaveGuard(dirty: boolean): LeaveGuard {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium versions ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    // The work was saved or discarded while the question was open: nothing left to protect.
    if (blocker.state === "blocked" && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return {
    blocked: blocker.state === "blocked",
    stay: () => blocker.reset?.(),
    leave: () => blocker.proceed?.(),
  };
}
