import {
  CASH_MOVE_MESSAGES,
  cashMoveInputSchema,
  cashMoveListQuerySchema,
  cashMoveListSchema,
  cashMoveSavedSchema,
  errorBodySchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
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
