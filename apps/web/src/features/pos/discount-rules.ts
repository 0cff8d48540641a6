import { parseMinor } from "@cargodesk/shared";
import type { DraftDiscount } from "./draft";

/**
 * Whether a discount goes past what a cashier may give alone (the outlet's
 * `maxDiscountBpWithoutApproval`): a percentage above it, or an amount above that share of what it
 * is taken from (the line's amount, or the order's after its line discounts).
 */
export function needsApproval(discount: DraftDiscount, baseMinor: bigint, maxBp: number): boolean {
  if (discount.percent !== null) return Math.round(discount.percent * 100) > maxBp;
  const amount = parseMinor(discount.amount ?? 0) ?? 0n;
  return amount * 10_000n > BigInt(maxBp) * baseMinor;
}

/** "20% off Zinger", "150.00 off the order": what the supervisor is asked to approve. */
export function discountText(discount: DraftDiscount, target: string): string {
  const value = discount.percent !== null ? `${discount.percent}%` : (discount.amount ?? 0).toFixed(2);
  return `${value} off ${target}`;
}
