import {
  componentShare,
  discountLines,
  divRound,
  type LineTotals,
  minBig,
  sum,
  type TotalsInput,
  type TotalsTaxClass,
} from "./pos-line-totals";
import { POS_ORDER_MESSAGES } from "./pos-orders";
import { type AppliedDiscount, allocate, ORDER_TYPE_BITS, percentOf } from "./pricing";

/**
 * An order's money, worked out the same way on the till and on the server (design D16, 5.4 item 46):
 * lines, discounts, service charge, then tax per tender. Pure and exact: BigInt minor units, rates in
 * basis points, quantities in micro-portions (1 portion = 1,000,000). docs/pos.md "How an order is
 * computed" walks through it with the worked example.
 */
const BP = 10_000n;

export interface TenderInput {
  methodId: number;
  amountMinor: bigint;
  /** Cash handed over; the amount when left out. */
  tenderedMinor?: bigint | null;
}

export interface TenderTax {
  taxClassId: number | null;
  rateBp: number;
  baseMinor: bigint;
  taxMinor: bigint;
}

export interface TenderResult {
  methodId: number;
  /** What the tender settled: base + tax + service charge + rounding. */
  amountMinor: bigint;
  tenderedMinor: bigint;
  changeMinor: bigint;
  baseMinor: bigint;
  taxMinor: bigint;
  serviceChargeMinor: bigint;
  roundingMinor: bigint;
  taxes: TenderTax[];
}

export interface OrderTotals {
  lines: LineTotals[];
  /** What each manual discount took, in the order given. */
  manualDiscounts: bigint[];
  /** Automatic promotions and the code, as `applyCoupons` chose them. */
  coupons: AppliedDiscount[];
  customerDiscountMinor: bigint;
  subtotalMinor: bigint;
  discountMinor: bigint;
  netMinor: bigint;
  serviceChargeMinor: bigint;
  /** Tax of the tenders, plus the rest at each class's standard rate while the order is not settled. */
  taxMinor: bigint;
  roundingMinor: bigint;
  totalMinor: bigint;
  paidMinor: bigint;
  changeMinor: bigint;
  /** Every base (and the service charge) is covered by the tenders. */
  settled: boolean;
  tenders: TenderResult[];
  /** What the next tender by this method must be to settle the order (cash rounded); 0 once settled. */
  dueFor(methodId: number | null): bigint;
}

/** A tender the rules refuse: `field` is the request's path (payments.1.amount). */
export class TenderError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = "TenderError";
  }
}

interface TaxState {
  /** Per tax class: what is not yet covered (the base, or the tax-inclusive amount). */
  classes: { id: number | null; left: bigint; rates: TotalsTaxClass | undefined }[];
  serviceLeft: bigint;
}

const rateOf = (taxClass: TotalsTaxClass | undefined, methodId: number | null): number =>
  taxClass === undefined
    ? 0
    : (taxClass.methodRates.find((rate) => rate.paymentMethodId === methodId)?.rateBp ?? taxClass.rateBp);

/**
 * Prices an order and, given tenders, settles it tender by tender: a tender t by a method taxed at r
 * covers a base of t / (1 + r), spread over the tax classes by what each still has uncovered (the
 * service charge is covered in the same proportion and bears no tax). The tender that settles the
 * rest covers the remaining bases exactly, so the bases add up to the taxable base. Throws
 * TenderError for a tender the rules refuse.
 */
export function computeOrder(input: TotalsInput, tenders: readonly TenderInput[] = []): OrderTotals {
  const priced = input.lines.filter((line) => !line.dealParentKey);
  const { gross, net, manual, coupons, customerDiscountMinor } = discountLines(input, priced);
  const netMinor = sum(net);
  const charged = (input.serviceChargeTypes & ORDER_TYPE_BITS[input.orderType]) !== 0;
  const serviceChargeMinor = charged ? percentOf(netMinor, input.serviceChargeBp) : 0n;
  const lineService = allocate(serviceChargeMinor, net);

  const classIds = [...new Set(priced.map((line) => line.taxClassId))];
  const state: TaxState = {
    classes: classIds.map((id) => ({
      id,
      left: sum(net.filter((_, index) => priced[index]?.taxClassId === id)),
      rates: input.taxClasses.find((taxClass) => taxClass.id === id),
    })),
    serviceLeft: serviceChargeMinor,
  };
  const methodOf = (methodId: number) => input.methods.find((method) => method.id === methodId);
  const rounds = (methodId: number | null) =>
    methodId !== null && methodOf(methodId)?.kind === "cash" && input.cashRoundingMinor > 1;
  /** Tax on what a class has left if one method settles it. */
  const taxOnLeft = (entry: TaxState["classes"][number], methodId: number | null) => {
    const rate = BigInt(rateOf(entry.rates, methodId));
    if (input.taxInclusive) return entry.left - divRound(entry.left * BP, BP + rate);
    return divRound(entry.left * rate, BP);
  };
  const rawDue = (methodId: number | null) =>
    sum(state.classes.map((entry) => entry.left + (input.taxInclusive ? 0n : taxOnLeft(entry, methodId)))) +
    state.serviceLeft;
  const dueFor = (methodId: number | null) => {
    const due = rawDue(methodId);
    if (!rounds(methodId)) return due;
    const unit = BigInt(input.cashRoundingMinor);
    return divRound(due, unit) * unit;
  };
  const settledNow = () => state.serviceLeft === 0n && state.classes.every((entry) => entry.left === 0n);

  const classTax = new Map<number | null, { tax: bigint; rates: Set<number> }>();
  const addClassTax = (id: number | null, tax: bigint, rateBp: number) => {
    const entry = classTax.get(id) ?? { tax: 0n, rates: new Set<number>() };
    entry.tax += tax;
    entry.rates.add(rateBp);
    classTax.set(id, entry);
  };

  const results: TenderResult[] = [];
  tenders.forEach((tender, index) => {
    const field = `payments.${index}`;
    const method = methodOf(tender.methodId);
    if (!method) throw new TenderError(`${field}.methodId`, POS_ORDER_MESSAGES.methodMissing);
    if (tender.amountMinor < 0n) throw new TenderError(`${field}.amount`, POS_ORDER_MESSAGES.amount);
    if (settledNow()) throw new TenderError(`${field}.amount`, POS_ORDER_MESSAGES.alreadyCovered);
    const due = dueFor(method.id);
    const isCash = method.kind === "cash";
    const given = isCash ? (tender.tenderedMinor ?? tender.amountMinor) : tender.amountMinor;
    if (!isCash && tender.amountMinor > due) throw new TenderError(`${field}.amount`, POS_ORDER_MESSAGES.overDue);
    if (given < tender.amountMinor) throw new TenderError(`${field}.tendered`, POS_ORDER_MESSAGES.tendered);
    const taxes: TenderTax[] = [];
    let serviceChargePart: bigint;
    let applied: bigint;
    let rounding = 0n;
    // Cash that covers the exact rest but not its rounded figure (rounded up) settles it too: the
    // difference is rounding, under half a unit, rather than more covered than the order holds.
    const exact = rawDue(method.id);
    const settles = tender.amountMinor >= due || (rounds(method.id) && tender.amountMinor >= exact);
    if (settles) {
      const owed = tender.amountMinor >= due ? due : tender.amountMinor;
      rounding = owed - exact;
      for (const entry of state.classes) {
        const rateBp = rateOf(entry.rates, method.id);
        const tax = taxOnLeft(entry, method.id);
        const base = input.taxInclusive ? entry.left - tax : entry.left;
        taxes.push({ taxClassId: entry.id, rateBp, baseMinor: base, taxMinor: tax });
        entry.left = 0n;
      }
      serviceChargePart = state.serviceLeft;
      state.serviceLeft = 0n;
      applied = owed;
    } else {
      if (tender.amountMinor === 0n) throw new TenderError(`${field}.amount`, POS_ORDER_MESSAGES.zeroPayment);
      const weights = state.classes.map((entry) =>
        input.taxInclusive ? entry.left * BP : entry.left * (BP + BigInt(rateOf(entry.rates, method.id))),
      );
      const parts = allocate(tender.amountMinor, [...weights, state.serviceLeft * BP]);
      state.classes.forEach((entry, position) => {
        const part = parts[position] ?? 0n;
        const rateBp = rateOf(entry.rates, method.id);
        const covered = divRound(part * BP, BP + BigInt(rateBp));
        const base = input.taxInclusive ? covered : minBig(covered, entry.left);
        entry.left -= input.taxInclusive ? part : base;
        taxes.push({ taxClassId: entry.id, rateBp, baseMinor: base, taxMinor: part - base });
      });
      serviceChargePart = parts[state.classes.length] ?? 0n;
      state.serviceLeft -= serviceChargePart;
      applied = tender.amountMinor;
    }
    for (const entry of taxes) addClassTax(entry.taxClassId, entry.taxMinor, entry.rateBp);
    results.push({
      methodId: method.id,
      amountMinor: applied,
      tenderedMinor: given,
      changeMinor: given - applied,
      baseMinor: sum(taxes.map((entry) => entry.baseMinor)),
      taxMinor: sum(taxes.map((entry) => entry.taxMinor)),
      serviceChargeMinor: serviceChargePart,
      roundingMinor: rounding,
      taxes,
    });
  });
  // What no tender covered yet is shown at each class's standard rate.
  for (const entry of state.classes) {
    if (entry.left > 0n || !classTax.has(entry.id))
      addClassTax(entry.id, taxOnLeft(entry, null), rateOf(entry.rates, null));
  }

  const taxMinor = sum([...classTax.values()].map((entry) => entry.tax));
  const roundingMinor = sum(results.map((tender) => tender.roundingMinor));
  const lineTax = new Map<string, { tax: bigint; rateBp: number }>();
  for (const [id, entry] of classTax) {
    const indexes = priced.flatMap((line, index) => (line.taxClassId === id ? [index] : []));
    const parts = allocate(
      entry.tax,
      indexes.map((index) => net[index] ?? 0n),
    );
    const rateBp =
      entry.rates.size === 1
        ? [...entry.rates][0]
        : rateOf(
            input.taxClasses.find((c) => c.id === id),
            null,
          );
    indexes.forEach((index, position) => {
      lineTax.set(priced[index]?.key ?? "", { tax: parts[position] ?? 0n, rateBp: rateBp ?? 0 });
    });
  }
  const pricedTotals = new Map<string, LineTotals>(
    priced.map((line, index) => [
      line.key,
      {
        key: line.key,
        grossMinor: gross[index] ?? 0n,
        discountMinor: (gross[index] ?? 0n) - (net[index] ?? 0n),
        netMinor: net[index] ?? 0n,
        serviceChargeMinor: lineService[index] ?? 0n,
        taxMinor: lineTax.get(line.key)?.tax ?? 0n,
        taxRateBp: lineTax.get(line.key)?.rateBp ?? 0,
      },
    ]),
  );
  const lines = input.lines.map(
    (line) => pricedTotals.get(line.key) ?? componentShare(line, input.lines, pricedTotals),
  );
  const subtotalMinor = sum(gross);
  const total = netMinor + serviceChargeMinor + (input.taxInclusive ? 0n : taxMinor) + roundingMinor;
  return {
    lines,
    manualDiscounts: manual,
    coupons,
    customerDiscountMinor,
    subtotalMinor,
    discountMinor: subtotalMinor - netMinor,
    netMinor,
    serviceChargeMinor,
    taxMinor,
    roundingMinor,
    totalMinor: total,
    paidMinor: sum(results.map((tender) => tender.amountMinor)),
    changeMinor: sum(results.map((tender) => tender.changeMinor)),
    settled: settledNow(),
    tenders: results,
    dueFor: (methodId) => (settledNow() ? 0n : dueFor(methodId)),
  };
}
