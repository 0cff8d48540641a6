/**
 * Dates as the company counts them. The server checks every "not before today" and "not after
 * today" on its APP_TZ calendar, and the web app shows that calendar wherever the browser is, so
 * tests take today from there too, never from the machine's or the browser's zone.
 */
export const COMPANY_TZ = process.env.APP_TZ ?? "Asia/Karachi";

/** Today plus `days` as YYYY-MM-DD on the company's calendar. */
export function companyDay(days = 0, now = Date.now()): string {
  const noon = new Date(`${companyDate(new Date(now), COMPANY_TZ)}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + days);
  return noon.toISOString().slice(0, 10);
}

/** Today as YYYY-MM-DD on the company's calendar. */
export const companyToday = (): string => companyDay(0);

function companyDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(instant);
}

/**
 * A time zone whose calendar shows another date than the company's at `now`: Honolulu (UTC-10)
 * is still on yesterday while the company's clock is before 15:00 (for Karachi), Kiritimati
 * (UTC+14) is already on tomorrow after that. The browser runs in it, so a screen that took today
 * from the browser's zone would show the wrong day and fail its test.
 */
export function zoneOnAnotherDay(now = new Date(), companyZone = COMPANY_TZ): string {
  const company = companyDate(now, companyZone);
  for (const zone of ["Pacific/Honolulu", "Pacific/Kiritimati"]) {
    if (companyDate(now, zone) !== company) return zone;
  }
  throw new Error(`no zone found whose date differs from ${companyZone}'s`);
}
