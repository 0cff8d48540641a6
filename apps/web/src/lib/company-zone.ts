/**
 * The company's time zone and fiscal year (DESIGN section 3: the server's APP_TZ, default
 * Asia/Karachi, and FISCAL_YEAR_START, default 07-01). Tracking events are instants; they are
 * shown, and entered, on the company's clock wherever the viewer is, and "today" is the company's.
 * Kept free of other imports so the start-up chunk stays small.
 */
let zone = "Asia/Karachi";
let fiscalStart = "07-01";

/** The month and day the company's fiscal year starts ("07-01"), as the server has it. */
export const companyFiscalYearStart = (): string => fiscalStart;

/** The company's time zone: the server's APP_TZ once `loadCompanyTimeZone` has heard it. */
export const companyTimeZone = (): string => zone;

/** Takes the server's APP_TZ (from GET /api/health); an unknown zone name is ignored. */
export function setCompanyTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    zone = timeZone;
  } catch {
    // Not a zone this browser knows: keep the default rather than break every date.
  }
}

/** Asks the server for its time zone and fiscal year start once, at start-up; failures keep the defaults. */
export async function loadCompanyTimeZone(): Promise<void> {
  try {
    const response = await fetch("/api/health");
    const body = (await response.json()) as { time_zone?: unknown; fiscal_year_start?: unknown };
    if (typeof body.time_zone === "string") setCompanyTimeZone(body.time_zone);
    if (typeof body.fiscal_year_start === "string" && /^\d{2}-\d{2}$/.test(body.fiscal_year_start)) {
      fiscalStart = body.fiscal_year_start;
    }
  } catch {
    // The server will answer later calls; dates fall back to the default zone meanwhile.
  }
}
