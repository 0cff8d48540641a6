import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { ORDER_TYPES } from "./outlet-settings";
import type { KITCHEN_STATUSES } from "./pos-orders";

/**
 * The Kitchen Display System's API (design 4.7, 4.8, 5.4 item 48, 6.3): the stations, the snapshot of
 * active tickets, the all-day counts, the ticket and item actions and the event stream's messages.
 * Times are the server's ISO timestamps; the stream's first message reports the server's clock.
 */

const int = z.number().int();
const timestamp = z.string();

export const KDS_TICKET_KINDS = ["new", "addition", "void"] as const;
export const KDS_TICKET_STATUSES = ["new", "preparing", "ready", "served", "cancelled"] as const;
export type KdsTicketStatus = (typeof KDS_TICKET_STATUSES)[number];
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];
export const KDS_EVENT_KINDS = [
  "ticket_created",
  "ticket_updated",
  "item_done",
  "order_moved",
  "table_status",
  "table_changed",
  "order_editing",
  "printer_failed",
] as const;
/** How many of the last bumped tickets Recall offers (design 5.4 item 48). */
export const KDS_RECALL_LIMIT = 20;
export const KDS_ACTIONS = ["start", "bump", "serve", "recall", "priority"] as const;
export type KdsAction = (typeof KDS_ACTIONS)[number];
/** How long `kds_events` rows are kept, and so how far back a screen can resume. */
export const KDS_EVENT_KEEP_DAYS = 3;
/** A comment line on the stream this often keeps proxies from closing it. */
export const KDS_HEARTBEAT_MS = 15_000;

export const KDS_MESSAGES = {
  station: "Station must be one of this outlet's kitchen stations",
  hall: "Hall must be one of this outlet's halls",
  ticketMissing: "No such kitchen ticket",
  itemMissing: "No such kitchen ticket item",
  lastEventId: "Last-Event-ID must be a whole number",
} as const;

export const kdsStationSchema = z.object({
  id: int,
  name: z.string(),
  /** display | print | both */
  mode: z.string(),
  targetMinutes: int,
  alertMinutes: int,
});
export const kdsStationListSchema = z.object({ stations: z.array(kdsStationSchema) });
export type KdsStation = z.infer<typeof kdsStationSchema>;

export const kdsTicketItemSchema = z.object({
  id: int,
  orderLineId: int,
  variantId: int.nullable(),
  name: z.string(),
  modifiers: z.string(),
  note: z.string(),
  /** Portions; `voidedQty` of them were voided after firing (struck through). */
  qty: z.number(),
  voidedQty: z.number(),
  doneAt: timestamp.nullable(),
});

export const kdsTicketSchema = z.object({
  id: int,
  orderId: int,
  stationId: int,
  stationName: z.string(),
  fireSeq: int,
  kind: z.enum(KDS_TICKET_KINDS),
  status: z.enum(KDS_TICKET_STATUSES),
  priority: z.boolean(),
  course: int,
  tableLabel: z.string().nullable(),
  token: int.nullable(),
  orderNumber: z.string().nullable(),
  orderType: z.enum(ORDER_TYPES),
  waiter: z.string().nullable(),
  /** The largest preparation time among the items, else the station's target; amber past it. */
  targetMinutes: int,
  /** Red past target + alert minutes. */
  alertMinutes: int,
  createdAt: timestamp,
  startedAt: timestamp.nullable(),
  readyAt: timestamp.nullable(),
  servedAt: timestamp.nullable(),
  recalledCount: int,
  /** Printed on the counter's printer while the register was offline (design 6.7): shown, not cooked twice. */
  printedOffline: z.boolean(),
  items: z.array(kdsTicketItemSchema),
});
export type KdsTicket = z.infer<typeof kdsTicketSchema>;

export const kdsTicketQuerySchema = z.object({
  /** Absent: every station (the expo view). */
  stationId: idSchema(KDS_MESSAGES.station).optional(),
  /** active: what the screen shows; recent: the last KDS_RECALL_LIMIT bumped (ready or served), newest first. */
  status: z.enum(["active", "recent"]).default("active"),
});
export const kdsSnapshotSchema = z.object({ serverTime: timestamp, tickets: z.array(kdsTicketSchema) });

export const kdsStatsQuerySchema = z.object({
  /** The business date (the outlet's zone); today when absent. */
  date: isoDateSchema().optional(),
  stationId: idSchema(KDS_MESSAGES.station).optional(),
});
export const kdsStatsSchema = z.object({
  date: z.string(),
  /** Pending portions per variant over the active tickets (not yet done or voided). */
  pending: z.array(z.object({ variantId: int.nullable(), name: z.string(), qty: z.number() })),
  /** Tickets bumped (ready) on that date and their average seconds from creation to ready. */
  readyCount: int,
  averagePrepSeconds: int.nullable(),
});

export const kdsIdParams = z.object({ id: idSchema(KDS_MESSAGES.ticketMissing) });
export const kdsItemIdParams = z.object({ id: idSchema(KDS_MESSAGES.itemMissing) });

export const kdsStreamQuerySchema = z.object({
  stationId: idSchema(KDS_MESSAGES.station).optional(),
  /** For readers through fetch that cannot set Last-Event-ID (the header wins). */
  lastEventId: z.coerce.number({ error: KDS_MESSAGES.lastEventId }).int(KDS_MESSAGES.lastEventId).min(0).optional(),
});

/** `GET /api/pos/stream`: the floor plan's live events, for one hall or every hall. */
export const posFloorStreamQuerySchema = z.object({
  hallId: idSchema(KDS_MESSAGES.hall).optional(),
  /** For readers through fetch that cannot set Last-Event-ID (the header wins). */
  lastEventId: z.coerce.number({ error: KDS_MESSAGES.lastEventId }).int(KDS_MESSAGES.lastEventId).min(0).optional(),
});

/** One stream message's data (`event:` is its kind, `id:` its id). */
export const kdsEventSchema = z.object({
  id: int,
  kind: z.enum(KDS_EVENT_KINDS),
  stationId: int.nullable(),
  ticketId: int.nullable(),
  orderId: int.nullable(),
  payload: z.record(z.string(), z.unknown()),
  at: timestamp,
});
export type KdsEvent = z.infer<typeof kdsEventSchema>;

/**
 * The order's kitchen state from its tickets (design 4.8): none without a live ticket; new if any is
 * new; else preparing if any is preparing; served when all are served; else ready (all ready or
 * served). Void tickets only tell the cook to stop and cancelled ones are gone, so neither counts.
 */
export function kitchenStatusOf(
  tickets: readonly { kind: (typeof KDS_TICKET_KINDS)[number]; status: KdsTicketStatus }[],
): KitchenStatus {
  const live = tickets.filter((ticket) => ticket.kind !== "void" && ticket.status !== "cancelled");
  if (live.length === 0) return "none";
  if (live.some((ticket) => ticket.status === "new")) return "new";
  if (live.some((ticket) => ticket.status === "preparing")) return "preparing";
  return live.every((ticket) => ticket.status === "served") ? "served" : "ready";
}

/**
 * The ticket's next state under an action, or null when the action changes nothing (a second bump):
 * start new -> preparing; bump new/preparing -> ready; serve ready -> served; recall ready/served ->
 * preparing. An action the state does not allow (serving a new ticket) is `invalid`.
 */
export function nextTicketStatus(status: KdsTicketStatus, action: Exclude<KdsAction, "priority">) {
  const moves: Record<typeof action, { from: readonly KdsTicketStatus[]; to: KdsTicketStatus }> = {
    start: { from: ["new"], to: "preparing" },
    bump: { from: ["new", "preparing"], to: "ready" },
    serve: { from: ["ready"], to: "served" },
    recall: { from: ["ready", "served"], to: "preparing" },
  };
  const move = moves[action];
  if (status === move.to && action !== "recall") return null;
  if (action === "start" && (status === "ready" || status === "served")) return null;
  if (action === "bump" && status === "served") return null;
  if (action === "recall" && status === "preparing") return null;
  return move.from.includes(status) ? move.to : ("invalid" as const);
}
