import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { companyTimeZone } from "./company-zone";

/** Dates on the company's clock (its zone comes from the server; see lib/company-zone). */
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const partsFormatter = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

function zonedParts(instant: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** Today as YYYY-MM-DD on the company's clock (the earliest expected delivery date). */
export function companyToday(now = new Date(), timeZone = companyTimeZone()): string {
  const parts = zonedParts(now, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** An instant as a `datetime-local` value ("2026-12-07T14:05") on the company's clock. */
export function toZonedLocal(iso: string, timeZone = companyTimeZone()): string {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return "";
  const parts = zonedParts(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The zone's offset from UTC in ms at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = zonedParts(new Date(instant), timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
  );
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/** A `datetime-local` value read on the company's clock, as an ISO instant; null when it is not one. */
export function fromZonedLocal(local: string, timeZone = companyTimeZone()): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const wall = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - offsetAt(wall, timeZone);
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant).toISOString();
}

const instantFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "2-digit",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "2-digit",
  month: "short",
  year: "numeric",
});

/** A tracking event's instant on the company's clock, e.g. "07 Dec 2026, 14:05". */
export function formatInstant(iso: string | null | undefined): string {
  if (!iso) return "—";
  const instant = new Date(iso);
  return Number.isNaN(instant.getTime()) ? "—" : instantFormat(companyTimeZone()).format(instant);
}

/** A calendar date ("2026-12-07") or an instant's company-clock date, e.g. "07 Dec 2026". */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "—";
  if (DATE_ONLY.test(value)) return dayFormat.format(new Date(`${value}T00:00:00Z`));
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : dayFormat.format(new Date(`${companyToday(instant)}T00:00:00Z`));
}

const deliveryFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** The spec's expected delivery date: weekday, month, day, year ("Monday, December 7, 2026"), or "To Be Announced Later". */
export function formatDeliveryDate(value: string | null | undefined): string {
  const day = value?.slice(0, 10);
  if (!day || !DATE_ONLY.test(day)) return SHIPMENT_MESSAGES.deliveryLater;
  return deliveryFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The company zone's long name, e.g. "Pakistan Standard Time", for notes beside the times. */
export function companyZoneName(timeZone = companyTimeZone()): string {
  const part = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "long" })
    .formatToParts(new Date())
    .find((candidate) => candidate.type === "timeZoneName");
  return part?.value ?? timeZone;
}
