import {
  FISCAL_REPORT_STATUSES,
  localMoment,
  minorToAmount,
  ORDER_TYPE_LABELS,
  ORDER_TYPES,
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptLine,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { loadCompany } from "../../lib/pdf";
import {
  findCreator,
  findReceiptDiscounts,
  findReceiptLines,
  findReceiptOrder,
  findReceiptPayments,
  findTaxRates,
} from "./pos-receipts.queries";

const PORTION = 1_000_000;
const amount = (minor: bigint) => minorToAmount(minor);
const percent = (bp: number) => `${(bp / 100).toFixed(2).replace(/\.?0+$/, "")}%`;

/** Date and time of an instant in the company's time zone: `2026-11-24`, `18:05`. */
function dateAndTime(at: Date, timeZone: string): { date: string; time: string } {
  const moment = localMoment(at, timeZone);
  const pad = (value: number) => String(value).padStart(2, "0");
  return { date: moment.date, time: `${pad(Math.floor(moment.minutes / 60))}:${pad(moment.minutes % 60)}` };
}

type LineRow = Awaited<ReturnType<typeof findReceiptLines>>[number];
type PaymentRow = Awaited<ReturnType<typeof findReceiptPayments>>[number];
type DiscountRow = Awaited<ReturnType<typeof findReceiptDiscounts>>[number];

const variantOf = (row: LineRow) => [row.sizeName, row.flavourName].filter(Boolean).join(" ");
const qtyOf = (row: LineRow) => Number(row.qtyMicro - row.voidedQtyMicro) / PORTION;

/**
 * Deal components go under their header line, without prices. A line shows the discounts given on it;
 * the order's own discounts (a percentage off the bill, the coupon, promotions, the customer's) are
 * shown with the totals, though the order engine spreads them over the lines too.
 */
function receiptLines(rows: readonly LineRow[], discounts: readonly DiscountRow[]): ReceiptLine[] {
  const onLine = new Map<number, bigint>();
  for (const discount of discounts)
    if (discount.lineId !== null)
      onLine.set(discount.lineId, (onLine.get(discount.lineId) ?? 0n) + discount.allocatedMinor);
  const lines = new Map<number, ReceiptLine>();
  for (const row of rows) {
    if (row.dealParentLineId !== null) continue;
    lines.set(row.id, {
      qty: qtyOf(row),
      name: row.name,
      variant: variantOf(row),
      unitPrice: amount(row.priceOverrideMinor ?? row.unitPriceMinor),
      amount: amount(row.grossMinor),
      discount: amount(onLine.get(row.id) ?? 0n),
      note: row.note,
      components: [],
    });
  }
  for (const row of rows) {
    const header = row.dealParentLineId === null ? undefined : lines.get(row.dealParentLineId);
    header?.components.push({ qty: qtyOf(row), name: row.name, variant: variantOf(row) });
  }
  return [...lines.values()];
}

function discountLabel(row: DiscountRow): string {
  const pct = row.pctBp ? ` ${percent(row.pctBp)}` : "";
  if (row.source === "coupon") return `Coupon ${row.couponCode ?? row.couponName ?? ""}`.trim();
  if (row.source === "promotion") return row.couponName ?? "Promotion";
  if (row.source === "customer") return `Customer discount${pct}`;
  return `Discount${pct}${row.reason ? ` (${row.reason})` : ""}`;
}

interface TaxLine {
  rateBp: number;
  methods: string[];
  baseMinor: bigint;
  taxMinor: bigint;
}

/**
 * One tax line per rate actually charged (design D16): a paid order's tenders each covered a base at
 * their method's rate (the card rate, else the class's standard one), so tenders at the same rate
 * share a line naming their methods. Before payment, the lines' standard rates.
 */
async function taxLines(db: Db, lines: readonly LineRow[], payments: readonly PaymentRow[]): Promise<Receipt["taxes"]> {
  const grouped = new Map<number, TaxLine>();
  const add = (rateBp: number, method: string | null, baseMinor: bigint, taxMinor: bigint) => {
    const line = grouped.get(rateBp) ?? { rateBp, methods: [], baseMinor: 0n, taxMinor: 0n };
    if (method && !line.methods.includes(method)) line.methods.push(method);
    line.baseMinor += baseMinor;
    line.taxMinor += taxMinor;
    grouped.set(rateBp, line);
  };
  if (payments.length === 0) {
    for (const line of lines) if (line.taxMinor !== 0n) add(line.taxRateBp, null, line.netMinor, line.taxMinor);
  } else {
    const classIds = [...new Set(lines.flatMap((line) => (line.taxClassId === null ? [] : [line.taxClassId])))];
    const rates = await findTaxRates(db, classIds);
    for (const payment of payments) {
      if (payment.taxMinor === 0n) continue;
      const methodRates = new Set(
        classIds.map((id) => rates.byMethod.get(`${id}:${payment.methodId}`) ?? rates.standard.get(id) ?? 0),
      );
      // Classes at different rates for this method: the tender's own effective rate.
      const [only] = methodRates;
      const rateBp =
        methodRates.size === 1 && only !== undefined
          ? only
          : Number((payment.taxMinor * 10_000n) / (payment.baseMinor === 0n ? 1n : payment.baseMinor));
      add(rateBp, payment.method, payment.baseMinor, payment.taxMinor);
    }
  }
  return [...grouped.values()]
    .sort((a, b) => b.rateBp - a.rateBp)
    .map((line) => ({
      label: `Tax ${percent(line.rateBp)}${line.methods.length > 0 ? ` (${line.methods.join(", ")})` : ""}`,
      rateBp: line.rateBp,
      base: amount(line.baseMinor),
      amount: amount(line.taxMinor),
    }));
}

const orderTypeOf = (value: string) => ORDER_TYPES.find((type) => type === value) ?? "take_away";

/** The fiscal report's state (D16): null when the order was never queued (reporting off, or a bill). */
function fiscalOf(status: string | null, order: { fiscalNumber: string | null; fiscalQr: string | null }) {
  const known = FISCAL_REPORT_STATUSES.find((each) => each === status);
  if (!known) return null;
  return { status: known, number: order.fiscalNumber, qr: order.fiscalQr };
}

/**
 * The receipt of an order, read from the order engine's tables (pos_orders, pos_order_lines,
 * pos_order_discounts, pos_payments): only what the order holds, formatted by the renderers.
 * `copy` marks a reprint. 404 when there is no such order.
 */
export async function buildReceipt(
  db: Db,
  orderId: number,
  options: { copy?: boolean; timeZone: string; part?: number | undefined },
): Promise<Receipt> {
  const head = await findReceiptOrder(db, orderId);
  if (!head) throw new AppError("NOT_FOUND", RECEIPT_MESSAGES.notFound);
  const { order } = head;
  // One after another: inside the payment's transaction the connection answers one query at a time.
  const lineRows = await findReceiptLines(db, orderId);
  const discounts = await findReceiptDiscounts(db, orderId);
  const payments = await findReceiptPayments(db, orderId);
  const company = await loadCompany(db);
  const taxes = await taxLines(db, lineRows, payments);
  const cashier = head.cashier ?? (order.createdBy === null ? null : await findCreator(db, order.createdBy));
  const refundOf = order.refundOfId === null ? null : (head.refundOfNumber ?? `#${order.refundOfId}`);
  const paidStatus = order.status === "paid" || order.status === "refund";
  const part = options.part === undefined ? null : payments[options.part - 1];
  if (part === undefined)
    throw new AppError("VALIDATION", `part: ${RECEIPT_MESSAGES.partMissing}`, [
      { field: "part", message: RECEIPT_MESSAGES.partMissing },
    ]);
  const tenders = part ? [part] : payments;
  const orderType = orderTypeOf(order.orderType);
  return {
    orderId: order.id,
    title: refundOf
      ? RECEIPT_MESSAGES.refundOf(refundOf)
      : paidStatus
        ? RECEIPT_MESSAGES.sale
        : RECEIPT_MESSAGES.preBill,
    copy: options.copy ?? false,
    refundOf,
    company: {
      name: company.name,
      address: company.address,
      phone: company.phone,
      ntn: company.ntn,
      logoPath: company.logoPath,
    },
    header: head.header,
    footer: head.footer,
    counter: head.counter ? { code: head.counter.code, name: head.counter.name } : null,
    cashier,
    number: order.number,
    token: order.token,
    orderType,
    orderTypeLabel: ORDER_TYPE_LABELS[orderType],
    table: head.tableName,
    guests: order.guests,
    customer: head.customer,
    status: order.status,
    ...dateAndTime(order.paidAt ?? order.openedAt, options.timeZone),
    lines: receiptLines(lineRows, discounts),
    subtotal: amount(order.subtotalMinor),
    discounts: discounts
      .filter((row) => row.lineId === null && row.allocatedMinor !== 0n)
      .map((row) => ({ label: discountLabel(row), amount: amount(row.allocatedMinor) })),
    discountTotal: amount(order.discountMinor),
    serviceCharge: amount(order.serviceChargeMinor),
    taxes,
    taxTotal: amount(order.taxMinor),
    rounding: amount(order.roundingMinor),
    total: amount(order.totalMinor),
    tenders: tenders.map((payment) => ({
      method: payment.method,
      amount: amount(payment.amountMinor),
      tendered: amount(payment.tenderedMinor),
      change: amount(payment.changeMinor),
      reference: payment.reference,
    })),
    paid: amount(part ? part.amountMinor : order.paidMinor),
    change: amount(part ? part.changeMinor : order.changeMinor),
    part: part && options.part !== undefined ? { index: options.part, of: payments.length } : null,
    fiscal: fiscalOf(head.fiscalStatus, order),
  };
}
