import { FISCAL_MESSAGES, formatMinor, parseMinor, RECEIPT_MESSAGES, type Receipt } from "@cargodesk/shared";

/**
 * A receipt laid out as rows of a fixed number of characters, the way a thermal printer prints it.
 * The ESC/POS encoder (escpos.ts) and the 80 mm PDF (receipt-pdf.ts) both print these rows, so the
 * paper and the fallback read the same. Pure: no database, no I/O.
 */
export interface ReceiptRow {
  text: string;
  align?: "left" | "center";
  bold?: boolean;
  /** Double height (the name, the title, the total). */
  tall?: boolean;
  /** A full-width rule instead of text. */
  rule?: boolean;
  /** A QR code of this text, centred, instead of text (the fiscal report's). */
  qr?: string;
}

/** 48 columns for 80 mm paper with font A, 42 for some 80 mm models, 32 for 58 mm paper. */
export const RECEIPT_WIDTHS = [48, 42, 32] as const;

const money = (amount: number): string => formatMinor(parseMinor(amount) ?? 0n);
const qty = (value: number): string => String(Number(value.toFixed(3)));

/** Wraps text to the width at spaces (a word longer than the width is cut). */
export function wrap(text: string, width: number): string[] {
  const rows: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let row = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      for (let rest = word; rest.length > 0; ) {
        const room = row === "" ? width : width - row.length - 1;
        if (rest.length <= room) {
          row = row === "" ? rest : `${row} ${rest}`;
          rest = "";
        } else if (row !== "") {
          rows.push(row);
          row = "";
        } else {
          rows.push(rest.slice(0, width));
          rest = rest.slice(width);
        }
      }
    }
    rows.push(row);
  }
  return rows;
}

/** Label on the left, value on the right; a long label wraps and the value sits on its last row. */
export function pair(label: string, value: string, width: number): string[] {
  const indent = /^\s*/.exec(label)?.[0] ?? "";
  const rows = wrap(label, Math.max(1, width - value.length - 1 - indent.length)).map((row) => `${indent}${row}`);
  const last = rows.pop() ?? "";
  return [...rows, `${last}${" ".repeat(Math.max(1, width - last.length - value.length))}${value}`];
}

const left = (texts: readonly string[], extra: Omit<ReceiptRow, "text"> = {}): ReceiptRow[] =>
  texts.map((text) => ({ text, ...extra }));
const center = (text: string, width: number, extra: Omit<ReceiptRow, "text"> = {}): ReceiptRow[] =>
  text.trim() === "" ? [] : wrap(text, width).map((row) => ({ text: row, align: "center" as const, ...extra }));

/** The fiscal number and its QR code (D16), or that the number is pending; nothing when not reported. */
function fiscalRows({ fiscal }: Receipt, width: number): ReceiptRow[] {
  if (!fiscal) return [];
  const rows: ReceiptRow[] = [{ text: "", rule: true }];
  if (fiscal.status === "reported" && fiscal.number) {
    rows.push(...left(pair(FISCAL_MESSAGES.label, fiscal.number, width), { bold: true }));
    if (fiscal.qr) rows.push({ text: "", qr: fiscal.qr });
  } else {
    rows.push(...center(fiscal.status === "failed" ? FISCAL_MESSAGES.failed : FISCAL_MESSAGES.pending, width));
  }
  return rows;
}

export function receiptRows(receipt: Receipt, width: number): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  const { company } = receipt;
  rows.push(...center(company.name, width, { bold: true, tall: true }));
  for (const line of [company.address, company.phone, company.ntn ? `NTN: ${company.ntn}` : ""])
    rows.push(...center(line, width));
  rows.push(...center(receipt.header, width));
  rows.push({ text: "", rule: true });
  rows.push(...center(receipt.title, width, { bold: true, tall: true }));
  if (receipt.part) rows.push(...center(`Payment ${receipt.part.index} of ${receipt.part.of}`, width, { bold: true }));
  if (receipt.copy) rows.push(...center(`*** ${RECEIPT_MESSAGES.copy} ***`, width, { bold: true }));
  if (receipt.number) rows.push(...left(pair("Invoice", receipt.number, width)));
  rows.push(...left(pair("Token", String(receipt.token), width), { bold: true }));
  rows.push(...left(pair("Date", `${receipt.date} ${receipt.time}`, width)));
  if (receipt.counter) rows.push(...left(pair("Counter", receipt.counter.code, width)));
  if (receipt.cashier) rows.push(...left(pair("Cashier", receipt.cashier, width)));
  const table = receipt.table ? ` ${receipt.table}${receipt.guests ? ` (${receipt.guests} guests)` : ""}` : "";
  rows.push(...left(pair("Order", `${receipt.orderTypeLabel}${table}`, width)));
  if (receipt.customer)
    rows.push(...left(pair("Customer", `${receipt.customer.name} ${receipt.customer.phone}`.trim(), width)));
  rows.push({ text: "", rule: true });

  for (const line of receipt.lines) {
    rows.push(...left(pair(`${qty(line.qty)} x ${line.name}`, money(line.amount), width)));
    const indent = (text: string) => left(wrap(text, width - 2).map((row) => `  ${row}`));
    if (line.variant) rows.push(...indent(line.variant));
    if (line.qty !== 1) rows.push(...indent(`@ ${money(line.unitPrice)}`));
    for (const part of line.components)
      rows.push(...indent(`${qty(part.qty)} x ${part.name}${part.variant ? ` ${part.variant}` : ""}`));
    if (line.note) rows.push(...indent(`Note: ${line.note}`));
    if (line.discount !== 0) rows.push(...left(pair("  Discount", `-${money(line.discount)}`, width)));
  }
  rows.push({ text: "", rule: true });

  rows.push(...left(pair("Subtotal", money(receipt.subtotal), width)));
  for (const discount of receipt.discounts)
    rows.push(...left(pair(discount.label, `-${money(discount.amount)}`, width)));
  if (receipt.serviceCharge !== 0) rows.push(...left(pair("Service charge", money(receipt.serviceCharge), width)));
  for (const tax of receipt.taxes) rows.push(...left(pair(tax.label, money(tax.amount), width)));
  if (receipt.rounding !== 0) rows.push(...left(pair("Rounding", money(receipt.rounding), width)));
  rows.push(...left(pair("TOTAL", money(receipt.total), width), { bold: true, tall: true }));

  if (receipt.tenders.length > 0) {
    rows.push({ text: "", rule: true });
    if (receipt.part) rows.push({ text: "This payment", bold: true });
    for (const tender of receipt.tenders) {
      rows.push(...left(pair(tender.method, money(tender.amount), width)));
      if (tender.tendered !== tender.amount) rows.push(...left(pair("  Tendered", money(tender.tendered), width)));
      if (tender.reference) rows.push(...left(pair("  Ref", tender.reference, width)));
    }
    if (receipt.change !== 0) rows.push(...left(pair("Change", money(receipt.change), width), { bold: true }));
  }
  rows.push(...fiscalRows(receipt, width));
  if (receipt.footer.trim() !== "") {
    rows.push({ text: "", rule: true });
    rows.push(...center(receipt.footer, width));
  }
  return rows;
}
