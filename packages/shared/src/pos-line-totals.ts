import { allocateDeal } from "./deals";
import type { PAYMENT_METHOD_KINDS } from "./outlet-settings";
import {
  type AppliedDiscount,
  allocate,
  applyCoupons,
  type CouponRule,
  eligibleSubtotal,
  type LocalMoment,
  type OrderType,
  type PricedLine,
  percentOf,
} from "./pricing";

/**
 * An order's lines for `computeOrder` (pos-totals.ts): what it takes, each line's gross, the
 * discounts in their order spread over the lines, and a deal part's share of its header. Money is
 * BigInt minor units, rates basis points, quantities micro-portions (1 portion = 1,000,000).
 */
export const PORTION = 1_000_000n;

export interface TotalsLineInput {
  key: string;
  /** Portions still on the order (micro-units): ordered less voided. */
  qtyMicro: bigint;
  unitPriceMinor: bigint;
  taxClassId: number | null;
  categoryId: number;
  /** Null on a deal's header line. */
  variantId: number | null;
  /** On a deal's component line: its header's key. The header carries the price; components get shares. */
  dealParentKey?: string | null;
}

/** A manual discount: on one line (`lineKey`) or the whole order (null); a percentage or an amount. */
export interface TotalsDiscountInput {
  lineKey: string | null;
  pctBp?: number | null;
  amountMinor?: bigint | null;
}

export interface TotalsTaxClass {
  id: number;
  rateBp: number;
  /** The rate when paid by these methods (the Punjab card rate). */
  methodRates: readonly { paymentMethodId: number; rateBp: number }[];
}

export interface TotalsMethod {
  id: number;
  kind: (typeof PAYMENT_METHOD_KINDS)[number];
}

export interface TotalsInput {
  orderType: OrderType;
  lines: readonly TotalsLineInput[];
  discounts?: readonly TotalsDiscountInput[];
  /** The customer's standing discount. */
  customerDiscountBp?: number;
  /** Automatic promotions and the coupon code, applied by `applyCoupons` at the order's moment. */
  promotions?: { rules: readonly CouponRule[]; code: string | null; at: LocalMoment } | null;
  serviceChargeBp: number;
  /** Bit mask of the order types the service charge applies to (ORDER_TYPE_BITS). */
  serviceChargeTypes: number;
  taxInclusive: boolean;
  /** Cash settling an order rounds to this many minor units (0 or 1: none). */
  cashRoundingMinor: number;
  taxClasses: readonly TotalsTaxClass[];
  methods: readonly TotalsMethod[];
}

export interface LineTotals {
  key: string;
  grossMinor: bigint;
  discountMinor: bigint;
  netMinor: bigint;
  serviceChargeMinor: bigint;
  taxMinor: bigint;
  taxRateBp: number;
}

/** a / b rounded half up (a >= 0, b > 0). */
export const divRound = (a: bigint, b: bigint) => (a * 2n + b) / (b * 2n);
export const sum = (values: readonly bigint[]) => values.reduce((acc, value) => acc + value, 0n);
export const minBig = (a: bigint, b: bigint) => (a < b ? a : b);

/** A line's gross: unit price x portions, rounded half up to the minor unit. */
export const lineGross = (unitPriceMinor: bigint, qtyMicro: bigint) => divRound(unitPriceMinor * qtyMicro, PORTION);

/** Takes `amount` off the lines at `indexes`, spread by what is left of each; never more than that. */
function takeOff(left: bigint[], indexes: readonly number[], amount: bigint): bigint {
  const available = sum(indexes.map((index) => left[index] ?? 0n));
  const take = minBig(amount, available);
  if (take <= 0n) return 0n;
  const parts = allocate(
    take,
    indexes.map((index) => left[index] ?? 0n),
  );
  indexes.forEach((index, position) => {
    left[index] = (left[index] ?? 0n) - (parts[position] ?? 0n);
  });
  return take;
}

/** The order's lines after discounts: gross, net per priced line, and what each discount took. */
export function discountLines(input: TotalsInput, priced: readonly TotalsLineInput[]) {
  const gross = priced.map((line) => lineGross(line.unitPriceMinor, line.qtyMicro));
  const left = [...gross];
  const all = priced.map((_, index) => index);
  const manual = (input.discounts ?? []).map(() => 0n);
  const discountOf = (discount: TotalsDiscountInput, indexes: number[]) =>
    discount.pctBp != null
      ? percentOf(sum(indexes.map((index) => left[index] ?? 0n)), discount.pctBp)
      : (discount.amountMinor ?? 0n);
  // Line discounts first, then promotions and the coupon, the customer's discount, the order discount.
  (input.discounts ?? []).forEach((discount, position) => {
    if (discount.lineKey === null) return;
    const index = priced.findIndex((line) => line.key === discount.lineKey);
    if (index < 0) throw new RangeError(`no priced line ${discount.lineKey}`);
    manual[position] = takeOff(left, [index], discountOf(discount, [index]));
  });
  let coupons: AppliedDiscount[] = [];
  if (input.promotions) {
    const { rules, code, at } = input.promotions;
    const asEntered: PricedLine[] = priced.map((line, index) => ({
      variantId: line.variantId ?? 0,
      categoryId: line.categoryId,
      amountMinor: left[index] ?? 0n,
    }));
    coupons = applyCoupons(rules, asEntered, input.orderType, at, code);
    for (const applied of coupons) {
      const rule = rules.find((candidate) => candidate.id === applied.couponId);
      if (!rule) continue;
      const covered = all.filter((index) => eligibleSubtotal(rule, [asEntered[index] as PricedLine]) > 0n);
      takeOff(left, covered, applied.amountMinor);
    }
  }
  const customerBp = input.customerDiscountBp ?? 0;
  const customerDiscountMinor = customerBp > 0 ? takeOff(left, all, percentOf(sum(left), customerBp)) : 0n;
  (input.discounts ?? []).forEach((discount, position) => {
    if (discount.lineKey === null) manual[position] = takeOff(left, all, discountOf(discount, all));
  });
  return { gross, net: left, manual, coupons, customerDiscountMinor };
}

/**
 * A deal component's share of its header line's money, spread over the components by list price
 * with `allocateDeal` (the remainder on the largest), so revenue and tax split by category.
 */
export function componentShare(
  line: TotalsLineInput,
  all: readonly TotalsLineInput[],
  priced: ReadonlyMap<string, LineTotals>,
): LineTotals {
  const header = priced.get(line.dealParentKey ?? "");
  if (!header) throw new RangeError(`deal component ${line.key} has no header line`);
  const siblings = all.filter((candidate) => candidate.dealParentKey === line.dealParentKey);
  const position = siblings.findIndex((candidate) => candidate.key === line.key);
  const weights = siblings.map((sibling) => lineGross(sibling.unitPriceMinor, sibling.qtyMicro));
  const share = (amount: bigint) => allocateDeal(amount, weights)[position] ?? 0n;
  const grossMinor = share(header.grossMinor);
  const netMinor = share(header.netMinor);
  return {
    key: line.key,
    grossMinor,
    discountMinor: grossMinor - netMinor,
    netMinor,
    serviceChargeMinor: share(header.serviceChargeMinor),
    taxMinor: share(header.taxMinor),
    taxRateBp: header.taxRateBp,
  };
}
