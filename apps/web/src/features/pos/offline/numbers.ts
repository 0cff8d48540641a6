/**
 * The register's invoice numbers (design 6.7): gapless per counter and year, like the server's
 * (A01-2026-000124); the device takes the next one for a sale it makes offline.
 */

/** The invoice number after `last` in the device's sequence (A01-2026-000124). */
export const invoiceNumber = (code: string, year: number, sequence: number): string =>
  `${code}-${year}-${String(sequence).padStart(6, "0")}`;

/** The sequence of an invoice number of this counter and year, or null. */
export function sequenceOf(number: string, code: string, year: number): number | null {
  const prefix = `${code}-${year}-`;
  if (!number.startsWith(prefix)) return null;
  const value = Number(number.slice(prefix.length));
  return Number.isInteger(value) && value > 0 ? value : null;
}
