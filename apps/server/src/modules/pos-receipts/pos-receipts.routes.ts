import {
  errorBodySchema,
  perm,
  printJobListSchema,
  printJobQuerySchema,
  RECEIPT_MESSAGES,
  receiptPrintAnswerSchema,
  receiptPrintInputSchema,
  receiptQuerySchema,
  receiptSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { type AppDeps, ctxOf } from "../../lib/context";
import { recordErrors, routeDoc } from "../../lib/crud-routes";
import { fileAnswer, idParams, protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { getReceipt, listPrintJobs, printReceipt } from "./pos-receipts.service";

const doc = routeDoc("pos");

/** The model as JSON, or the same receipt as ESC/POS bytes or a PDF (the answer's type follows ?format). */
const jsonOrFile = (json: z.ZodType) => ({
  description: "The receipt model (JSON), its ESC/POS bytes or its PDF",
  content: {
    "application/json": { schema: json },
    ...fileAnswer(["application/octet-stream", "application/pdf"], "The receipt as a file").content,
  },
});
/** The till prints receipts and bills, Order View reprints them, Table Order prints the bill. */
const canRead = access.permission(perm("POS"), perm("Order View"), perm("Table Order"));

export function posReceiptRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    app.get(
      "/pos/order/:id/receipt",
      {
        config: { access: canRead },
        schema: doc(
          "An order's receipt (a bill before payment): the model as JSON, ESC/POS bytes for the printer's width and codepage (?format=escpos&printerId), or an 80 mm PDF (?format=pdf); ?reprint=1 marks it COPY",
          {
            params: idParams,
            querystring: receiptQuerySchema,
            response: { 200: jsonOrFile(receiptSchema), ...protectedErrors, 404: errorBodySchema },
          },
        ),
      },
      async (request, reply) => {
        const answer = await getReceipt(ctxOf(deps, request), request.params.id, request.query);
        if (answer.format === "json") return answer.receipt;
        return reply
          .type(answer.format === "pdf" ? "application/pdf" : "application/octet-stream")
          .header(
            "content-disposition",
            `${answer.format === "pdf" ? "inline" : "attachment"}; filename="${answer.fileName}"`,
          )
          .send(answer.bytes);
      },
    );
    app.post(
      "/pos/order/:id/receipt/print",
      {
        config: { access: access.permission(perm("POS"), perm("Order View")) },
        schema: doc(
          "Print an order's receipt on a network printer (the counter's receipt printer unless printerId names another) through the print queue; a reprint is marked COPY",
          {
            params: idParams,
            body: receiptPrintInputSchema,
            response: { 200: receiptPrintAnswerSchema, ...recordErrors },
          },
        ),
      },
      async (request) => ({
        message: RECEIPT_MESSAGES.queued,
        ...(await printReceipt(ctxOf(deps, request), request.params.id, request.body)),
      }),
    );
    app.get(
      "/pos/print_job",
      {
        config: { access: access.permission(perm("POS")) },
        schema: doc("The print queue, newest first, and each network printer's state (ok, failing, pending, idle)", {
          querystring: printJobQuerySchema,
          response: { 200: printJobListSchema, ...protectedErrors },
        }),
      },
      (request) => listPrintJobs(ctxOf(deps, request), request.query),
    );
  };
}
