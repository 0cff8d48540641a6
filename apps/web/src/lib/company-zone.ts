/**
 * The company's time zone (DESIGN section 3: the server's APP_TZ, default Asia/Karachi). Tracking
 * events are instants; they are shown, and entered, on the company's clock wherever the viewer is.
 * Kept free of other imports so the start-up chunk stays small.
 */
let zone = "Asia/Karachi";

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

/** Asks the server for its time zone once, at start-up; failures keep the default. */
export async function loadCompanyTimeZone(): Promise<void> {
  try {
    const response = await fetch("/api/health");
    const body = (await response.json()) as { time_zone?: unknown };
    if (typeof body.time_zone === "string") setCompanyTimeZone(body.time_zone);
  } catch {
    // The server will answer later calls; dates fall back to the default zone meanwhile.
  }
}
