import { errorBodySchema } from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { loadDocumentCompany } from "../../lib/pdf";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { canView, getShipment, SHIPMENT_NOT_FOUND } from "./shipments.access";
import { invoicePdf, waybillPdf } from "./shipments.pdf";
import { doc, idParams } from "./shipments.schemas";
import { shipmentView } from "./shipments.views";

export const NO_INVOICE = "A customs invoice exists only for a shipment with invoice type 1 (custom invoice)";

/** The public tracking page a waybill's QR code links to. */
export const trackingUrl = (publicUrl: string, trackingId: string) =>
  `${publicUrl.replace(/\/+$/, "")}/tracking/${trackingId}`;

/** The waybill and the customs invoice, drawn on the server from the stored shipment. */
export function shipmentDocumentRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const viewFor = async (request: Parameters<typeof ctxOf>[1], id: number) => {
      const row = await getShipment(ctxOf(deps, request), deps.db, id);
      const view = await shipmentView(deps.db, row.shipmentId);
      if (!view) throw new AppError("NOT_FOUND", SHIPMENT_NOT_FOUND);
      return view;
    };

    app.get(
      "/shipment/:id/waybill.pdf",
      {
        config: { access: canView },
        schema: doc("The waybill: landscape A4, Code 128 of the tracking id, QR code to the tracking page", {
          params: idParams,
          response: { 200: fileAnswer("application/pdf", "The waybill"), ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request, reply) => {
        const view = await viewFor(request, request.params.id);
        const pdf = await waybillPdf(
          view,
          await loadDocumentCompany(deps.db),
          trackingUrl(deps.config.PUBLIC_URL, view.tracking_id),
        );
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="waybill-${view.tracking_id}.pdf"`)
          .send(pdf);
      },
    );

    app.get(
      "/shipment/:id/invoice.pdf",
      {
        config: { access: canView },
        schema: doc(
          "The customs invoice (portrait A4), for shipments with invoice type 1 (a Doc's lists its description)",
          {
            params: idParams,
            response: {
              200: fileAnswer("application/pdf", "The customs invoice"),
              ...protectedErrors,
              404: errorBodySchema,
            },
          },
        ),
      },
      async (request, reply) => {
        const view = await viewFor(request, request.params.id);
        if (view.invoice_type !== 1) throw new AppError("NOT_FOUND", NO_INVOICE);
        const pdf = await invoicePdf(view, await loadDocumentCompany(deps.db));
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="invoice-${view.tracking_id}.pdf"`)
          .send(pdf);
      },
    );
  };
}
