import { z } from "zod";

/** The largest row id PostgreSQL's `integer` holds: every id a request names must fit. */
export const MAX_ID = 2_147_483_647;

export const INPUT_MESSAGES = {
  id: "Must be a whole number from 1 to 2147483647",
  date: "Date must be a real date written YYYY-MM-DD",
  nul: "Must not contain a NUL character",
} as const;

/** A row id: a positive whole number that fits PostgreSQL's integer (text is coerced, as ids arrive in paths). */
export const idSchema = (message: string = INPUT_MESSAGES.id) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** A real calendar date written YYYY-MM-DD, in the years PostgreSQL and people use (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const year = Number(value.slice(0, 4));
  if (year < 1900) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

export const isoDateSchema = (message: string = INPUT_MESSAGES.date) =>
  z
    .string({ error: message })
    // The pattern documents the shape in OpenAPI; when it fails, the calendar check is skipped, so
    // a bad value gets the message once.
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message, abort: true })
    .refine(isCalendarDate, message);

/**
 * The path of the first string holding a NUL character (PostgreSQL cannot store one in text), e.g.
 * `voucherData.0.voucherDescription`, or null. Keys are checked as well as values.
 */
export function nulFieldOf(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") || "body" : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulFieldOf(item, [...path, String(index)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key.replaceAll("\u0000", "\\u0000")].join(".");
      const found = nulFieldOf(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
