import { companyFiscalYearStart } from "../../lib/company-zone";

/** Report signs: 2 debit, 1 credit (a zero balance reads as debit). */
export type Sign = 1 | 2;
export const SIGN = { credit: 1, debit: 2 } as const;

export const drcr = (sign: number): "DR" | "CR" => (sign === SIGN.credit ? "CR" : "DR");

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Start of the fiscal year holding `date`, e.g. 2026-03-10 -> 2025-07-01, 2026-08-01 -> 2026-07-01 (FISCAL_YEAR_START 07-01). */
export function fiscalYearStart(date: string, startMonthDay = companyFiscalYearStart()): string {
  const year = Number(date.slice(0, 4));
  const start = `${year}-${startMonthDay}`;
  return date >= start ? start : `${year - 1}-${startMonthDay}`;
}

/** "From 2025-07-01 to 2026-03-10", "Up to 2026-03-10", ... for headings. */
export function periodLabel(from: string | null | undefined, to: string | null | undefined): string {
  if (from && to) return `From ${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Up to ${to}`;
  return "All dates";
}

/** A valid YYYY-MM-DD query-string value, or "". */
export const dateParam = (params: URLSearchParams, name: string): string => {
  const value = params.get(name) ?? "";
  return ISO_DATE.test(value) ? value : "";
};

/** A positive integer query-string value, or null. */
export const idParam = (params: URLSearchParams, name: string): number | null => {
  const value = Number(params.get(name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};
