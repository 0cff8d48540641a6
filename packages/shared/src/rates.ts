import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { SHIPMENT_MESSAGES, SHIPMENT_TYPES, TYPE2_CHOICES, VAT_PAID_SERVICE_ID, ZIP_SERVICE_ID } from "./shipments";

/** Rate-sheet rules shared by the server (charging) and the web app (showing quotes). */

export const RATE_MESSAGES = {
  noRate: "No rate is available for this service, destination and weight",
  uploadOk: "Rate Upload",
  uploadFailed: "Error",
  date: "Please choose a date",
  datePast: "The date cannot be earlier than today",
  service: "Please choose a service type",
  serviceUnknown: "No such service type",
  shipmentType: "Please choose Doc or Pack",
  type2: SHIPMENT_MESSAGES.type2,
  file: "Please choose a file",
  weight: "Weight must be more than 0",
  weightMin1: "Weight must be at least 1",
  weightMax: "Weight must be at most 100000 kg",
  profit: "Profit must be at least 1",
  country: "Please choose a country",
  countryUnknown: "No such country",
  zip: "Please enter a zip code",
  zipFormat: "A zip code has letters, digits and -, at most 10",
  logMissing: "No such rate file",
} as const;

/** Messages of a refused rate sheet, each tied to a row and a column of the file. */
export const RATE_SHEET_MESSAGES = {
  missingColumn: "Missing column",
  rateColumns: "The header row needs a flat column, or first_kg and add_kg columns",
  countryRequired: "Enter a country (ISO code or name)",
  countryUnknown: "Unknown country",
  zipRequired: "Enter a zip code or prefix",
  zipFormat: RATE_MESSAGES.zipFormat,
  kg: "Must be a number of kg from 0 to 1000000, with at most 3 decimals",
  zipOnly: "Zip codes price service 16 only; give a country",
  maxAboveMin: "max_kg must be greater than min_kg",
  currencyRequired: "Enter a currency code",
  currencyUnknown: "Unknown currency",
  amount: "Must be a number 0 or more, with at most 2 decimals",
  positive: "Must be more than 0",
  rateMissing: "Give flat, or both first_kg and add_kg",
  rateBoth: "Give either flat, or first_kg and add_kg, not both",
  firstBand: (minKg: string) => `The first band of this destination must start at 0 kg, not ${minKg} kg`,
  overlap: (row: number, minKg: string, maxKg: string) => `Overlaps row ${row} (${minKg}-${maxKg} kg)`,
  gap: (fromKg: string, toKg: string, row: number) => `Gap from ${fromKg} kg to ${toKg} kg after row ${row}`,
} as const;

/** The columns a rate sheet may have (header names, any order, any case). */
export const RATE_SHEET_COLUMNS = ["country", "zip", "min_kg", "max_kg", "currency", "flat", "first_kg", "add_kg"];
/** The spec: the rate list and the rate logs show 50 rows a page. */
export const RATE_LIST_PAGE_SIZE = 50;
export const RATE_LOGS_PAGE_SIZE = 50;
export const MAX_RATE_WEIGHT_KG = 100_000;
/** The largest max_kg a sheet may name (an open last band, e.g. 0-1000000). */
export const MAX_SHEET_KG = 1_000_000;
/** The calculator's shipment type when none is sent: most quotes are for parcels. */
export const DEFAULT_RATE_SHIPMENT_TYPE = "Pack";

/** A band matches when `min_kg < weight <= max_kg`. */
export function bandMatches(minKg: number, maxKg: number, weightKg: number): boolean {
  return minKg < weightKg && weightKg <= maxKg;
}

export interface BandRates {
  flatMinor: number | null;
  firstKgMinor: number | null;
  addKgMinor: number | null;
}

/**
 * A band's charge in minor units: its flat amount, or `first + ceil(weight - 1) x additional`
 * (the first kg at the first-kg rate, every started kg after it at the additional rate).
 */
export function bandCharge(band: BandRates, weightKg: number): number {
  if (band.flatMinor !== null) return band.flatMinor;
  const extraKg = Math.max(0, Math.ceil(Math.round((weightKg - 1) * 1000) / 1000));
  // BigInt: kg x rate may pass 2^53 (it is then refused as more than a line may be).
  return Number(BigInt(band.firstKgMinor ?? 0) + BigInt(extraKg) * BigInt(band.addKgMinor ?? 0));
}

/** Shown rate = rate + ceil(profit% x rate / 100), on whole currency units as the spec shows them. */
export function rateWithProfit(rate: number, profitPercent: number): number {
  return rate + Math.ceil(Math.round(((profitPercent * rate) / 100) * 1e6) / 1e6);
}

/** rateWithProfit on minor units (cents): the profit is still rounded up to a whole currency unit. */
export function rateWithProfitMinor(rateMinor: number, profitPercent: number): number {
  const profitUnits = Math.ceil(Math.round(((profitPercent * rateMinor) / 10_000) * 1e6) / 1e6);
  return rateMinor + profitUnits * 100;
}

/** Postal codes are compared upper-cased without spaces: "sw1a 1aa" is "SW1A1AA". */
export const normalizeZip = (zip: string): string => zip.replace(/\s+/g, "").toUpperCase();
export const ZIP_PATTERN = /^[A-Z0-9-]{1,10}$/;

// ---------------------------------------------------------------- request schemas

const blank = (value: unknown) => value === "" || value === null;
const orUndefined = (value: unknown) => (blank(value) ? undefined : value);

const isoDate = isoDateSchema(RATE_MESSAGES.date);
const optionalDate = z.preprocess(orUndefined, isoDate.optional());

const weightField = (min: number, message: string) =>
  z.coerce
    .number({ error: message })
    .refine(Number.isFinite, message)
    .refine((value) => (min === 0 ? value > 0 : value >= min), message)
    .refine((value) => value <= MAX_RATE_WEIGHT_KG, RATE_MESSAGES.weightMax);

/** A service id, or "ALL" (also when none is chosen): every active service. */
const serviceChoice = z.preprocess(
  (value) => (value === undefined || blank(value) || String(value).toUpperCase() === "ALL" ? "ALL" : value),
  z.union([z.literal("ALL"), idSchema(RATE_MESSAGES.service)]),
);

const optionalId = (message: string) => z.preprocess(orUndefined, idSchema(message).optional());

const optionalZip = z.preprocess(
  (value) => (typeof value === "string" ? orUndefined(normalizeZip(value)) : orUndefined(value)),
  z.string().regex(ZIP_PATTERN, RATE_MESSAGES.zipFormat).optional(),
);

const shipmentType = z.preprocess(
  (value) => (typeof value === "string" ? SHIPMENT_TYPES.find((t) => t.toLowerCase() === value.toLowerCase()) : value),
  z.enum(SHIPMENT_TYPES, { error: RATE_MESSAGES.shipmentType }),
);

const type2Field = z.preprocess(
  (value) => (typeof value === "string" ? orUndefined(value.trim().toUpperCase()) : orUndefined(value)),
  z.enum(TYPE2_CHOICES, { error: RATE_MESSAGES.type2 }).optional(),
);

type Issue = { path: string; message: string };
function requireType2(serviceId: number | "ALL", type2: string | undefined): Issue[] {
  return serviceId === VAT_PAID_SERVICE_ID && !type2 ? [{ path: "type2", message: RATE_MESSAGES.type2 }] : [];
}
const addIssues = (ctx: z.RefinementCtx, issues: Issue[]) => {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
};

/**
 * POST /api/rate/calculate_rate (the public calculator). The country (or, for service 16, the zip)
 * is optional: without it the answer lists every destination the sheet prices at that weight.
 */
export const calculateRateSchema = z
  .object({
    weight: weightField(0, RATE_MESSAGES.weight),
    service_type_id: serviceChoice,
    country_id: optionalId(RATE_MESSAGES.countryUnknown),
    zip: optionalZip,
    date: optionalDate,
    shipment_type: z.preprocess((v) => v ?? DEFAULT_RATE_SHIPMENT_TYPE, shipmentType),
    type2: type2Field,
    /** Only the quotation slip reads it: a profit percent added as in the rate inquiry. */
    profit: z.preprocess(orUndefined, weightField(1, RATE_MESSAGES.profit).optional()),
  })
  .superRefine((input, ctx) => addIssues(ctx, requireType2(input.service_type_id, input.type2)));
export type CalculateRateInput = z.output<typeof calculateRateSchema>;

/**
 * POST /api/rate/rate_inquiry: weight and profit at least 1, a shipment type, and a country, or a
 * zip for service 16 (for all services, either). `service_type_id` is accepted for `serviceId`.
 */
export const rateInquirySchema = z.preprocess(
  (value) =>
    value && typeof value === "object" && !("serviceId" in value) && "service_type_id" in value
      ? { ...value, serviceId: (value as { service_type_id: unknown }).service_type_id }
      : value,
  z
    .object({
      weight: weightField(1, RATE_MESSAGES.weightMin1),
      serviceId: serviceChoice,
      country_id: optionalId(RATE_MESSAGES.countryUnknown),
      zip: optionalZip,
      date: optionalDate,
      shipment_type: z.preprocess((v) => v ?? "", shipmentType),
      type2: type2Field,
      profit: z.preprocess(orUndefined, weightField(1, RATE_MESSAGES.profit).optional()),
    })
    .superRefine((input, ctx) => {
      const issues = requireType2(input.serviceId, input.type2);
      if (input.serviceId === ZIP_SERVICE_ID && !input.zip) issues.push({ path: "zip", message: RATE_MESSAGES.zip });
      else if (input.serviceId !== ZIP_SERVICE_ID && !input.country_id && !(input.serviceId === "ALL" && input.zip))
        issues.push({ path: "country_id", message: RATE_MESSAGES.country });
      addIssues(ctx, issues);
    }),
);
export type RateInquiryInput = z.output<typeof rateInquirySchema>;

/** The text fields of POST /api/rate/upload_rate_file (multipart), before the date is checked against today. */
export const rateUploadFieldsSchema = z
  .object({
    date: z.preprocess((v) => v ?? "", isoDate),
    service_type_id: idSchema(RATE_MESSAGES.service),
    shipment_type: z.preprocess((v) => v ?? "", shipmentType),
    type: type2Field,
  })
  .superRefine((input, ctx) => {
    if (input.service_type_id === VAT_PAID_SERVICE_ID && !input.type)
      ctx.addIssue({ code: "custom", path: ["type"], message: RATE_MESSAGES.type2 });
  });
export type RateUploadFields = z.output<typeof rateUploadFieldsSchema>;

export const rateLogsQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(1000).default(RATE_LOGS_PAGE_SIZE),
  page: z.coerce.number().int().min(1).default(1),
});

// ---------------------------------------------------------------- answer shapes

/** The first element of a rate answer: the request as understood (the spec's date, country_id, weight). */
export const rateEchoSchema = z.object({
  date: z.string(),
  country_id: z.number().int().nullable(),
  zip: z.string().nullable(),
  weight: z.number(),
  service_type_id: z.union([z.number().int(), z.literal("ALL")]),
  shipment_type: z.enum(SHIPMENT_TYPES),
  type2: z.string().nullable(),
  profit: z.number().nullable(),
});
export type RateEcho = z.infer<typeof rateEchoSchema>;

/** One priced service (and destination): the spec's service and rate, with the band behind it. */
export const rateQuoteSchema = z.object({
  service: z.string(),
  rate: z.number(),
  service_type_id: z.number().int(),
  type2: z.string().nullable(),
  country_id: z.number().int().nullable(),
  country: z.string().nullable(),
  zip: z.string().nullable(),
  currency: z.string(),
  /** The rate before profit (equal to rate when no profit is asked). */
  base_rate: z.number(),
  rate_first_kg: z.number().nullable(),
  rate_add_kg: z.number().nullable(),
  rate_flat: z.number().nullable(),
});
export type RateQuote = z.infer<typeof rateQuoteSchema>;

export const rateAnswerSchema = z.tuple([rateEchoSchema], rateQuoteSchema);
export type RateAnswer = [RateEcho, ...RateQuote[]];

export const rateLogSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  shipment_type: z.string(),
  type: z.string(),
  service_type: z.object({ service_type_id: z.number().int(), name: z.string() }),
  path: z.string(),
  original_name: z.string(),
  row_count: z.number().int(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
});
export type RateLog = z.infer<typeof rateLogSchema>;
export const rateLogPageSchema = z.object({
  result: z.array(rateLogSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const rateUploadAnswerSchema = z.object({
  message: z.literal(RATE_MESSAGES.uploadOk),
  id: z.number().int(),
  rows: z.number().int(),
  path: z.string(),
});
