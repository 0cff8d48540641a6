const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Today's date (YYYY-MM-DD) in the company's time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // Built once per zone: constructing a formatter costs far more than formatting.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Start of the fiscal year that contains `date`, e.g. 2026-03-10 with "07-01" -> 2025-07-01. */
export function fiscalYearStart(date: string, startMonthDay: string): string {
  const year = Number(date.slice(0, 4));
  const candidate = `${year}-${startMonthDay}`;
  return candidate <= date ? candidate : `${year - 1}-${startMonthDay}`;
}

export const isValidIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** Date arithmetic on YYYY-MM-DD strings, in UTC so no time zone shifts a day. */
export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export const firstOfMonth = (date: string): string => `${date.slice(0, 7)}-01`;

export function addMonths(date: string, months: number): string {
  const value = new Date(`${firstOfMonth(date)}T00:00:00Z`);
  value.setUTCMonth(value.getUTCMonth() + months);
  return value.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
