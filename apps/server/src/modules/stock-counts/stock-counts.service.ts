import {
  MICRO,
  mulDivRound,
  STOCK_COUNT_MESSAGES,
  type StockCountPosted,
  type stockCountCreateSchema,
  type stockCountUpdateSchema,
} from "@cargodesk/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { stockCountLines, stockCounts, stockExceptions, storeProducts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { accountTitles } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { requirePositive, toStockLines } from "../issuance/index";
import {
  applyMoves,
  binKey,
  checkStockDate,
  findLocation,
  inventoryAccountOf,
  type LockedBin,
  lockBins,
  type MoveInput,
  nextDocNumber,
  postStockVoucher,
  stockVoucherLine,
} from "../stock/index";

export type StockCountCreateInput = z.output<typeof stockCountCreateSchema>;
export type StockCountUpdateInput = z.output<typeof stockCountUpdateSchema>;

const notFound = () => new AppError("NOT_FOUND", STOCK_COUNT_MESSAGES.notFound);
const invalid = (issues: { field: string; message: string }[]) =>
  new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);

async function lockDraft(tx: Db, id: number) {
  const [row] = await tx.select().from(stockCounts).where(eq(stockCounts.id, id)).for("update");
  if (!row) throw notFound();
  if (row.status !== "draft") throw new AppError("DOCUMENT_POSTED", STOCK_COUNT_MESSAGES.alreadyPosted);
  return row;
}

/**
 * Starts a count: records the snapshot (now, and the last stock move) and the book quantity and
 * value of every active product at the location at that moment.
 */
export async function createStockCount(ctx: Ctx, input: StockCountCreateInput): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    await findLocation(tx, input.locationId);
    await checkStockDate(tx, ctx.config.APP_TZ, input.businessDate);
    const [snapshot] = rowsOf(
      z.object({ last: col.int.nullable() }),
      await tx.execute(sql`select max(id) as last from stock_moves`),
    );
    const [count] = await tx
      .insert(stockCounts)
      .values({
        locationId: input.locationId,
        businessDate: input.businessDate,
        snapshotAt: new Date(),
        snapshotMoveId: Number(snapshot?.last ?? 0),
        createdBy: ctx.user?.id ?? null,
      })
      .returning({ id: stockCounts.id });
    if (!count) throw new Error("count not stored");
    await tx.execute(sql`
      insert into stock_count_lines (count_id, store_product_id, book_qty_micro, book_value_minor)
      select ${count.id}, p.id, coalesce(b.qty_micro, 0), coalesce(b.value_minor, 0)
      from store_products p
      left join stock_bins b on b.store_product_id = p.id and b.location_id = ${input.locationId}
      where p.active
      order by p.id`);
    return count;
  });
}

/** The value a difference is expected to carry: the book average at the snapshot, else the last known rate. */
function estimateValue(
  diff: bigint,
  book: { qty: bigint; value: bigint },
  bin: LockedBin | undefined,
  lastCost: bigint | null,
): bigint {
  if (diff === 0n) return 0n;
  if (book.qty > 0n) return mulDivRound(book.value, diff, book.qty);
  if (bin?.lastRate) return mulDivRound(bin.lastRate.num, diff, bin.lastRate.den);
  if (lastCost !== null) return mulDivRound(lastCost, diff, MICRO);
  return 0n;
}

/** Records counted quantities (null clears a line) and reasons on a draft count. */
export async function updateStockCount(ctx: Ctx, id: number, input: StockCountUpdateInput): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockDraft(tx, id);
    const lines = await tx.select().from(stockCountLines).where(eq(stockCountLines.countId, id));
    const onCount = new Map(lines.map((line) => [line.storeProductId, line]));
    const missing = input.lines.flatMap((line, index) =>
      onCount.has(line.storeProductId)
        ? []
        : [{ field: `lines.${index}.storeProductId`, message: STOCK_COUNT_MESSAGES.notOnCount }],
    );
    if (missing.length > 0) throw invalid(missing);
    const counted = input.lines.flatMap((line, index) =>
      line.countedQty === null ? [] : [{ index, line: { ...line, qty: line.countedQty } }],
    );
    const converted = await toStockLines(
      tx,
      counted.map((entry) => entry.line),
      "lines",
      true,
    );
    requirePositive(converted, "lines", true);
    const costs = new Map(
      (
        await tx
          .select({ id: storeProducts.id, cost: storeProducts.lastPurchaseCostMinor })
          .from(storeProducts)
          .where(
            inArray(
              storeProducts.id,
              converted.map((line) => line.storeProductId),
            ),
          )
      ).map((row) => [row.id, row.cost]),
    );
    for (const line of input.lines) {
      if (line.countedQty !== null) continue;
      await tx
        .update(stockCountLines)
        .set({
          countedQtyMicro: null,
          countedEntered: null,
          uomId: null,
          diffQtyMicro: null,
          diffValueMinor: null,
          reason: null,
        })
        .where(and(eq(stockCountLines.countId, id), eq(stockCountLines.storeProductId, line.storeProductId)));
    }
    for (const [position, line] of converted.entries()) {
      const stored = onCount.get(line.storeProductId);
      if (!stored) continue;
      const diff = line.qtyMicro - stored.bookQtyMicro;
      const book = { qty: stored.bookQtyMicro, value: stored.bookValueMinor };
      await tx
        .update(stockCountLines)
        .set({
          countedQtyMicro: line.qtyMicro,
          countedEntered: line.qtyText,
          uomId: line.uomId,
          diffQtyMicro: diff,
          diffValueMinor: estimateValue(diff, book, undefined, costs.get(line.storeProductId) ?? null),
          reason: input.lines[counted[position]?.index ?? 0]?.reason ?? null,
        })
        .where(eq(stockCountLines.id, stored.id));
    }
  });
}

/**
 * Posts a draft count: for each counted line whose counted quantity differs from the book AT THE
 * SNAPSHOT, one `count` move of that difference (a shortfall leaves at the average cost, a surplus
 * comes in at the bin's current average or its last rate), the CNT number, one JV between the
 * location's inventory account and Stock Adjustment, and the location's open negative-stock
 * exceptions of the counted products resolved by the count.
 */
export async function postStockCount(ctx: Ctx, id: number): Promise<StockCountPosted> {
  return ctx.db.transaction(async (tx) => {
    const count = await lockDraft(tx, id);
    await checkStockDate(tx, ctx.config.APP_TZ, count.businessDate);
    const location = await findLocation(tx, count.locationId);
    const lines = (await tx.select().from(stockCountLines).where(eq(stockCountLines.countId, id))).filter(
      (line) => line.countedQtyMicro !== null,
    );
    if (lines.length === 0) throw invalid([{ field: "lines", message: STOCK_COUNT_MESSAGES.noneCounted }]);
    const differing = lines
      .map((line) => ({ line, diff: (line.countedQtyMicro ?? 0n) - line.bookQtyMicro }))
      .filter((entry) => entry.diff !== 0n)
      .sort((a, b) => a.line.storeProductId - b.line.storeProductId);
    const bins = await lockBins(
      tx,
      differing.map((entry) => entry.line.storeProductId),
      [location.id],
    );
    const costs = new Map(
      differing.length === 0
        ? []
        : (
            await tx
              .select({ id: storeProducts.id, cost: storeProducts.lastPurchaseCostMinor })
              .from(storeProducts)
              .where(
                inArray(
                  storeProducts.id,
                  differing.map((entry) => entry.line.storeProductId),
                ),
              )
          ).map((row) => [row.id, row.cost]),
    );
    const moves: MoveInput[] = differing.map(({ line, diff }) => {
      const bin = bins.get(binKey(line.storeProductId, location.id));
      const current = bin && bin.qty > 0n ? { qty: bin.qty, value: bin.value } : { qty: 0n, value: 0n };
      return {
        storeProductId: line.storeProductId,
        locationId: location.id,
        qtyMicro: diff,
        valueMinor: diff > 0n ? estimateValue(diff, current, bin, costs.get(line.storeProductId) ?? null) : undefined,
        docType: "count",
        docId: id,
        docLineId: line.id,
        businessDate: count.businessDate,
      };
    });
    const applied = await applyMoves(tx, moves, ctx.user?.id ?? null);
    const number = await nextDocNumber(tx, "count", count.businessDate);
    const surplus = applied.filter((move) => move.valueMinor > 0n).reduce((sum, move) => sum + move.valueMinor, 0n);
    const shortfall = -applied.filter((move) => move.valueMinor < 0n).reduce((sum, move) => sum + move.valueMinor, 0n);
    let voucher: { id: number; number: string } | null = null;
    if (surplus + shortfall > 0n) {
      const adjustmentId = (await getIntegration(tx))?.stockAdjustmentAccountId;
      if (!adjustmentId)
        throw new AppError("INTEGRATION_NOT_SET", "Set the Stock Adjustment account in Accounts Integration first");
      const inventoryId = await inventoryAccountOf(tx, location);
      const line = stockVoucherLine(
        await accountTitles(tx, [adjustmentId, inventoryId]),
        `Stock count ${number} at ${location.name}`,
        number,
      );
      voucher = await postStockVoucher(
        tx,
        ctx,
        {
          typeId: 5,
          date: count.businessDate,
          lines: [
            ...(surplus > 0n ? [line(inventoryId, surplus, 0n), line(adjustmentId, 0n, surplus)] : []),
            ...(shortfall > 0n ? [line(adjustmentId, shortfall, 0n), line(inventoryId, 0n, shortfall)] : []),
          ],
          cashAccountId: null,
          source: "stock_count",
        },
        applied.map((move) => move.id),
      );
    }
    for (const [index, { line }] of differing.entries()) {
      const move = applied[index];
      await tx
        .update(stockCountLines)
        .set({ moveId: move?.id ?? null, diffValueMinor: move?.valueMinor ?? 0n })
        .where(eq(stockCountLines.id, line.id));
    }
    await tx
      .update(stockExceptions)
      .set({ resolvedAt: new Date(), resolvedBy: ctx.user?.id ?? null, resolution: "count" })
      .where(
        and(
          eq(stockExceptions.locationId, location.id),
          inArray(
            stockExceptions.storeProductId,
            lines.map((line) => line.storeProductId),
          ),
          isNull(stockExceptions.resolvedAt),
        ),
      );
    await tx
      .update(stockCounts)
      .set({
        number,
        status: "posted",
        voucherId: voucher?.id ?? null,
        postedBy: ctx.user?.id ?? null,
        postedAt: new Date(),
      })
      .where(eq(stockCounts.id, id));
    return { message: STOCK_COUNT_MESSAGES.posted, id, number, voucherNo: voucher?.number ?? null };
  });
}
