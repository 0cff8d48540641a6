import {
  hasPermission,
  POS_ORDER_MESSAGES,
  type PosOrder,
  type PosRefundInput,
  perm,
  qtyMicroOf,
  supervisorRulesSchema,
} from "@cargodesk/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { outlets, paymentMethods, posOrderOps, posOrders, posPayments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { sqlArray } from "../../lib/sql";
import { fiscalReportingOn, queueFiscalReport } from "../fiscal/index";
import { activeVoidReason, approval, fieldError } from "./pos-orders.env";
import { flushOrder, insertNewLines } from "./pos-orders.flush";
import { lockOpenSession, nextInvoiceNumber, type OpenSession } from "./pos-orders.pay";
import { readOrder } from "./pos-orders.read";
import { componentsOf, type LineState, loadOrderForUpdate, type OrderState } from "./pos-orders.state";
import { moveStock, requirementsOf } from "./pos-orders.stock";

/**
 * Refunds (design 6.8, 5.4 item 47): a new order of status `refund` in today's open session, with
 * negative lines pointing at the sold lines (a deal's parts follow its header), each line's money
 * the sold line's in proportion to the quantity, the money out through the chosen method, and direct
 * items ticked back to stock returned to the Kitchen at the cost they left with. A sale of an earlier
 * (closed) day is refunded in today's figures; the closed day is not touched.
 */
/** x * part / whole, rounded half up (x >= 0). */
const share = (x: bigint, part: bigint, whole: bigint) => (whole === 0n ? 0n : (x * part * 2n + whole) / (whole * 2n));

interface Refunded {
  sold: LineState;
  qtyMicro: bigint;
  line: LineState;
  backToStock: boolean;
}

/** The refund line of `qty` of a sold line: its money in proportion, negated. */
function refundLine(sold: LineState, qty: bigint, uuid: string, parentUuid: string | null, userId: number): LineState {
  const soldQty = sold.qtyMicro - sold.voidedQtyMicro;
  const part = (amount: bigint) => -share(amount, qty, soldQty);
  return {
    ...sold,
    id: null,
    lineUuid: uuid,
    dealParentUuid: parentUuid,
    qtyMicro: -qty,
    status: "fired",
    voidedQtyMicro: 0n,
    voidReasonId: null,
    voidedBy: null,
    refundedQtyMicro: 0n,
    refundOfLineId: sold.id,
    costMinor: 0n,
    grossMinor: part(sold.grossMinor),
    discountMinor: part(sold.discountMinor),
    netMinor: part(sold.netMinor),
    taxMinor: part(sold.taxMinor),
    serviceChargeMinor: part(sold.serviceChargeMinor),
    addedBy: userId,
  };
}

/** The lines asked for, checked against what is left to refund of each. */
function refundLines(original: OrderState, input: PosRefundInput, userId: number): Refunded[] {
  const taken = new Map<LineState, bigint>();
  const out: Refunded[] = [];
  input.lines.forEach((entry, index) => {
    const sold = original.lines.find((line) => line.id === entry.lineId);
    if (!sold || sold.dealParentUuid !== null) throw fieldError(`lines.${index}.lineId`, POS_ORDER_MESSAGES.refundLine);
    const qty = qtyMicroOf(entry.qty);
    const soldQty = sold.qtyMicro - sold.voidedQtyMicro;
    const already = sold.refundedQtyMicro + (taken.get(sold) ?? 0n);
    if (qty > soldQty - already) throw fieldError(`lines.${index}.qty`, POS_ORDER_MESSAGES.refundQty);
    taken.set(sold, (taken.get(sold) ?? 0n) + qty);
    const uuid = `r${index + 1}`;
    out.push({ sold, qtyMicro: qty, line: refundLine(sold, qty, uuid, null, userId), backToStock: entry.backToStock });
    componentsOf(original, sold).forEach((part, partIndex) => {
      const partQty = share(part.qtyMicro - part.voidedQtyMicro, qty, soldQty);
      out.push({
        sold: part,
        qtyMicro: partQty,
        line: refundLine(part, partQty, `${uuid}-${partIndex + 1}`, uuid, userId),
        backToStock: entry.backToStock,
      });
    });
  });
  return out;
}

async function refundSession(tx: Db, counterId: number): Promise<OpenSession> {
  try {
    return await lockOpenSession(tx, counterId);
  } catch (error) {
    if (error instanceof AppError && error.code === "SESSION_NOT_OPEN")
      throw new AppError("SESSION_NOT_OPEN", POS_ORDER_MESSAGES.refundCash);
    throw error;
  }
}

export async function refundOrder(
  ctx: Ctx,
  orderId: number,
  input: PosRefundInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  const user = signedIn(ctx);
  if (!hasPermission(user.permissions, perm("POS"))) throw new AppError("FORBIDDEN", POS_ORDER_MESSAGES.payNeedsPos);
  const deviceId = input.deviceId ?? deviceHeader ?? null;
  return ctx.db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: posOrders.id })
      .from(posOrders)
      .where(eq(posOrders.clientUuid, input.clientUuid));
    if (known) return readOrder(tx, known.id);
    const original = await loadOrderForUpdate(tx, orderId, { closedDay: true });
    if (original.row.status !== "paid") throw new AppError("POS_NOT_PAID", POS_ORDER_MESSAGES.notPaid);
    const [outlet] = await tx.select().from(outlets).where(eq(outlets.id, original.row.outletId));
    const reason = await activeVoidReason(tx, input.reasonId, "reasonId");
    const [method] = await tx
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.id, input.methodId), eq(paymentMethods.active, true)));
    if (!method) throw fieldError("methodId", POS_ORDER_MESSAGES.methodMissing);
    const refunded = refundLines(original, input, user.id);
    const rules = supervisorRulesSchema.parse(outlet?.supervisorRules ?? {});
    const approvedBy =
      rules.refundNeedsSupervisor || reason.needsSupervisor
        ? await approval(tx, input.supervisorToken, "refund")
        : null;
    const session = await refundSession(tx, input.counterId ?? original.row.counterId ?? 0);

    const priced = refunded.filter((entry) => entry.line.dealParentUuid === null).map((entry) => entry.line);
    const sum = (pick: (line: LineState) => bigint) => priced.reduce((total, line) => total + pick(line), 0n);
    const net = sum((line) => line.netMinor);
    const tax = sum((line) => line.taxMinor);
    const service = sum((line) => line.serviceChargeMinor);
    const inclusive = outlet?.taxInclusive ?? false;
    const total = net + service + (inclusive ? 0n : tax);
    const number = await nextInvoiceNumber(tx, session);
    const [row] = await tx
      .insert(posOrders)
      .values({
        clientUuid: input.clientUuid,
        outletId: original.row.outletId,
        businessDayId: session.businessDayId,
        sessionId: session.id,
        counterId: session.counterId,
        number,
        token: 0,
        orderType: original.row.orderType,
        tableId: original.row.tableId,
        customerId: original.row.customerId,
        status: "refund",
        kitchenStatus: "none",
        subtotalMinor: sum((line) => line.grossMinor),
        discountMinor: sum((line) => line.discountMinor),
        serviceChargeMinor: service,
        taxMinor: tax,
        totalMinor: total,
        paidMinor: total,
        refundOfId: original.row.id,
        voidReasonId: reason.id,
        deviceId,
        paidAt: sql`now()`,
        createdBy: user.id,
      })
      .returning();
    if (!row) throw new Error("refund order not stored");
    const state: OrderState = {
      row,
      businessDate: session.businessDate,
      lines: refunded.map((entry) => entry.line),
      discounts: [],
    };
    await insertNewLines(tx, state);
    const back = refunded.filter((entry) => entry.backToStock);
    const requirements = await requirementsOf(
      tx,
      row.outletId,
      back.map((entry) => ({ line: entry.line, qtyMicro: entry.qtyMicro })),
      { directOnly: true },
    );
    const sold = new Map(refunded.map((entry) => [entry.line, entry]));
    const { costByLine } = await moveStock(tx, {
      requirements,
      docType: "pos_refund",
      orderId: row.id,
      outletId: row.outletId,
      businessDate: session.businessDate,
      businessDayId: session.businessDayId,
      block: false,
      userId: user.id,
      incomingValue: (need) => {
        const entry = sold.get(need.line);
        if (!entry) return 0n;
        const soldQty = entry.sold.qtyMicro - entry.sold.voidedQtyMicro;
        return share(entry.sold.costMinor, entry.qtyMicro, soldQty);
      },
    });
    for (const [line, cost] of costByLine) line.costMinor = cost;
    await flushOrder(
      tx,
      state,
      [
        {
          opUuid: input.clientUuid,
          kind: "refund",
          payload: { refundOfId: original.row.id, lines: input.lines, methodId: method.id, reasonId: reason.id },
          approvedBy,
        },
      ],
      { userId: user.id, deviceId },
    );
    await tx.insert(posPayments).values({
      orderId: row.id,
      sessionId: session.id,
      methodId: method.id,
      amountMinor: total,
      tenderedMinor: total,
      baseMinor: inclusive ? net - tax : net,
      taxMinor: tax,
      clientUuid: `${input.clientUuid}:0`,
      by: user.id,
    });
    // The sold lines remember what was refunded; the sale's log names the refund.
    const perLine = new Map<number, bigint>();
    for (const entry of refunded)
      if (entry.sold.id !== null) perLine.set(entry.sold.id, (perLine.get(entry.sold.id) ?? 0n) + entry.qtyMicro);
    await tx.execute(sql`
      UPDATE pos_order_lines l SET refunded_qty_micro = l.refunded_qty_micro + u.qty
      FROM unnest(${sqlArray([...perLine.keys()], "bigint")}, ${sqlArray([...perLine.values()], "bigint")}) AS u(id, qty)
      WHERE l.id = u.id`);
    const [bumped] = await tx
      .update(posOrders)
      .set({ version: sql`${posOrders.version} + 1` })
      .where(eq(posOrders.id, original.row.id))
      .returning({ version: posOrders.version });
    await tx.insert(posOrderOps).values({
      orderId: original.row.id,
      opUuid: `${input.clientUuid}-of`,
      kind: "refund",
      payload: { refundOrderId: row.id, number },
      userId: user.id,
      approvedBy,
      deviceId,
      versionAfter: bumped?.version ?? original.row.version + 1,
    });
    if (fiscalReportingOn(ctx.config)) await queueFiscalReport(tx, row.id);
    ctx.log.event("pos.order.refunded", { orderId: original.row.id, refundId: row.id, number, by: user.id });
    return readOrder(tx, row.id);
  });
}
