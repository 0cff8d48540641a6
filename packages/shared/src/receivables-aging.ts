import { z } from "zod";
import { REPORT_MESSAGES } from "./reports";

/** A real calendar date as YYYY-MM-DD (2026-02-30 is refused, not passed on to the database). */
const isCalendarDate = (text: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** All customers' receivables aging: as of a date (default today in APP_TZ). */
export const receivablesAgingRequestSchema = z.object({
  asOfDate: z
    .union([z.string().refine(isCalendarDate, REPORT_MESSAGES.dateFormat), z.literal(""), z.null()])
    .optional()
    .transform((value) => value || undefined),
});
export type ReceivablesAgingRequest = z.input<typeof receivablesAgingRequestSchema>;

/** Eight amounts, one per 15-day bucket (1-15 days first), in major units. */
const bucketAmounts = z.array(z.number()).length(8);

const agingAmounts = {
  ledger_history: bucketAmounts,
  /** Debits older than the eight buckets (over 120 days). */
  older: z.number(),
  /** Credits beyond every debit (an advance), as a positive amount. */
  unappliedCredit: z.number(),
  /** The ledger balance as of the date, debit positive: buckets + older - unapplied credit. */
  total: z.number(),
};

export const receivablesAgingRowSchema = z.object({
  levelFourId: z.number().int(),
  allLevelKey: z.string(),
  levelFourName: z.string(),
  ...agingAmounts,
});
export type ReceivablesAgingRow = z.infer<typeof receivablesAgingRowSchema>;

export const receivablesAgingSchema = z.object({
  asOfDate: z.string(),
  /** The customers' receivables group of Accounts Integration, or null when none is named. */
  group: z.object({ _id: z.number().int(), name: z.string(), allLevelKey: z.string() }).nullable(),
  duration: z.array(z.object({ startedDate: z.string(), endDate: z.string() })).length(8),
  data: z.array(receivablesAgingRowSchema),
  totals: z.object(agingAmounts),
});
export type ReceivablesAging = z.infer<typeof receivablesAgingSchema>;
