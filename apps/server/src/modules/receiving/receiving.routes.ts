import type { Readable } from "node:stream";
import {
  documentFormatQuerySchema,
  errorBodySchema,
  grnNumberParams,
  perm,
  receivingCreateSchema,
  receivingDetailSchema,
  receivingListQuerySchema,
  receivingOptionsSchema,
  receivingPageSchema,
  receivingProductQuerySchema,
  receivingProductSchema,
  receivingReportRequestSchema,
  receivingReportSchema,
  receivingReversedSchema,
  receivingSavedSchema,
} from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { XLSX_TYPE } from "../../lib/xlsx";
import { access } from "../../plugins/access";
import { grnPdf, grnXlsx } from "./receiving.documents";
import { findProductOptions } from "./receiving.lookups";
import { findReceivings } from "./receiving.queries";
import { getReceiving, getReceivingByNumber, receivingOptions } from "./receiving.read";
import { receivingReport, receivingReportPdf, receivingReportXlsx } from "./receiving.report";
import { reverseReceiving } from "./receiving.reverse";
import { createReceiving, postReceiving } from "./receiving.service";

const receiving = (sub: string) => perm("Store", "Receiving", sub);
const canAdd = access.permission(receiving("Receiving Add"));
/** The list reads one GRN; printing it from the list or Receiving Add is reading too. */
const canRead = access.permission(receiving("Receiving List"), receiving("Receiving Add"));
const canReportById = access.permission(receiving("Receiving Report With Id"));
const canReportByDates = access.permission(receiving("Receiving Report With Dates"));

const errors = { ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema };
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["store"], summary, security: bearer, ...extra });
const PDF = "application/pdf";
const documentAnswer = {
  description: "The document as PDF, or as XLSX with format=xlsx",
  content: { ...fileAnswer(PDF, "").content, ...fileAnswer(XLSX_TYPE, "").content },
};
const reportAnswer = {
  description: "The report as JSON, or as a PDF or XLSX file with format",
  content: { "application/json": { schema: receivingReportSchema }, ...documentAnswer.content },
};

function sendFile(reply: FastifyReply, file: Buffer | Readable, name: string, type: string) {
  return reply.type(type).header("content-disposition", `inline; filename="${name}"`).send(file);
}

export function receivingRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/receiving/options",
      {
        config: { access: canAdd },
        schema: doc("What Receiving Add offers: store locations, cash and bank accounts", {
          response: { 200: receivingOptionsSchema, ...protectedErrors },
        }),
      },
      () => receivingOptions(deps.db),
    );
    app.get(
      "/inventory/receiving/products",
      {
        config: { access: canAdd },
        schema: doc("Active store products matching a search (name, code, barcode) with the units each takes", {
          querystring: receivingProductQuerySchema,
          response: { 200: z.array(receivingProductSchema), ...protectedErrors },
        }),
      },
      (request) => findProductOptions(deps.db, request.query.search),
    );
    app.post(
      "/inventory/receiving",
      {
        config: { access: canAdd },
        schema: doc(
          "Save a GRN as a draft, or post it (post: true): number, stock moves and voucher in one transaction",
          {
            body: receivingCreateSchema,
            response: { 200: receivingSavedSchema, ...errors },
          },
        ),
      },
      (request) => createReceiving(ctxOf(deps, request), request.body),
    );
    app.post(
      "/inventory/receiving/:id/post",
      {
        config: { access: canAdd },
        schema: doc("Post a draft GRN", { params: idParams, response: { 200: receivingSavedSchema, ...errors } }),
      },
      (request) => postReceiving(ctxOf(deps, request), request.params.id),
    );
    app.post(
      "/inventory/receiving/:id/reverse",
      {
        config: { access: canAdd },
        schema: doc(
          "Reverse a posted GRN by mirror moves and a mirror voucher (409 STOCK_SHORT once the stock is used)",
          {
            params: idParams,
            response: { 200: receivingReversedSchema, ...errors },
          },
        ),
      },
      (request) => reverseReceiving(ctxOf(deps, request), request.params.id),
    );
    app.get(
      "/inventory/receiving",
      {
        config: { access: canRead },
        schema: doc("GRNs newest first, filtered by received date, vendor, status and payment", {
          querystring: receivingListQuerySchema,
          response: { 200: receivingPageSchema, ...protectedErrors },
        }),
      },
      (request) => findReceivings(deps.db, request.query),
    );
    app.get(
      "/inventory/receiving/:id",
      {
        config: { access: canRead },
        schema: doc("One GRN with its lines and charges", {
          params: idParams,
          response: { 200: receivingDetailSchema, ...errors },
        }),
      },
      (request) => getReceiving(deps.db, request.params.id),
    );
    app.get(
      "/inventory/receiving/:id/grn.pdf",
      {
        config: { access: canRead },
        schema: doc("The GRN as a PDF", { params: idParams, response: { 200: fileAnswer(PDF, "The GRN"), ...errors } }),
      },
      async (request, reply) => {
        const grn = await getReceiving(deps.db, request.params.id);
        return sendFile(reply, await grnPdf(deps.db, grn), `${grn.number ?? `GRN-DRAFT-${grn.id}`}.pdf`, PDF);
      },
    );
    app.get(
      "/inventory/receiving/by_number/:number",
      {
        config: { access: canReportById },
        schema: doc("Receiving Report With Id: a GRN by its number as PDF or XLSX", {
          params: grnNumberParams,
          querystring: documentFormatQuerySchema,
          response: { 200: documentAnswer, ...errors },
        }),
      },
      async (request, reply) => {
        const grn = await getReceivingByNumber(deps.db, request.params.number);
        const name = grn.number ?? `GRN-${grn.id}`;
        return request.query.format === "xlsx"
          ? sendFile(reply, await grnXlsx(grn), `${name}.xlsx`, XLSX_TYPE)
          : sendFile(reply, await grnPdf(deps.db, grn), `${name}.pdf`, PDF);
      },
    );
    app.post(
      "/inventory/receiving/report",
      {
        config: { access: canReportByDates },
        schema: doc("Receiving Report With Dates: by vendor, then product, with GRN subtotals; JSON, PDF or XLSX", {
          body: receivingReportRequestSchema,
          response: { 200: reportAnswer, ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const report = await receivingReport(deps.db, request.body);
        const name = `receiving-${report.startDate}-${report.endDate}`;
        if (request.body.format === "pdf")
          return sendFile(reply, await receivingReportPdf(deps.db, report), `${name}.pdf`, PDF);
        if (request.body.format === "xlsx")
          return sendFile(reply, await receivingReportXlsx(report), `${name}.xlsx`, XLSX_TYPE);
        return report;
      },
    );
  };
}
