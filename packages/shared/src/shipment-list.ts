import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";

/** The columns Shipment Details sorts on the server. */
export const SHIPMENT_SORTS = ["date", "tracking", "customer", "status", "amount"] as const;
export type ShipmentSort = (typeof SHIPMENT_SORTS)[number];

/** At most this many shipments are printed or posted in one bulk call. */
export const SHIPMENT_BULK_MAX = 200;

/** `GET /api/shipment`: paging, search, sort and the booking-date and status filters. */
export const shipmentListQuerySchema = z
  .object({
    size: z.coerce.number().int().min(1).max(1000).default(200),
    page: z.coerce.number().int().min(1).default(1),
    search: z.string().trim().max(100).optional(),
    sort: z.enum(SHIPMENT_SORTS, { error: `sort: use one of ${SHIPMENT_SORTS.join(", ")}` }).default("date"),
    order: z.enum(["asc", "desc"], { error: "order: use asc or desc" }).default("desc"),
    from: isoDateSchema().optional(),
    to: isoDateSchema().optional(),
    status: z.string().trim().min(1).max(100).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ["to"],
    message: "The end date cannot be before the start date",
  });
export type ShipmentListQuery = z.infer<typeof shipmentListQuerySchema>;

/** The ids of a bulk print or post: 1 to SHIPMENT_BULK_MAX shipments. */
export const shipmentBulkSchema = z.object({
  ids: z
    .array(idSchema())
    .min(1, "Choose at least one shipment")
    .max(SHIPMENT_BULK_MAX, `Choose at most ${SHIPMENT_BULK_MAX} shipments at once`),
});
export type ShipmentBulkInput = z.infer<typeof shipmentBulkSchema>;

/** What a bulk post did to each shipment. */
export const BULK_POST_OUTCOMES = ["posted", "already_posted", "no_charge", "not_found", "refused"] as const;

export const shipmentBulkPostAnswerSchema = z.object({
  message: z.string(),
  results: z.array(
    z.object({
      shipment_id: z.number().int(),
      tracking_id: z.string().nullable(),
      outcome: z.enum(BULK_POST_OUTCOMES),
      message: z.string(),
      voucher_number: z.string().nullable(),
    }),
  ),
});
export type ShipmentBulkPostAnswer = z.infer<typeof shipmentBulkPostAnswerSchema>;
