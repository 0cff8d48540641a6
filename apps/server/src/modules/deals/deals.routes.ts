import {
  DEAL_MESSAGES,
  dealIdParams,
  dealInputSchema,
  dealListQuerySchema,
  dealPageSchema,
  dealSavedSchema,
  dealSchema,
  dealVariantListSchema,
  dealVariantQuerySchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { registerCrudRoutes, routeDoc } from "../../lib/crud-routes";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addDeal, deleteDeal, findDeals, findVariants, getDeal, updateDeal } from "./deals.service";

/** Master Control > Deal keeps the deals; the POS and Table Order read them, as they read the menu. */
const edit = access.permission(perm("Master Control", "Deal"));
const read = access.permission(perm("Master Control", "Deal"), perm("POS"), perm("Table Order"));
const doc = routeDoc("menu");

export function dealRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/inventory/deal/variants",
      {
        config: { access: edit },
        schema: doc("Variants a deal may offer (active, of active products on the POS), by label, code or barcode", {
          querystring: dealVariantQuerySchema,
          response: { 200: dealVariantListSchema, ...protectedErrors },
        }),
      },
      (request) => findVariants(ctxOf(deps, request), request.query),
    );
    registerCrudRoutes(root, deps, {
      path: "/inventory/deal",
      tag: "menu",
      idParams: dealIdParams,
      read,
      edit,
      list: {
        summary: "Deals by name, each with its allocation preview",
        query: dealListQuerySchema,
        response: dealPageSchema,
        run: findDeals,
      },
      get: {
        summary: "One deal with its fixed lines, choice groups and allocation preview",
        response: dealSchema,
        run: getDeal,
      },
      body: dealInputSchema,
      saved: dealSavedSchema,
      add: { summary: "Add a deal (code D-0001 style when blank)", message: DEAL_MESSAGES.added, run: addDeal },
      update: {
        summary: "Change a deal; its components are replaced by those given",
        message: DEAL_MESSAGES.updated,
        run: updateDeal,
      },
      remove: {
        summary: "Delete a deal (409 once orders use it: deactivate it instead)",
        message: DEAL_MESSAGES.deleted,
        run: deleteDeal,
      },
    });
  };
}
