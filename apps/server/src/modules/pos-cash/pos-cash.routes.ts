import {
  CASH_MOVE_MESSAGES,
  cashMoveInputSchema,
  cashMoveListQuerySchema,
  cashMoveListSchema,
  cashMoveSavedSchema,
  errorBodySchema,
  NO_SALE_MESSAGES,
  noSaleInputSchema,
  noSaleSavedSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { recordNoSale } from "./no-sale.service";
import { listCashMoves, recordCashMove } from "./pos-cash.service";

const doc = routeDoc("pos");
/** The till records them; Day Close and DayOpen Record read them for the expected cash. */
const canRead = access.permission(perm("POS"), perm("Setting", "Day Close"), perm("Setting", "DayOpen Record"));

export function posCashRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/pos/cash_moves",
      {
        config: { access: access.permission(perm("POS")) },
        schema: doc(
          "Record a pay-in, pay-out (to an expense account) or drop (to the safe, or a cash or bank account) in the counter's open session; the same clientUuid again answers the same row",
          { body: cashMoveInputSchema, response: { 200: cashMoveSavedSchema, ...recordErrors } },
        ),
      },
      async (request) => ({
        message: CASH_MOVE_MESSAGES.recorded,
        data: await recordCashMove(ctxOf(deps, request), request.body),
      }),
    );
    app.post(
      "/pos/no_sale",
      {
        config: { access: access.permission(perm("POS")) },
        schema: doc(
          "Record that the counter's cash drawer is opened without a sale (the register's Open drawer), in the audit log with the open session; the same clientUuid again answers the same row",
          { body: noSaleInputSchema, response: { 200: noSaleSavedSchema, ...recordErrors } },
        ),
      },
      async (request) => ({
        message: NO_SALE_MESSAGES.recorded,
        data: await recordNoSale(ctxOf(deps, request), request.body),
      }),
    );
    app.get(
      "/pos/cash_moves",
      {
        config: { access: canRead },
        schema: doc("A counter session's cash moves, oldest first, with the total of each kind", {
          querystring: cashMoveListQuerySchema,
          response: { 200: cashMoveListSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      (request) => listCashMoves(ctxOf(deps, request), request.query),
    );
  };
}
