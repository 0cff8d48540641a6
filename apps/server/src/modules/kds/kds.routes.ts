import {
  KDS_ACTIONS,
  kdsIdParams,
  kdsItemIdParams,
  kdsSnapshotSchema,
  kdsStationListSchema,
  kdsStatsQuerySchema,
  kdsStatsSchema,
  kdsStreamQuerySchema,
  kdsTicketQuerySchema,
  kdsTicketSchema,
  perm,
  posFloorStreamQuerySchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Database } from "../../db/client";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { createLiveEvents, type LiveEvents } from "../../lib/live-events";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { activeTickets, itemDone, kdsStats, listStations, ticketAction } from "./kds.service";
import { type OpenStreams, openFloorStream, openKdsStream } from "./kds.stream";

/**
 * The Kitchen Display System's API (design 5.4 item 48): screens read and act with `Kitchen Display
 * System`; serving a ready ticket is also the waiter's (Table Order) and the counter's (POS) job.
 * The app's one live event listener starts with the app and stops when it closes, ending the streams.
 */
const kitchen = access.permission(perm("Kitchen Display System"));
const serving = access.permission(perm("Kitchen Display System"), perm("Table Order"), perm("POS"));
const floor = access.permission(perm("Table Order"), perm("POS"));
const doc = routeDoc("kds");

/** Each server's live event bus and open streams, by its HTTP server (for tests and metrics). */
const byServer = new WeakMap<object, { live: LiveEvents; streams: OpenStreams }>();
export const kdsLiveOf = (app: FastifyInstance) => byServer.get(app.server);

export function kdsRoutes(deps: AppDeps & { listen: Database["listen"] }) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const live = createLiveEvents(deps.db, deps.listen, { log: root.log });
    const streams: OpenStreams = new Set();
    byServer.set(root.server, { live, streams });
    root.addHook("onReady", () => live.start());
    // Before the server stops accepting: open streams would otherwise hold the close forever.
    root.addHook("preClose", async () => {
      for (const end of [...streams]) end();
      await live.stop();
    });

    app.get(
      "/kds/station",
      {
        config: { access: kitchen },
        schema: doc("The outlet's kitchen stations with their target and alert minutes", {
          response: { 200: kdsStationListSchema, ...protectedErrors },
        }),
      },
      (request) => listStations(ctxOf(deps, request)),
    );
    app.get(
      "/kds/ticket",
      {
        config: { access: kitchen },
        schema: doc("The active tickets of a station (every station without stationId), priority first, oldest first", {
          querystring: kdsTicketQuerySchema,
          response: { 200: kdsSnapshotSchema, ...protectedErrors },
        }),
      },
      (request) => activeTickets(ctxOf(deps, request), request.query),
    );
    app.get(
      "/kds/stats",
      {
        config: { access: kitchen },
        schema: doc("All-day pending portions per item over the active tickets, and the day's average prep time", {
          querystring: kdsStatsQuerySchema,
          response: { 200: kdsStatsSchema, ...protectedErrors },
        }),
      },
      (request) => kdsStats(ctxOf(deps, request), request.query),
    );
    app.get(
      "/kds/stream",
      {
        config: { access: kitchen },
        schema: doc(
          "Server-Sent Events of a station (every station without stationId): hello with the server time, the events after Last-Event-ID (or reset), then live ones; a heartbeat every 15 s",
          {
            querystring: kdsStreamQuerySchema,
            response: { 200: fileAnswer("text/event-stream", "The event stream"), ...protectedErrors },
          },
        ),
      },
      (request, reply) => openKdsStream(ctxOf(deps, request), live, streams, request, reply, request.query),
    );
    app.get(
      "/pos/stream",
      {
        config: { access: floor },
        schema: routeDoc("pos")(
          "Server-Sent Events of the floor plan (one hall, or every hall): hello with the server time, the events after Last-Event-ID (or reset), then live ones (table_status, table_changed, order_editing, order_moved, ticket_created, ticket_updated); a heartbeat every 15 s",
          {
            querystring: posFloorStreamQuerySchema,
            response: { 200: fileAnswer("text/event-stream", "The event stream"), ...protectedErrors },
          },
        ),
      },
      (request, reply) => openFloorStream(ctxOf(deps, request), live, streams, request, reply, request.query),
    );
    for (const action of KDS_ACTIONS) {
      app.post(
        `/kds/ticket/:id/${action}`,
        {
          config: { access: action === "serve" ? serving : kitchen },
          schema: doc(
            {
              start: "Start preparing a new ticket",
              bump: "Mark a ticket ready (all its items done); again changes nothing",
              serve: "Mark a ready ticket served",
              recall: "Bring a ready or served ticket back to preparing",
              priority: "Pin the ticket to the top of the screens, or unpin it",
            }[action],
            { params: kdsIdParams, response: { 200: kdsTicketSchema, ...recordErrors } },
          ),
        },
        (request) => ticketAction(ctxOf(deps, request), request.params.id, action),
      );
    }
    app.post(
      "/kds/item/:id/done",
      {
        config: { access: kitchen },
        schema: doc("Mark one item of a ticket done; answers its ticket", {
          params: kdsItemIdParams,
          response: { 200: kdsTicketSchema, ...recordErrors },
        }),
      },
      (request) => itemDone(ctxOf(deps, request), request.params.id),
    );
  };
}
