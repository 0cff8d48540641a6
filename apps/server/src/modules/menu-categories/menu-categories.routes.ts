import {
  CATEGORY_MESSAGES,
  categoryIdParams,
  categoryInputSchema,
  categoryListQuerySchema,
  categoryListSchema,
  categorySavedSchema,
  categorySchema,
  categorySortSchema,
  errorBodySchema,
  messageAnswerSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import {
  addCategory,
  deleteCategory,
  getCategory,
  listCategories,
  sortCategories,
  updateCategory,
} from "./menu-categories.service";

/** Master Control > Menu keeps the categories; products, deals, the POS and Table Order read them. */
const canEdit = access.permission(perm("Master Control", "Menu"));
const canRead = access.permission(
  perm("Master Control", "Menu"),
  perm("Master Control", "Product"),
  perm("Master Control", "Deal"),
  perm("POS"),
  perm("Table Order"),
);

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function menuCategoryRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/category",
      {
        config: { access: canRead },
        schema: doc("The category tree in display order, with product and sub-category counts", {
          querystring: categoryListQuerySchema,
          response: { 200: categoryListSchema, ...protectedErrors },
        }),
      },
      (request) => listCategories(ctxOf(deps, request), request.query),
    );
    app.put(
      "/inventory/category/sort",
      {
        config: { access: canEdit },
        schema: doc("Order the categories of one parent: ids names every sibling once, first shown first", {
          body: categorySortSchema,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await sortCategories(ctxOf(deps, request), request.body);
        return { message: CATEGORY_MESSAGES.sorted };
      },
    );
    app.get(
      "/inventory/category/:id",
      {
        config: { access: canRead },
        schema: doc("One category", { params: categoryIdParams, response: { 200: categorySchema, ...errors } }),
      },
      (request) => getCategory(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/category",
      {
        config: { access: canEdit },
        schema: doc("Add a category (a parent makes it a sub-category; two levels at most)", {
          body: categoryInputSchema,
          response: { 200: categorySavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: CATEGORY_MESSAGES.added,
        data: await addCategory(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/category/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a category", {
          params: categoryIdParams,
          body: categoryInputSchema,
          response: { 200: categorySavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: CATEGORY_MESSAGES.updated,
        data: await updateCategory(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/category/:id",
      {
        config: { access: canEdit },
        schema: doc("Delete a category with no products, deals or sub-categories (else 409: deactivate it)", {
          params: categoryIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteCategory(ctxOf(deps, request), request.params.id);
        return { message: CATEGORY_MESSAGES.deleted };
      },
    );
  };
}
