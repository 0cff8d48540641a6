import {
  addStatusSchema,
  errorBodySchema,
  messageAnswerSchema,
  replaceStatusSchema,
  shipmentChangedSchema,
  shipmentDataSchema,
  shipmentPageSchema,
  shipmentPostedSchema,
  shipmentStatusRowSchema,
  trackingEntrySchema,
} from "@cargodesk/shared";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { shipmentStatuses } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { publicLimit, windowCounter } from "../../lib/rate-limits";
import { protectedErrors } from "../../lib/route-schemas";
import { access } from "../../plugins/access";
import { canDelete, canEdit, canEditStatus, canList, canLookUpCn, canPost } from "./shipments.access";
import { deleteShipment, postShipmentCharge } from "./shipments.posting";
import { findShipmentIds, pageOf } from "./shipments.queries";
import { ownScope } from "./shipments.rules";
import { doc, idParams, listQuery } from "./shipments.schemas";
import { addStatus, replaceStatuses, trackingHistory } from "./shipments.status";
import { shipmentUpdateBody, updateShipment } from "./shipments.update";
import { shipmentSummaries, shipmentView } from "./shipments.views";

/** Public tracking lookups per address per minute. */
export const TRACKING_RATE_LIMIT = 60;
export const TRACKING_NOT_FOUND_BUSY =
  "Too many lookups of unknown tracking numbers right now. Please check the number and try again in a minute.";

/** Changes, statuses, tracking and posting. */
export function shipmentActionRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const trackingLimit = publicLimit(
      app,
      "tracking",
      TRACKING_RATE_LIMIT,
      "Too many tracking lookups from this address. Please wait a minute.",
    );
    // Guessing numbers from many addresses: unknown numbers are capped for everyone together,
    // while a number that exists is always answered (within its address's limit).
    const unknownTracking = windowCounter(deps.db, "unknown-tracking", deps.config.TRACKING_NOT_FOUND_LIMIT);

    app.get(
      "/shipment/shipment_status",
      {
        config: { access: access.signedIn },
        schema: doc("Shipment statuses to choose from", {
          response: { 200: z.array(shipmentStatusRowSchema), 401: errorBodySchema },
        }),
      },
      async () =>
        (await deps.db.select().from(shipmentStatuses).orderBy(asc(shipmentStatuses.id))).map((row) => ({
          id: row.id,
          name: row.name,
        })),
    );

    app.get(
      "/shipment/get_shipment_with_statusId/:id",
      {
        config: { access: canList },
        schema: doc("Shipments whose current status is the given one, newest first", {
          params: idParams,
          querystring: listQuery.omit({ search: true }),
          response: { 200: shipmentPageSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        const [status] = await deps.db
          .select()
          .from(shipmentStatuses)
          .where(eq(shipmentStatuses.id, request.params.id));
        if (!status) throw new AppError("NOT_FOUND", "No such shipment status");
        const { size, page } = request.query;
        const found = await findShipmentIds(
          deps.db,
          { customerUserId: ownScope(ctxOf(deps, request)), trackStatus: status.name },
          { limit: size, offset: (page - 1) * size },
        );
        return pageOf(await shipmentSummaries(deps.db, found.ids), page, size, found);
      },
    );

    app.get(
      "/shipment/shipment_with_trackingId/:cn",
      {
        config: { access: canLookUpCn },
        schema: doc("The shipment with this C/N (tracking id); empty data when there is none", {
          params: z.object({ cn: z.string().trim().max(30) }),
          response: { 200: shipmentDataSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const found = await findShipmentIds(
          deps.db,
          { customerUserId: ownScope(ctxOf(deps, request)), trackingId: request.params.cn },
          { limit: 1, offset: 0 },
        );
        const view = found.ids[0] === undefined ? null : await shipmentView(deps.db, found.ids[0]);
        return { data: view ? [view] : [] };
      },
    );

    app.get(
      "/shipment/shipment_tracking_history/:trackingId",
      {
        config: { access: access.public },
        onRequest: trackingLimit,
        schema: {
          tags: ["shipments"],
          summary: "Public tracking: the history with cities and countries only",
          params: z.object({ trackingId: z.string().max(40) }),
          response: {
            200: z.array(trackingEntrySchema),
            400: errorBodySchema,
            404: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        try {
          return await trackingHistory(deps.db, request.params.trackingId.trim());
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "TRACKING_NOT_FOUND") throw error;
          const { allowed, retryAfterSeconds } = await unknownTracking.take();
          if (!allowed) throw new AppError("RATE_LIMITED", TRACKING_NOT_FOUND_BUSY, { retryAfterSeconds });
          throw error;
        }
      },
    );

    app.put(
      "/shipment/:id",
      {
        config: { access: canEdit },
        schema: doc("Change a shipment (either of the spec's field lists; absent keys unchanged)", {
          params: idParams,
          body: shipmentUpdateBody,
          response: { 200: shipmentChangedSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const view = await updateShipment(ctxOf(deps, request), request.params.id, request.body);
        return { message: "success", data: [view] };
      },
    );

    app.delete(
      "/shipment/:id",
      {
        config: { access: canDelete },
        schema: doc("Delete a shipment whose charge is not posted (kept, marked deleted, audited)", {
          params: idParams,
          response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        await deleteShipment(ctxOf(deps, request), request.params.id);
        return { message: "Shipment deleted successfully" };
      },
    );

    app.post(
      "/shipment/add_shipment_status/:id",
      {
        config: { access: canEditStatus },
        schema: doc("Append one status to the history", {
          params: idParams,
          body: addStatusSchema,
          response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        await addStatus(ctxOf(deps, request), request.params.id, request.body.data);
        return { message: "Status added successfully" };
      },
    );

    app.post(
      "/shipment/shipment_status_update/:id",
      {
        config: { access: canEditStatus },
        schema: doc("Replace the history and the expected delivery date (replaced rows kept for audit)", {
          params: idParams,
          body: replaceStatusSchema,
          response: { 200: messageAnswerSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        await replaceStatuses(ctxOf(deps, request), request.params.id, request.body);
        return { message: "Status updated successfully" };
      },
    );

    app.get(
      "/shipment/shipment_post_voucher/:id",
      {
        config: { access: canPost },
        schema: doc("Post the charge: a journal voucher to the customer's receivable and freight revenue", {
          params: idParams,
          response: { 200: shipmentPostedSchema, ...protectedErrors, 404: errorBodySchema, 409: errorBodySchema },
        }),
      },
      async (request) => {
        const posted = await postShipmentCharge(ctxOf(deps, request), request.params.id);
        return { message: `Voucher ${posted.number} posted`, voucher_number: posted.number };
      },
    );
  };
}
