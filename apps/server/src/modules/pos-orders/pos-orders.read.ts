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
  type PosOrderListQuery,
  type PosOrderPage,
  type PosOrderRow,
  type VoidReason,
} from "@cargodesk/shared";
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  businessDays,
  coupons,
  diningTables,
  paymentMethods,
  posCustomers,
  posOrderDiscounts,
  posOrderLines,
  posOrderOps,
  posOrders,
  posPayments,
  users,
  voidReasons,
  vouchers,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { OUTLET_ID } from "../outlet-settings/index";

/** The order answers of `posOrderSchema`: the order row with its names, then its lines, discounts and payments. */
const personName = (table: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string>`trim(${table.firstName} || ' ' || ${table.lastName})`;
const waiters = alias(users, "waiter");
const approvers = alias(users, "approver");

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((entry) => entry === value) ?? fallback;
const iso = (value: Date | null) => (value === null ? null : value.toISOString());

function headerQuery(db: Db) {
  return db
    .select({
      order: posOrders,
      businessDate: businessDays.businessDate,
      tableName: diningTables.name,
      waiterName: personName(waiters),
      customerName: posCustomers.name,
      customerPhone: posCustomers.phone,
      voucherNumber: vouchers.number,
    })
    .from(posOrders)
    .innerJoin(businessDays, eq(businessDays.id, posOrders.businessDayId))
    .leftJoin(diningTables, eq(diningTables.id, posOrders.tableId))
    .leftJoin(waiters, eq(waiters.id, posOrders.waiterId))
    .leftJoin(posCustomers, eq(posCustomers.id, posOrders.customerId))
    .leftJoin(vouchers, eq(vouchers.id, posOrders.salesVoucherId));
}
type Header = Awaited<ReturnType<ReturnType<typeof headerQuery>["execute"]>>[number];

function rowOf(header: Header): PosOrderRow {
  const order = header.order;
  return {
    id: order.id,
    clientUuid: order.clientUuid,
    number: order.number,
    token: order.token,
    orderType: oneOf(ORDER_TYPES, order.orderType, "take_away"),
    table: order.tableId === null ? null : { id: order.tableId, name: header.tableName ?? "" },
    guests: order.guests,
    waiter: order.waiterId === null ? null : { id: order.waiterId, name: header.waiterName ?? "" },
    customer:
      order.customerId === null
        ? null
        : { id: order.customerId, name: header.customerName ?? "", phone: header.customerPhone ?? "" },
    status: oneOf(POS_ORDER_STATUSES, order.status, "open"),
    kitchenStatus: oneOf(KITCHEN_STATUSES, order.kitchenStatus, "none"),
    version: order.version,
    businessDayId: order.businessDayId,
    businessDate: header.businessDate,
    counterId: order.counterId,
    sessionId: order.sessionId,
    subtotal: minorToAmount(order.subtotalMinor),
    discount: minorToAmount(order.discountMinor),
    serviceCharge: minorToAmount(order.serviceChargeMinor),
    tax: minorToAmount(order.taxMinor),
    rounding: minorToAmount(order.roundingMinor),
    total: minorToAmount(order.totalMinor),
    paid: minorToAmount(order.paidMinor),
    change: minorToAmount(order.changeMinor),
    late: order.late,
    refundOfId: order.refundOfId,
    couponCode: null,
    openedAt: order.openedAt.toISOString(),
    paidAt: iso(order.paidAt),
    pickedUpAt: iso(order.pickedUpAt),
    salesVoucher:
      order.salesVoucherId === null ? null : { id: order.salesVoucherId, number: header.voucherNumber ?? "" },
  };
}

/** The whole order as the API answers it (inside a transaction, it reads that transaction's writes). */
export async function readOrder(db: Db, orderId: number): Promise<PosOrder> {
  const [header] = await headerQuery(db).where(eq(posOrders.id, orderId));
  if (!header) throw new AppError("NOT_FOUND", POS_ORDER_MESSAGES.orderMissing);
  const [lines, discounts, payments] = await Promise.all([
    db.select().from(posOrderLines).where(eq(posOrderLines.orderId, orderId)).orderBy(asc(posOrderLines.id)),
    db
      .select({ discount: posOrderDiscounts, code: coupons.code, approverName: personName(approvers) })
      .from(posOrderDiscounts)
      .leftJoin(coupons, eq(coupons.id, posOrderDiscounts.couponId))
      .leftJoin(approvers, eq(approvers.id, posOrderDiscounts.approvedBy))
      .where(eq(posOrderDiscounts.orderId, orderId))
      .orderBy(asc(posOrderDiscounts.id)),
    db
      .select({ payment: posPayments, methodName: paymentMethods.name, methodKind: paymentMethods.kind })
      .from(posPayments)
      .innerJoin(paymentMethods, eq(paymentMethods.id, posPayments.methodId))
      .where(eq(posPayments.orderId, orderId))
      .orderBy(asc(posPayments.id)),
  ]);
  return {
    ...rowOf(header),
    couponCode: discounts.find((entry) => entry.discount.source === "coupon")?.code ?? null,
    lines: lines.map((line) => ({
      id: line.id,
      lineUuid: line.lineUuid,
      variantId: line.variantId,
      dealId: line.dealId,
      dealParentLineId: line.dealParentLineId,
      name: line.nameSnapshot,
      sizeName: line.sizeName,
      flavourName: line.flavourName,
      categoryId: line.categoryId,
      qty: microToQty(line.qtyMicro),
      unitPrice: minorToAmount(line.unitPriceMinor),
      gross: minorToAmount(line.grossMinor),
      discount: minorToAmount(line.discountMinor),
      net: minorToAmount(line.netMinor),
      taxRateBp: line.taxRateBp,
      tax: minorToAmount(line.taxMinor),
      serviceCharge: minorToAmount(line.serviceChargeMinor),
      course: line.course,
      note: line.note,
      status: oneOf(POS_LINE_STATUSES, line.status, "pending"),
      voidedQty: microToQty(line.voidedQtyMicro),
      refundedQty: microToQty(line.refundedQtyMicro),
      refundOfLineId: line.refundOfLineId,
    })),
    discounts: discounts.map(({ discount, code, approverName }) => ({
      id: discount.id,
      lineId: discount.lineId,
      source: oneOf(["manual", "coupon", "promotion", "customer"] as const, discount.source, "manual"),
      couponId: discount.couponId,
      code,
      percent: discount.pctBp === null ? null : discount.pctBp / 100,
      amount: discount.amountMinor === null ? null : minorToAmount(discount.amountMinor),
      allocated: minorToAmount(discount.allocatedMinor),
      reason: discount.reason,
      approvedBy: discount.approvedBy === null ? null : { id: discount.approvedBy, name: approverName ?? "" },
    })),
    payments: payments.map(({ payment, methodName, methodKind }) => ({
      id: payment.id,
      methodId: payment.methodId,
      methodName,
      methodKind,
      amount: minorToAmount(payment.amountMinor),
      tendered: minorToAmount(payment.tenderedMinor),
      change: minorToAmount(payment.changeMinor),
      base: minorToAmount(payment.baseMinor),
      tax: minorToAmount(payment.taxMinor),
      reference: payment.reference,
      at: payment.at.toISOString(),
    })),
  };
}

/** The order with its operation log ("who added, voided or discounted what, when and on which device"). */
export async function readOrderDetail(db: Db, orderId: number): Promise<PosOrderDetail> {
  const order = await readOrder(db, orderId);
  const doers = alias(users, "doer");
  const ops = await db
    .select({
      op: posOrderOps,
      userName: personName(doers),
      approverName: personName(approvers),
    })
    .from(posOrderOps)
    .leftJoin(doers, eq(doers.id, posOrderOps.userId))
    .leftJoin(approvers, eq(approvers.id, posOrderOps.approvedBy))
    .where(eq(posOrderOps.orderId, orderId))
    .orderBy(asc(posOrderOps.id));
  return {
    ...order,
    ops: ops.map(({ op, userName, approverName }) => ({
      kind: op.kind,
      payload: op.payload !== null && typeof op.payload === "object" ? (op.payload as Record<string, unknown>) : {},
      user: op.userId === null ? null : { id: op.userId, name: userName ?? "" },
      approvedBy: op.approvedBy === null ? null : { id: op.approvedBy, name: approverName ?? "" },
      device: op.deviceId,
      at: op.at.toISOString(),
      versionAfter: op.versionAfter,
    })),
  };
}

/** `GET /api/pos/order`: one business day's orders (the open day by default), newest first, paged on the server. */
export async function listOrders(db: Db, query: PosOrderListQuery): Promise<PosOrderPage> {
  let dayId = query.businessDayId ?? null;
  if (dayId === null) {
    const [open] = await db
      .select({ id: businessDays.id })
      .from(businessDays)
      .where(and(eq(businessDays.outletId, OUTLET_ID), eq(businessDays.status, "open")));
    dayId = open?.id ?? null;
  }
  if (dayId === null) return { data: [], page: query.page, total_results: 0, businessDayId: null };
  const q = query.q?.trim();
  const filters: (SQL | undefined)[] = [
    eq(posOrders.businessDayId, dayId),
    query.status ? eq(posOrders.status, query.status) : undefined,
    query.type ? eq(posOrders.orderType, query.type) : undefined,
    query.tableId ? eq(posOrders.tableId, query.tableId) : undefined,
    query.waiterId ? eq(posOrders.waiterId, query.waiterId) : undefined,
    query.counterId ? eq(posOrders.counterId, query.counterId) : undefined,
    q
      ? or(
          ilike(posOrders.number, `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`),
          /^\d{1,9}$/.test(q) ? eq(posOrders.token, Number(q)) : undefined,
        )
      : undefined,
  ];
  const where = and(...filters);
  const [rows, [count]] = await Promise.all([
    headerQuery(db)
      .where(where)
      .orderBy(desc(posOrders.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ total: sql<number>`count(*)::int` }).from(posOrders).where(where),
  ]);
  const codes = await couponCodes(
    db,
    rows.map((row) => row.order.id),
  );
  return {
    data: rows.map((row) => ({ ...rowOf(row), couponCode: codes.get(row.order.id) ?? null })),
    page: query.page,
    total_results: count?.total ?? 0,
    businessDayId: dayId,
  };
}

async function couponCodes(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: posOrderDiscounts.orderId, code: coupons.code })
    .from(posOrderDiscounts)
    .innerJoin(coupons, eq(coupons.id, posOrderDiscounts.couponId))
    .where(and(inArray(posOrderDiscounts.orderId, [...orderIds]), eq(posOrderDiscounts.source, "coupon")));
  return new Map(rows.flatMap((row) => (row.code ? [[row.orderId, row.code] as const] : [])));
}

/** `GET /api/pos/void_reason`: the active reasons, by name. */
export async function listVoidReasons(db: Db): Promise<{ data: VoidReason[] }> {
  const rows = await db.select().from(voidReasons).where(eq(voidReasons.active, true)).orderBy(asc(voidReasons.name));
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      isWaste: row.isWaste,
      needsSupervisor: row.needsSupervisor,
    })),
  };
}
