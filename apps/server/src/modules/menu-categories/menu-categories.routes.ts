import {
  CATEGORY_MESSAGES,
  categoryIdParams,
  categoryInputSchema,
  categoryListQuerySchema,
  categoryListSchema,
  categorySavedSchema,
  categorySchema,
  categorySortSchema,
  messageAnswerSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors as errors, registerCrudRoutes, routeDoc } from "../../lib/crud-routes";
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

const tag = "menu";
const doc = routeDoc(tag);

export function menuCategoryRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

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
    registerCrudRoutes(app, deps, {
      path: "/inventory/category",
      tag,
      idParams: categoryIdParams,
      read: canRead,
      edit: canEdit,
      list: {
        summary: "The category tree in display order, with product and sub-category counts",
        query: categoryListQuerySchema,
        response: categoryListSchema,
        run: listCategories,
      },
      get: { summary: "One category", response: categorySchema, run: getCategory },
      body: categoryInputSchema,
      saved: categorySavedSchema,
      add: {
        summary: "Add a category (a parent makes it a sub-category; two levels at most)",
        message: CATEGORY_MESSAGES.added,
        run: addCategory,
      },
      update: { summary: "Change a category", message: CATEGORY_MESSAGES.updated, run: updateCategory },
      remove: {
        summary: "Delete a category with no products, deals or sub-categories (else 409: deactivate it)",
        message: CATEGORY_MESSAGES.deleted,
        run: deleteCategory,
      },
    });
  };
}
