import { formatMinor, toMinor } from "@cargodesk/shared";

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** An ISO instant in the viewer's locale and time zone; `fallback` when there is none. */
export function formatDateTime(iso: string | null | undefined, fallback = "Never"): string {
  if (!iso) return fallback;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? fallback : dateTime.format(date);
}

export function fullName(firstName: string | null | undefined, lastName: string | null | undefined): string {
  return [firstName, lastName]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(" ");
}

/** Matches every whitespace-separated word of `query` against any of `fields`, ignoring case. */
export function matchesSearch(query: string, fields: readonly (string | number | null | undefined)[]): boolean {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields
    .filter((field) => field !== null && field !== undefined)
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** "1 user", "3 users"; `plural` defaults to the singular plus "s". */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** Minor units of an API amount (major units, at most 2 decimals); rounding guards odd inputs. */
export const minorOf = (amount: number): number => toMinor(amount) ?? Math.round(amount * 100);

/** An API amount with thousands separators and 2 decimals, e.g. 12345.5 -> "12,345.50". */
export const money = (amount: number): string => formatMinor(minorOf(amount));

/** Like `money`, but blank for zero: debit and credit columns leave the other side empty. */
export const moneyOrBlank = (amount: number): string => (minorOf(amount) === 0 ? "" : money(amount));

/** Sum of API amounts through integer minor units, never float addition. */
export const sumMinor = (amounts: readonly number[]): number =>
  amounts.reduce((sum, amount) => sum + minorOf(amount), 0);

/** Kilograms with up to 2 decimals, e.g. "12 kg", "0.5 kg"; "—" without a weight. */
export const kg = (weight: number | null | undefined): string =>
  weight === null || weight === undefined ? "—" : `${Number(weight.toFixed(2))} kg`;

/** React keys for rows that may repeat (a voucher with several lines on one account): base plus occurrence. */
export function occurrenceKeys<T>(rows: readonly T[], base: (row: T) => string | number): string[] {
  const seen = new Map<string | number, number>();
  return rows.map((row) => {
    const key = base(row);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return `${key}#${count}`;
  });
}
