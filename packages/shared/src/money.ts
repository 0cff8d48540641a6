import { z } from "zod";

/**
 * Money crosses the API as decimal numbers with at most 2 places and lives everywhere else as
 * integer minor units (paisa, cents). No float arithmetic on money: amounts are parsed from their
 * decimal text, sums of many rows are BigInt, and the conversion back to a decimal number happens
 * once, at the edge (`minorToAmount`).
 *
 * One line of money (a voucher line, a manual charge, a rate, an opening amount, a credit limit)
 * is at most MAX_LINE_MINOR. A voucher has at most 501 lines, so its total stays below
 * 5.01 x 10^14 minor units: far inside the 15 significant digits a JSON number carries exactly.
 */
export const MAX_LINE_MINOR = 1_000_000_000_000;
/** MAX_LINE_MINOR in major units (10,000,000,000.00). */
export const MAX_AMOUNT = MAX_LINE_MINOR / 100;

export const MONEY_MESSAGES = {
  decimals: "Amount must be a number with at most 2 decimals",
  tooLarge: "Amount must be at most 10,000,000,000.00",
  chargeTooLarge: "The charge would be more than 10,000,000,000.00",
  voucherTooLarge: "A voucher line or total is more than CargoDesk can post",
} as const;

/** Below 10^15 minor units a decimal amount survives the trip through a JSON number exactly. */
const EXACT_LIMIT = 1_000_000_000_000_000n;

const NUMBER_TEXT = /^(-)?(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;

/**
 * A decimal amount times 10^places, exactly, as a BigInt; null when it has more than `places`
 * decimals or is not a finite number. A number is read from its shortest decimal text (what JSON
 * sent), never multiplied as a float; a string must be plain decimal text such as "-1234.5".
 * Money uses 2 places (minor units), stock quantities 6 (micro-units).
 */
export function parseScaled(amount: number | string | bigint, places: number): bigint | null {
  const scale = 10n ** BigInt(places);
  if (typeof amount === "bigint") return amount * scale;
  if (typeof amount === "string") {
    const match = new RegExp(`^(-)?(\\d{1,40})(?:\\.(\\d{1,${places}}))?$`).exec(amount.trim());
    if (!match) return null;
    const [, sign, whole = "0", fraction = ""] = match;
    const scaled = BigInt(whole) * scale + BigInt(fraction.padEnd(places, "0") || "0");
    return sign ? -scaled : scaled;
  }
  if (!Number.isFinite(amount)) return null;
  const match = NUMBER_TEXT.exec(String(amount));
  if (!match) return null;
  const [, sign, whole = "0", fraction = "", exponentText = "0"] = match;
  const exponent = Number(exponentText);
  if (exponent > 40) return null;
  // digits x 10^(exponent - fraction.length) x 10^places, which must be a whole number.
  const shift = exponent - fraction.length + places;
  const digits = BigInt(`${whole}${fraction}`);
  let scaled: bigint;
  if (shift >= 0) scaled = digits * 10n ** BigInt(shift);
  else {
    const divisor = 10n ** BigInt(-shift);
    if (digits % divisor !== 0n) return null;
    scaled = digits / divisor;
  }
  return sign ? -scaled : scaled;
}

/**
 * Minor units of a decimal amount, exactly, as a BigInt; null when it has more than 2 decimals or
 * is not a finite number.
 */
export function parseMinor(amount: number | string | bigint): bigint | null {
  return parseScaled(amount, 2);
}

/** Minor units of a decimal amount as a safe integer, or null when it has more than 2 decimals, is not finite or too large. */
export function toMinor(amount: number | string): number | null {
  const minor = parseMinor(amount);
  if (minor === null) return null;
  const value = Number(minor);
  return Number.isSafeInteger(value) ? value : null;
}

/** Exact decimal text of minor units, e.g. -123456n -> "-1234.56". */
export function minorToDecimal(minor: bigint | number): string {
  const value = typeof minor === "bigint" ? minor : BigInt(Math.round(minor));
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * The API's decimal number for minor units. Read from the exact decimal text, so below 10^15
 * minor units the JSON number is exactly the amount; beyond, it is the nearest number (equal sums
 * still give equal numbers, so a balanced report stays balanced).
 */
export function minorToAmount(minor: bigint | number): number {
  return Number(minorToDecimal(minor));
}

/** Whether minorToAmount is exact for these minor units. */
export function isExactAmount(minor: bigint | number): boolean {
  const value = BigInt(minor);
  return value < EXACT_LIMIT && value > -EXACT_LIMIT;
}

export const fromMinor = minorToAmount;

/** The exact sum of minor units, as a BigInt. */
export function sumMinor(values: Iterable<bigint | number>): bigint {
  let total = 0n;
  for (const value of values) total += BigInt(value);
  return total;
}

/** Thousands-separated with 2 decimals, e.g. 1234567 minor -> "12,345.67". */
export function formatMinor(minor: bigint | number): string {
  const value = typeof minor === "bigint" ? minor : BigInt(Math.round(minor));
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${sign}${whole}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * A money field of a request: a number with at most 2 decimals, at least `min` minor units (1 for
 * "more than 0", 0 for "0 or more") and at most MAX_LINE_MINOR. `message` is the field's own
 * message for a wrong number; an amount past the maximum gets MONEY_MESSAGES.tooLarge.
 */
export function moneyAmount(message: string, min: 0 | 1) {
  return z.number({ error: message }).superRefine((value, ctx) => {
    const minor = parseMinor(value);
    if (minor === null || minor < BigInt(min)) ctx.addIssue({ code: "custom", message });
    else if (minor > BigInt(MAX_LINE_MINOR)) ctx.addIssue({ code: "custom", message: MONEY_MESSAGES.tooLarge });
  });
}
