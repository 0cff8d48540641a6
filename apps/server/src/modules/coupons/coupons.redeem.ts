import { COUPON_MESSAGES, COUPON_REASONS } from "@cargodesk/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { couponRedemptions, coupons } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

export interface Redemption {
  orderId: number;
  /** The order's customer; null for a walk-in. */
  customerId: number | null;
  coupons: readonly { couponId: number; amountMinor: bigint }[];
}

/**
 * Records the coupons an order used, inside the payment's transaction (design 6.1 step 3). The
 * coupon rows are locked in id order, so two tills redeeming the last use wait for each other and
 * the second one counts the first one's redemption; the unique (coupon, order) index stops a second
 * redemption on the same order. Refuses with 409 and the limit's code, leaving the caller to roll back.
 */
export async function redeemCoupons(tx: Db, redemption: Redemption): Promise<void> {
  if (redemption.coupons.length === 0) return;
  const ids = [...new Set(redemption.coupons.map((entry) => entry.couponId))];
  if (ids.length !== redemption.coupons.length)
    throw new AppError("COUPON_ALREADY_REDEEMED", COUPON_MESSAGES.alreadyRedeemed);
  const rows = await tx.select().from(coupons).where(inArray(coupons.id, ids)).orderBy(asc(coupons.id)).for("update");
  if (rows.filter((row) => row.code !== null).length > 1)
    throw new AppError("COUPON_ONE_CODE", COUPON_MESSAGES.oneCode);
  for (const entry of redemption.coupons) {
    const row = rows.find((candidate) => candidate.id === entry.couponId);
    if (!row?.active)
      throw new AppError("COUPON_NOT_AVAILABLE", COUPON_MESSAGES.notAvailable, { couponId: entry.couponId });
    if (row.usageLimit !== null && row.usedCount >= row.usageLimit)
      throw new AppError("COUPON_LIMIT_REACHED", COUPON_MESSAGES.limitReached, { couponId: row.id });
    if (row.perCustomerLimit !== null) await assertCustomerUnderLimit(tx, row, redemption.customerId);
  }
  await tx
    .insert(couponRedemptions)
    .values(
      redemption.coupons.map((entry) => ({
        couponId: entry.couponId,
        orderId: redemption.orderId,
        customerId: redemption.customerId,
        amountMinor: entry.amountMinor,
      })),
    )
    .catch((error: unknown) => {
      if (String((error as { cause?: unknown })?.cause ?? error).includes("coupon_redemptions_order_key"))
        throw new AppError("COUPON_ALREADY_REDEEMED", COUPON_MESSAGES.alreadyRedeemed);
      throw error;
    });
  await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(inArray(coupons.id, ids));
}

/** Counted after the lock, so a redemption committed by another till while this one waited is seen. */
async function assertCustomerUnderLimit(
  tx: Db,
  row: typeof coupons.$inferSelect,
  customerId: number | null,
): Promise<void> {
  const limit = row.perCustomerLimit ?? 0;
  if (customerId === null)
    throw new AppError("COUPON_CUSTOMER_LIMIT_REACHED", COUPON_REASONS.customer_required, { couponId: row.id });
  const [used] = await tx
    .select({ uses: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, row.id), eq(couponRedemptions.customerId, customerId)));
  if ((used?.uses ?? 0) >= limit)
    throw new AppError("COUPON_CUSTOMER_LIMIT_REACHED", COUPON_MESSAGES.customerLimitReached, { couponId: row.id });
}
