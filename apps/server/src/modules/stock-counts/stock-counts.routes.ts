import {
  errorBodySchema,
  issuanceFormatQuerySchema,
  perm,
  STOCK_COUNT_MESSAGES,
  stockCountCreateSchema,
  stockCountDetailSchema,
  stockCountListQuerySchema,
  stockCountListSchema,
  stockCountPostedSchema,
  stockCountUpdateSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { readMultipart, requireFile } from "../../lib/multipart";
import { documentHeaders, jsonOrFile, recordPdf } from "../../lib/record-document";
import { bearer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { countSheetDocument, countSheetXlsx } from "./stock-counts.documents";
import { findStockCount, findStockCounts } from "./stock-counts.queries";
import { createStockCount, postStockCount, updateStockCount } from "./stock-counts.service";
import { uploadCountSheet } from "./stock-counts.upload";

const canCount = access.permission(perm("Store", "Store Product", "Difference Report"));
const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["store"], summary, security: bearer, ...extra });

/** The Difference Report: physical counts against the book at a snapshot (design 5.1 item 3). */
export function stockCountRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const getOne = async (id: number) => {
      const found = await findStockCount(deps.db, id);
      if (!found) throw new AppError("NOT_FOUND", STOCK_COUNT_MESSAGES.notFound);
      return found;
    };

    app.post(
      "/inventory/stock_count",
      {
        config: { access: canCount },
        schema: doc("Load book quantities: a draft count with every active product's book quantity now", {
          body: stockCountCreateSchema,
          response: { 200: stockCountDetailSchema, ...errors },
        }),
      },
      async (request) => getOne((await createStockCount(ctxOf(deps, request), request.body)).id),
    );

    app.put(
      "/inventory/stock_count/:id",
      {
        config: { access: canCount },
        schema: doc("Record counted quantities and reasons on a draft (countedQty null clears a line)", {
          params: idParams,
          body: stockCountUpdateSchema,
          response: { 200: stockCountDetailSchema, ...errors },
        }),
      },
      async (request) => {
        await updateStockCount(ctxOf(deps, request), request.params.id, request.body);
        return getOne(request.params.id);
      },
    );

    app.post(
      "/inventory/stock_count/:id/sheet",
      {
        config: { access: canCount },
        schema: doc(
          "Fill a draft from its filled-in count sheet (multipart: file, XLSX or CSV; Code, Counted, Reason)",
          {
            params: idParams,
            consumes: ["multipart/form-data"],
            response: { 200: stockCountDetailSchema, ...errors },
          },
        ),
      },
      async (request) => {
        const { file } = await readMultipart(request, "file");
        await uploadCountSheet(ctxOf(deps, request), request.params.id, requireFile(file).buffer);
        return getOne(request.params.id);
      },
    );

    app.post(
      "/inventory/stock_count/:id/post",
      {
        config: { access: canCount },
        schema: doc("Post a count: counted minus book at the snapshot as count moves, one JV to Stock Adjustment", {
          params: idParams,
          response: { 200: stockCountPostedSchema, ...errors },
        }),
      },
      (request) => postStockCount(ctxOf(deps, request), request.params.id),
    );

    app.get(
      "/inventory/stock_count",
      {
        config: { access: canCount },
        schema: doc("Counts newest first; filters by dates, location, status", {
          querystring: stockCountListQuerySchema,
          response: { 200: stockCountListSchema, ...protectedErrors },
        }),
      },
      (request) => findStockCounts(deps.db, request.query),
    );

    app.get(
      "/inventory/stock_count/:id",
      {
        config: { access: canCount },
        schema: doc("One count with its lines; ?format=pdf (count sheet) or xlsx (to fill in and upload back)", {
          params: idParams,
          querystring: issuanceFormatQuerySchema,
          response: { 200: jsonOrFile(stockCountDetailSchema), ...errors },
        }),
      },
      async (request, reply) => {
        const count = await getOne(request.params.id);
        const format = request.query.format;
        if (format === "json") return count;
        const document = countSheetDocument(count);
        const file = format === "pdf" ? await recordPdf(deps.db, document) : await countSheetXlsx(count);
        const headers = documentHeaders(format, document.fileName);
        return reply.type(headers.type).header("content-disposition", headers.disposition).send(file);
      },
    );
  };
}
