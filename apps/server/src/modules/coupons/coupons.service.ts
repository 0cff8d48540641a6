import {
  COUPON_MESSAGES,
  type Coupon,
  type CouponInput,
  type CouponListQuery,
  parseMinor,
  percentOrNull,
} from "@cargodesk/shared";
import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponRedemptions, coupons } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import {
  categoryNames,
  countCoupons,
  couponFilter,
  findCouponRows,
  scopeOptions,
  toCoupons,
  variantNames,
} from "./coupons.queries";

const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);
const codeTaken = () =>
  new AppError("RECORD_DUPLICATE", COUPON_MESSAGES.codeTaken, [{ field: "code", message: COUPON_MESSAGES.codeTaken }]);

export async function listCoupons(ctx: Ctx, query: CouponListQuery) {
  const where = couponFilter(query);
  const [rows, total] = await Promise.all([
    findCouponRows(ctx.db, where, query.size, (query.page - 1) * query.size),
    countCoupons(ctx.db, where),
  ]);
  return { data: await toCoupons(ctx.db, rows), page: query.page, total_results: total };
}

export async function getCoupon(ctx: Ctx, id: number): Promise<Coupon> {
  const [row] = await findCouponRows(ctx.db, eq(coupons.id, id), 1, 0);
  if (!row) throw new AppError("NOT_FOUND", COUPON_MESSAGES.notFound);
  const [coupon] = await toCoupons(ctx.db, [row]);
  if (!coupon) throw new AppError("NOT_FOUND", COUPON_MESSAGES.notFound);
  return coupon;
}

export const couponScopeOptions = async (
  ctx: Ctx,
  query: { scope: "category" | "variant"; search?: string | undefined },
) => ({ data: await scopeOptions(ctx.db, query.scope, query.search) });

/**
 * Every newly chosen category or menu item must exist (400 on scopeIds otherwise); ids the coupon
 * already held are kept as they are, so a coupon can still be deactivated after one has gone.
 */
async function assertScopeExists(tx: Db, input: CouponInput, kept: readonly number[] = []): Promise<void> {
  if (input.scope === "order") return;
  const added = input.scopeIds.filter((id) => !kept.includes(id));
  const found = input.scope === "category" ? await categoryNames(tx, added) : await variantNames(tx, added);
  if (added.some((id) => !found.has(id)))
    throw fieldError(
      "scopeIds",
      input.scope === "category" ? COUPON_MESSAGES.scopeCategoryUnknown : COUPON_MESSAGES.scopeVariantUnknown,
    );
}

async function assertCodeFree(tx: Db, code: string | null, except: number | null): Promise<void> {
  if (code === null) return;
  const [row] = await tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code), except === null ? undefined : ne(coupons.id, except)));
  if (row) throw codeTaken();
}

/** A unique index hit by a concurrent save is the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("coupons_code_key")) throw codeTaken();
  throw error;
}

/** The stored columns of a checked input: a percentage as basis points, amounts as minor units. */
function rowValues(input: CouponInput) {
  const value = input.kind === "percent" ? BigInt(percentOrNull(input.value) ?? 0) : (parseMinor(input.value) ?? 0n);
  return {
    code: input.code === "" ? null : input.code,
    name: input.name,
    kind: input.kind,
    value,
    maxDiscountMinor: input.maxDiscount === null ? null : parseMinor(input.maxDiscount),
    minOrderMinor: parseMinor(input.minOrder) ?? 0n,
    scope: input.scope,
    scopeIds: input.scopeIds,
    orderTypes: input.orderTypes,
    validFrom: input.validFrom,
    validTo: input.validTo,
    weekdays: input.weekdays,
    timeFrom: input.timeFrom,
    timeTo: input.timeTo,
    usageLimit: input.usageLimit,
    perCustomerLimit: input.perCustomerLimit,
    autoApply: input.autoApply,
    priority: input.priority,
    stackable: input.stackable,
    active: input.active,
  };
}

export async function addCoupon(ctx: Ctx, input: CouponInput): Promise<Coupon> {
  const values = rowValues(input);
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertScopeExists(tx, input);
      await assertCodeFree(tx, values.code, null);
      const [row] = await tx
        .insert(coupons)
        .values({ ...values, createdBy: ctx.user?.id ?? null })
        .returning({ id: coupons.id });
      if (!row) throw new Error("coupon not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getCoupon(ctx, id);
}

/** Changes a coupon; redemptions already made keep the amounts they were given. */
export async function updateCoupon(ctx: Ctx, id: number, input: CouponInput): Promise<Coupon> {
  const values = rowValues(input);
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ scope: coupons.scope, scopeIds: coupons.scopeIds })
        .from(coupons)
        .where(eq(coupons.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", COUPON_MESSAGES.notFound);
      await assertScopeExists(tx, input, current.scope === input.scope ? current.scopeIds : []);
      await assertCodeFree(tx, values.code, id);
      await tx.update(coupons).set(values).where(eq(coupons.id, id));
    })
    .catch(asDuplicate);
  return getCoupon(ctx, id);
}

/** Deletes a coupon never redeemed; a redeemed one is kept for its history (409: deactivate it). */
export async function deleteCoupon(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", COUPON_MESSAGES.notFound);
    const [redemption] = await tx
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, id))
      .limit(1);
    if (redemption || current.usedCount > 0) throw new AppError("RECORD_IN_USE", COUPON_MESSAGES.redeemed);
    await tx.delete(coupons).where(eq(coupons.id, id));
  });
}
