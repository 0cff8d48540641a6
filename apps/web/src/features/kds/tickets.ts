import type { KdsTicket, kdsSnapshotSchema } from "@cargodesk/shared";
import type { z } from "zod";

/**
 * The kitchen screen's rules, kept pure so they are tested without a browser: which tickets a screen
 * shows and in what order, the timer's colour from server times, the recall list, and the parts of a
 * line (struck portions, allergy words).
 */

export type Snapshot = z.infer<typeof kdsSnapshotSchema>;
export type KdsItem = KdsTicket["items"][number];

/** The snapshot with `ticket` in place of its older copy (added when the snapshot did not have it). */
export function withTicket(snapshot: Snapshot, ticket: KdsTicket): Snapshot {
  const known = snapshot.tickets.some((candidate) => candidate.id === ticket.id);
  return {
    ...snapshot,
    tickets: known
      ? snapshot.tickets.map((candidate) => (candidate.id === ticket.id ? ticket : candidate))
      : [...snapshot.tickets, ticket],
  };
}

/** Priority tickets pinned first, then oldest first (ties by id, the fire order). */
export function orderTickets(tickets: readonly KdsTicket[]): KdsTicket[] {
  return [...tickets].sort(
    (a, b) =>
      Number(b.priority) - Number(a.priority) || Date.parse(a.createdAt) - Date.parse(b.createdAt) || a.id - b.id,
  );
}

/**
 * The cards on the board: a station's screen shows what is still to cook (new, preparing); the expo
 * view also keeps ready tickets until they are served. Sorted as `orderTickets`, the expo view's
 * grouped by order (each order where its oldest ticket would be).
 */
export function boardTickets(tickets: readonly KdsTicket[], expo: boolean): KdsTicket[] {
  const shown = orderTickets(
    tickets.filter(
      (ticket) => ticket.status === "new" || ticket.status === "preparing" || (expo && ticket.status === "ready"),
    ),
  );
  if (!expo) return shown;
  const rank = new Map<number, number>();
  shown.forEach((ticket, index) => {
    if (!rank.has(ticket.orderId)) rank.set(ticket.orderId, index);
  });
  return shown
    .map((ticket, index) => ({ ticket, index }))
    .sort((a, b) => (rank.get(a.ticket.orderId) ?? 0) - (rank.get(b.ticket.orderId) ?? 0) || a.index - b.index)
    .map(({ ticket }) => ticket);
}

/** How far a station has got with an order in the expo view: its least advanced ticket. */
const PROGRESS: readonly KdsTicket["status"][] = ["new", "preparing", "ready", "served"];

export interface ExpoOrder {
  orderId: number;
  /** The order's cards in board order, each with its place on the board (the keyboard's 1-9). */
  cards: { ticket: KdsTicket; index: number }[];
  /** Each station cooking for the order, with how far it has got (void tickets only stop work: left out). */
  stations: { name: string; status: KdsTicket["status"] }[];
  /** Every station's part is ready: the order can go out. */
  allReady: boolean;
}

/**
 * The expo view (design 5.4 item 48): the board's tickets grouped by order, in board order, each
 * order with every station's state, so the expeditor sees what each order still waits for.
 */
export function expoOrders(cards: readonly KdsTicket[]): ExpoOrder[] {
  const orders = new Map<number, ExpoOrder>();
  cards.forEach((ticket, index) => {
    const order = orders.get(ticket.orderId) ?? { orderId: ticket.orderId, cards: [], stations: [], allReady: false };
    order.cards.push({ ticket, index });
    orders.set(ticket.orderId, order);
  });
  for (const order of orders.values()) {
    const byStation = new Map<string, KdsTicket["status"]>();
    for (const { ticket } of order.cards) {
      if (ticket.kind === "void") continue;
      const known = byStation.get(ticket.stationName);
      if (known === undefined || PROGRESS.indexOf(ticket.status) < PROGRESS.indexOf(known))
        byStation.set(ticket.stationName, ticket.status);
    }
    order.stations = [...byStation].map(([name, status]) => ({ name, status }));
    order.allReady = order.stations.length > 0 && order.stations.every((station) => station.status === "ready");
  }
  return [...orders.values()];
}

export type TimerLevel = "ok" | "due" | "late";

/**
 * A ticket's stopwatch on the server's clock (`nowMs` is the client's clock plus the stream's offset):
 * from creation until ready (or now); amber at the target, red at target + alert minutes.
 */
export function ticketTimer(ticket: KdsTicket, nowMs: number): { seconds: number; level: TimerLevel } {
  const end = ticket.readyAt ? Date.parse(ticket.readyAt) : nowMs;
  const seconds = Math.max(0, Math.floor((end - Date.parse(ticket.createdAt)) / 1000));
  const target = ticket.targetMinutes * 60;
  const level: TimerLevel = seconds >= target + ticket.alertMinutes * 60 ? "late" : seconds >= target ? "due" : "ok";
  return { seconds, level };
}

/** "4:05", "1:02:03". */
export function formatElapsed(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** Words in a note that a cook must not miss. */
const ALLERGY_WORDS = [
  "allerg\\w*",
  "anaphyla\\w*",
  "celiac",
  "coeliac",
  "dairy",
  "eggs?",
  "fish",
  "gluten",
  "halal",
  "lactose",
  "milk",
  "mustard",
  "(?:pea)?nuts?",
  "sesame",
  "shellfish",
  "soy|soya",
  "vegan",
  "wheat",
];
const ALLERGY = new RegExp(`\\b(${ALLERGY_WORDS.join("|")})\\b`, "gi");

/** A note cut into plain text and allergy words, in order. */
export function noteParts(note: string): { text: string; allergy: boolean }[] {
  const parts: { text: string; allergy: boolean }[] = [];
  let from = 0;
  for (const match of note.matchAll(ALLERGY)) {
    const at = match.index ?? 0;
    if (at > from) parts.push({ text: note.slice(from, at), allergy: false });
    parts.push({ text: match[0], allergy: true });
    from = at + match[0].length;
  }
  if (from < note.length) parts.push({ text: note.slice(from), allergy: false });
  return parts;
}

/** "2", "1.5": portions as a cook reads them. */
export const qtyText = (qty: number): string => String(Math.round(qty * 1000) / 1000);

/**
 * How a line reads on its card: on a void ticket every portion is the instruction (nothing struck);
 * on the original card the portions voided since are struck through and the rest still to cook.
 */
export function lineQuantities(ticket: Pick<KdsTicket, "kind">, item: Pick<KdsItem, "qty" | "voidedQty">) {
  if (ticket.kind === "void") return { live: item.qty, struck: 0 };
  const struck = Math.min(item.qty, item.voidedQty);
  return { live: item.qty - struck, struck };
}

/** The card's heading: the order number once paid, else the token. */
export function ticketTitle(ticket: Pick<KdsTicket, "orderNumber" | "token" | "orderId">): string {
  if (ticket.orderNumber) return ticket.orderNumber;
  if (ticket.token !== null) return `Token ${ticket.token}`;
  return `Order ${ticket.orderId}`;
}
