import { type PosFloor, type PosFloorTable, posFloorTableSchema } from "@cargodesk/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { connectSse, type StreamState } from "../../lib/sse";
import { tableOrderKeys } from "./api";

/** How long events are gathered before the floor is read again: a burst (a split, a fire) reads once. */
const DEBOUNCE_MS = 150;

const ignore = () => undefined;

const numberOf = (value: unknown): number | null => (typeof value === "number" ? value : null);

/**
 * Whether a floor event concerns the hall on screen: a table of the hall (`table_status` carries the
 * table itself, `table_changed` its tableId and oldTableId), or a check of the hall's tables (ticket
 * events and moves carry the orderId).
 */
export function concernsHall(data: unknown, hallId: number | null, tables: readonly PosFloorTable[]): boolean {
  if (hallId === null || typeof data !== "object" || data === null) return true;
  const event = data as { orderId?: unknown; payload?: unknown };
  const payload = (typeof event.payload === "object" && event.payload !== null ? event.payload : {}) as Record<
    string,
    unknown
  >;
  if (numberOf(payload.hallId) === hallId) return true;
  const tableIds = new Set(tables.map((table) => table.id));
  const named = [payload.tableId, payload.oldTableId, payload.id].map(numberOf);
  if (named.some((id) => id !== null && tableIds.has(id))) return true;
  const orderIds = new Set(tables.flatMap((table) => table.orderIds));
  const orders = [event.orderId, payload.orderId, payload.fromOrderId].map(numberOf);
  return orders.some((id) => id !== null && orderIds.has(id));
}

/**
 * A `table_status` event carries the table as the floor shows it: put it on the hall's floor at once
 * (design WP4: a status event shows within 50 ms), without waiting for the floor to be read again.
 * The other tables' elapsed times move on by `sinceRead` seconds, because the floor then counts from
 * now. Answers the new floor, or null when the event is not one of this floor's tables.
 */
export function applyTableStatus(floor: PosFloor | undefined, data: unknown, sinceRead: number): PosFloor | null {
  if (!floor || typeof data !== "object" || data === null) return null;
  const table = posFloorTableSchema.safeParse((data as { payload?: unknown }).payload);
  if (!table.success || table.data.hallId !== floor.hallId) return null;
  if (!floor.tables.some((known) => known.id === table.data.id)) return null;
  const aged = (known: PosFloorTable): PosFloorTable =>
    known.elapsedSeconds === null ? known : { ...known, elapsedSeconds: known.elapsedSeconds + sinceRead };
  return { ...floor, tables: floor.tables.map((known) => (known.id === table.data.id ? table.data : aged(known))) };
}

/**
 * Keeps the hall's floor live through `GET /api/pos/stream?hallId` (the KDS stream's format): a
 * table's new status is shown at once, who is editing a check goes to `onEditing`, any other event
 * about the hall reads the floor again
 * (debounced), and so do `reset` and each (re)connection, which closes the gap between the last read
 * and the stream.
 */
export function useFloorLive(
  hallId: number | null,
  tables: readonly PosFloorTable[],
  /**
   * `order_editing` (who is editing a check: it changes no table, so the floor is not read again) and
   * `table_changed` (a check's changes arrived) events, for the "being edited by" hints.
   */
  onEditing: (kind: string, data: unknown) => void = ignore,
) {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>("connecting");
  const [error, setError] = useState<string | null>(null);
  const tablesRef = useRef(tables);
  tablesRef.current = tables;
  const editingRef = useRef(onEditing);
  editingRef.current = onEditing;

  useEffect(() => {
    if (hallId === null) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const reload = () => {
      if (timer !== null) return;
      timer = setTimeout(() => {
        timer = null;
        void client.invalidateQueries({ queryKey: tableOrderKeys.floors() });
      }, DEBOUNCE_MS);
    };
    setError(null);
    const stop = connectSse(`/pos/stream?hallId=${hallId}`, {
      onHello: reload,
      onReset: reload,
      onEvent: (kind, data) => {
        if (kind === "order_editing") return editingRef.current(kind, data);
        if (kind === "table_changed") editingRef.current(kind, data);
        if (kind === "table_status") {
          const key = tableOrderKeys.floor(hallId);
          const readAt = client.getQueryState(key)?.dataUpdatedAt ?? Date.now();
          const sinceRead = Math.max(0, Math.floor((Date.now() - readAt) / 1000));
          const next = applyTableStatus(client.getQueryData<PosFloor>(key), data, sinceRead);
          if (next) {
            client.setQueryData(key, next);
            return;
          }
        }
        if (concernsHall(data, hallId, tablesRef.current)) reload();
      },
      onState: (next, message) => {
        setState(next);
        if (message) setError(message);
      },
    });
    return () => {
      stop();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client, hallId]);

  return { state, error };
}
