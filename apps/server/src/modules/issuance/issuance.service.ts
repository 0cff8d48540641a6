import {
  ISSUANCE_MESSAGES,
  type IssuanceSaved,
  type issuanceCreateSchema,
  microToQty,
  outgoingValue,
  type StockShortLine,
} from "@cargodesk/shared";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { issuanceLines, issuances } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { accountTitles } from "../../lib/books/accounts";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import {
  applyMoves,
  binKey,
  checkStockDate,
  findLocation,
  inventoryAccountOf,
  lockBins,
  type MoveInput,
  nextDocNumber,
  postStockVoucher,
  stockVoucherLine,
} from "../stock/index";
import { requirePositive, toStockLines } from "./stock-lines";

export type IssuanceInput = z.output<typeof issuanceCreateSchema>;

const notFound = () => new AppError("NOT_FOUND", ISSUANCE_MESSAGES.notFound);

/**
 * Posts a JV moving `amount` from one inventory account to another, approved as posted (the
 * shipment-charge pattern), and links the moves to it; none when both locations use one account
 * or nothing of value moved.
 */
async function postTransferVoucher(
  tx: Db,
  ctx: Ctx,
  entry: { date: string; debitId: number; creditId: number; amount: bigint; description: string; billNumber: string },
  moveIds: readonly number[],
): Promise<{ id: number; number: string } | null> {
  if (entry.debitId === entry.creditId || entry.amount === 0n) return null;
  const line = stockVoucherLine(
    await accountTitles(tx, [entry.debitId, entry.creditId]),
    entry.description,
    entry.billNumber,
  );
  return postStockVoucher(
    tx,
    ctx,
    {
      typeId: 5,
      date: entry.date,
      lines: [line(entry.debitId, entry.amount, 0n), line(entry.creditId, 0n, entry.amount)],
      cashAccountId: null,
      source: "issuance",
    },
    moveIds,
  );
}

async function lockIssuance(tx: Db, id: number) {
  const [row] = await tx.select().from(issuances).where(eq(issuances.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

const linesOf = (tx: Db, id: number) =>
  tx.select().from(issuanceLines).where(eq(issuanceLines.issuanceId, id)).orderBy(asc(issuanceLines.lineNo));

/**
 * Posts a draft inside the caller's transaction: locks the bins of both locations in order, moves
 * every line out of the source at its average and into the destination at the same value (one
 * kernel call: a short source refuses the whole issuance with 409 and every short line), numbers
 * it and posts the JV when the two locations map to different inventory accounts.
 */
async function postDraft(tx: Db, ctx: Ctx, id: number): Promise<IssuanceSaved> {
  const issuance = await lockIssuance(tx, id);
  if (issuance.status !== "draft") throw new AppError("DOCUMENT_POSTED", ISSUANCE_MESSAGES.alreadyPosted);
  await checkStockDate(tx, ctx.config.APP_TZ, issuance.businessDate);
  const from = await findLocation(tx, issuance.fromLocationId, "fromLocationId");
  const to = await findLocation(tx, issuance.toLocationId, "toLocationId");
  const lines = await linesOf(tx, id);
  const bins = await lockBins(
    tx,
    lines.map((line) => line.storeProductId),
    [from.id, to.id],
  );
  const base = { docId: id, businessDate: issuance.businessDate };
  const outs: MoveInput[] = [];
  const ins: MoveInput[] = [];
  for (const line of lines) {
    const source = bins.get(binKey(line.storeProductId, from.id));
    // What the kernel will take out of the locked source bin, so the destination receives the same.
    const value = source ? outgoingValue(source, line.qtyMicro, source.lastRate) : 0n;
    const move = { ...base, storeProductId: line.storeProductId, docLineId: line.id };
    outs.push({ ...move, locationId: from.id, qtyMicro: -line.qtyMicro, docType: "issue_out" });
    ins.push({ ...move, locationId: to.id, qtyMicro: line.qtyMicro, valueMinor: value, docType: "issue_in" });
  }
  const applied = await applyMoves(tx, [...outs, ...ins], ctx.user?.id ?? null);
  const number = await nextDocNumber(tx, "issuance", issuance.businessDate);
  const total = -applied.slice(0, lines.length).reduce((sum, move) => sum + move.valueMinor, 0n);
  const voucher = await postTransferVoucher(
    tx,
    ctx,
    {
      date: issuance.businessDate,
      debitId: await inventoryAccountOf(tx, to),
      creditId: await inventoryAccountOf(tx, from),
      amount: total,
      description: `Issuance ${number}: ${from.name} to ${to.name}${issuance.issuedTo ? ` (${issuance.issuedTo})` : ""}`,
      billNumber: number,
    },
    applied.map((move) => move.id),
  );
  for (const [index, line] of lines.entries()) {
    await tx
      .update(issuanceLines)
      .set({
        valueMinor: -(applied[index]?.valueMinor ?? 0n),
        outMoveId: applied[index]?.id ?? null,
        inMoveId: applied[lines.length + index]?.id ?? null,
      })
      .where(eq(issuanceLines.id, line.id));
  }
  await tx
    .update(issuances)
    .set({
      number,
      status: "posted",
      valueMinor: total,
      voucherId: voucher?.id ?? null,
      postedBy: ctx.user?.id ?? null,
      postedAt: new Date(),
    })
    .where(eq(issuances.id, id));
  return { message: ISSUANCE_MESSAGES.posted, id, number, voucherNo: voucher?.number ?? null };
}

/** Saves an issuance as a draft, or posts it at once (`post`): one transaction either way. */
export async function createIssuance(ctx: Ctx, input: IssuanceInput): Promise<IssuanceSaved> {
  return ctx.db.transaction(async (tx) => {
    await findLocation(tx, input.fromLocationId, "fromLocationId");
    await findLocation(tx, input.toLocationId, "toLocationId");
    await checkStockDate(tx, ctx.config.APP_TZ, input.businessDate);
    const lines = await toStockLines(tx, input.lines);
    requirePositive(lines);
    const [row] = await tx
      .insert(issuances)
      .values({
        fromLocationId: input.fromLocationId,
        toLocationId: input.toLocationId,
        businessDate: input.businessDate,
        issuedTo: input.issuedTo,
        notes: input.notes,
        createdBy: ctx.user?.id ?? null,
      })
      .returning({ id: issuances.id });
    if (!row) throw new Error("issuance not stored");
    await tx.insert(issuanceLines).values(
      lines.map((line, index) => ({
        issuanceId: row.id,
        lineNo: index + 1,
        storeProductId: line.storeProductId,
        uomId: line.uomId,
        qtyEntered: line.qtyText,
        qtyMicro: line.qtyMicro,
      })),
    );
    if (input.post) return postDraft(tx, ctx, row.id);
    return { message: ISSUANCE_MESSAGES.created, id: row.id, number: null, voucherNo: null };
  });
}

export const postIssuance = (ctx: Ctx, id: number): Promise<IssuanceSaved> =>
  ctx.db.transaction((tx) => postDraft(tx, ctx, id));

/**
 * Reverses a posted issuance today: the destination gives back each line at its original value
 * and the source takes it back at the same value, with the mirror JV. Refused with 409 and the
 * short lines when the destination no longer holds a line's quantity (a kitchen may go negative,
 * so the kernel would not refuse it).
 */
export async function reverseIssuance(ctx: Ctx, id: number): Promise<IssuanceSaved> {
  return ctx.db.transaction(async (tx) => {
    const issuance = await lockIssuance(tx, id);
    if (issuance.status !== "posted" || !issuance.number)
      throw new AppError("DOCUMENT_NOT_POSTED", ISSUANCE_MESSAGES.notPosted);
    const date = todayIn(ctx.config.APP_TZ);
    await checkStockDate(tx, ctx.config.APP_TZ, date);
    const from = await findLocation(tx, issuance.fromLocationId, "fromLocationId");
    const to = await findLocation(tx, issuance.toLocationId, "toLocationId");
    const lines = await linesOf(tx, id);
    const bins = await lockBins(
      tx,
      lines.map((line) => line.storeProductId),
      [from.id, to.id],
    );
    const short: StockShortLine[] = lines.flatMap((line) => {
      const held = bins.get(binKey(line.storeProductId, to.id))?.qty ?? 0n;
      return held >= line.qtyMicro
        ? []
        : [
            {
              storeProductId: line.storeProductId,
              locationId: to.id,
              available: microToQty(held > 0n ? held : 0n),
              requested: microToQty(line.qtyMicro),
            },
          ];
    });
    if (short.length > 0) throw new AppError("STOCK_SHORT", ISSUANCE_MESSAGES.kitchenShort, { lines: short });
    const base = { docId: id, businessDate: date };
    const back = await applyMoves(
      tx,
      lines.map((line) => ({
        ...base,
        storeProductId: line.storeProductId,
        locationId: to.id,
        qtyMicro: -line.qtyMicro,
        valueMinor: line.valueMinor ?? 0n,
        docType: "issue_out" as const,
        docLineId: line.id,
      })),
      ctx.user?.id ?? null,
    );
    const returned = await applyMoves(
      tx,
      lines.map((line, index) => ({
        ...base,
        storeProductId: line.storeProductId,
        locationId: from.id,
        qtyMicro: line.qtyMicro,
        valueMinor: -(back[index]?.valueMinor ?? 0n),
        docType: "issue_in" as const,
        docLineId: line.id,
      })),
      ctx.user?.id ?? null,
    );
    const total = returned.reduce((sum, move) => sum + move.valueMinor, 0n);
    const voucher = await postTransferVoucher(
      tx,
      ctx,
      {
        date,
        debitId: await inventoryAccountOf(tx, from),
        creditId: await inventoryAccountOf(tx, to),
        amount: total,
        description: `Reversal of issuance ${issuance.number}: ${to.name} back to ${from.name}`,
        billNumber: issuance.number,
      },
      [...back, ...returned].map((move) => move.id),
    );
    await tx
      .update(issuances)
      .set({
        status: "reversed",
        reversalVoucherId: voucher?.id ?? null,
        reversedBy: ctx.user?.id ?? null,
        reversedAt: new Date(),
      })
      .where(eq(issuances.id, id));
    return { message: ISSUANCE_MESSAGES.reversed, id, number: issuance.number, voucherNo: voucher?.number ?? null };
  });
}
