import { STOCK_MESSAGES, type StockDocKind, stockDocNumber } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { docCounters, outlets, stockLocations } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import { todayIn } from "../../lib/dates";

/** The next gapless number of a store document (GRN-2026-00001): the counter row stays locked until commit. */
export async function nextDocNumber(tx: Db, kind: StockDocKind, date: string): Promise<string> {
  const year = Number(date.slice(0, 4));
  const [row] = await tx
    .insert(docCounters)
    .values({ docType: kind, year, last: 1 })
    .onConflictDoUpdate({
      target: [docCounters.docType, docCounters.year],
      set: { last: sql`${docCounters.last} + 1` },
    })
    .returning({ last: docCounters.last });
  if (!row) throw new Error("document counter did not answer");
  return stockDocNumber(kind, year, row.last);
}

/**
 * A stock document's business date: not after today in the company's time zone and not before the
 * outlet's stock lock date. `field` names the request field in the 400.
 */
export async function checkStockDate(tx: Db, timeZone: string, date: string, field = "businessDate"): Promise<void> {
  if (date > todayIn(timeZone))
    throw new AppError("VALIDATION", STOCK_MESSAGES.future, [{ field, message: STOCK_MESSAGES.future }]);
  const [outlet] = await tx.select({ lock: outlets.stockLockDate }).from(outlets).where(eq(outlets.id, 1));
  if (outlet?.lock && date < outlet.lock)
    throw new AppError("VALIDATION", STOCK_MESSAGES.beforeLock, [{ field, message: STOCK_MESSAGES.beforeLock }]);
}

export type StockLocation = typeof stockLocations.$inferSelect;

/** An active location by id, or a 400 naming `field`. */
export async function findLocation(tx: Db, id: number, field = "locationId"): Promise<StockLocation> {
  const [row] = await tx.select().from(stockLocations).where(eq(stockLocations.id, id));
  if (!row?.active)
    throw new AppError("VALIDATION", "Please select a stock location", [
      { field, message: "Please select a stock location" },
    ]);
  return row;
}

/**
 * The inventory account a location posts to: its own, or the Store or Kitchen inventory account of
 * Accounts Integration by kind (a bar uses the kitchen's). Refused when none is set.
 */
export async function inventoryAccountOf(tx: Db, location: StockLocation): Promise<number> {
  if (location.inventoryAccountId !== null) return location.inventoryAccountId;
  const integration = await getIntegration(tx);
  const id = location.kind === "store" ? integration?.storeInventoryAccountId : integration?.kitchenInventoryAccountId;
  if (!id) throw new AppError("CONFLICT", STOCK_MESSAGES.noInventoryAccount);
  return id;
}
