import type { PosOrder, PosOrderLine, PosOrderRow, PosRefundInput } from "@cargodesk/shared";

/** Quantities carry at most 3 decimals; this keeps float subtraction from showing 0.30000000000000004. */
const thousandths = (qty: number) => Math.round(qty * 1000);

/** What is left to refund on a sold line: sold less voided less already refunded (never below 0). */
export const refundableQty = (line: PosOrderLine): number =>
  Math.max(0, thousandths(line.qty) - thousandths(line.voidedQty) - thousandths(line.refundedQty)) / 1000;

/**
 * The lines a refund may name: not a deal's component (the deal is refunded through its own line)
 * and with something left to refund.
 */
export const refundableLines = (order: Pick<PosOrder, "lines">): PosOrderLine[] =>
  order.lines.filter((line) => line.dealParentLineId === null && refundableQty(line) > 0);

/** One line ticked in the refund dialog. */
export interface RefundPick {
  qty: number;
  backToStock: boolean;
}

/** What is wrong with a typed refund quantity, or null when it is a quantity the line can give back. */
export function refundQtyProblem(line: PosOrderLine, qty: number): string | null {
  if (!Number.isFinite(qty) || qty <= 0) return "Enter a quantity above 0";
  if (Math.abs(thousandths(qty) - qty * 1000) > 1e-6) return "At most 3 decimals";
  const left = refundableQty(line);
  if (qty > left) return `At most ${left}`;
  return null;
}

/**
 * The money the picks give back, in minor units: each line's share of the order's total by its net
 * amount (tax was worked out per tender, so it follows the total, not the line's rate). The server
 * works out the exact amount; this is what the dialog shows before it is asked.
 */
export function refundEstimateMinor(
  order: Pick<PosOrder, "lines" | "total">,
  picks: ReadonlyMap<number, RefundPick>,
): number {
  const soldNet = order.lines
    .filter((line) => line.dealParentLineId === null)
    .reduce((sum, line) => sum + Math.round(line.net * 100), 0);
  if (soldNet === 0) return 0;
  let pickedNet = 0;
  for (const line of order.lines) {
    const pick = picks.get(line.id);
    if (!pick || line.qty === 0) continue;
    pickedNet += (Math.round(line.net * 100) * pick.qty) / line.qty;
  }
  return Math.round((Math.round(order.total * 100) * pickedNet) / soldNet);
}

/** The refund request's lines from the ticked picks. */
export const refundLinesOf = (picks: ReadonlyMap<number, RefundPick>): PosRefundInput["lines"] =>
  [...picks].map(([lineId, pick]) => ({ lineId, qty: pick.qty, backToStock: pick.backToStock }));

/** The pickup board: paid take-away orders not picked up yet, by kitchen state, lowest token first. */
export function pickupBoard(rows: readonly PosOrderRow[]): { preparing: number[]; ready: number[] } {
  const waiting = rows
    .filter((row) => row.status === "paid" && row.orderType === "take_away" && row.pickedUpAt === null)
    .sort((a, b) => a.token - b.token);
  return {
    preparing: waiting
      .filter((row) => row.kitchenStatus === "new" || row.kitchenStatus === "preparing")
      .map((row) => row.token),
    ready: waiting.filter((row) => row.kitchenStatus === "ready").map((row) => row.token),
  };
}
