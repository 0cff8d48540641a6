import {
  type CouponRule,
  computeOrder,
  couponRuleOf,
  localMoment,
  type OrderTotals,
  type OrderType,
  type OutletSettings,
  PAYMENT_METHOD_KINDS,
  supervisorRulesSchema,
  type TenderInput,
  type TotalsInput,
  usesRanOut,
} from "@cargodesk/shared";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { coupons, outlets, posCustomers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { col, rowsOf } from "../../lib/sql";
import { categoryChildren, termsOf } from "../coupons/index";
import { liveQty, type OrderState } from "./pos-orders.state";

/**
 * What prices an order besides its lines: the outlet's settings, tax classes with their per-method
 * rates, payment methods, the usable promotions and the order's coupon, and the customer's discount.
 * Read in the order's transaction, so the server prices from its own master data every time.
 */
export interface PricingContext {
  outlet: OutletSettings & { id: number };
  taxClasses: TotalsInput["taxClasses"];
  methods: { id: number; kind: (typeof PAYMENT_METHOD_KINDS)[number]; name: string; accountId: number | null }[];
  rules: CouponRule[];
  /** The order's coupon code (from its coupon discount), if any. */
  code: string | null;
  customerDiscountBp: number;
  timeZone: string;
}

const setupRow = z.object({
  tax_classes: z.array(
    z.object({
      id: col.int,
      rateBp: col.int,
      methodRates: z.array(z.object({ paymentMethodId: col.int, rateBp: col.int })),
    }),
  ),
  methods: z.array(
    z.object({ id: col.int, kind: z.enum(PAYMENT_METHOD_KINDS), name: col.text, accountId: col.int.nullable() }),
  ),
});

export async function loadPricing(tx: Db, state: OrderState, timeZone: string): Promise<PricingContext> {
  const couponIds = state.discounts
    .filter((discount) => discount.source === "coupon" && !discount.removed && discount.couponId !== null)
    .map((discount) => discount.couponId as number);
  const [outletRow] = await tx.select().from(outlets).where(eq(outlets.id, state.row.outletId));
  if (!outletRow) throw new AppError("NOT_FOUND", "The outlet is not set up");
  const setup = await tx.execute(sql`
    SELECT (SELECT coalesce(json_agg(json_build_object('id', t.id, 'rateBp', t.rate_bp, 'methodRates',
              (SELECT coalesce(json_agg(json_build_object('paymentMethodId', r.payment_method_id, 'rateBp', r.rate_bp)), '[]'::json)
               FROM tax_method_rates r WHERE r.tax_class_id = t.id))), '[]'::json) FROM tax_classes t) AS tax_classes,
           (SELECT coalesce(json_agg(json_build_object('id', m.id, 'kind', m.kind, 'name', m.name, 'accountId', m.account_id)), '[]'::json)
            FROM payment_methods m) AS methods`);
  const [parts] = rowsOf(setupRow, setup);
  const couponRows = await tx
    .select()
    .from(coupons)
    .where(
      or(
        and(isNull(coupons.code), eq(coupons.active, true)),
        couponIds.length > 0 ? sql`${coupons.id} = ANY(${`{${couponIds.join(",")}}`}::int[])` : undefined,
      ),
    );
  const children = couponRows.some((row) => row.scope === "category") ? await categoryChildren(tx) : new Map();
  const usable = couponRows.filter((row) => row.active && !usesRanOut(row));
  const code = couponRows.find((row) => row.code !== null && couponIds.includes(row.id))?.code ?? null;
  let customerDiscountBp = 0;
  if (state.row.customerId !== null) {
    const [customer] = await tx
      .select({ bp: posCustomers.discountBp })
      .from(posCustomers)
      .where(eq(posCustomers.id, state.row.customerId));
    customerDiscountBp = customer?.bp ?? 0;
  }
  return {
    outlet: {
      id: outletRow.id,
      taxInclusive: outletRow.taxInclusive,
      serviceChargeBp: outletRow.serviceChargeBp,
      serviceChargeTypes: outletRow.serviceChargeTypes,
      cashRoundingMinor: outletRow.cashRoundingMinor,
      dayCutoff: outletRow.dayCutoff,
      kitchenNegativePolicy: outletRow.kitchenNegativePolicy === "block" ? "block" : "allow_flag",
      takeAwayFireOn: outletRow.takeAwayFireOn === "send" ? "send" : "payment",
      supervisorRules: supervisorRulesSchema.parse(outletRow.supervisorRules ?? {}),
      receiptHeader: outletRow.receiptHeader,
      receiptFooter: outletRow.receiptFooter,
    },
    taxClasses: parts?.tax_classes ?? [],
    methods: parts?.methods ?? [],
    rules: usable.map((row) => couponRuleOf(termsOf(row, children))),
    code,
    customerDiscountBp,
    timeZone,
  };
}

/** The order's lines and discounts as `computeOrder` takes them. */
export function totalsInput(state: OrderState, pricing: PricingContext, at = new Date()): TotalsInput {
  const orderType = state.row.orderType as OrderType;
  return {
    orderType,
    lines: state.lines.map((line) => ({
      key: line.lineUuid,
      qtyMicro: liveQty(line),
      unitPriceMinor: line.unitPriceMinor,
      taxClassId: line.taxClassId,
      categoryId: line.categoryId ?? 0,
      variantId: line.variantId,
      dealParentKey: line.dealParentUuid,
    })),
    discounts: state.discounts
      .filter((discount) => discount.source === "manual" && !discount.removed)
      .map((discount) => ({ lineKey: discount.lineUuid, pctBp: discount.pctBp, amountMinor: discount.amountMinor })),
    customerDiscountBp: pricing.customerDiscountBp,
    promotions: { rules: pricing.rules, code: pricing.code, at: localMoment(at, pricing.timeZone) },
    serviceChargeBp: pricing.outlet.serviceChargeBp,
    serviceChargeTypes: pricing.outlet.serviceChargeTypes,
    taxInclusive: pricing.outlet.taxInclusive,
    cashRoundingMinor: pricing.outlet.cashRoundingMinor,
    taxClasses: pricing.taxClasses,
    methods: pricing.methods,
  };
}

/**
 * Prices the order (with tenders at payment) and writes the figures into the state: each line's
 * gross, discount, net, service charge and tax, each discount's allocation, the order's totals.
 */
export function reprice(state: OrderState, pricing: PricingContext, tenders: readonly TenderInput[] = []): OrderTotals {
  const totals = computeOrder(totalsInput(state, pricing), tenders);
  totals.lines.forEach((figures, index) => {
    const line = state.lines[index];
    if (!line) return;
    line.grossMinor = figures.grossMinor;
    line.discountMinor = figures.discountMinor;
    line.netMinor = figures.netMinor;
    line.serviceChargeMinor = figures.serviceChargeMinor;
    line.taxMinor = figures.taxMinor;
    line.taxRateBp = figures.taxRateBp;
  });
  const manual = state.discounts.filter((discount) => discount.source === "manual" && !discount.removed);
  manual.forEach((discount, index) => {
    discount.allocatedMinor = totals.manualDiscounts[index] ?? 0n;
  });
  for (const discount of state.discounts.filter((entry) => entry.source === "coupon" && !entry.removed))
    discount.allocatedMinor = totals.coupons.find((entry) => entry.couponId === discount.couponId)?.amountMinor ?? 0n;
  const row = state.row;
  row.subtotalMinor = totals.subtotalMinor;
  row.discountMinor = totals.discountMinor;
  row.serviceChargeMinor = totals.serviceChargeMinor;
  row.taxMinor = totals.taxMinor;
  row.roundingMinor = totals.roundingMinor;
  row.totalMinor = totals.totalMinor;
  return totals;
}
