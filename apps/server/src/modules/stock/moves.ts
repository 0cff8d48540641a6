import { microToQty, outgoingValue, STOCK_MESSAGES, type StockDocType, type StockShortLine } from "@cargodesk/shared";
import { and, asc, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  stockBins,
  stockDaily,
  stockExceptions,
  stockLocations,
  stockMonthly,
  stockMoves,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

/** One change to one bin. Incoming moves (qty > 0) bring their value; outgoing ones are valued at the average. */
export interface MoveInput {
  storeProductId: number;
  locationId: number;
  /** Signed micro-units of the stock unit: above 0 in, below 0 out. */
  qtyMicro: bigint;
  /**
   * The value an incoming move brings, in minor units (required when qtyMicro > 0). On an outgoing
   * move it asks for that value instead of the average (a reversal mirrors its document): the bin
   * gives at most what it holds, and all of it when the move empties it.
   */
  valueMinor?: bigint;
  docType: StockDocType;
  docId: number;
  docLineId?: number | null;
  businessDate: string;
  posOrderLineId?: number | null;
  recipeVersionId?: number | null;
  voucherId?: number | null;
}

export interface AppliedMove {
  id: number;
  storeProductId: number;
  locationId: number;
  qtyMicro: bigint;
  /** Signed: what entered (above 0) or left (below 0) the bin's value. */
  valueMinor: bigint;
  qtyAfterMicro: bigint;
  valueAfterMinor: bigint;
}

export interface LockedBin {
  qty: bigint;
  value: bigint;
  allowNegative: boolean;
  lastRate: { num: bigint; den: bigint } | null;
}

export const binKey = (productId: number, locationId: number) => `${productId}:${locationId}`;
const minBig = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * Makes and locks the bins of these products at these locations, always in (product, location)
 * order so that two documents never wait for each other in a circle; a new bin copies its
 * location's negative-stock rule. A document may lock first to read what its bins hold (the kernel's
 * own lock in applyMoves is then already held, in the same order).
 */
export async function lockBins(
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
        allowNegative: row.allowNegative,
        lastRate:
          row.lastRateNum !== null && row.lastRateDen !== null ? { num: row.lastRateNum, den: row.lastRateDen } : null,
      },
    ]),
  );
}

interface Totals {
  storeProductId: number;
  locationId: number;
  day: string;
  inQty: bigint;
  inValue: bigint;
  outQty: bigint;
  outValue: bigint;
}

function addToTotals(totals: Map<string, Totals>, move: MoveInput, value: bigint): void {
  const key = `${binKey(move.storeProductId, move.locationId)}:${move.businessDate}`;
  const entry = totals.get(key) ?? {
    storeProductId: move.storeProductId,
    locationId: move.locationId,
    day: move.businessDate,
    inQty: 0n,
    inValue: 0n,
    outQty: 0n,
    outValue: 0n,
  };
  if (move.qtyMicro > 0n) {
    entry.inQty += move.qtyMicro;
    entry.inValue += value;
  } else {
    entry.outQty -= move.qtyMicro;
    entry.outValue -= value;
  }
  totals.set(key, entry);
}

/** Adds the moves to the daily and monthly totals that as-of balances read. */
async function addTotals(tx: Db, totals: readonly Totals[]): Promise<void> {
  const rows = totals.map((entry) => ({
    storeProductId: entry.storeProductId,
    locationId: entry.locationId,
    inQtyMicro: entry.inQty,
    inValueMinor: entry.inValue,
    outQtyMicro: entry.outQty,
    outValueMinor: entry.outValue,
  }));
  const days = totals.map((entry) => entry.day);
  const add = (table: typeof stockDaily | typeof stockMonthly) => ({
    inQtyMicro: sql`${table.inQtyMicro} + excluded.in_qty_micro`,
    inValueMinor: sql`${table.inValueMinor} + excluded.in_value_minor`,
    outQtyMicro: sql`${table.outQtyMicro} + excluded.out_qty_micro`,
    outValueMinor: sql`${table.outValueMinor} + excluded.out_value_minor`,
  });
  await tx
    .insert(stockDaily)
    .values(rows.map((row, index) => ({ ...row, day: days[index] ?? "" })))
    .onConflictDoUpdate({
      target: [stockDaily.storeProductId, stockDaily.locationId, stockDaily.day],
      set: add(stockDaily),
    });
  // Two days of one month fold into one monthly row before the upsert (one row may not be hit twice).
  const monthly = new Map<string, (typeof rows)[number] & { month: string }>();
  for (const [index, row] of rows.entries()) {
    const month = `${(days[index] ?? "").slice(0, 7)}-01`;
    const key = `${binKey(row.storeProductId, row.locationId)}:${month}`;
    const entry = monthly.get(key);
    if (!entry) monthly.set(key, { ...row, month });
    else {
      entry.inQtyMicro += row.inQtyMicro;
      entry.inValueMinor += row.inValueMinor;
      entry.outQtyMicro += row.outQtyMicro;
      entry.outValueMinor += row.outValueMinor;
    }
  }
  await tx
    .insert(stockMonthly)
    .values([...monthly.values()])
    .onConflictDoUpdate({
      target: [stockMonthly.storeProductId, stockMonthly.locationId, stockMonthly.month],
      set: add(stockMonthly),
    });
}

/**
 * Posts stock moves inside the caller's transaction: locks the bins, values outgoing moves at the
 * moving average (an emptied bin gives all its value), refuses with 409 and the shortfall of every
 * line when a location that may not go negative holds too little (nothing is written), appends the
 * moves to the ledger, updates the bins and the daily and monthly totals, and records an exception
 * for a bin that goes below zero where that is allowed. Returns the moves in input order.
 */
export async function applyMoves(tx: Db, inputs: readonly MoveInput[], createdBy: number | null) {
  if (inputs.length === 0) return [];
  const bins = await lockBins(
    tx,
    inputs.map((input) => input.storeProductId),
    inputs.map((input) => input.locationId),
  );
  // A line's shortfall is judged against what the bin holds after the document's earlier lines.
  const planned = inputs.map((input) => {
    const bin = bins.get(binKey(input.storeProductId, input.locationId));
    if (!bin) throw new Error("stock bin was not created");
    return { input, bin };
  });
  const short: StockShortLine[] = [];
  const values: bigint[] = [];
  const after: { qty: bigint; value: bigint }[] = [];
  for (const { input, bin } of planned) {
    let value: bigint;
    if (input.qtyMicro > 0n) {
      if (input.valueMinor === undefined) throw new Error("an incoming move needs its value");
      value = input.valueMinor;
      // A bin back at exactly zero holds no value: the move brings what makes it so.
      if (bin.qty + input.qtyMicro === 0n) value = -bin.value;
    } else if (input.qtyMicro < 0n) {
      const out = -input.qtyMicro;
      if (!bin.allowNegative && out > bin.qty) {
        short.push({
          storeProductId: input.storeProductId,
          locationId: input.locationId,
          available: microToQty(bin.qty > 0n ? bin.qty : 0n),
          requested: microToQty(out),
        });
        value = 0n;
      } else if (input.valueMinor !== undefined && out < bin.qty)
        value = -minBig(maxBig(input.valueMinor, 0n), bin.value);
      else value = -outgoingValue(bin, out, bin.lastRate);
    } else throw new Error("a stock move has a quantity");
    bin.qty += input.qtyMicro;
    bin.value += value;
    if (bin.qty === 0n) bin.value = 0n;
    if (bin.qty > 0n && bin.value >= 0n) bin.lastRate = { num: bin.value, den: bin.qty };
    values.push(value);
    after.push({ qty: bin.qty, value: bin.value });
  }
  if (short.length > 0) throw new AppError("STOCK_SHORT", STOCK_MESSAGES.short, { lines: short });

  const stored = await tx
    .insert(stockMoves)
    .values(
      inputs.map((input, index) => ({
        storeProductId: input.storeProductId,
        locationId: input.locationId,
        businessDate: input.businessDate,
        docType: input.docType,
        docId: input.docId,
        docLineId: input.docLineId ?? null,
        qtyMicro: input.qtyMicro,
        valueMinor: values[index] ?? 0n,
        qtyAfterMicro: after[index]?.qty ?? 0n,
        valueAfterMinor: after[index]?.value ?? 0n,
        posOrderLineId: input.posOrderLineId ?? null,
        recipeVersionId: input.recipeVersionId ?? null,
        voucherId: input.voucherId ?? null,
        createdBy,
      })),
    )
    .returning({ id: stockMoves.id });

  // One statement for every bin the moves touched (not the others the lock query may have read).
  const touched = [...new Set(inputs.map((input) => binKey(input.storeProductId, input.locationId)))];
  const column = (pick: (key: string, bin: LockedBin) => string) =>
    `{${touched.map((key) => pick(key, bins.get(key) as LockedBin)).join(",")}}`;
  await tx.execute(sql`
    UPDATE stock_bins b SET qty_micro = u.qty, value_minor = u.value, last_rate_num = u.num, last_rate_den = u.den,
      updated_at = now()
    FROM unnest(${column((key) => key.split(":")[0] ?? "0")}::int[], ${column((key) => key.split(":")[1] ?? "0")}::int[],
      ${column((_, bin) => String(bin.qty))}::bigint[], ${column((_, bin) => String(bin.value))}::bigint[],
      ${column((_, bin) => (bin.lastRate ? String(bin.lastRate.num) : "NULL"))}::bigint[],
      ${column((_, bin) => (bin.lastRate ? String(bin.lastRate.den) : "NULL"))}::bigint[])
      AS u(product_id, location_id, qty, value, num, den)
    WHERE b.store_product_id = u.product_id AND b.location_id = u.location_id`);

  const totals = new Map<string, Totals>();
  inputs.forEach((input, index) => {
    addToTotals(totals, input, values[index] ?? 0n);
  });
  await addTotals(tx, [...totals.values()]);

  const applied: AppliedMove[] = inputs.map((input, index) => ({
    id: stored[index]?.id ?? 0,
    storeProductId: input.storeProductId,
    locationId: input.locationId,
    qtyMicro: input.qtyMicro,
    valueMinor: values[index] ?? 0n,
    qtyAfterMicro: after[index]?.qty ?? 0n,
    valueAfterMinor: after[index]?.value ?? 0n,
  }));
  const negative = applied.filter((move) => move.qtyMicro < 0n && move.qtyAfterMicro < 0n);
  if (negative.length > 0) {
    await tx.insert(stockExceptions).values(
      negative.map((move) => ({
        storeProductId: move.storeProductId,
        locationId: move.locationId,
        moveId: move.id,
        shortMicro: -move.qtyAfterMicro < -move.qtyMicro ? -move.qtyAfterMicro : -move.qtyMicro,
      })),
    );
  }
  return applied;
}

/** Links moves to the voucher their document posted (after the voucher is numbered). */
export async function linkMovesToVoucher(tx: Db, moveIds: readonly number[], voucherId: number): Promise<void> {
  if (moveIds.length === 0) return;
  await tx
    .update(stockMoves)
    .set({ voucherId })
    .where(inArray(stockMoves.id, [...moveIds]));
}
