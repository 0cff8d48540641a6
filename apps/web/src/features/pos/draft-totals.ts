import {
  computeOrder,
  couponRuleOf,
  type LocalMoment,
  type OrderTotals,
  type PosBootstrap,
  parseMinor,
  qtyMicroOf,
  type TenderInput,
  type TotalsDiscountInput,
  type TotalsInput,
  usesRanOut,
} from "@cargodesk/shared";
import { type Draft, type DraftDiscount, type DraftLine, liveLines } from "./draft";

/** The tax class of the product of a line's tax variant (its own, or a deal's largest part). */
export function taxClassOf(bootstrap: PosBootstrap, line: Pick<DraftLine, "taxVariantId">): number | null {
  const product = bootstrap.products.find((candidate) =>
    candidate.variants.some((variant) => variant.id === line.taxVariantId),
  );
  return product?.taxClassId ?? null;
}

const toInput = (lineKey: string | null, discount: DraftDiscount): TotalsDiscountInput =>
  discount.percent !== null
    ? { lineKey, pctBp: Math.round(discount.percent * 100) }
    : { lineKey, amountMinor: parseMinor(discount.amount ?? 0) ?? 0n };

/**
 * The draft as `computeOrder` (pos-totals.ts) reads it, the same function the server prices with:
 * live lines, line discounts, the automatic promotions at this moment, the customer's discount, the
 * coupon code's discount as the server previewed it (the till does not hold code coupons' terms, so
 * it is an amount on the order; with a customer discount as well the server's figure may differ by
 * the order in which the two are taken, and the pay request then leaves the total to the server),
 * then the order discount.
 */
export function totalsInputOf(draft: Draft, bootstrap: PosBootstrap, at: LocalMoment): TotalsInput {
  const lines = liveLines(draft);
  const discounts: TotalsDiscountInput[] = [
    ...lines.flatMap((line) => (line.discount ? [toInput(line.lineUuid, line.discount)] : [])),
    ...(draft.coupon ? [{ lineKey: null, amountMinor: BigInt(draft.coupon.discountMinor) }] : []),
    ...(draft.orderDiscount ? [toInput(null, draft.orderDiscount)] : []),
  ];
  const { outlet } = bootstrap;
  return {
    orderType: draft.orderType,
    lines: lines.map((line) => ({
      key: line.lineUuid,
      qtyMicro: qtyMicroOf(line.qty),
      unitPriceMinor: BigInt(line.unitPriceMinor),
      taxClassId: taxClassOf(bootstrap, line),
      categoryId: line.categoryId,
      variantId: line.variantId,
    })),
    discounts,
    customerDiscountBp: Math.round((draft.customer?.discountPercent ?? 0) * 100),
    promotions: {
      rules: bootstrap.promotions.filter((promotion) => !usesRanOut(promotion)).map(couponRuleOf),
      code: null,
      at,
    },
    serviceChargeBp: hallServiceChargeBp(bootstrap, draft.tableId) ?? outlet.serviceChargeBp,
    serviceChargeTypes: outlet.serviceChargeTypes,
    taxInclusive: outlet.taxInclusive,
    cashRoundingMinor: outlet.cashRoundingMinor,
    taxClasses: bootstrap.taxClasses,
    methods: bootstrap.paymentMethods,
  };
}

/** The draft's totals, and with tenders what each covers, the change and what is still due. */
export const draftTotals = (
  draft: Draft,
  bootstrap: PosBootstrap,
  at: LocalMoment,
  tenders: readonly TenderInput[] = [],
): OrderTotals => computeOrder(totalsInputOf(draft, bootstrap, at), tenders);

/** The service charge of the table's hall when the hall sets its own (design 4.5), else null. */
function hallServiceChargeBp(bootstrap: PosBootstrap, tableId: number | null): number | null {
  if (tableId === null) return null;
  const hall = bootstrap.halls.find((candidate) => candidate.tables.some((table) => table.id === tableId));
  return hall?.serviceChargeBp ?? null;
}
