import {
  KITCHEN_STATUSES,
  microToQty,
  minorToAmount,
  ORDER_TYPES,
  POS_LINE_STATUSES,
  POS_ORDER_MESSAGES,
  POS_ORDER_STATUSES,
  type PosOrder,
  type PosOrderDetail,
  type PosOrderRow,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, executePrepared, rowsOf } from "../../lib/sql";

/**
 * The order answers of `posOrderSchema`, each read in ONE statement that PostgreSQL writes as JSON:
 * the order with the names it shows (table, waiter, customer, voucher), its lines, discounts with
 * their coupon code and approver, payments with their method. The list reads the same header.
 */
const person = (alias: string) => sql.raw(`trim(${alias}.first_name || ' ' || ${alias}.last_name)`);

export const headerColumns = sql`
  to_jsonb(o.*) AS o, d.business_date::text AS business_date, t.name AS table_name, ${person("w")} AS waiter_name,
  c.name AS customer_name, c.phone AS customer_phone, v.voc_manual_number AS voucher_number,
  (SELECT cp.code FROM pos_order_discounts cd JOIN coupons cp ON cp.id = cd.coupon_id
   WHERE cd.order_id = o.id AND cd.source = 'coupon' LIMIT 1) AS coupon_code`;

export const headerFrom = sql`
  FROM pos_orders o
  JOIN business_days d ON d.id = o.business_day_id
  LEFT JOIN dining_tables t ON t.id = o.table_id
  LEFT JOIN users w ON w.id = o.waiter_id
  LEFT JOIN pos_customers c ON c.id = o.customer_id
  LEFT JOIN vouchers v ON v.id = o.sales_voucher_id`;

const int = z.number().int();
const minor = z.number().int();
const stamp = z.string();
const orderJson = z.object({
  id: int,
  client_uuid: z.string(),
  number: z.string().nullable(),
  token: int,
  order_type: z.string(),
  table_id: int.nullable(),
  guests: int.nullable(),
  waiter_id: int.nullable(),
  customer_id: int.nullable(),
  status: z.string(),
  kitchen_status: z.string(),
  version: int,
  business_day_id: int,
  counter_id: int.nullable(),
  session_id: int.nullable(),
  subtotal_minor: minor,
  discount_minor: minor,
  service_charge_minor: minor,
  tax_minor: minor,
  rounding_minor: minor,
  total_minor: minor,
  paid_minor: minor,
  change_minor: minor,
  late: z.boolean(),
  refund_of_id: int.nullable(),
  sales_voucher_id: int.nullable(),
  opened_at: stamp,
  paid_at: stamp.nullable(),
  picked_up_at: stamp.nullable(),
});
export const headerRow = z.object({
  o: orderJson,
  business_date: col.date,
  table_name: col.text.nullable(),
  waiter_name: col.text.nullable(),
  customer_name: col.text.nullable(),
  customer_phone: col.text.nullable(),
  voucher_number: col.text.nullable(),
  coupon_code: col.text.nullable(),
});
type Header = z.infer<typeof headerRow>;

const lineJson = z.object({
  id: int,
  line_uuid: z.string(),
  variant_id: int.nullable(),
  deal_id: int.nullable(),
  deal_parent_line_id: int.nullable(),
  name_snapshot: z.string(),
  size_name: z.string().nullable(),
  flavour_name: z.string().nullable(),
  category_id: int.nullable(),
  qty_micro: minor,
  unit_price_minor: minor,
  gross_minor: minor,
  discount_minor: minor,
  net_minor: minor,
  tax_rate_bp: int,
  tax_minor: minor,
  service_charge_minor: minor,
  course: int,
  note: z.string(),
  status: z.string(),
  voided_qty_micro: minor,
  refunded_qty_micro: minor,
  refund_of_line_id: int.nullable(),
});
const discountJson = z.object({
  id: int,
  line_id: int.nullable(),
  source: z.string(),
  coupon_id: int.nullable(),
  code: z.string().nullable(),
  pct_bp: int.nullable(),
  amount_minor: minor.nullable(),
  allocated_minor: minor,
  reason: z.string(),
  approved_by: int.nullable(),
  approver_name: z.string().nullable(),
});
const paymentJson = z.object({
  id: int,
  method_id: int,
  method_name: z.string(),
  method_kind: z.string(),
  amount_minor: minor,
  tendered_minor: minor,
  change_minor: minor,
  base_minor: minor,
  tax_minor: minor,
  reference: z.string(),
  at: stamp,
});
const orderRow = headerRow.extend({
  lines: z.array(lineJson),
  discounts: z.array(discountJson),
  payments: z.array(paymentJson),
});

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((entry) => entry === value) ?? fallback;
const iso = (value: string) => new Date(value).toISOString();
const money = (value: number) => minorToAmount(value);

export function rowOf(header: Header): PosOrderRow {
  const o = header.o;
  return {
    id: o.id,
    clientUuid: o.client_uuid,
    number: o.number,
    token: o.token,
    orderType: oneOf(ORDER_TYPES, o.order_type, "take_away"),
    table: o.table_id === null ? null : { id: o.table_id, name: header.table_name ?? "" },
    guests: o.guests,
    waiter: o.waiter_id === null ? null : { id: o.waiter_id, name: header.waiter_name ?? "" },
    customer:
      o.customer_id === null
        ? null
        : { id: o.customer_id, name: header.customer_name ?? "", phone: header.customer_phone ?? "" },
    status: oneOf(POS_ORDER_STATUSES, o.status, "open"),
    kitchenStatus: oneOf(KITCHEN_STATUSES, o.kitchen_status, "none"),
    version: o.version,
    businessDayId: o.business_day_id,
    businessDate: header.business_date,
    counterId: o.counter_id,
    sessionId: o.session_id,
    subtotal: money(o.subtotal_minor),
    discount: money(o.discount_minor),
    serviceCharge: money(o.service_charge_minor),
    tax: money(o.tax_minor),
    rounding: money(o.rounding_minor),
    total: money(o.total_minor),
    paid: money(o.paid_minor),
    change: money(o.change_minor),
    late: o.late,
    refundOfId: o.refund_of_id,
    couponCode: header.coupon_code,
    openedAt: iso(o.opened_at),
    paidAt: o.paid_at === null ? null : iso(o.paid_at),
    pickedUpAt: o.picked_up_at === null ? null : iso(o.picked_up_at),
    salesVoucher: o.sales_voucher_id === null ? null : { id: o.sales_voucher_id, number: header.voucher_number ?? "" },
  };
}

/** The whole order as the API answers it (inside a transaction, it reads that transaction's writes). */
export async function readOrder(db: Db, orderId: number): Promise<PosOrder> {
  // Whole-row aliases no column of the joined tables has (dining_tables has a column x).
  const query = sql`
    SELECT ${headerColumns},
      (SELECT coalesce(json_agg(to_jsonb(line_row) ORDER BY line_row.id), '[]')
       FROM pos_order_lines line_row WHERE line_row.order_id = o.id) AS lines,
      (SELECT coalesce(json_agg(to_jsonb(discount_row) || jsonb_build_object('code', cp.code, 'approver_name', ${person("a")})
                             ORDER BY discount_row.id), '[]')
       FROM pos_order_discounts discount_row LEFT JOIN coupons cp ON cp.id = discount_row.coupon_id
       LEFT JOIN users a ON a.id = discount_row.approved_by
       WHERE discount_row.order_id = o.id) AS discounts,
      (SELECT coalesce(json_agg(to_jsonb(payment_row) || jsonb_build_object('method_name', m.name, 'method_kind', m.kind)
                             ORDER BY payment_row.id), '[]')
       FROM pos_payments payment_row JOIN payment_methods m ON m.id = payment_row.method_id
       WHERE payment_row.order_id = o.id) AS payments
    ${headerFrom}
    WHERE o.id = ${orderId}`;
  const result = await executePrepared(db, "pos_order_read", query);
  const [row] = rowsOf(orderRow, result);
  if (!row) throw new AppError("NOT_FOUND", POS_ORDER_MESSAGES.orderMissing);
  return {
    ...rowOf(row),
    lines: row.lines.map((line) => ({
      id: line.id,
      lineUuid: line.line_uuid,
      variantId: line.variant_id,
      dealId: line.deal_id,
      dealParentLineId: line.deal_parent_line_id,
      name: line.name_snapshot,
      sizeName: line.size_name,
      flavourName: line.flavour_name,
      categoryId: line.category_id,
      qty: microToQty(line.qty_micro),
      unitPrice: money(line.unit_price_minor),
      gross: money(line.gross_minor),
      discount: money(line.discount_minor),
      net: money(line.net_minor),
      taxRateBp: line.tax_rate_bp,
      tax: money(line.tax_minor),
      serviceCharge: money(line.service_charge_minor),
      course: line.course,
      note: line.note,
      status: oneOf(POS_LINE_STATUSES, line.status, "pending"),
      voidedQty: microToQty(line.voided_qty_micro),
      refundedQty: microToQty(line.refunded_qty_micro),
      refundOfLineId: line.refund_of_line_id,
    })),
    discounts: row.discounts.map((discount) => ({
      id: discount.id,
      lineId: discount.line_id,
      source: oneOf(["manual", "coupon", "promotion", "customer"] as const, discount.source, "manual"),
      couponId: discount.coupon_id,
      code: discount.code,
      percent: discount.pct_bp === null ? null : discount.pct_bp / 100,
      amount: discount.amount_minor === null ? null : money(discount.amount_minor),
      allocated: money(discount.allocated_minor),
      reason: discount.reason,
      approvedBy:
        discount.approved_by === null ? null : { id: discount.approved_by, name: discount.approver_name ?? "" },
    })),
    payments: row.payments.map((payment) => ({
      id: payment.id,
      methodId: payment.method_id,
      methodName: payment.method_name,
      methodKind: payment.method_kind,
      amount: money(payment.amount_minor),
      tendered: money(payment.tendered_minor),
      change: money(payment.change_minor),
      base: money(payment.base_minor),
      tax: money(payment.tax_minor),
      reference: payment.reference,
      at: iso(payment.at),
    })),
  };
}

const opRow = z.object({
  kind: col.text,
  payload: z.record(z.string(), z.unknown()).nullable(),
  user_id: col.int.nullable(),
  user_name: col.text.nullable(),
  approved_by: col.int.nullable(),
  approver_name: col.text.nullable(),
  device_id: col.text.nullable(),
  at: col.text,
  version_after: col.int,
});

/** The order with its operation log ("who added, voided or discounted what, when and on which device"). */
export async function readOrderDetail(db: Db, orderId: number): Promise<PosOrderDetail> {
  const order = await readOrder(db, orderId);
  const result = await db.execute(sql`
    SELECT op.kind, op.payload, op.user_id, ${person("u")} AS user_name, op.approved_by, ${person("a")} AS approver_name,
           op.device_id, to_char(op.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at, op.version_after
    FROM pos_order_ops op LEFT JOIN users u ON u.id = op.user_id LEFT JOIN users a ON a.id = op.approved_by
    WHERE op.order_id = ${orderId} ORDER BY op.id`);
  return {
    ...order,
    ops: rowsOf(opRow, result).map((op) => ({
      kind: op.kind,
      payload: op.payload ?? {},
      user: op.user_id === null ? null : { id: op.user_id, name: op.user_name ?? "" },
      approvedBy: op.approved_by === null ? null : { id: op.approved_by, name: op.approver_name ?? "" },
      device: op.device_id,
      at: iso(op.at),
      versionAfter: op.version_after,
    })),
  };
}
