import {
  type KdsAction,
  type KdsTicket,
  kdsSnapshotSchema,
  kdsStationListSchema,
  kdsStatsSchema,
  kdsTicketSchema,
} from "@cargodesk/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { invalidateAfter } from "../../lib/invalidation";
import { DEVICE_KEY_PREFIX } from "../../lib/session";
import { type Snapshot, withTicket } from "./tickets";

/** A screen shows one station, or every station (the expo view): `null`. */
export type StationChoice = number | null;

export const kdsKeys = {
  all: ["kds"] as const,
  stations: () => [...kdsKeys.all, "stations"] as const,
  snapshots: () => [...kdsKeys.all, "snapshot"] as const,
  snapshot: (stationId: StationChoice) => [...kdsKeys.snapshots(), stationId ?? "all"] as const,
  stats: (stationId: StationChoice) => [...kdsKeys.all, "stats", stationId ?? "all"] as const,
  recent: (stationId: StationChoice) => [...kdsKeys.all, "recent", stationId ?? "all"] as const,
};

const stationQuery = (stationId: StationChoice) => (stationId === null ? "" : `stationId=${stationId}`);

export function useStations() {
  return useQuery({
    queryKey: kdsKeys.stations(),
    queryFn: ({ signal }) => api.get("/kds/station", kdsStationListSchema, signal),
    staleTime: 5 * 60_000,
  });
}

/** The station's active tickets and the server's clock when it answered; the stream keeps it fresh. */
export function useSnapshot(stationId: StationChoice, enabled: boolean) {
  return useQuery({
    queryKey: kdsKeys.snapshot(stationId),
    queryFn: ({ signal }): Promise<Snapshot> =>
      api.get(`/kds/ticket?status=active&${stationQuery(stationId)}`, kdsSnapshotSchema, signal),
    enabled,
  });
}

/** Recall's list: the last bumped tickets (ready, or served since), newest first; read when Recall opens. */
export function useRecent(stationId: StationChoice, enabled: boolean) {
  return useQuery({
    queryKey: kdsKeys.recent(stationId),
    queryFn: ({ signal }): Promise<Snapshot> =>
      api.get(`/kds/ticket?status=recent&${stationQuery(stationId)}`, kdsSnapshotSchema, signal),
    enabled,
    staleTime: 0,
  });
}

/** All-day counts and today's average prep time (the server's business date). */
export function useStats(stationId: StationChoice, enabled: boolean) {
  return useQuery({
    queryKey: kdsKeys.stats(stationId),
    queryFn: ({ signal }) => api.get(`/kds/stats?${stationQuery(stationId)}`, kdsStatsSchema, signal),
    enabled,
  });
}

/**
 * The answer of an action replaces the ticket in every snapshot that shows it; the counts follow.
 * A snapshot read still under way started before the action and would bring the old card back, so
 * it is dropped; the action's own event on the stream reloads the snapshot after.
 */
async function applyAnswer(client: QueryClient, ticket: KdsTicket) {
  await client.cancelQueries({ queryKey: kdsKeys.snapshots() });
  for (const stationId of [ticket.stationId, null]) {
    client.setQueryData<Snapshot>(kdsKeys.snapshot(stationId), (current) =>
      current ? withTicket(current, ticket) : current,
    );
  }
  void client.invalidateQueries({ queryKey: [...kdsKeys.all, "stats"] });
  // The order's kitchen status (Order View, the pickup board, the floor plan) follows its tickets.
  void invalidateAfter(client, "posOrderChanged");
}

export function useTicketAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, action }: { ticketId: number; action: KdsAction }) =>
      api.post(`/kds/ticket/${ticketId}/${action}`, {}, kdsTicketSchema),
    onSuccess: (ticket) => applyAnswer(client, ticket),
  });
}

export function useItemDone() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: number) => api.post(`/kds/item/${itemId}/done`, {}, kdsTicketSchema),
    onSuccess: (ticket) => applyAnswer(client, ticket),
  });
}

/** The station this device shows, kept across sign-ins like the register's counter. */
const STATION_KEY = `${DEVICE_KEY_PREFIX}kds.station`;

/** undefined: not chosen yet on this device; null: Expo / All. */
export function storedStation(): StationChoice | undefined {
  const value = localStorage.getItem(STATION_KEY);
  if (value === null) return undefined;
  if (value === "all") return null;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function storeStation(choice: StationChoice): void {
  localStorage.setItem(STATION_KEY, choice === null ? "all" : String(choice));
}
