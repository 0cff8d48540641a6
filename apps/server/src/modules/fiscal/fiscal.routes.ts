import { fiscalStatusSchema, perm } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { fiscalStatus } from "./fiscal.service";

const doc = routeDoc("pos");

/** Who sees the outlet's settings sees how its invoices reach the tax authority. */
const read = access.permission(perm("Setting", "Restaurant", "List Restaurant"));

export function fiscalRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/pos/fiscal/status",
      {
        config: { access: read },
        schema: doc(
          "The fiscal reporting queue (FISCAL_ADAPTER): invoices pending, reported and failed, when the oldest pending one was queued, and the latest error",
          { response: { 200: fiscalStatusSchema, ...protectedErrors } },
        ),
      },
      (request) => fiscalStatus(ctxOf(deps, request)),
    );
  };
}
