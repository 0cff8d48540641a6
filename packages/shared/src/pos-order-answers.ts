import { z } from "zod";
import { ORDER_TYPES } from "./outlet-settings";
import { KITCHEN_STATUSES, POS_LINE_STATUSES, POS_ORDER_STATUSES } from "./pos-orders";

/**
 * The order engine's answers (requests and messages: pos-orders.ts): the order with its lines,
 * discounts and payments, the detail with its operation log, the list's page and the void reasons.
 * Money is decimal major units, quantities portions.
 */

const int = z.number().int();
const money = z.number();
const named = z.object({ id: int, name: z.string() });

export const posOrderLineSchema = z.object({
  id: int,
  lineUuid: z.string(),
  /** Null on a deal's header line (which carries the deal's price). */
  variantId: int.nullable(),
  dealId: int.nullable(),
  /** On a deal's component lines: the header line; they carry shares of its price (revenue by category). */
  dealParentLineId: int.nullable(),
  name: z.string(),
  sizeName: z.string().nullable(),
  flavourName: z.string().nullable(),
  categoryId: int.nullable(),
  qty: z.number(),
  unitPrice: money,
  gross: money,
  discount: money,
  net: money,
  taxRateBp: int,
  tax: money,
  serviceCharge: money,
  course: int,
  note: z.string(),
  status: z.enum(POS_LINE_STATUSES),
  voidedQty: z.number(),
  refundedQty: z.number(),
  /** On a refund order: the sold line it gives back. */
  refundOfLineId: int.nullable(),
});
export type PosOrderLine = z.infer<typeof posOrderLineSchema>;

export const posOrderDiscountSchema = z.object({
  id: int,
  lineId: int.nullable(),
  source: z.enum(["manual", "coupon", "promotion", "customer"]),
  couponId: int.nullable(),
  code: z.string().nullable(),
  /** Percent as entered (e.g. 12.5), or null for an amount. */
  percent: z.number().nullable(),
  amount: money.nullable(),
  /** What it took off the order at the last pricing. */
  allocated: money,
  reason: z.string(),
  approvedBy: named.nullable(),
});
export type PosOrderDiscount = z.infer<typeof posOrderDiscountSchema>;

export const posOrderPaymentSchema = z.object({
  id: int,
  methodId: int,
  methodName: z.string(),
  methodKind: z.string(),
  /** What the tender settled (negative on a refund). */
  amount: money,
  tendered: money,
  change: money,
  /** The taxable base it covered and its tax (design D16). */
  base: money,
  tax: money,
  reference: z.string(),
  at: z.string(),
});
export type PosOrderPayment = z.infer<typeof posOrderPaymentSchema>;

export const posOrderSchema = z.object({
  id: int,
  clientUuid: z.string(),
  /** The invoice number (A01-2026-000123), given at payment. */
  number: z.string().nullable(),
  token: int,
  orderType: z.enum(ORDER_TYPES),
  table: named.nullable(),
  guests: int.nullable(),
  waiter: named.nullable(),
  customer: z.object({ id: int, name: z.string(), phone: z.string() }).nullable(),
  status: z.enum(POS_ORDER_STATUSES),
  kitchenStatus: z.enum(KITCHEN_STATUSES),
  version: int,
  businessDayId: int,
  businessDate: z.string(),
  counterId: int.nullable(),
  sessionId: int.nullable(),
  subtotal: money,
  discount: money,
  serviceCharge: money,
  tax: money,
  rounding: money,
  total: money,
  paid: money,
  change: money,
  late: z.boolean(),
  refundOfId: int.nullable(),
  couponCode: z.string().nullable(),
  lines: z.array(posOrderLineSchema),
  discounts: z.array(posOrderDiscountSchema),
  payments: z.array(posOrderPaymentSchema),
  openedAt: z.string(),
  paidAt: z.string().nullable(),
  pickedUpAt: z.string().nullable(),
  salesVoucher: z.object({ id: int, number: z.string() }).nullable(),
});
export type PosOrder = z.infer<typeof posOrderSchema>;

export const posOrderOpSchema = z.object({
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  user: named.nullable(),
  approvedBy: named.nullable(),
  device: z.string().nullable(),
  at: z.string(),
  versionAfter: int,
});
export type PosOrderOp = z.infer<typeof posOrderOpSchema>;

/** `GET /api/pos/order/{id}`: the order with its operation log. */
export const posOrderDetailSchema = posOrderSchema.extend({ ops: z.array(posOrderOpSchema) });
export type PosOrderDetail = z.infer<typeof posOrderDetailSchema>;

/** A row of `GET /api/pos/order`. */
export const posOrderRowSchema = posOrderSchema.omit({ lines: true, discounts: true, payments: true });
export type PosOrderRow = z.infer<typeof posOrderRowSchema>;
export const posOrderPageSchema = z.object({
  data: z.array(posOrderRowSchema),
  page: int,
  total_results: int,
  /** The business day listed (the open one by default); null when none is open and none was asked for. */
  businessDayId: int.nullable(),
});
export type PosOrderPage = z.infer<typeof posOrderPageSchema>;

export const voidReasonSchema = z.object({
  id: int,
  name: z.string(),
  isWaste: z.boolean(),
  needsSupervisor: z.boolean(),
});
export type VoidReason = z.infer<typeof voidReasonSchema>;
export const voidReasonListSchema = z.object({ data: z.array(voidReasonSchema) });
