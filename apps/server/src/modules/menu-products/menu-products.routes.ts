import {
  errorBodySchema,
  PRODUCT_MESSAGES,
  perm,
  productIdParams,
  productInputSchema,
  productListQuerySchema,
  productPageSchema,
  productSavedSchema,
  productSchema,
  productSoldOutSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { addProduct, findProducts, getProduct, setSoldOut, updateProduct } from "./menu-products.service";

/** Master Control > Product: Product Add writes; Product List reads, and so do the POS and Table Order. */
const product = (sub: string) => perm("Master Control", "Product", sub);
const write = access.permission(product("Product Add"));
const read = access.permission(product("Product List"), product("Product Add"), perm("POS"), perm("Table Order"));
/** Marking sold out is a list action. */
const soldOut = access.permission(product("Product List"), product("Product Add"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function menuProductRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/product",
      {
        config: { access: read },
        schema: doc("Products by name with category, active variants, price range and state", {
          querystring: productListQuerySchema,
          response: { 200: productPageSchema, ...protectedErrors },
        }),
      },
      (request) => findProducts(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/product/:id",
      {
        config: { access: read },
        schema: doc("One product with its size x flavour variants", {
          params: productIdParams,
          response: { 200: productSchema, ...errors },
        }),
      },
      (request) => getProduct(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/product",
      {
        config: { access: write },
        schema: doc("Add a product with its variant grid (code P-0001 style when blank)", {
          body: productInputSchema,
          response: { 200: productSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: PRODUCT_MESSAGES.added,
        data: await addProduct(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/product/:id",
      {
        config: { access: write },
        schema: doc("Change a product; variants matched by size and flavour, those left out deactivated", {
          params: productIdParams,
          body: productInputSchema,
          response: { 200: productSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: PRODUCT_MESSAGES.updated,
        data: await updateProduct(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.put(
      "/inventory/product/:id/sold_out",
      {
        config: { access: soldOut },
        schema: doc("Mark a product sold out, or back on sale", {
          params: productIdParams,
          body: productSoldOutSchema,
          response: { 200: productSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: request.body.soldOut ? PRODUCT_MESSAGES.soldOut : PRODUCT_MESSAGES.backOn,
        data: await setSoldOut(ctxOf(deps, request), request.params.id, request.body.soldOut),
      }),
    );
  };
}
