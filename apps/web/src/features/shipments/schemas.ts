import { SHIPMENT_TYPES } from "@cargodesk/shared";
import { z } from "zod";

/*
 * The read shapes of packages/shared/src/shipments.ts (ShipmentSummary, ShipmentView) as the web
 * app checks them. NUMERIC columns may arrive as strings, and optional parts may be missing, so
 * numbers are coerced and the parts the screens can do without are nullish.
 */

const num = z.coerce.number();
const text = z.string().nullish();

const countryRef = z.object({ name: z.string(), code: z.string().nullish(), iso2: z.string().nullish() });

const partyPlace = z.object({
  name: z.string(),
  company: text,
  city: text,
  country: countryRef.nullish(),
});
export type PartyPlace = z.infer<typeof partyPlace>;

export const shipmentSummarySchema = z.object({
  shipment_id: z.number().int(),
  tracking_id: z.string(),
  shipment_date: z.string(),
  shipment_type: z.enum(SHIPMENT_TYPES).or(z.string()),
  service_type_id: z.number().int().nullish(),
  service_type: z.object({ name: z.string() }).nullish(),
  type: text,
  total_packages: num,
  total_weight: num,
  total_amount: num.nullish(),
  base_amount: num.nullish(),
  currency: z.object({ id: z.number().int(), code: z.string() }).nullish(),
  track_status: text,
  expected_delivery_date: text,
  invoice_type: num,
  customer_user_id: z.number().int().nullish(),
  customer_name: text,
  voucher_id: z.number().int().nullish(),
  voucher_number: text,
  shipment_senders: z.array(partyPlace).default([]),
  shipment_receivers: z.array(partyPlace).default([]),
});
export type ShipmentRow = z.infer<typeof shipmentSummarySchema>;

/** `GET /api/shipment?size=&page=&search=` and `POST /api/shipment/get_shipment_with_dates`: 1-based pages. */
export const shipmentPageSchema = z.object({
  data: z.array(shipmentSummarySchema),
  page: num,
  total_results: num,
  total_pages: num.optional(),
});
export type ShipmentPage = z.infer<typeof shipmentPageSchema>;

const partyView = partyPlace.extend({
  phone: text,
  address: text,
  address_2: text,
  address_3: text,
  postal_code: text,
  state: text,
  email: text,
  cnic: text,
  ntn: text,
  gst: text,
  vat: text,
  country_id: z.number().int().nullish(),
});
export type PartyView = z.infer<typeof partyView>;

const lineView = z.object({
  desc: z.string(),
  code: z.string(),
  quantity: num,
  uom_id: z.number().int(),
  uom: z.object({ uomName: z.string() }).nullish(),
  currency_id: z.number().int(),
  currency: z.object({ name: z.string(), code: z.string() }).nullish(),
  value: num,
  total: num.nullish(),
  country_id: z.number().int(),
  country: z.object({ name: z.string() }).nullish(),
});
export type LineView = z.infer<typeof lineView>;

const packageView = z.object({
  name: text,
  quantity: num.nullish(),
  weight: num,
  length: num,
  width: num,
  height: num,
  accWeight: num.nullish(),
  chWeight: num.nullish(),
});
export type PackageView = z.infer<typeof packageView>;

export const statusEntrySchema = z.object({
  id: z.number().int().optional(),
  status: z.string(),
  status_location: z.string(),
  status_date: z.string(),
});
export type StatusEntry = z.infer<typeof statusEntrySchema>;

export const shipmentViewSchema = shipmentSummarySchema.extend({
  shipment_desc: text,
  shipment_purpose_id: z.number().int().nullish(),
  shipment_purpose: z.object({ purpose: z.string() }).nullish(),
  shipment_tax_id: z.number().int().nullish(),
  shipment_tax_type: z.object({ name: z.string() }).nullish(),
  shipment_ref: text,
  rebate: num.nullish(),
  sro_number: text,
  financial_instruments: num.nullish(),
  financial_instruments_no: text,
  financial_instruments_bank: text,
  vat: text,
  weight_charges: num.nullish(),
  rate_first_kg: num.nullish(),
  rate_add_kg: num.nullish(),
  rate_flat: num.nullish(),
  rate_manual: num.nullish(),
  shipment_senders: z.array(partyView).default([]),
  shipment_receivers: z.array(partyView).default([]),
  shipment_data: z.array(lineView).default([]),
  shipment_packages: z.array(packageView).default([]),
  history: z.array(statusEntrySchema).default([]),
});
export type ShipmentDetail = z.infer<typeof shipmentViewSchema>;

export const messageSchema = z.object({ message: z.string() });
export const postVoucherSchema = z.object({ message: z.string(), voucher_number: z.string().nullish() });

/** `GET /api/shipment/shipment_status`: the statuses staff choose from (they may also type one). */
export const statusOptionSchema = z.object({ id: z.number().int(), name: z.string() });
