import { z } from "zod";
import { SHIPMENT_TYPES } from "./shipments";

/** What the shipment calls answer; amounts are decimals in the shipment's currency, weights in kg. */

const countryRefSchema = z.object({ name: z.string(), code: z.string(), iso2: z.string().nullable() });

export const shipmentPartyViewSchema = z.object({
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  address: z.string(),
  address_2: z.string().nullable(),
  address_3: z.string().nullable(),
  postal_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  email: z.string().nullable(),
  cnic: z.string().nullable(),
  ntn: z.string().nullable(),
  gst: z.string().nullable(),
  vat: z.string().nullable(),
  country_id: z.number().int(),
  country: countryRefSchema,
});
export type ShipmentPartyView = z.infer<typeof shipmentPartyViewSchema>;

export const shipmentLineViewSchema = z.object({
  desc: z.string(),
  code: z.string(),
  quantity: z.number(),
  uom_id: z.number().int(),
  uom: z.object({ uomName: z.string() }),
  currency_id: z.number().int(),
  currency: z.object({ name: z.string(), code: z.string() }),
  value: z.number(),
  total: z.number(),
  country_id: z.number().int(),
  country: z.object({ name: z.string() }),
});
export type ShipmentLineView = z.infer<typeof shipmentLineViewSchema>;

export const shipmentPackageViewSchema = z.object({
  name: z.string(),
  quantity: z.number(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  accWeight: z.number(),
  chWeight: z.number(),
});
export type ShipmentPackageView = z.infer<typeof shipmentPackageViewSchema>;

export const statusEntryViewSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  status_location: z.string(),
  status_date: z.string(),
});
export type StatusEntryView = z.infer<typeof statusEntryViewSchema>;

const partySummarySchema = shipmentPartyViewSchema.pick({ name: true, company: true, city: true, country: true });

const shipmentCoreFields = {
  shipment_id: z.number().int(),
  tracking_id: z.string(),
  shipment_date: z.string(),
  shipment_type: z.enum(SHIPMENT_TYPES),
  service_type_id: z.number().int(),
  service_type: z.object({ name: z.string() }),
  type: z.string(),
  total_packages: z.number(),
  total_weight: z.number(),
  total_amount: z.number(),
  base_amount: z.number(),
  currency: z.object({ id: z.number().int(), code: z.string() }).nullable(),
  track_status: z.string().nullable(),
  expected_delivery_date: z.string().nullable(),
  invoice_type: z.number().int(),
  customer_user_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  voucher_id: z.number().int().nullable(),
  voucher_number: z.string().nullable(),
};

/** A row of GET /api/shipment (list and cards). */
export const shipmentSummarySchema = z.object({
  ...shipmentCoreFields,
  shipment_senders: z.array(partySummarySchema),
  shipment_receivers: z.array(partySummarySchema),
});
export type ShipmentSummary = z.infer<typeof shipmentSummarySchema>;

/** Everything about one shipment: GET /api/shipment/{id} answers `{ data: [ShipmentView] }`. */
export const shipmentViewSchema = z.object({
  ...shipmentCoreFields,
  shipment_desc: z.string().nullable(),
  shipment_purpose_id: z.number().int().nullable(),
  shipment_purpose: z.object({ purpose: z.string() }).nullable(),
  shipment_tax_id: z.number().int(),
  shipment_tax_type: z.object({ name: z.string() }),
  shipment_ref: z.string().nullable(),
  rebate: z.number(),
  sro_number: z.string().nullable(),
  financial_instruments: z.number(),
  financial_instruments_no: z.string().nullable(),
  financial_instruments_bank: z.string().nullable(),
  vat: z.string().nullable(),
  weight_charges: z.number().nullable(),
  rate_first_kg: z.number().nullable(),
  rate_add_kg: z.number().nullable(),
  rate_flat: z.number().nullable(),
  rate_manual: z.number(),
  sender_id: z.number().int().nullable(),
  receiver_id: z.number().int().nullable(),
  shipment_senders: z.array(shipmentPartyViewSchema),
  shipment_receivers: z.array(shipmentPartyViewSchema),
  shipment_data: z.array(shipmentLineViewSchema),
  shipment_packages: z.array(shipmentPackageViewSchema),
  history: z.array(statusEntryViewSchema),
});
export type ShipmentView = z.infer<typeof shipmentViewSchema>;

/**
 * GET /api/shipment, POST /api/shipment/get_shipment_with_dates and
 * GET /api/shipment/get_shipment_with_statusId/{id}. `page` is 1-based; `total_capped` is true when
 * a search or filter matched more than 10,000 shipments and `total_results` stopped there.
 */
export const shipmentPageSchema = z.object({
  data: z.array(shipmentSummarySchema),
  page: z.number().int(),
  total_results: z.number().int(),
  total_pages: z.number().int(),
  total_capped: z.boolean(),
});
export type ShipmentPage = z.infer<typeof shipmentPageSchema>;

/** One shipment in the spec's list wrapper (GET /api/shipment/{id}; the C/N lookup answers `[]` when none). */
export const shipmentDataSchema = z.object({ data: z.array(shipmentViewSchema) });
export const shipmentAddedSchema = z.object({ message: z.string(), shipment_data: z.array(shipmentViewSchema) });
export const shipmentChangedSchema = z.object({ message: z.string(), data: z.array(shipmentViewSchema) });
export const shipmentPostedSchema = z.object({ message: z.string(), voucher_number: z.string() });

/** A status staff can choose (GET /api/shipment/shipment_status). */
export const shipmentStatusRowSchema = z.object({ id: z.number().int(), name: z.string() });
export type ShipmentStatusRow = z.infer<typeof shipmentStatusRowSchema>;

const placeSchema = z.object({ city: z.string().nullable(), country: z.string() });
/** Public tracking: one history entry with the shipment's cities and countries only. */
export const trackingEntrySchema = z.object({
  status: z.string(),
  status_location: z.string(),
  status_date: z.string(),
  shipment: z.object({
    tracking_id: z.string(),
    expected_delivery_date: z.string().nullable(),
    track_status: z.string().nullable(),
    shipment_type: z.string(),
    service_type: z.object({ name: z.string() }),
    total_packages: z.number(),
    total_weight: z.number(),
    origin: placeSchema,
    destination: placeSchema,
  }),
});
export type TrackingEntry = z.infer<typeof trackingEntrySchema>;
