import {
  deviceTokenRequestSchema,
  deviceTokenSchema,
  heartbeatSchema,
  type PosOrder,
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
  syncAnswerSchema,
  syncInputSchema,
  voidReasonListSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, type Ctx, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { type Access, access } from "../../plugins/access";
import { listOrders, listVoidReasons } from "./pos-orders.list";
import { readOrderDetail } from "./pos-orders.read";
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
import { claimDeviceToken, heartbeat, syncOrders } from "./pos-orders.sync";

const okSchema = z.object({ ok: z.literal(true) });

/**
 * The POS order API (design 5.4 items 46-47): the register and the waiter's tablet change orders
 * (`POS` or `Table Order`); taking payment and refunds need `POS` (D13); Order View reads.
 */
const register = access.permission(perm("POS"), perm("Table Order"));
const till = access.permission(perm("POS"));
/** Taking payment, signed in or with the register's device token (design 6.7). */
const device = access.device(perm("POS"));
const readers = access.permission(perm("POS"), perm("Order View"), perm("Table Order"));
const pickup = access.permission(perm("POS"), perm("Order View"));
const doc = routeDoc("pos");
const answers = { 200: posOrderSchema, ...recordErrors };

/** The device named by the X-Device-Id header (a body's deviceId wins). */
const deviceOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers["x-device-id"];
  return typeof header === "string" && header.trim() !== "" ? header.trim().slice(0, 100) : undefined;
};

/** An action on one order: `POST /pos/order/{id}/<action>` with its body, answering the whole order. */
function orderAction<Body extends z.ZodType>(
  app: FastifyInstance,
  deps: AppDeps,
  action: string,
  gate: Access,
  summary: string,
  body: Body,
  run: (ctx: Ctx, id: number, input: z.output<Body>, device: string | undefined) => Promise<PosOrder>,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    `/pos/order/:id/${action}`,
    { config: { access: gate }, schema: doc(summary, { params: posOrderIdParams, body, response: answers }) },
    // Fastify has checked the body against `body` (as the CRUD helper reads its bodies).
    (request) => run(ctxOf(deps, request), request.params.id, request.body as z.output<Body>, deviceOf(request)),
  );
}

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
    orderAction(
      root,
      deps,
      "ops",
      register,
      "Apply operations with the version the device last saw: stored opUuids are skipped; a stale version is accepted for added lines and for lines no one changed since, else 409 with the current order in details.order",
      posOpsInputSchema,
      postOps,
    );
    orderAction(
      root,
      deps,
      "fire",
      register,
      "Send pending lines to the kitchen: the named lines, one course, or all (tickets per station)",
      posFireInputSchema,
      fireOrder,
    );
    orderAction(
      root,
      deps,
      "bill",
      register,
      "Mark the order billed (pre-bill printed); adding a line sends it back to open",
      posSimpleOpInputSchema,
      billOrder,
    );
    orderAction(
      root,
      deps,
      "pay",
      till,
      "Take payment in one transaction: prices again from the menu, tax per tender, coupon, invoice number, stock through recipes; the payment's clientUuid makes a replay harmless",
      posPayInputSchema,
      payOrder,
    );
    orderAction(
      root,
      deps,
      "void",
      register,
      "Void an open or billed order with a reason (a supervisor once a line was fired; waste moves for a waste reason)",
      posVoidInputSchema,
      voidWholeOrder,
    );
    orderAction(
      root,
      deps,
      "refund",
      till,
      "Refund lines of a paid order: a new refund order against them, the money out of an open session's method, direct items back to stock when ticked",
      posRefundInputSchema,
      refundOrder,
    );
    orderAction(
      root,
      deps,
      "picked_up",
      pickup,
      "Mark a paid take-away order picked up (its kitchen state becomes served)",
      posSimpleOpInputSchema,
      markPickedUp,
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
    app.post(
      "/pos/device_token",
      {
        config: { access: till },
        schema: doc(
          "The register's device token for its counter's open session (valid until the session closes plus 24 h; only its hash is kept), with the counter's last invoice number for numbering offline sales",
          { body: deviceTokenRequestSchema, response: { 200: deviceTokenSchema, ...recordErrors } },
        ),
      },
      (request) => claimDeviceToken(ctxOf(deps, request), request.body, deviceOf(request)),
    );
    app.post(
      "/pos/heartbeat",
      {
        config: { access: device },
        schema: doc("The register is alive, with the orders waiting in its outbox (send X-Device-Token)", {
          body: heartbeatSchema,
          response: { 200: okSchema, ...protectedErrors },
        }),
      },
      (request) => heartbeat(ctxOf(deps, request), request.device, request.body),
    );
    app.post(
      "/pos/sync",
      {
        config: { access: device },
        schema: doc(
          "Orders made offline, each in its own transaction with the invoice number the device issued (it must be the counter's next); a known clientUuid answers its first result; an order whose session closed goes to the counter's rescue session in the open day, flagged late. Signed in, or with the register's X-Device-Token",
          { body: syncInputSchema, response: { 200: syncAnswerSchema, ...protectedErrors } },
        ),
      },
      (request) => syncOrders(ctxOf(deps, request), request.body, request.device, deviceOf(request)),
    );
  };
}
