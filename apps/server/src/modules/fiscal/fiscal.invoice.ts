import { localMoment, minorToAmount } from "@cargodesk/shared";
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  paymentMethods,
  posCounters,
  posCustomers,
  posOrderLines,
  posOrders,
  posPayments,
} from "../../db/schema/index";
import { loadCompany } from "../../lib/pdf";
import type { FiscalInvoice } from "./fiscal.adapter";

const PORTION = 1_000_000;
const amount = (minor: bigint) => minorToAmount(minor);
const original = alias(posOrders, "original");

/**
 * The invoice an adapter reports, read from what the order engine stored at payment (pos_orders,
 * pos_order_lines, pos_payments): the priced lines (a deal's parts carry no price and are left out),
 * the tenders with the base and tax each covered, and for a refund the sale it refunds. Null when
 * the order is gone or has no invoice number (nothing to report).
 */
export async function loadFiscalInvoice(db: Db, orderId: number, timeZone: string): Promise<FiscalInvoice | null> {
  const [head] = await db
    .select({
      order: posOrders,
      counter: { code: posCounters.code, name: posCounters.name },
      buyer: { name: posCustomers.name, phone: posCustomers.phone },
      original: { orderId: original.id, number: original.number, fiscalNumber: original.fiscalNumber },
    })
    .from(posOrders)
    .leftJoin(posCounters, eq(posCounters.id, posOrders.counterId))
    .leftJoin(posCustomers, eq(posCustomers.id, posOrders.customerId))
    .leftJoin(original, eq(original.id, posOrders.refundOfId))
    .where(eq(posOrders.id, orderId));
  const number = head?.order.number;
  if (!head || !number) return null;
  const { order } = head;
  const lines = await db
    .select()
    .from(posOrderLines)
    .where(
      and(
        eq(posOrderLines.orderId, orderId),
        isNull(posOrderLines.dealParentLineId),
        ne(posOrderLines.status, "voided"),
      ),
    )
    .orderBy(asc(posOrderLines.id));
  const tenders = await db
    .select({ payment: posPayments, method: paymentMethods.name, kind: paymentMethods.kind })
    .from(posPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, posPayments.methodId))
    .where(and(eq(posPayments.orderId, orderId), eq(posPayments.status, "done")))
    .orderBy(asc(posPayments.id));
  const company = await loadCompany(db);
  const issued = order.paidAt ?? order.openedAt;
  const moment = localMoment(issued, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return {
    kind: order.refundOfId === null ? "sale" : "credit_note",
    orderId: order.id,
    number,
    issuedAt: issued.toISOString(),
    date: moment.date,
    time: `${pad(Math.floor(moment.minutes / 60))}:${pad(moment.minutes % 60)}`,
    counter: head.counter,
    orderType: order.orderType,
    seller: { name: company.name, ntn: company.ntn },
    buyer: head.buyer,
    lines: lines.map((line) => ({
      name: line.nameSnapshot,
      variant: [line.sizeName, line.flavourName].filter(Boolean).join(" "),
      qty: Number(line.qtyMicro - line.voidedQtyMicro) / PORTION,
      unitPrice: amount(line.priceOverrideMinor ?? line.unitPriceMinor),
      gross: amount(line.grossMinor),
      discount: amount(line.discountMinor),
      net: amount(line.netMinor),
      taxRateBp: line.taxRateBp,
      tax: amount(line.taxMinor),
    })),
    totals: {
      subtotal: amount(order.subtotalMinor),
      discount: amount(order.discountMinor),
      serviceCharge: amount(order.serviceChargeMinor),
      tax: amount(order.taxMinor),
      rounding: amount(order.roundingMinor),
      total: amount(order.totalMinor),
    },
    tenders: tenders.map(({ payment, method, kind }) => ({
      method,
      kind,
      amount: amount(payment.amountMinor),
      base: amount(payment.baseMinor),
      tax: amount(payment.taxMinor),
    })),
    original: head.original?.orderId ? head.original : null,
  };
}
