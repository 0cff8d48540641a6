import type { KdsTicket } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { reconnectDelay, type SseMessage, sseParser } from "../../lib/sse";
import {
  boardTickets,
  expoOrders,
  formatElapsed,
  lineQuantities,
  noteParts,
  orderTickets,
  ticketTimer,
  ticketTitle,
  withTicket,
} from "./tickets";
import { bumpBarKey } from "./useBumpBar";

const T0 = Date.parse("2026-11-24T12:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const ticket = (id: number, over: Partial<KdsTicket> = {}): KdsTicket => ({
  id,
  orderId: id,
  stationId: 1,
  stationName: "Grill",
  fireSeq: 1,
  kind: "new",
  status: "new",
  priority: false,
  course: 1,
  tableLabel: null,
  token: id,
  orderNumber: null,
  orderType: "take_away",
  waiter: null,
  targetMinutes: 10,
  alertMinutes: 5,
  createdAt: at(id),
  startedAt: null,
  readyAt: null,
  servedAt: null,
  recalledCount: 0,
  printedOffline: false,
  items: [],
  ...over,
});

describe("the board", () => {
  it("pins priority tickets, then shows the oldest first", () => {
    const order = orderTickets([ticket(3), ticket(1), ticket(2, { priority: true }), ticket(4, { createdAt: at(0) })]);
    expect(order.map((t) => t.id)).toEqual([2, 4, 1, 3]);
  });

  it("shows a station what is still to cook; the expo view keeps ready tickets, grouped by order", () => {
    const tickets = [
      ticket(1, { status: "ready", readyAt: at(100) }),
      ticket(2, { status: "preparing" }),
      ticket(3, { orderId: 1, stationId: 2, status: "new" }),
      ticket(4, { kind: "void" }),
    ];
    expect(boardTickets(tickets, false).map((t) => t.id)).toEqual([2, 3, 4]);
    expect(boardTickets(tickets, true).map((t) => t.id)).toEqual([1, 3, 2, 4]);
  });

  it("groups the expo view by order, each station at its least advanced ticket; all ready when every station is", () => {
    const board = boardTickets(
      [
        ticket(1, { status: "ready", readyAt: at(100) }),
        ticket(2, { orderId: 1, stationId: 2, stationName: "Fry", status: "preparing" }),
        ticket(3, { orderId: 1, kind: "addition", status: "new" }),
        ticket(4, { orderId: 1, stationId: 2, stationName: "Fry", kind: "void" }),
        ticket(5, { status: "ready", readyAt: at(90) }),
      ],
      true,
    );
    const [first, second] = expoOrders(board);
    expect(first?.orderId).toBe(1);
    expect(first?.cards.map(({ ticket: card, index }) => [card.id, index])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
    ]);
    expect(first?.stations).toEqual([
      { name: "Grill", status: "new" },
      { name: "Fry", status: "preparing" },
    ]);
    expect(first?.allReady).toBe(false);
    expect(second).toMatchObject({ orderId: 5, stations: [{ name: "Grill", status: "ready" }], allReady: true });
  });

  it("replaces a ticket with an action's answer, or adds it", () => {
    const snapshot = { serverTime: at(0), tickets: [ticket(1), ticket(2)] };
    const started = withTicket(snapshot, ticket(2, { status: "preparing" }));
    expect(started.tickets.map((t) => t.status)).toEqual(["new", "preparing"]);
    expect(withTicket(snapshot, ticket(3)).tickets).toHaveLength(3);
  });
});

describe("timers on the server's clock", () => {
  const target = ticket(0, { createdAt: at(0), targetMinutes: 10, alertMinutes: 5 });
  it.each([
    [0, "ok"],
    [599, "ok"],
    [600, "due"],
    [899, "due"],
    [900, "late"],
  ] as const)("%i s after creation is %s", (seconds, level) => {
    expect(ticketTimer(target, T0 + seconds * 1000)).toEqual({ seconds, level });
  });

  it("stops at ready and never runs backwards on a client clock behind the server's", () => {
    expect(ticketTimer({ ...target, readyAt: at(125) }, T0 + 3_600_000).seconds).toBe(125);
    expect(ticketTimer(target, T0 - 5000).seconds).toBe(0);
  });

  it("reads as minutes and seconds", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(65)).toBe("1:05");
    expect(formatElapsed(3723)).toBe("1:02:03");
  });
});

describe("lines", () => {
  it("highlights allergy words in a note", () => {
    expect(noteParts("No nuts, peanut allergy! extra sauce")).toEqual([
      { text: "No ", allergy: false },
      { text: "nuts", allergy: true },
      { text: ", ", allergy: false },
      { text: "peanut", allergy: true },
      { text: " ", allergy: false },
      { text: "allergy", allergy: true },
      { text: "! extra sauce", allergy: false },
    ]);
    expect(noteParts("well done")).toEqual([{ text: "well done", allergy: false }]);
    expect(noteParts("")).toEqual([]);
  });

  it("strikes the voided portions on the original card, not on the void ticket", () => {
    expect(lineQuantities({ kind: "new" }, { qty: 3, voidedQty: 1 })).toEqual({ live: 2, struck: 1 });
    expect(lineQuantities({ kind: "addition" }, { qty: 1, voidedQty: 4 })).toEqual({ live: 0, struck: 1 });
    expect(lineQuantities({ kind: "void" }, { qty: 1, voidedQty: 1 })).toEqual({ live: 1, struck: 0 });
  });

  it("names the card by order number, else token", () => {
    expect(ticketTitle({ orderNumber: "C1-2026-000001", token: 7, orderId: 1 })).toBe("C1-2026-000001");
    expect(ticketTitle({ orderNumber: null, token: 7, orderId: 1 })).toBe("Token 7");
    expect(ticketTitle({ orderNumber: null, token: null, orderId: 1 })).toBe("Order 1");
  });
});

describe("the stream", () => {
  it("parses messages split anywhere, skipping heartbeats and retry lines", () => {
    const messages: SseMessage[] = [];
    const feed = sseParser((message) => messages.push(message));
    const text =
      'retry: 2000\n\nevent: hello\ndata: {"serverTime":"x"}\n\n: heartbeat\n\nid: 7\nevent: ticket_created\ndata: {"a":1}\n\nid: 8\r\nevent: reset\r\ndata: {}\r\n\r\n';
    for (let i = 0; i < text.length; i += 5) feed(text.slice(i, i + 5));
    expect(messages).toEqual([
      { id: null, event: "hello", data: '{"serverTime":"x"}' },
      { id: "7", event: "ticket_created", data: '{"a":1}' },
      { id: "8", event: "reset", data: "{}" },
    ]);
  });

  it("joins several data lines and keeps an unfinished message for later", () => {
    const messages: SseMessage[] = [];
    const feed = sseParser((message) => messages.push(message));
    feed("data: a\ndata: b\n\ndata: c");
    expect(messages).toEqual([{ id: null, event: "message", data: "a\nb" }]);
    feed("\n\n");
    expect(messages[1]?.data).toBe("c");
  });

  it("backs off 1, 2, 4 ... 30 s between reconnects", () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});

describe("the bump bar", () => {
  it("maps keys to board actions", () => {
    expect(bumpBarKey("3")).toEqual({ select: 2 });
    expect(bumpBarKey("0")).toBeNull();
    expect(bumpBarKey("B")).toEqual({ action: "bump" });
    expect(bumpBarKey("s")).toEqual({ action: "start" });
    expect(bumpBarKey("p")).toEqual({ action: "priority" });
    expect(bumpBarKey("r")).toBe("recall");
    expect(bumpBarKey("ArrowLeft")).toEqual({ step: -1 });
    expect(bumpBarKey("Escape")).toBe("clear");
    expect(bumpBarKey("x")).toBeNull();
  });
});
