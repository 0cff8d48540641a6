import { z } from "zod";
import { idSchema } from "./input";
import { UNIT_DIMENSIONS } from "./stock";
import { cnicText, phoneText } from "./typed-input";

/** The spec's messages for the master-data forms, spelling included. */
export const MASTER_MESSAGES = {
  name4: "Please Enter Your Name (Atleast 4 Character)",
  company4: "Please Enter Your Company Name (Atleast 4 Character)",
  country: "Please Enter Your Country Name (Atleast 3 Character)",
  countryCode: "Country Code is required and numeric",
  countryRequired: "Please select a country",
  address: "Address Length (Maximium 45 Character)",
  addressRequired: "Please Enter Address",
  email: "Please Enter Valid Email",
  cell: "Please Enter Valid Cell Number",
  cnic: "Please Enter Valid CNIC (Without Dashes)",
  postalCode: "Please Enter Postal Code",
  city: "Please Enter City",
  state: "Please Enter State",
  ntn: "Please Enter NTN",
  packageName: "Please Enter Your Package Name (Atleast 3 Character)",
  weight: "Weight must be at least 0.1 kg",
  dimension: "Dimensions must be at least 1 cm",
  serviceName: "Please Enter Your Service Name (Atleast 2 Character)",
  currencyName: "Please Enter Currency Name (Atleast 3 Character)",
  currencyField: "Please fill in the currency code, sign and rate",
  rate: "Rate must be a number more than 0",
  inUse: "It is in use and cannot be deleted",
} as const;

const upperText = (min: number, message: string, max = 100) =>
  z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max)
    .transform((value) => value.toUpperCase());
const requiredUpper = (message: string, max = 60) => upperText(1, message, max);
const optionalUpper = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null));
/** Address and Address 2 are under 45 characters; Address 3 has no limit. */
const address = z
  .string({ error: MASTER_MESSAGES.addressRequired })
  .trim()
  .min(1, MASTER_MESSAGES.addressRequired)
  .max(44, MASTER_MESSAGES.address)
  .transform((value) => value.toUpperCase());

const partyFields = {
  name: upperText(4, MASTER_MESSAGES.name4),
  company: upperText(4, MASTER_MESSAGES.company4, 150),
  country_id: idSchema(MASTER_MESSAGES.countryRequired),
  address,
  address_2: z
    .string()
    .trim()
    .max(44, MASTER_MESSAGES.address)
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  address_3: optionalUpper(300),
  postal_code: requiredUpper(MASTER_MESSAGES.postalCode, 20),
  city: requiredUpper(MASTER_MESSAGES.city),
  state: requiredUpper(MASTER_MESSAGES.state),
  email: z
    .union([z.email(MASTER_MESSAGES.email), z.literal(""), z.null()])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  phone: phoneText(MASTER_MESSAGES.cell),
};

export const senderSchema = z.object({
  ...partyFields,
  gst: optionalUpper(50),
  ntn: requiredUpper(MASTER_MESSAGES.ntn, 50),
  cnic: cnicText(MASTER_MESSAGES.cnic),
});
export type SenderInput = z.infer<typeof senderSchema>;

/** PUT /sender/{id}: the spec's sender fields; NTN may be left out, and then stays as it was. */
export const senderUpdateSchema = senderSchema.extend({ ntn: senderSchema.shape.ntn.optional() });
export type SenderUpdate = z.infer<typeof senderUpdateSchema>;

export const receiverSchema = z.object({ ...partyFields, vat: optionalUpper(30) });
export type ReceiverInput = z.infer<typeof receiverSchema>;

export const countrySchema = z.object({
  name: upperText(4, MASTER_MESSAGES.country),
  code: z
    .string({ error: MASTER_MESSAGES.countryCode })
    .trim()
    .regex(/^\d{1,4}$/, MASTER_MESSAGES.countryCode),
});

const measure = (min: number, message: string) => z.coerce.number({ error: message }).min(min, message).max(100_000);
export const packageSchema = z.object({
  name: upperText(4, MASTER_MESSAGES.packageName),
  weight: measure(0.1, MASTER_MESSAGES.weight),
  length: measure(1, MASTER_MESSAGES.dimension),
  width: measure(1, MASTER_MESSAGES.dimension),
  height: measure(1, MASTER_MESSAGES.dimension),
  quantity: z.coerce.number().int().min(1).optional(),
});

export const serviceSchema = z.object({
  name: upperText(2, MASTER_MESSAGES.serviceName),
  code: optionalUpper(30),
});

export const currencySchema = z.object({
  name: upperText(3, MASTER_MESSAGES.currencyName),
  sign: z.string({ error: MASTER_MESSAGES.currencyField }).trim().min(1, MASTER_MESSAGES.currencyField).max(10),
  code: requiredUpper(MASTER_MESSAGES.currencyField, 10),
  rate: z.coerce.number({ error: MASTER_MESSAGES.rate }).positive(MASTER_MESSAGES.rate).max(1_000_000_000),
});

export const listQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
  search: z.string().trim().max(100).optional(),
});

// ---- Answers ---------------------------------------------------------------------------------------

/** A country as every country list answers it; `code` is the ISO 3166-1 numeric code. */
export const countryRowSchema = z.object({
  country_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  iso2: z.string().nullable(),
  dial_code: z.string().nullable(),
});
export type CountryRow = z.infer<typeof countryRowSchema>;

/** The country a party row names (null when it no longer exists). */
export const countryRefSchema = countryRowSchema.omit({ country_id: true });

const partyRowFields = {
  name: z.string(),
  company: z.string(),
  country_id: z.number().int(),
  country: countryRefSchema.nullable(),
  address: z.string(),
  address_2: z.string().nullable(),
  address_3: z.string().nullable(),
  postal_code: z.string(),
  city: z.string(),
  state: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
};

export const senderRowSchema = z.object({
  sender_id: z.number().int(),
  ...partyRowFields,
  gst: z.string().nullable(),
  ntn: z.string(),
  cnic: z.string().nullable(),
});
export type SenderRow = z.infer<typeof senderRowSchema>;

export const receiverRowSchema = z.object({
  receiver_id: z.number().int(),
  ...partyRowFields,
  vat: z.string().nullable(),
});
export type ReceiverRow = z.infer<typeof receiverRowSchema>;

/** A standard package: weight in kg and dimensions in cm, as numbers. */
export const packageRowSchema = z.object({
  package_id: z.number().int(),
  name: z.string(),
  weight: z.number(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  quantity: z.number().int(),
});
export type PackageRow = z.infer<typeof packageRowSchema>;

/** A carrier (the spec's "service", `/api/cargo_company`). */
export const serviceRowSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string().nullable() });
export type ServiceRow = z.infer<typeof serviceRowSchema>;

/** A currency with its exchange rate to the base currency (a ratio, not money). */
export const currencyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sign: z.string(),
  code: z.string(),
  rate: z.number(),
});
export type CurrencyRow = z.infer<typeof currencyRowSchema>;

/** One page of a master-data list (page is 1-based). */
export const masterPageSchema = <S extends z.ZodType>(row: S) =>
  z.object({ data: z.array(row), page: z.number().int(), total_results: z.number().int() });

/** What adding or changing a master-data row answers: the server's message and the stored row. */
export const masterSavedSchema = <S extends z.ZodType>(row: S) => z.object({ message: z.string(), data: row });

/** The lookups the shipment and rate screens load. */
export const serviceTypeRowSchema = z.object({
  service_type_id: z.number().int(),
  name: z.string(),
  active: z.boolean(),
});
export type ServiceTypeRow = z.infer<typeof serviceTypeRowSchema>;
/** A unit of measure: converts within its dimension by `factor` (to the dimension's base, g = 1, kg = 1000). */
export const unitRowSchema = z.object({
  uomId: z.number().int(),
  uomName: z.string(),
  symbol: z.string(),
  dimension: z.enum(UNIT_DIMENSIONS),
  factor: z.number(),
});
export type UnitRow = z.infer<typeof unitRowSchema>;
export const shipmentPurposeRowSchema = z.object({ shipment_purpose_id: z.number().int(), purpose: z.string() });
export type ShipmentPurposeRow = z.infer<typeof shipmentPurposeRowSchema>;
export const shipmentTaxTypeRowSchema = z.object({ shipment_tax_id: z.number().int(), name: z.string() });
export type ShipmentTaxTypeRow = z.infer<typeof shipmentTaxTypeRowSchema>;
export const packageWeightRowSchema = z.object({ id: z.number().int(), weight: z.number(), name: z.string() });
