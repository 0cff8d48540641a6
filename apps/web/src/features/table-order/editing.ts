import { POS_EDITING_SECONDS, posEditingSchema } from "@cargodesk/shared";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api";
import { deviceId } from "../pos/device";

/**
 * "Being edited by" (design 5.4 item 49): a device holding changes to a check it has not sent says so
 * (`POST /api/pos/order/{id}/editing`) every RENEW_MS while it does; every floor of the table gets an
 * `order_editing` event and shows who for POS_EDITING_SECONDS, unless renewed.
 */
const RENEW_MS = (POS_EDITING_SECONDS * 1000) / 2;

export interface EditingHint {
  orderId: number;
  userName: string;
  /** When the hint goes (this device's clock). */
  untilMs: number;
}

/**
 * The hint an `order_editing` event gives, or null: not one (bad data) or this device's own. It lasts
 * until the server's `until`, and never more than POS_EDITING_SECONDS from now (a device whose clock
 * is behind the server's); a replayed event that has lapsed gives none.
 */
export function hintOf(data: unknown, ownDevice: string, now: number): { tableId: number; hint: EditingHint } | null {
  const payload = typeof data === "object" && data !== null ? (data as { payload?: unknown }).payload : undefined;
  const parsed = posEditingSchema.safeParse(payload);
  if (!parsed.success || parsed.data.tableId === null || parsed.data.deviceId === ownDevice) return null;
  const untilMs = Math.min(Date.parse(parsed.data.until), now + POS_EDITING_SECONDS * 1000);
  if (!(untilMs > now)) return null;
  return {
    tableId: parsed.data.tableId,
    hint: { orderId: parsed.data.orderId, userName: parsed.data.userName, untilMs },
  };
}

/**
 * Who else is editing a check, by table, from the floor stream's `order_editing` events. A hint goes
 * when it lapses, or when the check's changes arrive (`table_changed` for it): the editor sent them,
 * and says so again if they go on editing.
 */
export function useEditingHints() {
  const [hints, setHints] = useState<ReadonlyMap<number, EditingHint>>(new Map());
  const take = useCallback((kind: string, data: unknown) => {
    if (kind === "table_changed") {
      const orderId = typeof data === "object" && data !== null ? (data as { orderId?: unknown }).orderId : null;
      setHints((current) =>
        [...current.values()].some((hint) => hint.orderId === orderId)
          ? new Map([...current].filter(([, hint]) => hint.orderId !== orderId))
          : current,
      );
      return;
    }
    const found = hintOf(data, deviceId(), Date.now());
    if (found) setHints((current) => new Map(current).set(found.tableId, found.hint));
  }, []);
  useEffect(() => {
    if (hints.size === 0) return;
    const next = Math.min(...[...hints.values()].map((hint) => hint.untilMs));
    const timer = setTimeout(
      () => setHints((current) => new Map([...current].filter(([, hint]) => hint.untilMs > Date.now()))),
      Math.max(0, next - Date.now()) + 50,
    );
    return () => clearTimeout(timer);
  }, [hints]);
  return { hints, take };
}

/**
 * While this device holds unsent changes to the check, tells the other devices (at once, then every
 * RENEW_MS). A failed call is let go: the hint is a courtesy, the operations' versions keep the check right.
 */
export function useEditingBeacon(orderId: number, unsent: boolean) {
  useEffect(() => {
    if (!unsent) return;
    const tell = () => {
      api.post(`/pos/order/${orderId}/editing`, { deviceId: deviceId() }, posEditingSchema).catch(() => undefined);
    };
    tell();
    const timer = setInterval(tell, RENEW_MS);
    return () => clearInterval(timer);
  }, [orderId, unsent]);
}

/** Who else is editing this check of the table, or null. */
export function editorOf(hints: ReadonlyMap<number, EditingHint>, tableId: number, orderId: number): string | null {
  const hint = hints.get(tableId);
  return hint && hint.orderId === orderId ? hint.userName : null;
}
