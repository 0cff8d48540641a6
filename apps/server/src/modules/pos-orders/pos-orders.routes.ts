import {
  perm,
  posFireInputSchema,
  posOpsInputSchema,
  posOrderCreateSchema,
  posOrderDetailSchema,
  posOrderIdParams,
  posOrderListQuerySchema,
  posOrderPageSchema,
  posOrderSchema,
  posPayInputSchema,
  posRefundInputSchema,
  posSimpleOpInputSchema,
  posVoidInputSchema,
  voidReasonListSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { listOrders, listVoidReasons, readOrderDetail } from "./pos-orders.read";
import { refundOrder } from "./pos-orders.refund";
import {
  billOrder,
  createOrder,
  fireOrder,
  markPickedUp,
  payOrder,
  postOps,
  voidWholeOrder,
} from "./pos-orders.service";

/**
 * The POS order API (design 5.4 items 46-47): the register and the waiter's tablet change orders
 * (`POS` or `Table Order`); taking payment and refunds need `POS` (D13); Order View reads.
 */
const register = access.permission(perm("POS"), perm("Table Order"));
const till = access.permission(perm("POS"));
const readers = access.permission(perm("POS"), perm("Order View"), perm("Table Order"));
const pickup = access.permission(perm("POS"), perm("Order View"));
const doc = routeDoc("pos");
const answers = { 200: posOrderSchema, ...recordErrors };

/** The device named by the X-Device-Id header (a body's deviceId wins). */
const deviceOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers["x-device-id"];
  return typeof header === "string" && header.trim() !== "" ? header.trim().slice(0, 100) : undefined;
};

export function posOrderRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/pos/order",
      {
        config: { access: register },
        schema: doc(
          "Open an order in the counter's open session with the day's next token and apply its operations (a take-away sale ends with a pay operation); the same clientUuid again answers the same order and writes nothing",
          { body: posOrderCreateSchema, response: answers },
        ),
      },
      (request) => createOrder(ctxOf(deps, request), request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/ops",
      {
        config: { access: register },
        schema: doc(
          "Apply operations with the version the device last saw: stored opUuids are skipped; a stale version is accepted for added lines and for lines no one changed since, else 409 with the current order in details.order",
          { params: posOrderIdParams, body: posOpsInputSchema, response: answers },
        ),
      },
      (request) => postOps(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/fire",
      {
        config: { access: register },
        schema: doc("Send pending lines to the kitchen: the named lines, one course, or all (tickets per station)", {
          params: posOrderIdParams,
          body: posFireInputSchema,
          response: answers,
        }),
      },
      (request) => fireOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/bill",
      {
        config: { access: register },
        schema: doc("Mark the order billed (pre-bill printed); adding a line sends it back to open", {
          params: posOrderIdParams,
          body: posSimpleOpInputSchema,
          response: answers,
        }),
      },
      (request) => billOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/pay",
      {
        config: { access: till },
        schema: doc(
          "Take payment in one transaction: prices again from the menu, tax per tender, coupon, invoice number, stock through recipes; the payment's clientUuid makes a replay harmless",
          { params: posOrderIdParams, body: posPayInputSchema, response: answers },
        ),
      },
      (request) => payOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/void",
      {
        config: { access: register },
        schema: doc(
          "Void an open or billed order with a reason (a supervisor once a line was fired; waste moves for a waste reason)",
          {
            params: posOrderIdParams,
            body: posVoidInputSchema,
            response: answers,
          },
        ),
      },
      (request) => voidWholeOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/refund",
      {
        config: { access: till },
        schema: doc(
          "Refund lines of a paid order: a new refund order against them, the money out of an open session's method, direct items back to stock when ticked",
          { params: posOrderIdParams, body: posRefundInputSchema, response: answers },
        ),
      },
      (request) => refundOrder(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.post(
      "/pos/order/:id/picked_up",
      {
        config: { access: pickup },
        schema: doc("Mark a paid take-away order picked up (its kitchen state becomes served)", {
          params: posOrderIdParams,
          body: posSimpleOpInputSchema,
          response: answers,
        }),
      },
      (request) => markPickedUp(ctxOf(deps, request), request.params.id, request.body, deviceOf(request)),
    );
    app.get(
      "/pos/order",
      {
        config: { access: readers },
        schema: doc(
          "One business day's orders (the open day by default), filtered, newest first, paged on the server",
          {
            querystring: posOrderListQuerySchema,
            response: { 200: posOrderPageSchema, ...protectedErrors },
          },
        ),
      },
      (request) => listOrders(deps.db, request.query),
    );
    app.get(
      "/pos/order/:id",
      {
        config: { access: readers },
        schema: doc("One order with its lines, discounts, payments, voucher and operation log", {
          params: posOrderIdParams,
          response: { 200: posOrderDetailSchema, ...recordErrors },
        }),
      },
      (request) => readOrderDetail(deps.db, request.params.id),
    );
    app.get(
      "/pos/void_reason",
      {
        config: { access: readers },
        schema: doc("The active void reasons (waste reasons take the ingredients out of the Kitchen)", {
          response: { 200: voidReasonListSchema, ...protectedErrors },
        }),
      },
      () => listVoidReasons(deps.db),
    );
  };
}
