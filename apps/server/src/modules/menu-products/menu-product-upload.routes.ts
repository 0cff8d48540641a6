import {
  errorBodySchema,
  PRODUCT_UPLOAD_COLUMNS,
  perm,
  productLookupsSchema,
  productStoreOptionsQuerySchema,
  productStoreOptionsSchema,
  productUploadCheckSchema,
  productUploadedSchema,
  productUploadQuerySchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { readMultipart, requireFile } from "../../lib/multipart";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { productLookups, storeProductOptions } from "./menu-products.lookups";
import { productTemplateXlsx, readProductSheet, uploadProducts } from "./menu-products.upload";

/** Master Control > Product: Product Upload takes sheets; the pickers serve whoever edits or lists products. */
const product = (sub: string) => perm("Master Control", "Product", sub);
const upload = access.permission(product("Product Upload"));
const pickers = access.permission(product("Product Add"), product("Product List"), product("Product Upload"));
const editor = access.permission(product("Product Add"));

const errors = { ...protectedErrors, 409: errorBodySchema, 413: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function menuProductUploadRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/product/lookups",
      {
        config: { access: pickers },
        schema: doc("Active tax classes and kitchen stations a product may name", {
          response: { 200: productLookupsSchema, ...protectedErrors },
        }),
      },
      (request) => productLookups(ctxOf(deps, request)),
    );
    app.get(
      "/inventory/product/store_products",
      {
        config: { access: editor },
        schema: doc("Up to 20 active store products by code or name (plus the ids asked for), for direct tracking", {
          querystring: productStoreOptionsQuerySchema,
          response: { 200: productStoreOptionsSchema, ...protectedErrors },
        }),
      },
      (request) => storeProductOptions(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/product/template.xlsx",
      {
        config: { access: upload },
        schema: doc(`The product upload template: columns ${PRODUCT_UPLOAD_COLUMNS.join(", ")}`, {
          produces: [XLSX_TYPE],
          response: { 200: fileAnswer(XLSX_TYPE, "The upload template as an XLSX workbook"), ...protectedErrors },
        }),
      },
      async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header("content-disposition", 'attachment; filename="products-template.xlsx"')
          .send(await productTemplateXlsx()),
    );
    app.post(
      "/inventory/product/upload",
      {
        config: { access: upload },
        schema: doc(
          "Upload products (multipart, field file: CSV or XLSX, one row per variant, grouped by product code; up to 2,000 rows). dryRun=1: every row with its errors, nothing written; otherwise all or nothing",
          {
            consumes: ["multipart/form-data"],
            querystring: productUploadQuerySchema,
            response: { 200: productUploadCheckSchema.or(productUploadedSchema), ...errors },
          },
        ),
      },
      async (request) => {
        const { file } = await readMultipart(request, "file");
        const rows = await readProductSheet(requireFile(file).buffer);
        return uploadProducts(ctxOf(deps, request), rows, request.query.dryRun);
      },
    );
  };
}
