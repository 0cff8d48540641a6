import {
  barcodeAssignedSchema,
  barcodeAssignSchema,
  barcodeFiltersSchema,
  barcodeItemPageSchema,
  barcodeItemQuerySchema,
  errorBodySchema,
  labelsRequestSchema,
  perm,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { bearer, fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { barcodeFilters } from "./barcode.queries";
import { assignBarcodes, findBarcodeItems, labelsPdf, labelsTspl } from "./barcode.service";

/** Master Control > Barcode: every call of the screen. */
const gate = access.permission(perm("Master Control", "Barcode"));
const doc = <T extends object>(summary: string, extra: T) => ({ tags: ["menu"], summary, security: bearer, ...extra });

export function barcodeRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.get(
      "/inventory/barcode/items",
      {
        config: { access: gate },
        schema: doc("Menu variants (by category) or store products (by group) to label, with their barcodes", {
          querystring: barcodeItemQuerySchema,
          response: { 200: barcodeItemPageSchema, ...protectedErrors },
        }),
      },
      (request) => findBarcodeItems(ctxOf(deps, request), request.query),
    );
    app.get(
      "/inventory/barcode/filters",
      {
        config: { access: gate },
        schema: doc("The menu categories and store product groups the screen filters by", {
          response: { 200: barcodeFiltersSchema, ...protectedErrors },
        }),
      },
      () => barcodeFilters(deps.db),
    );
    app.post(
      "/inventory/barcode/assign",
      {
        config: { access: gate },
        schema: doc(
          "Give chosen items without a barcode an in-store EAN-13 (prefix 2, unique across variants and store products); existing codes are kept",
          {
            body: barcodeAssignSchema,
            response: { 200: barcodeAssignedSchema, ...protectedErrors, 409: errorBodySchema },
          },
        ),
      },
      (request) => assignBarcodes(ctxOf(deps, request), request.body),
    );
    app.post(
      "/inventory/barcode/labels.pdf",
      {
        config: { access: gate },
        schema: doc(
          "Labels as a PDF: 38x25 or 50x30 mm (a label a page) or A4 3x8 (24 a page); EAN-13 for valid EAN-13 codes, Code 128 otherwise; at most 2,000 copies",
          {
            body: labelsRequestSchema,
            response: { 200: fileAnswer("application/pdf", "The labels"), ...protectedErrors },
          },
        ),
      },
      async (request, reply) => {
        const pdf = await labelsPdf(ctxOf(deps, request), request.body);
        return reply.type("application/pdf").header("content-disposition", 'inline; filename="labels.pdf"').send(pdf);
      },
    );
    app.post(
      "/inventory/barcode/labels.tspl",
      {
        config: { access: gate },
        schema: doc(
          "The same labels as TSPL for a thermal label printer attached to the browser (USB or serial): 38x25 or 50x30 mm with a 2 mm gap, the printer drawing the text and bars; an A4 sheet is refused",
          {
            body: labelsRequestSchema,
            response: { 200: fileAnswer("application/octet-stream", "The TSPL job"), ...protectedErrors },
          },
        ),
      },
      async (request, reply) => {
        const tspl = await labelsTspl(ctxOf(deps, request), request.body);
        return reply
          .type("application/octet-stream")
          .header("content-disposition", 'attachment; filename="labels.tspl"')
          .send(tspl);
      },
    );
  };
}
