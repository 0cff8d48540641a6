import {
  errorBodySchema,
  messageAnswerSchema,
  perm,
  STORE_PRODUCT_COLUMNS,
  storeProductCheckSchema,
  storeProductCreateSchema,
  storeProductGroupsSchema,
  storeProductListQuerySchema,
  storeProductPageSchema,
  storeProductRowSchema,
  storeProductSavedSchema,
  storeProductUpdateSchema,
  storeProductUploadedSchema,
  storeProductUploadQuerySchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { readMultipart, requireFile } from "../../lib/multipart";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import {
  addStoreProduct,
  allStoreProducts,
  deleteStoreProduct,
  findGroups,
  getStoreProduct,
  listStoreProducts,
  updateStoreProduct,
  uploadStoreProducts,
} from "./store-products.service";
import { exportXlsx, readUpload, templateXlsx } from "./store-products.sheets";

const storeProduct = (sub: string) => perm("Store", "Store Product", sub);
/** Store Product Upload is the write permission: the upload screen, its Add one form and the list's Edit. */
const canWrite = access.permission(storeProduct("Store Product Upload"));
const canList = access.permission(storeProduct("Store Product List"));
/** The Edit dialog and the add form read one product and the groups. */
const canRead = access.permission(storeProduct("Store Product List"), storeProduct("Store Product Upload"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({
  tags: ["store products"],
  summary,
  security: bearer,
  ...extra,
});

/** Store > Store Product: upload with a dry run, add one, the list with stock and value, edit, delete, XLSX. */
export function storeProductRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const base = "/inventory/store_product";

    app.get(
      base,
      {
        config: { access: canList },
        schema: doc("Store products by name with on hand in Store and Kitchen, average cost, value and reorder flag", {
          querystring: storeProductListQuerySchema,
          response: { 200: storeProductPageSchema, ...protectedErrors },
        }),
      },
      (request) => listStoreProducts(ctxOf(deps, request), request.query),
    );

    app.get(
      `${base}/export.xlsx`,
      {
        config: { access: canList },
        schema: doc("Every store product the filter matches, as XLSX", {
          querystring: storeProductListQuerySchema.omit({ size: true, page: true }),
          produces: [XLSX_TYPE],
          response: { 200: fileAnswer(XLSX_TYPE, "The store products as an XLSX workbook"), ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const rows = await allStoreProducts(ctxOf(deps, request), request.query);
        const today = todayIn(deps.config.APP_TZ);
        return reply
          .type(XLSX_TYPE)
          .header("content-disposition", `attachment; filename="store-products-${today}.xlsx"`)
          .send(await exportXlsx(rows, today));
      },
    );

    app.get(
      `${base}/template.xlsx`,
      {
        config: { access: canWrite },
        schema: doc(`The upload template: columns ${STORE_PRODUCT_COLUMNS.join(", ")}`, {
          produces: [XLSX_TYPE],
          response: { 200: fileAnswer(XLSX_TYPE, "The upload template as an XLSX workbook"), ...protectedErrors },
        }),
      },
      async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header("content-disposition", 'attachment; filename="store-products-template.xlsx"')
          .send(await templateXlsx()),
    );

    app.get(
      `${base}/groups`,
      {
        config: { access: canRead },
        schema: doc("The product groups in use", { response: { 200: storeProductGroupsSchema, ...protectedErrors } }),
      },
      () => findGroups(deps.db),
    );

    app.post(
      `${base}/upload`,
      {
        config: { access: canWrite },
        schema: doc(
          "Upload store products (multipart, field file: CSV or XLSX, up to 5,000 rows). dryRun=1: every row with its errors, nothing written; otherwise all or nothing, one opening JV",
          {
            consumes: ["multipart/form-data"],
            querystring: storeProductUploadQuerySchema,
            response: { 200: storeProductCheckSchema.or(storeProductUploadedSchema), ...errors },
          },
        ),
      },
      async (request) => {
        const { file } = await readMultipart(request, "file");
        const candidates = await readUpload(deps.db, requireFile(file).buffer);
        return uploadStoreProducts(ctxOf(deps, request), candidates, request.query.dryRun === true);
      },
    );

    app.post(
      base,
      {
        config: { access: canWrite },
        schema: doc("Add one store product; an opening quantity goes into the Store with its own opening JV", {
          body: storeProductCreateSchema,
          response: { 200: storeProductSavedSchema, ...errors },
        }),
      },
      (request) => addStoreProduct(ctxOf(deps, request), request.body),
    );

    app.get(
      `${base}/:id`,
      {
        config: { access: canRead },
        schema: doc("One store product with its stock", {
          params: idParams,
          response: { 200: storeProductRowSchema, ...errors },
        }),
      },
      (request) => getStoreProduct(deps.db, request.params.id),
    );

    app.put(
      `${base}/:id`,
      {
        config: { access: canWrite },
        schema: doc("Change a store product (409 when the stock unit changes after moves); active false deactivates", {
          params: idParams,
          body: storeProductUpdateSchema,
          response: { 200: storeProductSavedSchema, ...errors },
        }),
      },
      (request) => updateStoreProduct(ctxOf(deps, request), request.params.id, request.body),
    );

    app.delete(
      `${base}/:id`,
      {
        config: { access: canWrite },
        schema: doc("Delete a store product nothing refers to (409 STORE_PRODUCT_HAS_MOVES otherwise: deactivate it)", {
          params: idParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      (request) => deleteStoreProduct(ctxOf(deps, request), request.params.id),
    );
  };
}
