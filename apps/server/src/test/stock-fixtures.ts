import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { stockBins, stockMoves, storeProducts, units, voucherLines } from "../db/schema/index";
import { applyMoves } from "../modules/stock/index";

/** Seeded stock locations (migration 0012). */
export const STORE = 1;
export const KITCHEN = 2;

/** Micro-units of a kg quantity given in grams-exact decimals (12.5 -> 12,500,000). */
export const kg = (value: number) => BigInt(Math.round(value * 1000)) * 1000n;

let serial = 0;

/** A store product kept in kg, with a name of its own (tests never share rows). */
export async function stockProduct(db: Db, label: string): Promise<{ id: number; code: string; kgId: number }> {
  serial += 1;
  const [unit] = await db.select({ id: units.uomId }).from(units).where(eq(units.uomName, "KG"));
  if (!unit) throw new Error("no KG unit");
  const unique = `${label} ${process.pid}-${serial}-${Math.random().toString(36).slice(2, 7)}`;
  const [row] = await db
    .insert(storeProducts)
    .values({
      code: `T${process.pid}${serial}${Math.random().toString(36).slice(2, 6)}`,
      name: unique,
      stockUomId: unit.id,
    })
    .returning({ id: storeProducts.id, code: storeProducts.code });
  if (!row) throw new Error("no product");
  return { ...row, kgId: unit.id };
}

/** Stock received straight through the kernel (the receiving module is not needed to set up a bin). */
export async function receiveStock(
  db: Db,
  productId: number,
  qtyMicro: bigint,
  valueMinor: bigint,
  businessDate: string,
  locationId = STORE,
): Promise<void> {
  await db.transaction((tx) =>
    applyMoves(
      tx,
      [{ storeProductId: productId, locationId, qtyMicro, valueMinor, docType: "receiving", docId: 0, businessDate }],
      null,
    ),
  );
}

/** Stock taken out through the kernel (a sale in the kitchen). */
export async function takeStock(db: Db, productId: number, locationId: number, qtyMicro: bigint, businessDate: string) {
  await db.transaction((tx) =>
    applyMoves(
      tx,
      [{ storeProductId: productId, locationId, qtyMicro: -qtyMicro, docType: "sale", docId: 0, businessDate }],
      null,
    ),
  );
}

export async function binOf(db: Db, productId: number, locationId: number) {
  const [row] = await db
    .select({ qty: stockBins.qtyMicro, value: stockBins.valueMinor })
    .from(stockBins)
    .where(and(eq(stockBins.storeProductId, productId), eq(stockBins.locationId, locationId)));
  return row ?? { qty: 0n, value: 0n };
}

export async function moveCount(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(stockMoves)
    .where(eq(stockMoves.storeProductId, productId));
  return row?.count ?? 0;
}

/** A voucher's lines as [accountId, debit, credit] in minor units, in line order. */
export async function voucherLinesOf(db: Db, voucherId: number) {
  return (
    await db
      .select({ accountId: voucherLines.accountId, debit: voucherLines.debitMinor, credit: voucherLines.creditMinor })
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, voucherId))
      .orderBy(voucherLines.lineNo)
  ).map((line) => [line.accountId, line.debit, line.credit] as const);
}
