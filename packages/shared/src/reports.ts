import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { MAX_AMOUNT, MONEY_MESSAGES, parseMinor } from "./money";

export const REPORT_MESSAGES = {
  accountRequired: "Please select an account",
  voucherTypeRequired: "Please select a voucher type",
  dateOrder: "The start date must not be after the end date",
  dateFormat: "Date must be YYYY-MM-DD",
  stock: "Enter a number of 0 or more with at most 2 decimals",
} as const;

/** An optional YYYY-MM-DD date; an empty string (the spec's "not given") counts as missing. */
const optionalDate = z
  .union([isoDateSchema(REPORT_MESSAGES.dateFormat), z.literal(""), z.null()])
  .optional()
  .transform((value) => value || undefined);

const accountId = idSchema(REPORT_MESSAGES.accountRequired);

const ordered = <T extends { from?: string | undefined; to?: string | undefined }>(value: T) =>
  !value.from || !value.to || value.from <= value.to;

export const ledgerRequestSchema = z
  .object({ startDate: optionalDate, endDate: optionalDate, levelFourId: accountId })
  .refine((value) => ordered({ from: value.startDate, to: value.endDate }), {
    path: ["startDate"],
    message: REPORT_MESSAGES.dateOrder,
  });
export type LedgerRequest = z.infer<typeof ledgerRequestSchema>;

export const periodRequestSchema = z
  .object({ startedDate: optionalDate, endDate: optionalDate })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

export const transactionSummaryRequestSchema = z
  .object({
    startedDate: optionalDate,
    endDate: optionalDate,
    voucher: z.coerce
      .number({ error: REPORT_MESSAGES.voucherTypeRequired })
      .int(REPORT_MESSAGES.voucherTypeRequired)
      .min(1, REPORT_MESSAGES.voucherTypeRequired)
      .max(5, REPORT_MESSAGES.voucherTypeRequired),
  })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

const stock = z.coerce
  .number({ error: REPORT_MESSAGES.stock })
  .min(0, REPORT_MESSAGES.stock)
  .refine((value) => parseMinor(value) !== null, REPORT_MESSAGES.stock)
  .refine((value) => value <= MAX_AMOUNT, MONEY_MESSAGES.tooLarge)
  .default(0);

export const profitLossRequestSchema = z
  .object({ startedDate: optionalDate, endDate: optionalDate, openingStock: stock, closingStock: stock })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

export const agingRequestSchema = z.object({ levelFourId: accountId, asOfDate: optionalDate });

export const reportFormatSchema = z.object({ format: z.enum(["json", "pdf", "xlsx"]).default("json") });
export type ReportFormat = z.infer<typeof reportFormatSchema>["format"];
