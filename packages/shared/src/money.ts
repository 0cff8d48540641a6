/**
 * Money crosses the API as decimal numbers with at most 2 places and lives everywhere else as
 * integer minor units (paisa, cents). No float arithmetic on money: convert at the edge.
 */
export const MAX_AMOUNT = 1_000_000_000_000; // 1e12 in major units, far below 2^53 minor units

/** Minor units of a decimal amount, or null when it has more than 2 decimals or is not finite. */
export function toMinor(amount: number | string): number | null {
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) return null;
    const minor = Math.round(amount * 100);
    // 0.1 + 0.2 is not 0.3: an amount that does not survive the round trip had more than 2 places.
    return Number.isSafeInteger(minor) && minor / 100 === amount ? minor : null;
  }
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

export const fromMinor = (minor: number): number => minor / 100;

/** Thousands-separated with 2 decimals, e.g. 1234567 minor -> "12,345.67". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  return `${sign}${whole}.${String(abs % 100).padStart(2, "0")}`;
}
