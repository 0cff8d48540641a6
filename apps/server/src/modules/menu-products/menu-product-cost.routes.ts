import { errorBodySchema, perm, productCostSchema, productIdParams } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { productCost } from "./menu-products.costs";

/** The product screens and Master Control > Recipe read a product's recipe costs. */
const read = access.permission(
  perm("Master Control", "Product", "Product List"),
  perm("Master Control", "Product", "Product Add"),
  perm("Master Control", "Recipe"),
);

export function menuProductCostRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    root.withTypeProvider<ZodTypeProvider>().get(
      "/inventory/product/:id/cost",
      {
        config: { access: read },
        schema: {
          tags: ["menu"],
          summary: "Each active variant's recipe cost per portion and food-cost % at the current Kitchen average",
          security: bearer,
          params: productIdParams,
          response: { 200: productCostSchema, ...protectedErrors, 404: errorBodySchema },
        },
      },
      (request) => productCost(deps.db, request.params.id),
    );
  };
}
