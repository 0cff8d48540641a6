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
  errorBodySchema,
  messageAnswerSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addDeal, deleteDeal, findDeals, findVariants, getDeal, updateDeal } from "./deals.service";

/** Master Control > Deal keeps the deals; the POS and Table Order read them, as they read the menu. */
const write = access.permission(perm("Master Control", "Deal"));
const read = access.permission(perm("Master Control", "Deal"), perm("POS"), perm("Table Order"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function dealRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/deal",
      {
        config: { access: read },
        schema: doc("Deals by name, each with its allocation preview", {
          querystring: dealListQuerySchema,
          response: { 200: dealPageSchema, ...protectedErrors },
        }),
      },
      (request) => findDeals(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/deal/variants",
      {
        config: { access: write },
        schema: doc("Variants a deal may offer (active, of active products on the POS), by label, code or barcode", {
          querystring: dealVariantQuerySchema,
          response: { 200: dealVariantListSchema, ...protectedErrors },
        }),
      },
      (request) => findVariants(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/deal/:id",
      {
        config: { access: read },
        schema: doc("One deal with its fixed lines, choice groups and allocation preview", {
          params: dealIdParams,
          response: { 200: dealSchema, ...errors },
        }),
      },
      (request) => getDeal(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/deal",
      {
        config: { access: write },
        schema: doc("Add a deal (code D-0001 style when blank)", {
          body: dealInputSchema,
          response: { 200: dealSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: DEAL_MESSAGES.added,
        data: await addDeal(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/deal/:id",
      {
        config: { access: write },
        schema: doc("Change a deal; its components are replaced by those given", {
          params: dealIdParams,
          body: dealInputSchema,
          response: { 200: dealSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: DEAL_MESSAGES.updated,
        data: await updateDeal(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/deal/:id",
      {
        config: { access: write },
        schema: doc("Delete a deal (409 once orders use it: deactivate it instead)", {
          params: dealIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteDeal(ctxOf(deps, request), request.params.id);
        return { message: DEAL_MESSAGES.deleted };
      },
    );
  };
}
