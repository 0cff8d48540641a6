import {
  errorBodySchema,
  idSchema,
  shipmentAddedSchema,
  shipmentCreateSchema,
  shipmentDataSchema,
  shipmentListQuerySchema,
  shipmentPageSchema,
  shipmentQuoteAnswerSchema,
  shipmentQuoteSchema,
} from "@cargodesk/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error";
import { type AppDeps, ctxOf } from "../../lib/context";
import { protectedErrors } from "../../lib/route-schemas";
import { canAdd, canList, canListByDates, canView, getShipment, SHIPMENT_NOT_FOUND } from "./shipments.access";
import { shipmentActionRoutes } from "./shipments.actions.routes";
import { shipmentBulkRoutes } from "./shipments.bulk.routes";
import { shipmentDocumentRoutes } from "./shipments.documents.routes";
import { listShipmentIds } from "./shipments.list";
import { findShipmentIds, pageOf } from "./shipments.queries";
import { quoteShipment } from "./shipments.quote";
import { ownScope } from "./shipments.rules";
import { doc, idParams, isoDate } from "./shipments.schemas";
import { createShipment } from "./shipments.service";
import { shipmentSummaries, shipmentView } from "./shipments.views";

/** Without a paging query (the dashboard's call) the whole range is answered, up to this many rows. */
const DATE_RANGE_CAP = 5000;

/** Booking, lists and reading; shipments.actions.routes.ts holds changes, statuses, tracking and posting, shipments.documents.routes.ts the PDFs. */
export function shipmentRoutes(deps: AppDeps) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    await root.register(shipmentActionRoutes(deps));
    await root.register(shipmentDocumentRoutes(deps));
    await root.register(shipmentBulkRoutes(deps));

    app.post(
      "/shipment",
      {
        config: { access: canAdd },
        schema: doc("Book a shipment: weights recomputed, charge from the rate sheets, first status BOOKED", {
          body: shipmentCreateSchema,
          response: { 200: shipmentAddedSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const view = await createShipment(ctxOf(deps, request), request.body);
        return { message: "Shipment added successfully", shipment_data: [view] };
      },
    );

    app.post(
      "/shipment/quote",
      {
        config: { access: canAdd },
        schema: doc(
          "The charge booking would give now (same weights and rate sheets), with its breakdown; rate null and the no-rate message when no sheet covers it",
          { body: shipmentQuoteSchema, response: { 200: shipmentQuoteAnswerSchema, ...protectedErrors } },
        ),
      },
      async (request) => quoteShipment(ctxOf(deps, request), request.body),
    );

    app.get(
      "/shipment",
      {
        config: { access: canList },
        schema: doc(
          "Shipments, newest first unless sorted (page is 1-based); search a tracking-id prefix or name words; filter by booking dates and current status",
          { querystring: shipmentListQuerySchema, response: { 200: shipmentPageSchema, ...protectedErrors } },
        ),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        const { size, page } = request.query;
        const found = await listShipmentIds(deps.db, request.query, ownScope(ctx));
        return pageOf(await shipmentSummaries(deps.db, found.ids), page, size, found);
      },
    );

    app.post(
      "/shipment/get_shipment_with_dates",
      {
        config: { access: canListByDates },
        schema: doc("Shipments booked between two dates, newest first; paged when page and size are given", {
          querystring: z.object({
            size: z.coerce.number().int().min(1).max(1000).optional(),
            page: z.coerce.number().int().min(1).optional(),
          }),
          body: z.object({
            startedDate: isoDate,
            endDate: isoDate,
            customer_user_id: idSchema().nullish(),
          }),
          response: { 200: shipmentPageSchema, ...protectedErrors },
        }),
      },
      async (request) => {
        const ctx = ctxOf(deps, request);
        const { startedDate, endDate, customer_user_id } = request.body;
        if (endDate < startedDate)
          throw new AppError("VALIDATION", "endDate: The end date cannot be before the start date", [
            { field: "endDate", message: "The end date cannot be before the start date" },
          ]);
        const size = request.query.size ?? (request.query.page ? 100 : DATE_RANGE_CAP);
        const page = request.query.page ?? 1;
        const found = await findShipmentIds(
          deps.db,
          { customerUserId: ownScope(ctx) ?? customer_user_id ?? undefined, from: startedDate, to: endDate },
          { limit: size, offset: (page - 1) * size },
        );
        return pageOf(await shipmentSummaries(deps.db, found.ids), page, size, found);
      },
    );

    app.get(
      "/shipment/:id",
      {
        config: { access: canView },
        schema: doc("One shipment with everything (data[0])", {
          params: idParams,
          response: { 200: shipmentDataSchema, ...protectedErrors, 404: errorBodySchema },
        }),
      },
      async (request) => {
        const row = await getShipment(ctxOf(deps, request), deps.db, request.params.id);
        const view = await shipmentView(deps.db, row.shipmentId);
        if (!view) throw new AppError("NOT_FOUND", SHIPMENT_NOT_FOUND);
        return { data: [view] };
      },
    );
  };
}
