import { randomBytes } from "node:crypto";
import path from "node:path";
import {
  type FieldIssue,
  fromMinor,
  RATE_MESSAGES,
  type RateAnswer,
  type RateQuote,
  rateUploadFieldsSchema,
  rateWithProfitMinor,
  type ShipmentType,
  ZIP_SERVICE_ID,
} from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { countries, serviceTypes } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { isValidIsoDate, todayIn } from "../../lib/dates";
import { requireFile, type UploadedFile } from "../../lib/multipart";
import { putFile, rateSheetType } from "../../lib/stored-files";
import { chargesFor, type ListedCharge, sheetType2 } from "./charge";
import { insertBands, insertSheet } from "./rates.repo";
import { parseRateSheet } from "./rates.upload";

/** Uploaded sheets are stored files keyed "rates/<random>.csv|xlsx", the key the log keeps as its path. */
export const RATE_FILE_PATTERN = /^rates\/[a-f0-9]{32}\.(csv|xlsx)$/;

function invalid(issues: FieldIssue[]): never {
  throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
}

const fieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({ field: issue.path.join(".") || "body", message: issue.message }));

async function findService(ctx: Ctx, id: number) {
  const [service] = await ctx.db.select().from(serviceTypes).where(eq(serviceTypes.serviceTypeId, id));
  return service ?? null;
}

const isXlsx = (buffer: Buffer) =>
  buffer.length > 4 && buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/**
 * POST /api/rate/upload_rate_file: checks the fields (date at least today in the company's time
 * zone), then every row of the file; a bad file stores nothing. A good one is stored in the
 * database with the sheet and its bands, in one transaction.
 */
export async function uploadRateSheet(
  ctx: Ctx,
  input: { fields: Record<string, string>; file: UploadedFile | null },
): Promise<{ message: typeof RATE_MESSAGES.uploadOk; id: number; rows: number; path: string }> {
  const parsed = rateUploadFieldsSchema.safeParse(input.fields);
  if (!parsed.success) invalid(fieldIssues(parsed.error));
  const fields = parsed.data;
  if (!isValidIsoDate(fields.date)) invalid([{ field: "date", message: RATE_MESSAGES.date }]);
  if (fields.date < todayIn(ctx.config.APP_TZ)) invalid([{ field: "date", message: RATE_MESSAGES.datePast }]);
  if (!(await findService(ctx, fields.service_type_id)))
    invalid([{ field: "service_type_id", message: RATE_MESSAGES.serviceUnknown }]);
  const file = requireFile(input.file);
  const bands = await parseRateSheet(ctx.db, file.buffer, fields.service_type_id === ZIP_SERVICE_ID);

  const stored = `rates/${randomBytes(16).toString("hex")}.${isXlsx(file.buffer) ? "xlsx" : "csv"}`;
  const id = await ctx.db.transaction(async (tx) => {
    await putFile(tx, { key: stored, kind: "rate-sheet", mime: rateSheetType(stored) }, file.buffer);
    const sheetId = await insertSheet(tx, {
      serviceTypeId: fields.service_type_id,
      shipmentType: fields.shipment_type,
      type2: sheetType2(fields.service_type_id, fields.type),
      effectiveDate: fields.date,
      path: stored,
      originalName: path.basename(file.filename || "rates").slice(0, 200),
      rowCount: bands.length,
      uploadedBy: ctx.user?.id ?? null,
    });
    await insertBands(tx, sheetId, bands);
    return sheetId;
  });
  return { message: RATE_MESSAGES.uploadOk, id, rows: bands.length, path: stored };
}

export interface QuoteRequest {
  weight: number;
  serviceTypeId: number | "ALL";
  countryId?: number | undefined;
  zip?: string | undefined;
  date?: string | undefined;
  shipmentType: ShipmentType;
  type2?: string | undefined;
  /** The rate inquiry's profit percent (at least 1), or none. */
  profit?: number | undefined;
}

function toQuote(charge: ListedCharge, profit: number | undefined): RateQuote {
  const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));
  return {
    service: charge.type2 ? `${charge.service} (${charge.type2})` : charge.service,
    rate: fromMinor(profit ? rateWithProfitMinor(charge.amountMinor, profit) : charge.amountMinor),
    service_type_id: charge.serviceTypeId,
    type2: charge.type2 || null,
    country_id: charge.countryId,
    country: charge.country,
    zip: charge.zipPrefix,
    currency: charge.currency.code,
    base_rate: fromMinor(charge.amountMinor),
    rate_first_kg: money(charge.rateFirstKgMinor),
    rate_add_kg: money(charge.rateAddKgMinor),
    rate_flat: money(charge.rateFlatMinor),
  };
}

/**
 * The calculator's and the inquiry's answer: the echoed request, then one {service, rate} per
 * priced service (and destination, when none was given). No rate at all is a 404, never a 0.
 */
export async function quoteRates(ctx: Ctx, request: QuoteRequest): Promise<RateAnswer> {
  const date = request.date ?? todayIn(ctx.config.APP_TZ);
  if (!isValidIsoDate(date)) invalid([{ field: "date", message: RATE_MESSAGES.date }]);
  if (request.serviceTypeId !== "ALL") {
    const service = await findService(ctx, request.serviceTypeId);
    if (!service) invalid([{ field: "service_type_id", message: RATE_MESSAGES.serviceUnknown }]);
    if (!service.active) throw new AppError("RATE_NOT_AVAILABLE", RATE_MESSAGES.noRate);
  }
  if (request.countryId) {
    const [country] = await ctx.db
      .select({ id: countries.countryId })
      .from(countries)
      .where(eq(countries.countryId, request.countryId));
    if (!country) invalid([{ field: "country_id", message: RATE_MESSAGES.countryUnknown }]);
  }
  const charges = await chargesFor(ctx.db, {
    serviceTypeId: request.serviceTypeId,
    shipmentType: request.shipmentType,
    type2: request.type2 ?? "",
    countryId: request.countryId ?? null,
    zip: request.zip ?? null,
    weightKg: request.weight,
    date,
  });
  if (charges.length === 0) throw new AppError("RATE_NOT_AVAILABLE", RATE_MESSAGES.noRate);
  return [
    {
      date,
      country_id: request.countryId ?? null,
      zip: request.zip ?? null,
      weight: request.weight,
      service_type_id: request.serviceTypeId,
      shipment_type: request.shipmentType,
      type2: request.type2 ?? null,
      profit: request.profit ?? null,
    },
    ...charges.map((charge) => toQuote(charge, request.profit)),
  ];
}
