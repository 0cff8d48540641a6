import { and, asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stockBins, stockLocations } from "../../db/schema/index";

export interface LockedBin {
  qty: bigint;
  value: bigint;
  lastRate: { num: bigint; den: bigint } | null;
}

export const binKey = (productId: number, locationId: number) => `${productId}:${locationId}`;

/**
 * Makes and locks the bins of these products at these locations, in (product, location) order as
 * the stock kernel does, so a document can read what the bins hold before it moves stock and the
 * kernel's own locks are then already held (no second order of locking, so no deadlock).
 */
export async function lockBinsInOrder(
  tx: Db,
  productIds: readonly number[],
  locationIds: readonly number[],
): Promise<Map<string, LockedBin>> {
  const products = [...new Set(productIds)];
  const places = [...new Set(locationIds)];
  if (products.length === 0 || places.length === 0) return new Map();
  const locations = await tx
    .select({ id: stockLocations.id, allowNegative: stockLocations.allowNegative })
    .from(stockLocations)
    .where(inArray(stockLocations.id, places));
  await tx
    .insert(stockBins)
    .values(
      products.flatMap((storeProductId) =>
        locations.map((location) => ({
          storeProductId,
          locationId: location.id,
          allowNegative: location.allowNegative,
        })),
      ),
    )
    .onConflictDoNothing();
  const rows = await tx
    .select()
    .from(stockBins)
    .where(and(inArray(stockBins.storeProductId, products), inArray(stockBins.locationId, places)))
    .orderBy(asc(stockBins.storeProductId), asc(stockBins.locationId))
    .for("update");
  return new Map(
    rows.map((row) => [
      binKey(row.storeProductId, row.locationId),
      {
        qty: row.qtyMicro,
        value: row.valueMinor,
        lastRate:
          row.lastRateNum !== null && row.lastRateDen !== null ? { num: row.lastRateNum, den: row.lastRateDen } : null,
      },
    ]),
  );
}
