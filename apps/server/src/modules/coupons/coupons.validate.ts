import {
  applyCoupons,
  COUPON_MESSAGES,
  COUPON_REASONS,
  type CouponPreview,
  type CouponReason,
  type CouponRule,
  type CouponValidateInput,
  couponDiscount,
  couponRefusal,
  localMoment,
  minorToAmount,
  type PricedLine,
} from "@cargodesk/shared";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponRedemptions, coupons, products, productVariants } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { type CouponRow, categoryChildren, ruleOf } from "./coupons.queries";

/** The order's lines priced from the menu (never from the client); an unknown or inactive item is a 400 on its line. */
async function priceLines(db: Db, lines: CouponValidateInput["order"]["lines"]): Promise<PricedLine[]> {
  const ids = [...new Set(lines.map((line) => line.variantId))];
  const rows = await db
    .select({ id: productVariants.id, priceMinor: productVariants.priceMinor, categoryId: products.categoryId })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(productVariants.id, ids), eq(productVariants.active, true), eq(products.active, true)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return lines.map((line, index) => {
    const variant = byId.get(line.variantId);
    if (!variant) {
      const field = `order.lines.${index}.variantId`;
      throw new AppError("VALIDATION", COUPON_MESSAGES.variant, [{ field, message: COUPON_MESSAGES.variant }]);
    }
    // Quantities have at most 3 decimals: price x thousandths, rounded half up to the paisa.
    const milli = BigInt(Math.round(line.qty * 1000));
    return {
      variantId: line.variantId,
      categoryId: variant.categoryId,
      amountMinor: (variant.priceMinor * milli * 2n + 1000n) / 2000n,
    };
  });
}

/** How often this customer has redeemed each coupon. */
async function customerUses(db: Db, couponIds: number[], customerId: number | undefined): Promise<Map<number, number>> {
  if (customerId === undefined || couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, uses: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(inArray(couponRedemptions.couponId, couponIds), eq(couponRedemptions.customerId, customerId)))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.uses]));
}

/** Why a stored coupon cannot be used by this customer now, judged on its limits (the engine judges the rest). */
function limitReason(row: CouponRow, uses: Map<number, number>, customerId: number | undefined): CouponReason | null {
  if (!row.active) return "inactive";
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return "usage_limit";
  if (row.perCustomerLimit === null) return null;
  if (customerId === undefined) return "customer_required";
  return (uses.get(row.id) ?? 0) >= row.perCustomerLimit ? "customer_limit" : null;
}

const pad = (value: number) => String(value).padStart(2, "0");

/**
 * The preview the till shows before payment: which automatic promotions and which code apply, with
 * each discount and the total, or why the code does not. Payment checks the limits again under a lock.
 */
export async function validateCoupons(ctx: Ctx, input: CouponValidateInput): Promise<CouponPreview> {
  const { order } = input;
  const moment = localMoment(order.at ? new Date(order.at) : new Date(), ctx.config.APP_TZ);
  const code = input.code ? input.code.toUpperCase() : null;
  const lines = await priceLines(ctx.db, order.lines);
  const rows = await ctx.db
    .select()
    .from(coupons)
    .where(or(and(isNull(coupons.code), eq(coupons.active, true)), code === null ? undefined : eq(coupons.code, code)));
  const [children, uses] = await Promise.all([
    categoryChildren(ctx.db),
    customerUses(
      ctx.db,
      rows.filter((row) => row.perCustomerLimit !== null).map((row) => row.id),
      order.customerId,
    ),
  ]);
  const usable: CouponRule[] = [];
  const reasons = new Map<number, CouponReason>();
  for (const row of rows) {
    const reason = limitReason(row, uses, order.customerId);
    if (reason) reasons.set(row.id, reason);
    else usable.push(ruleOf(row, children));
  }
  const applied = applyCoupons(usable, lines, order.orderType, moment, code);
  const named = (couponId: number, amountMinor: bigint) => {
    const row = rows.find((entry) => entry.id === couponId);
    return { couponId, code: row?.code ?? null, name: row?.name ?? "", discount: minorToAmount(amountMinor) };
  };
  const codeRow = code === null ? undefined : rows.find((row) => row.code === code);
  let codeResult: CouponPreview["codeResult"] = null;
  if (code !== null) {
    const rule = usable.find((entry) => entry.code === code);
    const reason: CouponReason | null = !codeRow
      ? "unknown"
      : (reasons.get(codeRow.id) ??
        (rule ? couponRefusal(rule, lines, order.orderType, moment) : null) ??
        (applied.some((entry) => entry.couponId === codeRow.id) ? null : "not_in_scope"));
    codeResult = { code, applied: reason === null, reason, message: reason === null ? null : COUPON_REASONS[reason] };
  }
  const offered = usable
    .filter((rule) => rule.code === null && !rule.autoApply)
    .map((rule) => ({ rule, amount: couponDiscount(rule, lines, order.orderType, moment) }))
    .filter((entry) => entry.amount > 0n)
    .map((entry) => named(entry.rule.id, entry.amount));
  return {
    subtotal: minorToAmount(lines.reduce((sum, line) => sum + line.amountMinor, 0n)),
    applied: applied.map((entry) => named(entry.couponId, entry.amountMinor)),
    discountTotal: minorToAmount(applied.reduce((sum, entry) => sum + entry.amountMinor, 0n)),
    codeResult,
    offered,
    at: {
      date: moment.date,
      weekday: moment.weekday,
      time: `${pad(Math.floor(moment.minutes / 60))}:${pad(moment.minutes % 60)}`,
    },
  };
}
