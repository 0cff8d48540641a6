import {
  errorBodySchema,
  FLOOR_MESSAGES,
  floorIdParams,
  floorListQuerySchema,
  hallInputSchema,
  hallListSchema,
  hallSavedSchema,
  hallSchema,
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
import { recordErrors as errors, registerCrudRoutes, routeDoc } from "../../lib/crud-routes";
import { readMultipart, requireFile } from "../../lib/multipart";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
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

const tag = "floor";
const doc = routeDoc(tag);

export function floorRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    registerCrudRoutes(app, deps, {
      path: "/inventory/hall",
      tag,
      idParams: floorIdParams,
      read: hallRead,
      edit: hallEdit,
      list: {
        summary: "Halls by sort, then name, with their table counts",
        query: floorListQuerySchema,
        response: hallListSchema,
        run: listHalls,
      },
      get: { summary: "One hall", response: hallSchema, run: getHall },
      body: hallInputSchema,
      saved: hallSavedSchema,
      add: {
        summary: "Add a hall (names are unique per outlet ignoring case)",
        message: FLOOR_MESSAGES.hallAdded,
        run: addHall,
      },
      update: { summary: "Change a hall", message: FLOOR_MESSAGES.hallUpdated, run: updateHall },
      remove: {
        summary: "Delete a hall without tables (else 409)",
        message: FLOOR_MESSAGES.hallDeleted,
        run: deleteHall,
      },
    });
    registerCrudRoutes(app, deps, {
      path: "/inventory/table",
      tag,
      idParams: floorIdParams,
      read: tableRead,
      edit: tableEdit,
      list: {
        summary: "Tables by hall, then name, with their floor positions",
        query: floorListQuerySchema,
        response: tableListSchema,
        run: listTables,
      },
      get: { summary: "One table", response: tableSchema, run: getTable },
      body: tableInputSchema,
      saved: tableSavedSchema,
      add: {
        summary: "Add a table to a hall (names are unique within the hall ignoring case)",
        message: FLOOR_MESSAGES.tableAdded,
        run: addTable,
      },
      update: { summary: "Change a table", message: FLOOR_MESSAGES.tableUpdated, run: updateTable },
      remove: { summary: "Delete a table", message: FLOOR_MESSAGES.tableDeleted, run: deleteTable },
    });

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
  };
}
