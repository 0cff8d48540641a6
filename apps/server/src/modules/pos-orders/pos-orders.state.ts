import { POS_ORDER_MESSAGES } from "@cargodesk/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessDays, posOrderDiscounts, posOrderLines, posOrders } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";

/**
 * An order as the engine changes it: the row, its lines and its discounts in memory, read under the
 * order's row lock; the operations change this state and `flushOrder` writes it back in a few
 * set-based statements.
 */
export type OrderRow = typeof posOrders.$inferSelect;
export type LineStatus = "pending" | "fired" | "voided";

export interface LineState {
  /** Null until the line is inserted. */
  id: number | null;
  lineUuid: string;
  variantId: number | null;
  dealId: number | null;
  /** A deal component's header line (by uuid, as new lines have no id yet). */
  dealParentUuid: string | null;
  name: string;
  sizeName: string | null;
  flavourName: string | null;
  categoryId: number | null;
  stationId: number | null;
  qtyMicro: bigint;
  unitPriceMinor: bigint;
  taxClassId: number | null;
  course: number;
  note: string;
  status: LineStatus;
  voidedQtyMicro: bigint;
  voidReasonId: number | null;
  voidedBy: number | null;
  refundedQtyMicro: bigint;
  refundOfLineId: number | null;
  recipeVersionId: number | null;
  costMinor: bigint;
  grossMinor: bigint;
  discountMinor: bigint;
  netMinor: bigint;
  taxMinor: bigint;
  taxRateBp: number;
  serviceChargeMinor: bigint;
  addedBy: number | null;
}

export type DiscountSource = "manual" | "coupon" | "promotion" | "customer";

export interface DiscountState {
  id: number | null;
  /** Null: the whole order. */
  lineUuid: string | null;
  source: DiscountSource;
  couponId: number | null;
  pctBp: number | null;
  amountMinor: bigint | null;
  allocatedMinor: bigint;
  reason: string;
  approvedBy: number | null;
  createdBy: number | null;
  removed: boolean;
}

export interface OrderState {
  row: OrderRow;
  businessDate: string;
  lines: LineState[];
  discounts: DiscountState[];
  /** The counter session this transaction holds locked, if it locked one (a new order's). */
  session?: { id: number; counterId: number; counterCode: string; businessDayId: number; businessDate: string };
}

/**
 * Locks the order row (the version guard) and reads it with its lines and discounts; 404 when
 * missing, 409 "day closed" when its business day is closed (unless reading a sale to refund).
 */
export async function loadOrderForUpdate(
  tx: Db,
  orderId: number,
  options: { closedDay?: boolean } = {},
): Promise<OrderState> {
  const [found] = await tx
    .select({ row: posOrders, businessDate: businessDays.businessDate, dayStatus: businessDays.status })
    .from(posOrders)
    .innerJoin(businessDays, eq(businessDays.id, posOrders.businessDayId))
    .where(eq(posOrders.id, orderId))
    .for("update", { of: posOrders });
  if (!found) throw new AppError("NOT_FOUND", POS_ORDER_MESSAGES.orderMissing);
  if (found.dayStatus !== "open" && !options.closedDay)
    throw new AppError("POS_DAY_CLOSED", POS_ORDER_MESSAGES.dayClosed);
  // One after another: the transaction's connection answers one query at a time.
  const lineRows = await tx
    .select()
    .from(posOrderLines)
    .where(eq(posOrderLines.orderId, orderId))
    .orderBy(asc(posOrderLines.id));
  const discountRows = await tx
    .select()
    .from(posOrderDiscounts)
    .where(eq(posOrderDiscounts.orderId, orderId))
    .orderBy(asc(posOrderDiscounts.id));
  const uuidOf = new Map(lineRows.map((line) => [line.id, line.lineUuid]));
  return {
    row: found.row,
    businessDate: found.businessDate,
    lines: lineRows.map((line) => ({
      id: line.id,
      lineUuid: line.lineUuid,
      variantId: line.variantId,
      dealId: line.dealId,
      dealParentUuid: line.dealParentLineId === null ? null : (uuidOf.get(line.dealParentLineId) ?? null),
      name: line.nameSnapshot,
      sizeName: line.sizeName,
      flavourName: line.flavourName,
      categoryId: line.categoryId,
      stationId: line.stationId,
      qtyMicro: line.qtyMicro,
      unitPriceMinor: line.unitPriceMinor,
      taxClassId: line.taxClassId,
      course: line.course,
      note: line.note,
      status: line.status === "fired" ? "fired" : line.status === "voided" ? "voided" : "pending",
      voidedQtyMicro: line.voidedQtyMicro,
      voidReasonId: line.voidReasonId,
      voidedBy: line.voidedBy,
      refundedQtyMicro: line.refundedQtyMicro,
      refundOfLineId: line.refundOfLineId,
      recipeVersionId: line.recipeVersionId,
      costMinor: line.costMinor,
      grossMinor: line.grossMinor,
      discountMinor: line.discountMinor,
      netMinor: line.netMinor,
      taxMinor: line.taxMinor,
      taxRateBp: line.taxRateBp,
      serviceChargeMinor: line.serviceChargeMinor,
      addedBy: line.addedBy,
    })),
    discounts: discountRows.map((discount) => ({
      id: discount.id,
      lineUuid: discount.lineId === null ? null : (uuidOf.get(discount.lineId) ?? null),
      source:
        (["manual", "coupon", "promotion", "customer"] as const).find((source) => source === discount.source) ??
        "manual",
      couponId: discount.couponId,
      pctBp: discount.pctBp,
      amountMinor: discount.amountMinor,
      allocatedMinor: discount.allocatedMinor,
      reason: discount.reason,
      approvedBy: discount.approvedBy,
      createdBy: discount.createdBy,
      removed: false,
    })),
  };
}

/** The portions a line still has on the order: ordered less voided. */
export const liveQty = (line: LineState): bigint => line.qtyMicro - line.voidedQtyMicro;

/** The line of this uuid, or a 400 naming the operation's field. */
export function lineOf(state: OrderState, lineUuid: string, field: string): LineState {
  const line = state.lines.find((candidate) => candidate.lineUuid === lineUuid);
  if (!line)
    throw new AppError("VALIDATION", POS_ORDER_MESSAGES.lineMissing, [
      { field, message: POS_ORDER_MESSAGES.lineMissing },
    ]);
  return line;
}

/** A deal's component lines (its header's parts). */
export const componentsOf = (state: OrderState, header: LineState): LineState[] =>
  state.lines.filter((line) => line.dealParentUuid === header.lineUuid);

/** An order that is paid, voided, merged or a refund never changes. */
export function assertChangeable(state: OrderState): void {
  if (state.row.status !== "open" && state.row.status !== "billed")
    throw new AppError("POS_ORDER_CLOSED", POS_ORDER_MESSAGES.notOpen);
}
