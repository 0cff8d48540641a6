import { z } from "zod";
import { idSchema, isoDateSchema, MAX_ID } from "./input";
import { MASTER_MESSAGES } from "./master-data";
import { MAX_AMOUNT, MONEY_MESSAGES } from "./money";
import { cnicText, decimalInput, phoneText } from "./typed-input";

/** The spec's shipment, tracking and complaint messages, spelling included. */
export const SHIPMENT_MESSAGES = {
  name3: "Please Enter Your Name (Atleast 3 Character)",
  company3: "Please Enter Your Company Name (Atleast 3 Character)",
  code8: "Code Must be (Atleast 8 Character)",
  createFailed: "Somthing Went Wrong",
  trackingFormat: "Enter Valid Formate(10 Characters)",
  trackingNotFound: "No Shipment Is Found / Enter Correct Tracking Number",
  deliveryLater: "Expected Delivery Date To Be Announced Later",
  cnNotFound: "Consignee Number not Found",
  sameCountry: "The receiver country cannot be the sender country",
  deliveryDatePast: "The estimated delivery date cannot be earlier than today",
  description: "Please enter the document description",
  purpose: "Please choose the purpose of the shipment",
  lines: "Add at least one item line",
  quantity: "Quantity must be at least 1",
  quantityMax: "Quantity can be at most 99999",
  packagesMax: "A shipment holds at most 999 packages",
  manualAmount: "Enter a charge greater than 0",
  value: "Value must be 0 or more",
  service: "Please choose a service type",
  taxPayer: "Please choose who pays duties and taxes",
  type2: "Please choose DHL or UPS (VAT paid)",
  customer: "Please choose the customer this shipment is for",
  packages: "Add at least one package",
  weight: "Weight must be at least 0.1 kg",
  dimension: "Dimensions must be at least 1 cm",
  statusRequired: "Please enter a status",
  locationRequired: "Please enter a location",
  complaintRequired: "Please enter the complaint",
  posted: "This shipment's charge is already posted",
  postedDelete: "A shipment whose charge is posted cannot be deleted",
  noCharge: "This shipment has no charge to post",
  noReceivable: "The customer has no receivable account yet",
  noCustomer: "This shipment has no customer to charge",
  postedChange: "This shipment's charge is posted: its weight, service and destination cannot change",
  /** A customer edits their own shipment only until its charge is posted. */
  postedCustomerEdit: "This shipment's charge is posted: please ask our staff to change it",
  historyEmpty: "Keep at least one status row",
  noRevenueAccount: "Set the freight revenue account in Accounts Integration first",
} as const;

export const SHIPMENT_TYPES = ["Doc", "Pack"] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];
/** Service 11 needs a DHL or UPS (VAT paid) choice; service 16 is priced by zip code. */
export const VAT_PAID_SERVICE_ID = 11;
export const ZIP_SERVICE_ID = 16;
export const TYPE2_CHOICES = ["DHL", "UPS"] as const;
/** Create-shipment defaults (spec section 9). */
export const SHIPMENT_DEFAULTS = { shipmentType: "Doc", uomId: 1, currencyId: 5, rebate: 1, invoiceType: 1 } as const;
export const DEFAULT_VAT_ID = "00000";

// ---------------------------------------------------------------- weights

/** Rounds to 2 decimals without binary drift (e.g. 1.005 -> 1.01). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

/** A dimension of 0 or less (or not a number) becomes 0.1, as the spec's packaging rows do. */
export function normalizeDimension(value: number): number {
  return Number.isFinite(value) && value > 0 ? value : 0.1;
}

/** Dimensional weight in kg: L x W x H (cm) / 5000, to 2 decimals. */
export function dimensionalWeight(length: number, width: number, height: number): number {
  return round2((normalizeDimension(length) * normalizeDimension(width) * normalizeDimension(height)) / 5000);
}

/** Chargeable weight: the larger of actual and dimensional weight, rounded up to a whole kg. */
export function chargeableWeight(actual: number, dimensional: number): number {
  const larger = Math.max(normalizeDimension(actual), dimensional);
  // 2-decimal inputs: strip float noise before ceil so 3.00000001 does not become 4.
  return Math.ceil(round2(larger));
}

export interface PackageDims {
  weight: number;
  length: number;
  width: number;
  height: number;
}

export interface PackageWeights {
  accWeight: number;
  chWeight: number;
}

export function packageWeights(row: PackageDims): PackageWeights {
  const accWeight = dimensionalWeight(row.length, row.width, row.height);
  return { accWeight, chWeight: chargeableWeight(row.weight, accWeight) };
}

/** The shipment's total weight: the sum of its rows' chargeable weights. */
export function totalChargeableWeight(rows: readonly PackageDims[]): number {
  return rows.reduce((sum, row) => sum + packageWeights(row).chWeight, 0);
}

/** Package rows named BOX 1..n: grows or shrinks `rows` to `count` (at least 1). */
export function resizePackages<T extends { name: string }>(rows: readonly T[], count: number, blank: () => T): T[] {
  const target = Math.max(1, Math.floor(Number.isFinite(count) ? count : 1));
  const next = rows.slice(0, target);
  while (next.length < target) next.push({ ...blank(), name: `BOX ${next.length + 1}` });
  return next.map((row, index) => ({ ...row, name: `BOX ${index + 1}` }));
}

// ---------------------------------------------------------------- tracking ids

/** The Luhn check digit of a string of digits. */
export function luhnDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A tracking id: the sequence's serial followed by its Luhn check digit. */
export function trackingIdFor(serial: number | bigint | string): string {
  const digits = String(serial);
  return `${digits}${luhnDigit(digits)}`;
}

/** Numeric, at least 10 digits (the spec's rule): the format the public page accepts. */
export function isTrackingFormat(value: string): boolean {
  return /^\d{10,}$/.test(value);
}

/** The format holds and the last digit is the check digit of the rest. */
export function isValidTrackingId(value: string): boolean {
  return isTrackingFormat(value) && luhnDigit(value.slice(0, -1)) === Number(value.at(-1));
}

// ---------------------------------------------------------------- save conditions

export interface PartyDraft {
  name: string;
  company: string;
  address: string;
  phone: string;
  country_id: number;
}

export interface ItemDraft {
  desc: string;
  code: string;
  quantity: number | "";
  uom_id: number | "";
  currency_id: number | "";
  value: number | "";
  country_id: number;
}

export interface PackageDraft {
  weight: number | "";
  length: number | "";
  width: number | "";
  height: number | "";
}

export interface ShipmentDraft {
  sender: PartyDraft;
  receiver: PartyDraft;
  shipmentType: ShipmentType;
  shipmentPurpose: number;
  serviceType: number | "";
  taxType: number | "";
  estimatedDeliveryDate: string;
  /** "" until chosen, then 1 or 0. */
  instrument: number | "";
  lines: readonly ItemDraft[];
  packages: readonly PackageDraft[];
}

const blank = (value: unknown) => value === "" || value === null || value === undefined;
const partyIncomplete = (party: PartyDraft) =>
  [party.company, party.name, party.address, party.phone].some((value) => blank(value?.trim?.() ?? value)) ||
  !party.country_id;
/** A Pack item row with any required cell empty (quantity and value 0 count as empty, as the spec says). */
export function itemRowIncomplete(row: ItemDraft): boolean {
  return (
    blank(row.desc.trim()) ||
    blank(row.quantity) ||
    row.quantity === 0 ||
    blank(row.uom_id) ||
    blank(row.currency_id) ||
    blank(row.value) ||
    row.value === 0 ||
    !row.country_id
  );
}

/**
 * The spec's list of conditions that disable Save on the create-shipment page; each reason is
 * returned so the form can say why. An empty list means Save is enabled.
 */
export function shipmentSaveBlockers(draft: ShipmentDraft): string[] {
  const reasons: string[] = [];
  if (blank(draft.serviceType) || draft.serviceType === 0) reasons.push("service type");
  if (blank(draft.taxType) || draft.taxType === 0) reasons.push("tax payer");
  if (blank(draft.estimatedDeliveryDate)) reasons.push("estimated delivery date");
  if (draft.packages.some((row) => [row.width, row.length, row.height, row.weight].some(blank)))
    reasons.push("package dimensions");
  if (blank(draft.instrument)) reasons.push("financial instrument");
  if (draft.shipmentType === "Pack" && draft.shipmentPurpose === 0 && draft.lines.some(itemRowIncomplete))
    reasons.push("item rows");
  if (partyIncomplete(draft.sender)) reasons.push("sender");
  if (partyIncomplete(draft.receiver)) reasons.push("receiver");
  return reasons;
}

// ---------------------------------------------------------------- API payloads

const upper = (max: number, maxMessage?: string) =>
  z
    .string()
    .trim()
    .max(max, maxMessage)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null));
const requiredUpper = (min: number, message: string, max = 150, maxMessage?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, maxMessage)
    .transform((value) => value.toUpperCase());
const id = (message: string) => idSchema(message);
const flag = z.coerce.number().int().min(0).max(1);
const isoDate = isoDateSchema("Use a date in YYYY-MM-DD form");

/** A party as carried in the shipment payload (a snapshot; the address book is not rewritten). */
export const shipmentPartySchema = z.object({
  name: requiredUpper(3, SHIPMENT_MESSAGES.name3),
  company: requiredUpper(3, SHIPMENT_MESSAGES.company3),
  country_id: id("Please select a country"),
  address: requiredUpper(1, "Please Enter Address", 44, MASTER_MESSAGES.address),
  address_2: upper(44, MASTER_MESSAGES.address),
  address_3: upper(300),
  postal_code: upper(20),
  city: upper(60),
  state: upper(60),
  email: z
    .union([z.email("Please Enter Valid Email"), z.literal(""), z.null()])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  phone: phoneText("Please Enter Valid Cell Number"),
  gst: upper(50),
  ntn: upper(50),
  cnic: cnicText("Please Enter Valid CNIC (Without Dashes)"),
  vat: upper(50),
});
export type ShipmentPartyInput = z.input<typeof shipmentPartySchema>;

/** Plausible sizes: more pieces or packages than these is a typing slip, not a shipment. */
export const SHIPMENT_LIMITS = { itemQuantity: 99_999, packages: 999 } as const;

export const shipmentLineSchema = z.object({
  desc: requiredUpper(1, "Please enter the item description", 200),
  code: requiredUpper(8, SHIPMENT_MESSAGES.code8, 20),
  quantity: decimalInput(
    z
      .number({ error: SHIPMENT_MESSAGES.quantity })
      .int(SHIPMENT_MESSAGES.quantity)
      .min(1, SHIPMENT_MESSAGES.quantity)
      .max(SHIPMENT_LIMITS.itemQuantity, SHIPMENT_MESSAGES.quantityMax),
  ),
  uom_id: id("Please choose a unit"),
  currency_id: id("Please choose a currency"),
  /** Per piece, in the line's currency; at most 2 decimals. */
  value: decimalInput(z.number({ error: SHIPMENT_MESSAGES.value }).min(0, SHIPMENT_MESSAGES.value).max(1e10)),
  country_id: id("Please choose the origin country"),
});
export type ShipmentLineInput = z.input<typeof shipmentLineSchema>;

/** A package dimension in cm: at least 1, so that a length of 0 is refused by the form and the server alike. */
const dimension = decimalInput(
  z.number({ error: SHIPMENT_MESSAGES.dimension }).min(1, SHIPMENT_MESSAGES.dimension).max(10000),
);

export const shipmentPackageSchema = z.object({
  name: z.string().trim().max(40).optional(),
  quantity: z.coerce.number().int().min(1).max(SHIPMENT_LIMITS.packages, SHIPMENT_MESSAGES.packagesMax).optional(),
  weight: decimalInput(z.number({ error: SHIPMENT_MESSAGES.weight }).min(0.1, SHIPMENT_MESSAGES.weight).max(100000)),
  length: dimension,
  width: dimension,
  height: dimension,
});
export type ShipmentPackageInput = z.input<typeof shipmentPackageSchema>;
export type PackageSizeField = "weight" | "length" | "width" | "height";

/** The package rows of a shipment: at least one, at most SHIPMENT_LIMITS.packages packages counted by quantity. */
const packageRows = z
  .array(shipmentPackageSchema)
  .min(1, SHIPMENT_MESSAGES.packages)
  .max(200)
  .refine((rows) => rows.reduce((sum, row) => sum + (row.quantity ?? 1), 0) <= SHIPMENT_LIMITS.packages, {
    message: SHIPMENT_MESSAGES.packagesMax,
  });
/** A manual charge (base currency): staff's own amount when no rate sheet covers the shipment; never 0. */
const manualAmount = z.coerce
  .number()
  .gt(0, SHIPMENT_MESSAGES.manualAmount)
  .max(MAX_AMOUNT, MONEY_MESSAGES.tooLarge)
  .nullish();

/**
 * What is wrong with a package cell as typed ("" is not an error here: the save conditions ask for
 * it), by the very rule the server applies; a length of 0 is refused on both sides alike.
 */
export function packageCellError(field: PackageSizeField, typed: string): string | undefined {
  if (typed.trim() === "") return undefined;
  const parsed = shipmentPackageSchema.shape[field].safeParse(typed);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? SHIPMENT_MESSAGES.dimension);
}

/**
 * POST /api/shipment. The spec's payload; the server recomputes package weights and totals
 * and ignores `total_weight`/`total_packages` sent by the client. `customer_user_id` is
 * required from staff and ignored from customers. `amount` (base currency) is accepted from
 * staff only when no rate sheet covers the shipment.
 */
export const shipmentCreateSchema = z.object({
  shipment_type: z.enum(SHIPMENT_TYPES),
  shipment_desc: upper(500),
  shipment_purpose_id: z.coerce.number().int().min(0).max(MAX_ID).nullish(),
  service_type_id: id(SHIPMENT_MESSAGES.service),
  /** DHL or UPS, required for service 11. */
  type: z
    .enum(TYPE2_CHOICES)
    .nullish()
    .or(z.literal("").transform(() => null)),
  shipment_tax_id: id(SHIPMENT_MESSAGES.taxPayer),
  expected_delivery_date: isoDate,
  shipment_ref: upper(100),
  invoice_type: flag.default(1),
  rebate: flag.default(1),
  sro_number: upper(60),
  financial_instruments: flag,
  financial_instruments_no: upper(60),
  financial_instruments_bank: upper(100),
  vat: upper(50),
  total_packages: z.coerce.number().int().optional(),
  total_weight: z.coerce.number().optional(),
  sender_id: idSchema().nullish(),
  receiver_id: idSchema().nullish(),
  sender: shipmentPartySchema,
  receiver: shipmentPartySchema,
  data: z.array(shipmentLineSchema).max(100).default([]),
  packages: packageRows,
  customer_user_id: idSchema().nullish(),
  amount: manualAmount,
});
export type ShipmentCreateInput = z.input<typeof shipmentCreateSchema>;

/**
 * PUT /api/shipment/{id}: both of the spec's variants. The list-screen variant sends the
 * detail fields with `data` as package lines (empty for Doc); the edit screen may also send
 * `shipment_data` (item lines), `packages`, `sender` and `receiver`. Absent keys are unchanged.
 */
export const shipmentUpdateSchema = z.object({
  shipment_type: z.enum(SHIPMENT_TYPES).optional(),
  shipment_desc: upper(500).optional(),
  shipment_purpose_id: z.coerce.number().int().min(0).max(MAX_ID).nullish(),
  service_type_id: id(SHIPMENT_MESSAGES.service).optional(),
  type: z
    .enum(TYPE2_CHOICES)
    .nullish()
    .or(z.literal("").transform(() => null)),
  shipment_tax_id: id(SHIPMENT_MESSAGES.taxPayer).optional(),
  expected_delivery_date: isoDate.nullish(),
  shipment_ref: upper(100).optional(),
  invoice_type: flag.optional(),
  rebate: flag.optional(),
  sro_number: upper(60).optional(),
  financial_instruments: flag.optional(),
  financial_instruments_no: upper(60).optional(),
  financial_instruments_bank: upper(100).optional(),
  data: z.array(shipmentLineSchema).max(100).optional(),
  shipment_data: z.array(shipmentLineSchema).max(100).optional(),
  packages: packageRows.optional(),
  sender: shipmentPartySchema.optional(),
  receiver: shipmentPartySchema.optional(),
  /** Base currency; used only when a re-rated, unposted shipment has no rate (as when booking). */
  amount: manualAmount,
});
export type ShipmentUpdateInput = z.input<typeof shipmentUpdateSchema>;

export const statusEntrySchema = z.object({
  status: z.string().trim().min(1, SHIPMENT_MESSAGES.statusRequired).max(100),
  status_location: z.string().trim().min(1, SHIPMENT_MESSAGES.locationRequired).max(150),
  /** An ISO instant; defaults to now when adding. */
  status_date: z.iso.datetime({ offset: true }).optional(),
});
/** POST /api/shipment/add_shipment_status/{id} */
export const addStatusSchema = z.object({ data: statusEntrySchema });
/** POST /api/shipment/shipment_status_update/{id}: replaces the history and the delivery date. */
export const replaceStatusSchema = z.object({
  data: z.array(statusEntrySchema).max(200),
  date: isoDate.nullish().or(z.literal("").transform(() => null)),
});

export const complaintCreateSchema = z.object({
  cn_number: z.string().trim().min(1, "Please enter the C/N number").max(30),
  complaint_satement: requiredUpper(1, SHIPMENT_MESSAGES.complaintRequired, 2000),
  shipment_id: idSchema().optional(),
  complaint_date: isoDate.optional(),
});
export const complaintStatusSchema = z.object({ status_id: id("Please choose a status") });
