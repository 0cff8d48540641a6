import {
  costLineOf,
  costReceiving,
  MICRO,
  mulDivRound,
  type PaymentKind,
  parseMinor,
  parseQtyMicro,
  RECEIVING_MESSAGES,
  type ReceivingCreateInput,
  type ReceivingSaved,
} from "@cargodesk/shared";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { receivingCharges, receivingLines, receivings } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { accountTitles } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import type { Ctx } from "../../lib/context";
import {
  applyMoves,
  checkStockDate,
  inventoryAccountOf,
  nextDocNumber,
  postStockVoucher,
  stockVoucherLine,
} from "../stock";
import { assertBillFree, lockVendor, payAccountOf, stockQuantities, storeLocation } from "./receiving.rules";

/** Voucher types by payment (CPV 1, BPV 3, JV 5). */
const VOUCHER_TYPE: Record<PaymentKind, 1 | 3 | 5> = { cash: 1, bank: 3, credit: 5 };

/** Saves a receiving as a draft (no number yet) and, when asked, posts it in the same transaction. */
export async function createReceiving(ctx: Ctx, input: ReceivingCreateInput): Promise<ReceivingSaved> {
  return ctx.db.transaction(async (tx) => {
    await checkStockDate(tx, ctx.config.APP_TZ, input.businessDate);
    const vendor = await lockVendor(tx, input.vendorId);
    await storeLocation(tx, input.locationId);
    const payAccount = await payAccountOf(tx, input.payment, input.payAccountId);
    await assertBillFree(tx, vendor.id, input.vendorBillNo, null);
    const qtyMicro = await stockQuantities(tx, input.lines);
    const taxRecoverable = Boolean((await getIntegration(tx))?.inputTaxAccountId);
    const costLines = input.lines.map(costLineOf);
    const chargeMinor = input.charges.map((charge) => parseMinor(charge.amount) ?? 0n);
    const cost = costReceiving(costLines, chargeMinor, taxRecoverable);
    const [row] = await tx
      .insert(receivings)
      .values({
        vendorId: vendor.id,
        vendorBillNo: input.vendorBillNo,
        billDate: input.billDate,
        businessDate: input.businessDate,
        locationId: input.locationId,
        payment: input.payment,
        payAccountId: payAccount?.id ?? null,
        subtotalMinor: cost.subtotalMinor,
        discountMinor: cost.discountMinor,
        taxMinor: cost.taxMinor,
        chargesMinor: cost.chargesMinor,
        totalMinor: cost.totalMinor,
        notes: input.notes,
        createdBy: ctx.user?.id ?? null,
      })
      .returning({ id: receivings.id });
    if (!row) throw new Error("receiving not stored");
    await tx.insert(receivingLines).values(
      input.lines.map((line, index) => ({
        receivingId: row.id,
        lineNo: index + 1,
        storeProductId: line.storeProductId,
        uomId: line.uomId,
        qtyEntered: String(line.qty),
        qtyMicro: qtyMicro[index] ?? 0n,
        unitCostMinor: costLines[index]?.unitCostMinor ?? 0n,
        discountMinor: costLines[index]?.discountMinor ?? 0n,
        taxRateBp: costLines[index]?.taxRateBp ?? 0,
        taxMinor: cost.lines[index]?.taxMinor ?? 0n,
        landedValueMinor: cost.lines[index]?.landedMinor ?? 0n,
        free: line.free,
      })),
    );
    if (input.charges.length > 0)
      await tx.insert(receivingCharges).values(
        input.charges.map((charge, index) => ({
          receivingId: row.id,
          label: charge.label,
          amountMinor: chargeMinor[index] ?? 0n,
        })),
      );
    if (!input.post)
      return { message: RECEIVING_MESSAGES.saved, id: row.id, number: null, voucherId: null, voucherNo: null };
    return postInside(ctx, tx, row.id);
  });
}

/** Posts a draft receiving: numbers it, moves the stock at landed cost and posts its voucher, in one transaction. */
export function postReceiving(ctx: Ctx, id: number): Promise<ReceivingSaved> {
  return ctx.db.transaction((tx) => postInside(ctx, tx, id));
}

async function postInside(ctx: Ctx, tx: Db, id: number): Promise<ReceivingSaved> {
  const [head] = await tx.select().from(receivings).where(eq(receivings.id, id)).for("update");
  if (!head) throw new AppError("NOT_FOUND", RECEIVING_MESSAGES.notFound);
  if (head.status !== "draft")
    throw new AppError("DOCUMENT_POSTED", RECEIVING_MESSAGES.notDraft, { number: head.number });
  await checkStockDate(tx, ctx.config.APP_TZ, head.businessDate);
  const vendor = await lockVendor(tx, head.vendorId);
  const location = await storeLocation(tx, head.locationId);
  const payment = head.payment as PaymentKind;
  const payAccount = await payAccountOf(tx, payment, head.payAccountId);
  await assertBillFree(tx, vendor.id, head.vendorBillNo, head.id);
  const lines = await tx
    .select()
    .from(receivingLines)
    .where(eq(receivingLines.receivingId, id))
    .orderBy(asc(receivingLines.lineNo));
  const charges = await tx
    .select({ amount: receivingCharges.amountMinor })
    .from(receivingCharges)
    .where(eq(receivingCharges.receivingId, id));
  const integration = await getIntegration(tx);
  const inputTaxId = integration?.inputTaxAccountId ?? null;
  // Costed again at posting: Accounts Integration decides now whether tax is recoverable.
  const cost = costReceiving(
    lines.map((line) => ({
      qtyMicro: parseQtyMicro(line.qtyEntered) ?? 0n,
      unitCostMinor: line.unitCostMinor,
      discountMinor: line.discountMinor,
      taxRateBp: line.taxRateBp,
    })),
    charges.map((charge) => charge.amount),
    inputTaxId !== null,
  );
  const number = await nextDocNumber(tx, "receiving", head.businessDate);
  const moves = await applyMoves(
    tx,
    lines.map((line, index) => ({
      storeProductId: line.storeProductId,
      locationId: location.id,
      qtyMicro: line.qtyMicro,
      valueMinor: cost.lines[index]?.landedMinor ?? 0n,
      docType: "receiving" as const,
      docId: id,
      docLineId: line.id,
      businessDate: head.businessDate,
    })),
    ctx.user?.id ?? null,
  );
  // Two statements whatever the line count: each line's tax, landed value and move, and each
  // product's last purchase cost (a product on two lines keeps its later line's).
  const list = (values: readonly (bigint | number)[]) => `{${values.join(",")}}`;
  await tx.execute(sql`
    UPDATE receiving_lines AS l SET tax_minor = v.tax, landed_value_minor = v.landed, move_id = v.move
    FROM unnest(${list(lines.map((line) => line.id))}::int[], ${list(cost.lines.map((line) => line.taxMinor))}::bigint[],
      ${list(cost.lines.map((line) => line.landedMinor))}::bigint[], ${list(moves.map((move) => move.id))}::bigint[])
      AS v(id, tax, landed, move)
    WHERE l.id = v.id`);
  const lastCost = new Map(
    lines.map((line, index) => [
      line.storeProductId,
      mulDivRound(cost.lines[index]?.landedMinor ?? 0n, MICRO, line.qtyMicro),
    ]),
  );
  await tx.execute(sql`
    UPDATE store_products AS p SET last_purchase_cost_minor = v.cost
    FROM unnest(${list([...lastCost.keys()])}::int[], ${list([...lastCost.values()])}::bigint[]) AS v(id, cost)
    WHERE p.id = v.id`);

  let voucher: { id: number; number: string } | null = null;
  if (cost.totalMinor > 0n) {
    const inventoryId = await inventoryAccountOf(tx, location);
    const bill = head.vendorBillNo || number;
    const description = `GRN ${number} ${vendor.name}${head.vendorBillNo ? ` BILL ${head.vendorBillNo}` : ""}`.slice(
      0,
      500,
    );
    const creditId = payAccount?.id ?? vendor.payableAccountId;
    const named = [inventoryId, creditId, ...(inputTaxId === null ? [] : [inputTaxId])];
    const titles = await accountTitles(tx, named);
    const line = stockVoucherLine(titles, description, bill);
    const debits = [line(inventoryId, cost.landedMinor, 0n)];
    if (inputTaxId !== null && cost.taxMinor > 0n) debits.push(line(inputTaxId, cost.taxMinor, 0n));
    // Cash and bank vouchers end with their balancing line on the account paid from.
    voucher = await postStockVoucher(
      tx,
      ctx,
      {
        typeId: VOUCHER_TYPE[payment],
        date: head.businessDate,
        lines: [...debits.filter((entry) => entry.debit > 0), line(creditId, 0n, cost.totalMinor)],
        cashAccountId: payAccount?.id ?? null,
        source: "receiving",
      },
      moves.map((move) => move.id),
    );
  }
  await tx
    .update(receivings)
    .set({
      number,
      status: "posted",
      voucherId: voucher?.id ?? null,
      payAccountId: payAccount?.id ?? null,
      subtotalMinor: cost.subtotalMinor,
      discountMinor: cost.discountMinor,
      taxMinor: cost.taxMinor,
      chargesMinor: cost.chargesMinor,
      totalMinor: cost.totalMinor,
      postedBy: ctx.user?.id ?? null,
      postedAt: new Date(),
    })
    .where(eq(receivings.id, id));
  return {
    message: RECEIVING_MESSAGES.posted,
    id,
    number,
    voucherId: voucher?.id ?? null,
    voucherNo: voucher?.number ?? null,
  };
}
