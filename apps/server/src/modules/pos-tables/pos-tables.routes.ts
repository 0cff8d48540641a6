import {
  perm,
  posEditingInputSchema,
  posEditingSchema,
  posFloorQuerySchema,
  posFloorSchema,
  posFloorTableSchema,
  posMergeInputSchema,
  posOrderIdParams,
  posOrderSchema,
  posSplitInputSchema,
  posSplitResultSchema,
  posTableIdParams,
  posTableStatusInputSchema,
  posTransferInputSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { mergeOrder } from "./pos-tables.merge";
import { getFloor, markEditing, setTableStatus, transferOrder } from "./pos-tables.service";
import { splitOrder } from "./pos-tables.split";

/**
 * Table Order's floor and check moves (design 5.4 item 49): the waiter's tablet (`Table Order`) and
 * the register (`POS`) read the floor, set a table reserved or cleaning and transfer, merge and
 * split checks.
 */
const tables = access.permission(perm("Table Order"), perm("POS"));
const doc = routeDoc("pos");

/** The device named by the X-Device-Id header (a body's deviceId wins). */
const deviceOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers["x-device-id"];
  return typeof header === "string" && header.trim() !== "" ? header.trim().slice(0, 100) : undefined;
};

export function posTableRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/pos/floor",
      {
        config: { access: tables },
        schema: doc(
          "A hall's tables (every active hall's without hallId) with their state, guests, time since the oldest check, total, checks, ready and late badges and bill printed",
          { querystring: posFloorQuerySchema, response: { 200: posFloorSchema, ...protectedErrors } },
        ),
      },
      (request) => getFloor(ctxOf(deps, request), request.query),
    );
    app.put(
      "/pos/table/:id/status",
      {
        config: { access: tables },
        schema: doc("Set a table reserved or cleaning, or clear that (none); every floor screen gets table_status", {
          params: posTableIdParams,
          body: posTableStatusInputSchema,
          response: { 200: posFloorTableSchema, ...recordErrors },
        }),
      },
      (request) => setTableStatus(ctxOf(deps, request), request.params.id, request.body),
    );
    app.post(
      "/pos/order/:id/editing",
      {
        config: { access: tables },
        schema: doc(
          "This device holds changes to an open or billed check it has not sent: every floor of its table shows who is editing it (order_editing) for 30 s",
          {
            params: posOrderIdParams,
            body: posEditingInputSchema,
            response: { 200: posEditingSchema, ...recordErrors },
          },
        ),
      },
      (request) => markEditing(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/transfer",
      {
        config: { access: tables },
        schema: doc(
          "Move an open or billed check to another table: only its table changes, the kitchen cards show the new table (order_moved), nothing is fired again",
          {
            params: posOrderIdParams,
            body: posTransferInputSchema,
            response: { 200: posOrderSchema, ...recordErrors },
          },
        ),
      },
      (request) => transferOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/merge",
      {
        config: { access: tables },
        schema: doc(
          "Merge a check into another: its lines and kitchen tickets move to the target (labelled with the target's table, order_moved), it becomes merged; answers the target",
          { params: posOrderIdParams, body: posMergeInputSchema, response: { 200: posOrderSchema, ...recordErrors } },
        ),
      },
      (request) => mergeOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/split",
      {
        config: { access: tables },
        schema: doc(
          "Split lines and quantities off a check into new checks on the same table (a partly moved line is split in two, its kitchen state kept); answers the new order ids",
          {
            params: posOrderIdParams,
            body: posSplitInputSchema,
            response: { 200: posSplitResultSchema, ...recordErrors },
          },
        ),
      },
      (request) => splitOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
  };
}
