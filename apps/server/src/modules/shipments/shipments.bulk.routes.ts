import type { ShipmentView } from "@cargodesk/shared";
import {
  SHIPMENT_MESSAGES,
  type ShipmentBulkPostAnswer,
  shipmentBulkPostAnswerSchema,
  shipmentBulkSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, type Ctx, ctxOf } from "../../lib/context";
import { loadDocumentCompany } from "../../lib/pdf";
import { fileAnswer, protectedErrors } from "../../lib/route-schemas";
import { canPost, canView, getShipment, SHIPMENT_NOT_FOUND } from "./shipments.access";
import { trackingUrl } from "./shipments.documents.routes";
import { waybillsPdf } from "./shipments.pdf";
import { postShipmentCharge } from "./shipments.posting";
import { doc } from "./shipments.schemas";
import { shipmentView } from "./shipments.views";

type Result = ShipmentBulkPostAnswer["results"][number];

/** What a refused post means, from the posting rules' own messages. */
function refusal(error: AppError): Pick<Result, "outcome" | "message"> {
  if (error.code === "NOT_FOUND") return { outcome: "not_found", message: error.message };
  if (error.message === SHIPMENT_MESSAGES.posted) return { outcome: "already_posted", message: error.message };
  if (error.message === SHIPMENT_MESSAGES.noCharge) return { outcome: "no_charge", message: error.message };
  return { outcome: "refused", message: error.message };
}

/** Posts each shipment's charge in its own transaction, so one refusal leaves the others posted. */
async function postCharges(ctx: Ctx, ids: readonly number[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const id of new Set(ids)) {
    let trackingId: string | null = null;
    try {
      trackingId = (await getShipment(ctx, ctx.db, id)).trackingId;
      const posted = await postShipmentCharge(ctx, id);
      results.push({
        shipment_id: id,
        tracking_id: trackingId,
        outcome: "posted",
        message: `Voucher ${posted.number} posted`,
        voucher_number: posted.number,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({ shipment_id: id, tracking_id: trackingId, voucher_number: null, ...refusal(error) });
    }
  }
  return results;
}

/** Bulk actions of Shipment Details: one PDF of many waybills, and posting many charges. */
export function shipmentBulkRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();

    app.post(
      "/shipment/waybills.pdf",
      {
        config: { access: canView },
        schema: doc("One PDF with the waybill of each shipment given (at most 200), in the order given", {
          body: shipmentBulkSchema,
          response: { 200: fileAnswer("application/pdf", "The waybills as one PDF"), ...protectedErrors },
        }),
      },
      async (request, reply) => {
        const ctx = ctxOf(deps, request);
        const views: ShipmentView[] = [];
        for (const id of new Set(request.body.ids)) {
          // The single waybill's check: a customer's own shipments only, anything else is unknown.
          const row = await getShipment(ctx, deps.db, id).catch((error: unknown) => {
            if (error instanceof AppError && error.code === "NOT_FOUND")
              throw new AppError("NOT_FOUND", `${SHIPMENT_NOT_FOUND}: ${id}`, [
                { field: "ids", message: `${SHIPMENT_NOT_FOUND}: ${id}` },
              ]);
            throw error;
          });
          const view = await shipmentView(deps.db, row.shipmentId);
          if (!view) throw new AppError("NOT_FOUND", `${SHIPMENT_NOT_FOUND}: ${id}`);
          views.push(view);
        }
        const pdf = await waybillsPdf(
          views.map((view) => ({ view, trackingUrl: trackingUrl(deps.config.PUBLIC_URL, view.tracking_id) })),
          await loadDocumentCompany(deps.db),
          `Waybills (${views.length})`,
        );
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="waybills-${views.length}.pdf"`)
          .send(pdf);
      },
    );

    app.post(
      "/shipment/post_charges",
      {
        config: { access: canPost },
        schema: doc(
          "Post the charge of each shipment given (at most 200), each in its own transaction; answers what happened to each",
          { body: shipmentBulkSchema, response: { 200: shipmentBulkPostAnswerSchema, ...protectedErrors } },
        ),
      },
      async (request) => {
        const results = await postCharges(ctxOf(deps, request), request.body.ids);
        const posted = results.filter((result) => result.outcome === "posted").length;
        return { message: `${posted} of ${results.length} posted`, results };
      },
    );
  };
}
