/** Rate-sheet rules shared by the server (charging) and the web app (showing quotes). */

export const RATE_MESSAGES = {
  noRate: "No rate is available for this service, destination and weight",
  uploadOk: "Rate Upload",
  uploadFailed: "Error",
} as const;

/** A band matches when `min_kg < weight <= max_kg`. */
export function bandMatches(minKg: number, maxKg: number, weightKg: number): boolean {
  return minKg < weightKg && weightKg <= maxKg;
}

export interface BandRates {
  flatMinor: number | null;
  firstKgMinor: number | null;
  addKgMinor: number | null;
}

/**
 * A band's charge in minor units: its flat amount, or `first + ceil(weight - 1) x additional`
 * (the first kg at the first-kg rate, every started kg after it at the additional rate).
 */
export function bandCharge(band: BandRates, weightKg: number): number {
  if (band.flatMinor !== null) return band.flatMinor;
  const extraKg = Math.max(0, Math.ceil(Math.round((weightKg - 1) * 1000) / 1000));
  return (band.firstKgMinor ?? 0) + extraKg * (band.addKgMinor ?? 0);
}

/** Shown rate = rate + ceil(profit% x rate / 100), on whole currency units as the spec shows them. */
export function rateWithProfit(rate: number, profitPercent: number): number {
  return rate + Math.ceil(Math.round(((profitPercent * rate) / 100) * 1e6) / 1e6);
}
