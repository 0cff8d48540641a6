import { RECEIVING_MESSAGES, voucherTypeById } from "@cargodesk/shared";
import { asc, eq } from "drizzle-orm";
import { accounts, receivingLines, receivings, voucherLines, vouchers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { applyMoves, checkStockDate, findLocation, inventoryAccountOf, postStockVoucher } from "../stock";

/**
 * Reverses a posted GRN, dated today: the mirror moves take out what each line brought (refused
 * with 409 STOCK_SHORT when the stock has been used) and a mirror voucher, linked to the original
 * as its reversal, undoes the posting. Should the bin give a different value than the GRN brought
 * (other stock moved through it at other costs), the difference goes to Stock Adjustment so the
 * inventory account still equals the bins.
 */
export async function reverseReceiving(ctx: Ctx, id: number) {
  return ctx.db.transaction(async (tx) => {
    const [head] = await tx.select().from(receivings).where(eq(receivings.id, id)).for("update");
    if (!head) throw new AppError("NOT_FOUND", RECEIVING_MESSAGES.notFound);
    if (head.status !== "posted") throw new AppError("CONFLICT", RECEIVING_MESSAGES.notPosted, { status: head.status });
    const today = todayIn(ctx.config.APP_TZ);
    await checkStockDate(tx, ctx.config.APP_TZ, today);
    const location = await findLocation(tx, head.locationId);
    const lines = await tx
      .select()
      .from(receivingLines)
      .where(eq(receivingLines.receivingId, id))
      .orderBy(asc(receivingLines.lineNo));
    const moves = await applyMoves(
      tx,
      lines.map((line) => ({
        storeProductId: line.storeProductId,
        locationId: location.id,
        qtyMicro: -line.qtyMicro,
        valueMinor: line.landedValueMinor,
        docType: "receiving_reversal" as const,
        docId: id,
        docLineId: line.id,
        businessDate: today,
      })),
      ctx.user?.id ?? null,
    );

    let voucher: { id: number; number: string } | null = null;
    if (head.voucherId !== null) {
      const [original] = await tx.select().from(vouchers).where(eq(vouchers.id, head.voucherId)).for("update");
      const [reversed] = await tx
        .select({ id: vouchers.id })
        .from(vouchers)
        .where(eq(vouchers.reversalOfId, head.voucherId));
      if (!original || reversed) throw new AppError("VOUCHER_ALREADY_REVERSED", RECEIVING_MESSAGES.voucherReversed);
      const type = voucherTypeById(original.voucherTypeId);
      if (!type) throw new Error("voucher of unknown type");
      const originalLines = await tx
        .select()
        .from(voucherLines)
        .where(eq(voucherLines.voucherId, original.id))
        .orderBy(asc(voucherLines.lineNo));
      const mirror = originalLines.map((line) => ({
        accountId: line.accountId,
        debit: Number(line.creditMinor),
        credit: Number(line.debitMinor),
        description: `REVERSAL OF ${original.number}: ${line.description}`.slice(0, 500),
        billNumber: line.billNumber,
        accountTitle: line.accountTitle,
      }));
      const landed = lines.reduce((sum, line) => sum + line.landedValueMinor, 0n);
      const released = -moves.reduce((sum, move) => sum + move.valueMinor, 0n);
      const difference = landed - released;
      if (difference !== 0n) {
        const inventoryId = await inventoryAccountOf(tx, location);
        const inventoryLine = mirror.find((line) => line.accountId === inventoryId && line.credit > 0);
        const adjustmentId = (await getIntegration(tx))?.stockAdjustmentAccountId;
        if (!inventoryLine || !adjustmentId)
          throw new AppError("INTEGRATION_NOT_SET", "Set the Stock Adjustment account in Accounts Integration first");
        inventoryLine.credit = Number(released);
        const [adjustment] = await tx.select().from(accounts).where(eq(accounts.id, adjustmentId));
        mirror.push({
          ...inventoryLine,
          accountId: adjustmentId,
          accountTitle: adjustment?.name ?? "",
          debit: difference < 0n ? Number(-difference) : 0,
          credit: difference > 0n ? Number(difference) : 0,
        });
      }
      voucher = await postStockVoucher(
        tx,
        ctx,
        {
          typeId: type.id,
          date: today,
          lines: mirror.filter((line) => line.debit > 0 || line.credit > 0),
          cashAccountId: original.cashAccountId,
          source: "reversal",
          reversalOfId: original.id,
        },
        moves.map((move) => move.id),
      );
    }
    await tx
      .update(receivings)
      .set({
        status: "reversed",
        reversalVoucherId: voucher?.id ?? null,
        reversedBy: ctx.user?.id ?? null,
        reversedAt: new Date(),
      })
      .where(eq(receivings.id, id));
    return {
      message: RECEIVING_MESSAGES.reversed,
      id,
      voucherId: voucher?.id ?? null,
      voucherNo: voucher?.number ?? null,
    };
  });
}
