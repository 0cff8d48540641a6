import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  coupons,
  diningTables,
  fiscalReports,
  outlets,
  paymentMethods,
  posCounters,
  posCustomers,
  posOrderDiscounts,
  posOrderLines,
  posOrders,
  posPayments,
  posSessions,
  taxClasses,
  taxMethodRates,
  users,
} from "../../db/schema/index";
import { personName } from "../../lib/person-name";

const refunded = alias(posOrders, "refunded");

/** The order with what its receipt's head prints: counter, cashier, table, customer, the outlet's texts. */
export async function findReceiptOrder(db: Db, orderId: number) {
  const [row] = await db
    .select({
      order: posOrders,
      counter: { code: posCounters.code, name: posCounters.name, receiptPrinterId: posCounters.receiptPrinterId },
      cashier: personName,
      tableName: diningTables.name,
      customer: { name: posCustomers.name, phone: posCustomers.phone },
      header: outlets.receiptHeader,
      footer: outlets.receiptFooter,
      refundOfNumber: refunded.number,
      fiscalStatus: fiscalReports.status,
    })
    .from(posOrders)
    .innerJoin(outlets, eq(outlets.id, posOrders.outletId))
    .leftJoin(posCounters, eq(posCounters.id, posOrders.counterId))
    .leftJoin(posSessions, eq(posSessions.id, posOrders.sessionId))
    .leftJoin(users, eq(users.id, posSessions.cashierId))
    .leftJoin(diningTables, eq(diningTables.id, posOrders.tableId))
    .leftJoin(posCustomers, eq(posCustomers.id, posOrders.customerId))
    .leftJoin(refunded, eq(refunded.id, posOrders.refundOfId))
    .leftJoin(fiscalReports, eq(fiscalReports.orderId, posOrders.id))
    .where(eq(posOrders.id, orderId));
  return row;
}

/** Who created the order, when no session names its cashier. */
export async function findCreator(db: Db, userId: number) {
  const [row] = await db.select({ name: personName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** The lines still on the order (fully voided ones left out), deal components after their header. */
export function findReceiptLines(db: Db, orderId: number) {
  return db
    .select({
      id: posOrderLines.id,
      dealParentLineId: posOrderLines.dealParentLineId,
      name: posOrderLines.nameSnapshot,
      sizeName: posOrderLines.sizeName,
      flavourName: posOrderLines.flavourName,
      qtyMicro: posOrderLines.qtyMicro,
      voidedQtyMicro: posOrderLines.voidedQtyMicro,
      unitPriceMinor: posOrderLines.unitPriceMinor,
      priceOverrideMinor: posOrderLines.priceOverrideMinor,
      grossMinor: posOrderLines.grossMinor,
      netMinor: posOrderLines.netMinor,
      taxClassId: posOrderLines.taxClassId,
      taxRateBp: posOrderLines.taxRateBp,
      taxMinor: posOrderLines.taxMinor,
      note: posOrderLines.note,
    })
    .from(posOrderLines)
    .where(and(eq(posOrderLines.orderId, orderId), ne(posOrderLines.status, "voided")))
    .orderBy(asc(posOrderLines.id));
}

export function findReceiptDiscounts(db: Db, orderId: number) {
  return db
    .select({
      lineId: posOrderDiscounts.lineId,
      source: posOrderDiscounts.source,
      pctBp: posOrderDiscounts.pctBp,
      allocatedMinor: posOrderDiscounts.allocatedMinor,
      reason: posOrderDiscounts.reason,
      couponCode: coupons.code,
      couponName: coupons.name,
    })
    .from(posOrderDiscounts)
    .leftJoin(coupons, eq(coupons.id, posOrderDiscounts.couponId))
    .where(eq(posOrderDiscounts.orderId, orderId))
    .orderBy(asc(posOrderDiscounts.id));
}

export function findReceiptPayments(db: Db, orderId: number) {
  return db
    .select({
      methodId: posPayments.methodId,
      method: paymentMethods.name,
      amountMinor: posPayments.amountMinor,
      tenderedMinor: posPayments.tenderedMinor,
      changeMinor: posPayments.changeMinor,
      baseMinor: posPayments.baseMinor,
      taxMinor: posPayments.taxMinor,
      reference: posPayments.reference,
    })
    .from(posPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, posPayments.methodId))
    .where(and(eq(posPayments.orderId, orderId), eq(posPayments.status, "done")))
    .orderBy(asc(posPayments.id));
}

/** The standard rate of each tax class and its rate per payment method. */
export async function findTaxRates(db: Db, classIds: readonly number[]) {
  if (classIds.length === 0) return { standard: new Map<number, number>(), byMethod: new Map<string, number>() };
  const classes = await db
    .select({ id: taxClasses.id, rateBp: taxClasses.rateBp })
    .from(taxClasses)
    .where(inArray(taxClasses.id, [...classIds]));
  const methodRates = await db
    .select()
    .from(taxMethodRates)
    .where(inArray(taxMethodRates.taxClassId, [...classIds]));
  return {
    standard: new Map(classes.map((row) => [row.id, row.rateBp])),
    byMethod: new Map(methodRates.map((row) => [`${row.taxClassId}:${row.paymentMethodId}`, row.rateBp])),
  };
}
