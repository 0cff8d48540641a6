import {
  errorBodySchema,
  perm,
  RECIPE_MESSAGES,
  recipeCostingSchema,
  recipeExportQuerySchema,
  recipeIdParams,
  recipeIngredientsSchema,
  recipeInputSchema,
  recipeListQuerySchema,
  recipeMenuSchema,
  recipePageSchema,
  recipeSavedSchema,
  recipeSchema,
  recipeVariantParams,
  recipeVersionsSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { listRecipes, recipeIngredients, recipeMenu, recipeVersions } from "./recipes.queries";
import { addRecipe, getRecipe, recipeCosting, updateRecipe } from "./recipes.service";
import { recipeUsage, usageXlsx } from "./recipes.sheets";

/** Master Control > Recipe writes and reads; the product screens (Product List, Product Add) may read recipes and costs. */
const recipe = access.permission(perm("Master Control", "Recipe"));
const read = access.permission(
  perm("Master Control", "Recipe"),
  perm("Master Control", "Product", "Product List"),
  perm("Master Control", "Product", "Product Add"),
);

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function recipeRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const base = "/inventory/recipe";

    app.get(
      base,
      {
        config: { access: read },
        schema: doc(
          "Active variants with their current recipe, lines, cost, price and food-cost %; missing=1: recipe-tracked variants without one",
          { querystring: recipeListQuerySchema, response: { 200: recipePageSchema, ...protectedErrors } },
        ),
      },
      (request) => listRecipes(deps.db, request.query),
    );
    app.get(
      `${base}/export.xlsx`,
      {
        config: { access: read },
        schema: doc("The exploded recipes as XLSX: one row per ingredient of each item, with usage and cost", {
          querystring: recipeExportQuerySchema,
          produces: [XLSX_TYPE],
          response: { 200: fileAnswer(XLSX_TYPE, "Ingredient usage per item as an XLSX workbook"), ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const today = todayIn(deps.config.APP_TZ);
        const rows = await recipeUsage(deps.db, request.query.search);
        return reply
          .type(XLSX_TYPE)
          .header("content-disposition", `attachment; filename="recipes-${today}.xlsx"`)
          .send(await usageXlsx(rows, today));
      },
    );
    app.get(
      `${base}/menu`,
      {
        config: { access: recipe },
        schema: doc("Active products and variants to give recipes to, with their current versions", {
          response: { 200: recipeMenuSchema, ...protectedErrors },
        }),
      },
      () => recipeMenu(deps.db),
    );
    app.get(
      `${base}/ingredients`,
      {
        config: { access: recipe },
        schema: doc("Active store products with stock unit, packs and Kitchen rate, for recipe lines", {
          response: { 200: recipeIngredientsSchema, ...protectedErrors },
        }),
      },
      () => recipeIngredients(deps.db),
    );
    app.get(
      `${base}/variant/:variantId`,
      {
        config: { access: read },
        schema: doc("Every version of a variant's recipe, newest first, with the date it took effect", {
          params: recipeVariantParams,
          response: { 200: recipeVersionsSchema, ...protectedErrors },
        }),
      },
      async (request) => ({
        variantId: request.params.variantId,
        versions: await recipeVersions(deps.db, request.params.variantId),
      }),
    );
    app.get(
      `${base}/:id`,
      {
        config: { access: read },
        schema: doc("One recipe version with its lines", {
          params: recipeIdParams,
          response: { 200: recipeSchema, ...errors },
        }),
      },
      (request) => getRecipe(ctxOf(deps, request), request.params.id),
    );
    app.get(
      `${base}/:id/costing`,
      {
        config: { access: read },
        schema: doc("A recipe's lines costed at the current Kitchen average, cost per portion and food-cost %", {
          params: recipeIdParams,
          response: { 200: recipeCostingSchema, ...errors },
        }),
      },
      (request) => recipeCosting(ctxOf(deps, request), request.params.id),
    );
    app.post(
      base,
      {
        config: { access: recipe },
        schema: doc("Add version 1 of a variant's recipe", {
          body: recipeInputSchema,
          response: { 200: recipeSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: RECIPE_MESSAGES.added,
        data: await addRecipe(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      `${base}/:id`,
      {
        config: { access: recipe },
        schema: doc("Save an edit of the current version as version n+1; version n is kept, inactive", {
          params: recipeIdParams,
          body: recipeInputSchema,
          response: { 200: recipeSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: RECIPE_MESSAGES.updated,
        data: await updateRecipe(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
  };
}
