import { z } from "zod";
import { isoDateSchema } from "./input";
import { parseScaled } from "./money";

/**
 * Stock quantities live as integer micro-units of a product's stock unit (1 kg = 1,000,000 micro
 * of kg); they cross the API as decimal numbers with at most 6 places. Values are money in minor
 * units. A bin's average cost is its value divided by its quantity; an outgoing move takes
 * value x q / qty, rounded half up, and a move that empties a bin takes all of its value.
 */
export const QTY_PLACES = 6;
export const MICRO = 1_000_000n;
/** The largest quantity one line can carry: 1,000,000,000 stock units. */
export const MAX_QTY_MICRO = 1_000_000_000n * MICRO;

export const LOCATION_KINDS = ["store", "kitchen", "bar"] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const UNIT_DIMENSIONS = ["count", "mass", "volume", "length"] as const;
export type UnitDimension = (typeof UNIT_DIMENSIONS)[number];

/** What a stock move records; each document writes moves of its own kinds. */
export const STOCK_DOC_TYPES = [
  "opening",
  "receiving",
  "receiving_reversal",
  "issue_out",
  "issue_in",
  "sale",
  "sale_return",
  "waste",
  "count",
  "variance",
  // The POS (WP3): a paid line's ingredients leave the Kitchen, a fired line voided as waste, a refund back to stock.
  "pos_sale",
  "pos_waste",
  "pos_refund",
] as const;
export type StockDocType = (typeof STOCK_DOC_TYPES)[number];

/** Gapless numbered store documents: GRN-2026-00001, ISS-2026-00001, CNT-2026-00001. */
export const STOCK_DOC_PREFIXES = { receiving: "GRN", issuance: "ISS", count: "CNT" } as const;
export type StockDocKind = keyof typeof STOCK_DOC_PREFIXES;

export function stockDocNumber(kind: StockDocKind, year: number, sequence: number): string {
  return `${STOCK_DOC_PREFIXES[kind]}-${year}-${String(sequence).padStart(5, "0")}`;
}

export const STOCK_MESSAGES = {
  qty: "Quantity must be a number above 0 with at most 6 decimals",
  qtyTooLarge: "Quantity must be at most 1,000,000,000",
  short: "Not enough stock at the source",
  storeNegative: "A store location can never go below zero",
  beforeLock: "The date is before the stock lock date",
  future: "The date cannot be after today",
  noInventoryAccount: "Set the inventory accounts in Accounts Integration first",
  unitDimension: "That unit cannot be converted to the product's stock unit",
} as const;

/** Micro-units of a decimal quantity, exactly; null when it has more than 6 decimals or is not finite. */
export function parseQtyMicro(qty: number | string): bigint | null {
  return parseScaled(qty, QTY_PLACES);
}

/** A quantity in micro-units as a decimal number for the API (exact up to 10^9 units). */
export function microToQty(micro: bigint | number): number {
  return Number(BigInt(micro)) / Number(MICRO);
}

/** Thousands-separated with up to 3 decimals and no trailing zeros, e.g. 2850000 -> "2.85". */
export function formatQty(micro: bigint | number, places = 3): string {
  const value = BigInt(micro);
  const sign = value < 0n ? "-" : "";
  const abs = value < 0n ? -value : value;
  const step = 10n ** BigInt(QTY_PLACES - places);
  const rounded = (abs + step / 2n) / step;
  const scale = 10n ** BigInt(places);
  const whole = (rounded / scale).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = String(rounded % scale)
    .padStart(places, "0")
    .replace(/0+$/, "");
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

/** `a x b / c` rounded half away from zero, in BigInt. */
export function mulDivRound(a: bigint, b: bigint, c: bigint): bigint {
  if (c === 0n) throw new RangeError("division by zero");
  const numerator = a * b;
  const negative = numerator < 0n !== c < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = c < 0n ? -c : c;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/**
 * The value that leaves a bin holding `qty` micro-units worth `value` minor when `out` micro-units
 * go: its share at the average, or all of it when the bin empties. `lastRate` (minor per stock
 * unit, as num/den) prices what goes beyond zero in a location that may go negative.
 */
export function outgoingValue(
  bin: { qty: bigint; value: bigint },
  out: bigint,
  lastRate: { num: bigint; den: bigint } | null,
): bigint {
  if (out <= 0n) throw new RangeError("an outgoing quantity is positive");
  if (bin.qty > 0n && out <= bin.qty) return out === bin.qty ? bin.value : mulDivRound(bin.value, out, bin.qty);
  const covered = bin.qty > 0n ? bin.qty : 0n;
  const beyond = out - covered;
  const rate = bin.qty > 0n ? { num: bin.value, den: bin.qty } : lastRate;
  const beyondValue = rate && rate.den !== 0n ? mulDivRound(rate.num, beyond, rate.den) : 0n;
  return (covered > 0n ? bin.value : 0n) + beyondValue;
}

/** Average cost per stock unit in minor units (rounded), or null for an empty bin. */
export function averageMinor(bin: { qty: bigint; value: bigint }): bigint | null {
  return bin.qty > 0n ? mulDivRound(bin.value, MICRO, bin.qty) : null;
}

/**
 * Micro-units of the stock unit in `qty` of a unit: the unit's factor over the stock unit's factor
 * when both share a dimension, or a product's own pack factor (micro-units in one of that unit).
 */
export function toStockMicro(
  qty: bigint,
  unit: { id: number; dimension: UnitDimension; factor: string },
  stockUnit: { id: number; dimension: UnitDimension; factor: string },
  packFactorMicro: bigint | null,
): bigint | null {
  if (unit.id === stockUnit.id) return qty;
  if (packFactorMicro !== null) return mulDivRound(qty, packFactorMicro, MICRO);
  if (unit.dimension !== stockUnit.dimension) return null;
  const from = parseScaled(unit.factor, 6);
  const to = parseScaled(stockUnit.factor, 6);
  if (from === null || to === null || to === 0n) return null;
  return mulDivRound(qty, from, to);
}

/** Refuses a document's second line of a product already on it, naming that line's product field. */
export function refuseRepeatedProducts(
  lines: readonly { storeProductId: number }[],
  ctx: z.RefinementCtx,
  message: string,
): void {
  const seen = new Set<number>();
  lines.forEach((line, index) => {
    if (seen.has(line.storeProductId))
      ctx.addIssue({ code: "custom", path: ["lines", index, "storeProductId"], message });
    seen.add(line.storeProductId);
  });
}

/** A quantity field of a request: above 0, at most 6 decimals, at most MAX_QTY_MICRO. */
export function qtyField(message: string = STOCK_MESSAGES.qty) {
  return z.number({ error: message }).superRefine((value, ctx) => {
    const micro = parseQtyMicro(value);
    if (micro === null || micro <= 0n) ctx.addIssue({ code: "custom", message });
    else if (micro > MAX_QTY_MICRO) ctx.addIssue({ code: "custom", message: STOCK_MESSAGES.qtyTooLarge });
  });
}

/** One line of a 409 when the source holds too little: quantities in stock units. */
export const stockShortLineSchema = z.object({
  storeProductId: z.number().int(),
  locationId: z.number().int(),
  available: z.number(),
  requested: z.number(),
});
export type StockShortLine = z.infer<typeof stockShortLineSchema>;

/**
 * The outlet's stock lock date: no stock document may be dated before it (the Store's guard until
 * the POS's business days take over). Null: no lock. Never after today in the company's zone.
 */
export const stockLockSchema = z.object({
  stockLockDate: z
    .union([isoDateSchema(), z.null()], { error: "Please enter a date as YYYY-MM-DD, or null for no lock" })
    .describe("YYYY-MM-DD or null"),
});
export type StockLock = z.infer<typeof stockLockSchema>;
export const stockLockSavedSchema = z.object({ message: z.string(), data: stockLockSchema });

export const STOCK_LOCK_MESSAGES = {
  saved: "Stock lock date saved",
  cleared: "Stock lock date cleared: stock documents may be dated any day up to today",
  future: "The stock lock date cannot be after today",
} as const;
