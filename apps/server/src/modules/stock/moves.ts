import { microToQty, outgoingValue, STOCK_MESSAGES, type StockDocType, type StockShortLine } from "@cargodesk/shared";
import { inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { stockExceptions, stockMoves } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type ArrayType, col, executePrepared, intArray, rowsOf, sqlArray } from "../../lib/sql";

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

const movedId = z.object({ id: col.int });

const lockedBinRow = z.object({
  store_product_id: col.int,
  location_id: col.int,
  qty_micro: col.minor,
  value_minor: col.minor,
  allow_negative: col.bool,
  last_rate_num: col.minor.nullable(),
  last_rate_den: col.minor.nullable(),
});

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
  // Bins that exist (nearly always all of them) are locked by one statement; only when one is missing
  // are the missing ones made and all of them read again, in a new statement that sees them. It runs
  // on every sale, so it is a prepared statement.
  const lockRows = async () =>
    rowsOf(
      lockedBinRow,
      await executePrepared(
        tx,
        "stock_bins_lock",
        sql`
          SELECT store_product_id, location_id, qty_micro, value_minor, allow_negative, last_rate_num, last_rate_den
          FROM stock_bins
          WHERE store_product_id = ANY(${intArray(products)}) AND location_id = ANY(${intArray(places)})
          ORDER BY store_product_id, location_id
          FOR UPDATE`,
      ),
    );
  let rows = await lockRows();
  if (rows.length < products.length * places.length) {
    await tx.execute(sql`
      INSERT INTO stock_bins (store_product_id, location_id, allow_negative)
      SELECT p.id, l.id, l.allow_negative
      FROM unnest(${intArray(products)}) AS p(id) CROSS JOIN stock_locations l
      WHERE l.id = ANY(${intArray(places)})
      ORDER BY p.id, l.id
      ON CONFLICT DO NOTHING`);
    rows = await lockRows();
  }
  return new Map(
    rows.map((row) => [
      binKey(row.store_product_id, row.location_id),
      {
        qty: row.qty_micro,
        value: row.value_minor,
        allowNegative: row.allow_negative,
        lastRate:
          row.last_rate_num !== null && row.last_rate_den !== null
            ? { num: row.last_rate_num, den: row.last_rate_den }
            : null,
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

/** Adds totals (one per bin and day, or bin and month) to stock_daily or stock_monthly: one upsert. */
function upsertTotals(table: "stock_daily" | "stock_monthly", totals: readonly Totals[]): SQL {
  const period = sql.raw(table === "stock_daily" ? "day" : "month");
  const target = sql.raw(table);
  const ints = (pick: (entry: Totals) => number) => sqlArray(totals.map(pick), "int");
  const bigints = (pick: (entry: Totals) => bigint) => sqlArray(totals.map(pick), "bigint");
  const days = sqlArray(
    totals.map((entry) => entry.day),
    "date",
  );
  return sql`
    INSERT INTO ${target} (store_product_id, location_id, ${period}, in_qty_micro, in_value_minor, out_qty_micro, out_value_minor)
    SELECT * FROM unnest(${ints((entry) => entry.storeProductId)}, ${ints((entry) => entry.locationId)}, ${days},
      ${bigints((entry) => entry.inQty)}, ${bigints((entry) => entry.inValue)}, ${bigints((entry) => entry.outQty)},
      ${bigints((entry) => entry.outValue)})
    ON CONFLICT (store_product_id, location_id, ${period}) DO UPDATE SET
      in_qty_micro = ${target}.in_qty_micro + excluded.in_qty_micro,
      in_value_minor = ${target}.in_value_minor + excluded.in_value_minor,
      out_qty_micro = ${target}.out_qty_micro + excluded.out_qty_micro,
      out_value_minor = ${target}.out_value_minor + excluded.out_value_minor`;
}

/** The moves' daily totals and, folded per month (one row may not be hit twice in an upsert), monthly ones. */
function totalsOf(inputs: readonly MoveInput[], values: readonly bigint[]): { daily: Totals[]; monthly: Totals[] } {
  const daily = new Map<string, Totals>();
  inputs.forEach((input, index) => {
    addToTotals(daily, input, values[index] ?? 0n);
  });
  const monthly = new Map<string, Totals>();
  for (const entry of daily.values()) {
    const month = `${entry.day.slice(0, 7)}-01`;
    const key = `${binKey(entry.storeProductId, entry.locationId)}:${month}`;
    const sum = monthly.get(key);
    if (!sum) monthly.set(key, { ...entry, day: month });
    else {
      sum.inQty += entry.inQty;
      sum.inValue += entry.inValue;
      sum.outQty += entry.outQty;
      sum.outValue += entry.outValue;
    }
  }
  return { daily: [...daily.values()], monthly: [...monthly.values()] };
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

  // One statement writes it all: the moves (each column one array; the identity hands out ids in input
  // order), every bin the moves touched (not the others the lock query may have read), and the daily
  // and monthly totals that as-of balances read.
  const moveColumn = (pick: (input: MoveInput, index: number) => number | bigint | string | null, type: ArrayType) =>
    sqlArray(inputs.map(pick), type);
  const touched = [...new Set(inputs.map((input) => binKey(input.storeProductId, input.locationId)))];
  const column = (pick: (key: string, bin: LockedBin) => string) =>
    `{${touched.map((key) => pick(key, bins.get(key) as LockedBin)).join(",")}}`;
  const totals = totalsOf(inputs, values);
  const inserted = await executePrepared(
    tx,
    "stock_moves_write",
    sql`
    WITH moves_written AS (
      INSERT INTO stock_moves (store_product_id, location_id, business_date, doc_type, doc_id, doc_line_id, qty_micro,
        value_minor, qty_after_micro, value_after_minor, pos_order_line_id, recipe_version_id, voucher_id, created_by)
      SELECT m.product_id, m.location_id, m.business_date, m.doc_type, m.doc_id, m.doc_line_id, m.qty, m.value,
        m.qty_after, m.value_after, m.pos_order_line_id, m.recipe_version_id, m.voucher_id, ${createdBy}::int
      FROM unnest(${moveColumn((input) => input.storeProductId, "int")}, ${moveColumn((input) => input.locationId, "int")},
        ${moveColumn((input) => input.businessDate, "date")}, ${moveColumn((input) => input.docType, "text")},
        ${moveColumn((input) => input.docId, "int")}, ${moveColumn((input) => input.docLineId ?? null, "int")},
        ${moveColumn((input) => input.qtyMicro, "bigint")}, ${moveColumn((_, index) => values[index] ?? 0n, "bigint")},
        ${moveColumn((_, index) => after[index]?.qty ?? 0n, "bigint")},
        ${moveColumn((_, index) => after[index]?.value ?? 0n, "bigint")},
        ${moveColumn((input) => input.posOrderLineId ?? null, "bigint")},
        ${moveColumn((input) => input.recipeVersionId ?? null, "int")},
        ${moveColumn((input) => input.voucherId ?? null, "int")})
        WITH ORDINALITY AS m(product_id, location_id, business_date, doc_type, doc_id, doc_line_id, qty, value, qty_after,
          value_after, pos_order_line_id, recipe_version_id, voucher_id, ord)
      ORDER BY m.ord
      RETURNING id
    ), bins_written AS (
      UPDATE stock_bins b SET qty_micro = u.qty, value_minor = u.value, last_rate_num = u.num, last_rate_den = u.den,
        updated_at = now()
      FROM unnest(${column((key) => key.split(":")[0] ?? "0")}::int[], ${column((key) => key.split(":")[1] ?? "0")}::int[],
        ${column((_, bin) => String(bin.qty))}::bigint[], ${column((_, bin) => String(bin.value))}::bigint[],
        ${column((_, bin) => (bin.lastRate ? String(bin.lastRate.num) : "NULL"))}::bigint[],
        ${column((_, bin) => (bin.lastRate ? String(bin.lastRate.den) : "NULL"))}::bigint[])
        AS u(product_id, location_id, qty, value, num, den)
      WHERE b.store_product_id = u.product_id AND b.location_id = u.location_id
    ), daily_written AS (${upsertTotals("stock_daily", totals.daily)}
    ), monthly_written AS (${upsertTotals("stock_monthly", totals.monthly)})
    SELECT id FROM moves_written ORDER BY id`,
  );
  const stored = rowsOf(movedId, inserted);

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
