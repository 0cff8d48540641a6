import { KDS_HEARTBEAT_MS, KDS_MESSAGES } from "@cargodesk/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { eventsAfter, type LiveEvent, type LiveEvents, resumePoint } from "../../lib/live-events";
import { findStations, hallTableIds } from "./kds.queries";

/**
 * `GET /api/kds/stream` (design 6.3): Server-Sent Events for one station's screen, or every station
 * (expo). The first message (`hello`) carries the server's clock; a screen that reconnects with
 * Last-Event-ID (or `lastEventId`) gets the events it missed from `kds_events`, or `reset` when they
 * are no longer kept; then the live events follow, and a comment every 15 s. The reply is hijacked:
 * Fastify's serializer never sees it, and the connection's close ends the subscription and timer.
 */

/** Past this much unsent output the screen is too slow or gone: it is closed and reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** The most events a reconnecting screen is sent again; past it, `reset`. */
const MAX_REPLAY = 1000;

export const sseMessage = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const eventMessage = (event: LiveEvent) =>
  sseMessage(
    event.kind,
    {
      id: event.id,
      kind: event.kind,
      stationId: event.stationId,
      ticketId: event.ticketId,
      orderId: event.orderId,
      payload: event.payload,
      at: event.at,
    },
    event.id,
  );

/** The id a reconnecting screen saw last: the header wins over the query; 400 for one that is not a number. */
function lastEventIdOf(request: FastifyRequest, fromQuery: number | undefined): number | undefined {
  const header = request.headers["last-event-id"];
  if (typeof header !== "string" || header.trim() === "") return fromQuery;
  if (!/^\d{1,15}$/.test(header.trim()))
    throw new AppError("VALIDATION", `Last-Event-ID: ${KDS_MESSAGES.lastEventId}`, [
      { field: "Last-Event-ID", message: KDS_MESSAGES.lastEventId },
    ]);
  return Number(header.trim());
}

export interface StreamInput {
  stationId?: number | undefined;
  lastEventId?: number | undefined;
}

/** The open streams of this app, so closing the app ends them rather than waiting for them. */
export type OpenStreams = Set<() => void>;

/** Floor-only events: the kitchen screens have no use for them. */
const FLOOR_ONLY = new Set<string>(["table_status", "table_changed", "order_editing"]);

/** `GET /api/kds/stream`: one station's events (and those for every screen), or every station's (expo). */
export async function openKdsStream(
  ctx: Ctx,
  live: LiveEvents,
  open: OpenStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  input: StreamInput,
): Promise<void> {
  const stationId = input.stationId ?? null;
  if (stationId !== null && (await findStations(ctx.db, stationId)).length === 0)
    throw new AppError("VALIDATION", `stationId: ${KDS_MESSAGES.station}`, [
      { field: "stationId", message: KDS_MESSAGES.station },
    ]);
  await openEventStream(ctx, live, open, request, reply, {
    lastEventId: input.lastEventId,
    stationId,
    hello: { stationId },
    wanted: (event) =>
      !FLOOR_ONLY.has(event.kind) && (stationId === null || event.stationId === null || event.stationId === stationId),
  });
}

/** Events a floor plan redraws on: a table's state, a check opened, changed, moved or being edited, a ticket's state. */
const FLOOR_KINDS = new Set<string>([
  "table_status",
  "table_changed",
  "order_editing",
  "order_moved",
  "ticket_created",
  "ticket_updated",
]);

const tableIdsOf = (event: LiveEvent): number[] =>
  [event.payload.tableId, event.payload.oldTableId, event.payload.id].filter(
    (id): id is number => typeof id === "number",
  );

/**
 * `GET /api/pos/stream` (design 5.4 item 49): the floor plan's events, for one hall (its tables as
 * they are when the stream opens) or every hall. Ticket events and moves carry the check (orderId),
 * which the floor matches against its tables' checks.
 */
export async function openFloorStream(
  ctx: Ctx,
  live: LiveEvents,
  open: OpenStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { hallId?: number | undefined; lastEventId?: number | undefined },
): Promise<void> {
  const hallId = input.hallId ?? null;
  const tables = hallId === null ? null : await hallTableIds(ctx.db, hallId);
  if (hallId !== null && tables === null)
    throw new AppError("VALIDATION", `hallId: ${KDS_MESSAGES.hall}`, [{ field: "hallId", message: KDS_MESSAGES.hall }]);
  await openEventStream(ctx, live, open, request, reply, {
    lastEventId: input.lastEventId,
    stationId: null,
    hello: { hallId },
    wanted: (event) => {
      if (!FLOOR_KINDS.has(event.kind)) return false;
      if (!tables || !FLOOR_ONLY.has(event.kind)) return true;
      if (event.kind === "table_status") return event.payload.hallId === hallId;
      return tableIdsOf(event).some((id) => tables.has(id));
    },
  });
}

interface EventStreamOptions {
  lastEventId: number | undefined;
  /** The station whose events are replayed (null: all), before `wanted` picks among them. */
  stationId: number | null;
  /** What the first message says besides the server's time. */
  hello: Record<string, unknown>;
  wanted: (event: LiveEvent) => boolean;
}

async function openEventStream(
  ctx: Ctx,
  live: LiveEvents,
  open: OpenStreams,
  request: FastifyRequest,
  reply: FastifyReply,
  options: EventStreamOptions,
): Promise<void> {
  const { stationId, wanted } = options;
  const lastEventId = lastEventIdOf(request, options.lastEventId);

  // Live events are held from here until the replay is written, so none falls between the two.
  let held: LiveEvent[] | null = [];
  const raw = reply.raw;
  const write = (text: string) => {
    if (raw.destroyed) return;
    raw.write(text);
    if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
  };
  const unsubscribe = live.subscribe((event) => {
    if (!wanted(event)) return;
    if (held) held.push(event);
    else write(eventMessage(event));
  });
  let heartbeat: NodeJS.Timeout | null = null;
  const close = () => {
    unsubscribe();
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    open.delete(end);
  };
  const end = () => {
    close();
    raw.end();
  };
  open.add(end);
  raw.on("close", close);

  try {
    const resume = lastEventId === undefined ? null : await resumePoint(ctx.db, lastEventId);
    let replay =
      lastEventId !== undefined && resume && !resume.tooOld
        ? await eventsAfter(ctx.db, lastEventId, stationId, MAX_REPLAY + 1)
        : [];
    // A screen that missed more than a replay holds reloads the snapshot instead.
    if (resume && replay.length > MAX_REPLAY) {
      resume.tooOld = true;
      replay = [];
    }
    reply.hijack();
    // Helmet's and the other hooks' headers were set on the reply; a hijacked reply sends its own.
    const headers: Record<string, string | number | string[]> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
    raw.writeHead(200, {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    raw.flushHeaders();
    write("retry: 2000\n\n");
    write(sseMessage("hello", { serverTime: new Date().toISOString(), ...options.hello }));
    if (resume?.tooOld)
      write(sseMessage("reset", { reason: "too_old", lastEventId: resume.lastEventId }, resume.lastEventId));
    const replayed = new Set(replay.map((event) => event.id));
    for (const event of replay) if (wanted(event)) write(eventMessage(event));
    const pending = held;
    held = null;
    for (const event of pending) if (!replayed.has(event.id)) write(eventMessage(event));
    heartbeat = setInterval(() => write(": heartbeat\n\n"), KDS_HEARTBEAT_MS);
    if (raw.destroyed) close();
  } catch (error) {
    close();
    if (reply.sent) {
      raw.destroy();
      return;
    }
    throw error;
  }
}
