import { DASHBOARD_DEFAULT_DAYS } from "@cargodesk/shared";
import { companyToday } from "../../lib/dates";

export function addDaysIso(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The default range: the last 30 days up to today. */
export function defaultRange(now = new Date()): { startedDate: string; endDate: string } {
  const endDate = companyToday(now);
  return { startedDate: addDaysIso(endDate, -DASHBOARD_DEFAULT_DAYS), endDate };
}

/** "22 Nov 2026" for a YYYY-MM-DD date. */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "2-digit",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
