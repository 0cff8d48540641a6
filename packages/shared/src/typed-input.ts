import { z } from "zod";

/*
 * Input as people type or paste it. The booking form rewrites as it goes and the server schemas
 * read the same way, so a value is never cut, nor a separator silently dropped.
 */

/** A CNIC as pasted ("35202-1234567-1", "35202 1234567 1") becomes its digits; anything else is left to be refused. */
export function normalizeCnic(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/**
 * A phone as pasted: spaces, dashes, dots and brackets go, a leading + (as in +92 300 1234567)
 * stays, "00" before a country code is kept as typed. Letters are left to be refused.
 */
export function normalizePhone(value: string): string {
  return value.trim().replace(/[\s\-.()/]/g, "");
}

/**
 * A decimal as typed: spaces go and a decimal comma is read as a point ("2,5" -> "2.5"). A value
 * with two separators ("1,234.5", "1.2.5") stays as it is, so that it is refused, never read with
 * a digit or a separator dropped.
 */
export function normalizeDecimal(value: string): string {
  return value.replace(/\s/g, "").replace(/,/g, ".");
}

/** A phone number as text: read without its separators (normalizePhone), then required, at most `max` characters. */
export const phoneText = (message: string, max = 20) =>
  z.string({ error: message }).transform(normalizePhone).pipe(z.string().min(1, message).max(max, message));

/** An optional CNIC: read as its digits (normalizeCnic), then 13 digits or nothing (null). */
export const cnicText = (message: string) =>
  z
    .union([z.string({ error: message }), z.null()])
    .optional()
    .transform((value) => (value ? normalizeCnic(value) : "") || null)
    .pipe(
      z
        .string()
        .regex(/^\d{13}$/, message)
        .nullable(),
    );

/**
 * A number typed as text, then checked by `schema` (a z.number()): a decimal comma reads as a
 * point; text that is not one number (two separators, letters, nothing at all) reaches `schema`
 * as text and is refused with its message, instead of becoming 0 or losing a separator.
 */
export const decimalInput = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => {
    if (typeof value !== "string") return value;
    const normalized = normalizeDecimal(value);
    return /^-?(\d+\.?\d*|\.\d+)$/.test(normalized) ? Number(normalized) : value;
  }, schema);
