import { parseMinor, parseScaled } from "./money";
import { MICRO, mulDivRound, parseQtyMicro } from "./stock";

/**
 * The GRN's money rule (design 6.5): a line's net is qty x unit cost - discount, its tax is net x
 * rate, the charges are spread over the lines by net so the paisa add up exactly, and the landed
 * value is net + its share of the charges, plus its tax when that tax cannot be recovered.
 */
/** A tax rate in percent with at most 2 decimals as basis points (16 -> 1600), or null. */
export function taxRateBp(rate: number | string): number | null {
  const bp = parseScaled(rate, 2);
  return bp === null || bp < 0n || bp > 10_000n ? null : Number(bp);
}

/** One line as the rule works on it: integers only. */
export interface CostLine {
  qtyMicro: bigint;
  unitCostMinor: bigint;
  discountMinor: bigint;
  taxRateBp: number;
}

export interface CostedLine {
  grossMinor: bigint;
  netMinor: bigint;
  taxMinor: bigint;
  chargeMinor: bigint;
  landedMinor: bigint;
}

export interface ReceivingTotals {
  lines: CostedLine[];
  subtotalMinor: bigint;
  discountMinor: bigint;
  taxMinor: bigint;
  chargesMinor: bigint;
  /** What the vendor is owed: nets + tax + charges. */
  totalMinor: bigint;
  /** What enters stock: the landed values added up. */
  landedMinor: bigint;
}

/**
 * Spreads `total` over `weights` in proportion, by largest remainder, so the parts add up to the
 * total exactly (ties go to the earlier line). All weights zero: equal parts.
 */
export function spreadByWeight(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  const used = sum > 0n ? weights : weights.map(() => 1n);
  const base = sum > 0n ? sum : BigInt(weights.length);
  const parts = used.map((weight) => (total * weight) / base);
  const left = total - parts.reduce((acc, part) => acc + part, 0n);
  const order = used
    .map((weight, index) => ({ index, remainder: (total * weight) % base }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (let step = 0n; step < left; step += 1n) {
    const target = order[Number(step) % order.length];
    if (target) parts[target.index] = (parts[target.index] ?? 0n) + 1n;
  }
  return parts;
}

/** The GRN's amounts: each line's net, tax, share of the charges and landed value, and the totals. */
export function costReceiving(
  lines: readonly CostLine[],
  charges: readonly bigint[],
  taxRecoverable: boolean,
): ReceivingTotals {
  const priced = lines.map((line) => {
    const gross = mulDivRound(line.qtyMicro, line.unitCostMinor, MICRO);
    const net = gross - line.discountMinor;
    return { gross, net, tax: mulDivRound(net, BigInt(line.taxRateBp), 10_000n) };
  });
  const chargesMinor = charges.reduce((acc, charge) => acc + charge, 0n);
  const shares = spreadByWeight(
    chargesMinor,
    priced.map((line) => line.net),
  );
  const costed = priced.map((line, index) => {
    const chargeMinor = shares[index] ?? 0n;
    return {
      grossMinor: line.gross,
      netMinor: line.net,
      taxMinor: line.tax,
      chargeMinor,
      landedMinor: line.net + chargeMinor + (taxRecoverable ? 0n : line.tax),
    };
  });
  const sum = (pick: (line: CostedLine) => bigint) => costed.reduce((acc, line) => acc + pick(line), 0n);
  const taxMinor = sum((line) => line.taxMinor);
  const netMinor = sum((line) => line.netMinor);
  return {
    lines: costed,
    subtotalMinor: sum((line) => line.grossMinor),
    discountMinor: sum((line) => line.grossMinor - line.netMinor),
    taxMinor,
    chargesMinor,
    totalMinor: netMinor + taxMinor + chargesMinor,
    landedMinor: sum((line) => line.landedMinor),
  };
}

/** A request line as integers (null parts: the schema refuses them first). */
export function costLineOf(line: { qty: number; unitCost: number; discount: number; taxRate: number }): CostLine {
  return {
    qtyMicro: parseQtyMicro(line.qty) ?? 0n,
    unitCostMinor: parseMinor(line.unitCost) ?? 0n,
    discountMinor: parseMinor(line.discount) ?? 0n,
    taxRateBp: taxRateBp(line.taxRate) ?? 0,
  };
}
