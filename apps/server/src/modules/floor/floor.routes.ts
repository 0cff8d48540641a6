import {
  errorBodySchema,
  FLOOR_MESSAGES,
  floorIdParams,
  floorListQuerySchema,
  hallInputSchema,
  hallListSchema,
  hallSavedSchema,
  hallSchema,
  messageAnswerSchema,
  perm,
  TABLE_UPLOAD_COLUMNS,
  tableCheckSchema,
  tableInputSchema,
  tableLayoutSavedSchema,
  tableLayoutSchema,
  tableListSchema,
  tableSavedSchema,
  tableSchema,
  tableUploadedSchema,
  tableUploadQuerySchema,
} from "@cargodesk/shared";
import bwipjs from "bwip-js/node";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { readMultipart, requireFile } from "../../lib/multipart";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { readTableSheet, tableTemplateXlsx, uploadTables } from "./floor.upload";
import { addHall, deleteHall, getHall, listHalls, updateHall } from "./halls.service";
import { addTable, deleteTable, getTable, listTables, saveLayout, tableQrUrl, updateTable } from "./tables.service";

/** Master Control > Hall and > Table keep the floor; the POS and Table Order read it. */
const readers = [perm("POS"), perm("Table Order")];
const hallEdit = access.permission(perm("Master Control", "Hall"));
const hallRead = access.permission(perm("Master Control", "Hall"), perm("Master Control", "Table"), ...readers);
const tableEdit = access.permission(perm("Master Control", "Table"));
const tableRead = access.permission(perm("Master Control", "Table"), ...readers);

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["floor"], summary, security: bearer, ...extra });

export function floorRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/hall",
      {
        config: { access: hallRead },
        schema: doc("Halls by sort, then name, with their table counts", {
          querystring: floorListQuerySchema,
          response: { 200: hallListSchema, ...protectedErrors },
        }),
      },
      (request) => listHalls(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/hall/:id",
      {
        config: { access: hallRead },
        schema: doc("One hall", { params: floorIdParams, response: { 200: hallSchema, ...errors } }),
      },
      (request) => getHall(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/hall",
      {
        config: { access: hallEdit },
        schema: doc("Add a hall (names are unique per outlet ignoring case)", {
          body: hallInputSchema,
          response: { 200: hallSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: FLOOR_MESSAGES.hallAdded,
        data: await addHall(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/hall/:id",
      {
        config: { access: hallEdit },
        schema: doc("Change a hall", {
          params: floorIdParams,
          body: hallInputSchema,
          response: { 200: hallSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: FLOOR_MESSAGES.hallUpdated,
        data: await updateHall(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/hall/:id",
      {
        config: { access: hallEdit },
        schema: doc("Delete a hall without tables (else 409)", {
          params: floorIdParams,
          response: { 200: messageAnswerSchema, ...errors },
        }),
      },
      async (request) => {
        await deleteHall(ctxOf(deps, request), request.params.id);
        return { message: FLOOR_MESSAGES.hallDeleted };
      },
    );

    app.get(
      "/inventory/table",
      {
        config: { access: tableRead },
        schema: doc("Tables by hall, then name, with their floor positions", {
          querystring: floorListQuerySchema,
          response: { 200: tableListSchema, ...protectedErrors },
        }),
      },
      (request) => listTables(ctxOf(deps, request), request.query),
    );
    app.put(
      "/inventory/table/layout",
      {
        config: { access: tableEdit },
        schema: doc("Store the floor positions of many tables at once (all or nothing)", {
          body: tableLayoutSchema,
          response: { 200: tableLayoutSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: FLOOR_MESSAGES.layoutSaved,
        updated: await saveLayout(ctxOf(deps, request), request.body),
      }),
    );
    app.get(
      "/inventory/table/template.xlsx",
      {
        config: { access: tableEdit },
        schema: doc(`The table upload template: columns ${TABLE_UPLOAD_COLUMNS.join(", ")}`, {
          produces: [XLSX_TYPE],
          response: { 200: fileAnswer(XLSX_TYPE, "The upload template as an XLSX workbook"), ...protectedErrors },
        }),
      },
      async (_request, reply) =>
        reply
          .type(XLSX_TYPE)
          .header("content-disposition", 'attachment; filename="tables-template.xlsx"')
          .send(await tableTemplateXlsx()),
    );
    app.post(
      "/inventory/table/upload",
      {
        config: { access: tableEdit },
        schema: doc(
          "Upload tables (multipart, field file: CSV or XLSX with hall, name, seats, shape; up to 2,000 rows). dryRun=1: every row with its errors, nothing written; otherwise all or nothing",
          {
            consumes: ["multipart/form-data"],
            querystring: tableUploadQuerySchema,
            response: { 200: tableCheckSchema.or(tableUploadedSchema), ...errors },
          },
        ),
      },
      async (request) => {
        const { file } = await readMultipart(request, "file");
        const rows = await readTableSheet(requireFile(file).buffer);
        return uploadTables(ctxOf(deps, request), rows, request.query.dryRun);
      },
    );
    app.get(
      "/inventory/table/:id",
      {
        config: { access: tableRead },
        schema: doc("One table", { params: floorIdParams, response: { 200: tableSchema, ...errors } }),
      },
      (request) => getTable(ctxOf(deps, request), request.params.id),
    );
    app.get(
      "/inventory/table/:id/qr.png",
      {
        config: { access: tableRead },
        schema: doc("The table's QR code (PNG) for its card: the table's self-ordering address", {
          params: floorIdParams,
          response: { 200: fileAnswer("image/png", "The QR code"), ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request, reply) => {
        const table = await getTable(ctxOf(deps, request), request.params.id);
        const png = await bwipjs.toBuffer({
          bcid: "qrcode",
          text: tableQrUrl(deps.config.PUBLIC_URL, table.qrToken),
          scale: 8,
        });
        return reply
          .type("image/png")
          .header("content-disposition", `inline; filename="table-${table.id}-qr.png"`)
          .send(png);
      },
    );
    app.post(
      "/inventory/table",
      {
        config: { access: tableEdit },
        schema: doc("Add a table to a hall (names are unique within the hall ignoring case)", {
          body: tableInputSchema,
          response: { 200: tableSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: FLOOR_MESSAGES.tableAdded,
        data: await addTable(ctxOf(deps, request), request.body),
      }),
    );
    app.put(
      "/inventory/table/:id",
      {
        config: { access: tableEdit },
        schema: doc("Change a table", {
          params: floorIdParams,
          body: tableInputSchema,
          response: { 200: tableSavedSchema, ...errors },
        }),
      },
      async (request) => ({
        message: FLOOR_MESSAGES.tableUpdated,
        data: await updateTable(ctxOf(deps, request), request.params.id, request.body),
      }),
    );
    app.delete(
      "/inventory/table/:id",
      {
        config: { access: tableEdit },
        schema: doc("Delete a table", { params: floorIdParams, response: { 200: messageAnswerSchema, ...errors } }),
      },
      async (request) => {
        await deleteTable(ctxOf(deps, request), request.params.id);
        return { message: FLOOR_MESSAGES.tableDeleted };
      },
    );
  };
}
