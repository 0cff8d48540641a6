import { type EscposPrinter, encodeRows } from "./escpos";
import { pair, type ReceiptRow, wrap } from "./receipt-layout";

/**
 * A kitchen ticket for a station's printer (design 6.3, "Printing"): what the station's screen shows
 * on its card, laid out in rows at the printer's width. Pure: the fire transaction gathers the data
 * and queues the bytes.
 */
export interface KitchenTicketLine {
  qty: number;
  name: string;
  /** Size and flavour, e.g. "Large Spicy"; empty when the dish has neither. */
  modifiers: string;
  note: string;
  course: number;
}

export interface KitchenTicketPrint {
  station: string;
  kind: "new" | "addition" | "void";
  /** The invoice number once paid (a take-away fired at payment), else null. */
  number: string | null;
  token: number | null;
  orderTypeLabel: string;
  table: string | null;
  waiter: string | null;
  /** In the company's time zone: `2026-11-24`, `18:05`. */
  date: string;
  time: string;
  lines: readonly KitchenTicketLine[];
}

export const KITCHEN_TICKET_BANNERS: Record<KitchenTicketPrint["kind"], string> = {
  new: "NEW",
  addition: "ADDITION",
  void: "VOID",
};

const qtyText = (value: number): string => String(Number(value.toFixed(3)));

export function kitchenTicketRows(ticket: KitchenTicketPrint, width: number): ReceiptRow[] {
  const rows: ReceiptRow[] = [];
  const centered = (text: string, extra: Omit<ReceiptRow, "text"> = {}) =>
    rows.push(...wrap(text, width).map((row) => ({ text: row, align: "center" as const, ...extra })));
  const left = (texts: readonly string[], extra: Omit<ReceiptRow, "text"> = {}) =>
    rows.push(...texts.map((text) => ({ text, ...extra })));

  centered(ticket.station, { bold: true });
  // The banner is what a cook reads first: an addition or a void must not pass for a new order.
  centered(`*** ${KITCHEN_TICKET_BANNERS[ticket.kind]} ***`, { bold: true, tall: true });
  rows.push({ text: "", rule: true });
  if (ticket.token !== null) left(pair("Token", String(ticket.token), width), { bold: true, tall: true });
  if (ticket.number) left(pair("Invoice", ticket.number, width));
  left(pair("Order", ticket.table ? `${ticket.orderTypeLabel} ${ticket.table}` : ticket.orderTypeLabel, width), {
    bold: true,
  });
  if (ticket.waiter) left(pair("Waiter", ticket.waiter, width));
  left(pair("Time", `${ticket.date} ${ticket.time}`, width));
  rows.push({ text: "", rule: true });

  const courses = [...new Set(ticket.lines.map((line) => line.course))].sort((a, b) => a - b);
  for (const course of courses) {
    // Courses are headed only when there is a choice: most tickets carry one course.
    if (courses.length > 1 || course !== 1) centered(`-- Course ${course} --`);
    for (const line of ticket.lines.filter((entry) => entry.course === course)) {
      const head = `${qtyText(line.qty)} x `;
      const [first = "", ...rest] = wrap(line.name, Math.max(1, width - head.length));
      left([`${head}${first}`, ...rest.map((row) => `${" ".repeat(head.length)}${row}`)], {
        bold: true,
        tall: true,
      });
      const indent = (text: string) => left(wrap(text, width - 4).map((row) => `    ${row}`));
      if (line.modifiers.trim() !== "") indent(line.modifiers);
      if (line.note.trim() !== "") indent(`Note: ${line.note}`);
    }
  }
  rows.push({ text: "", rule: true });
  return rows;
}

/** A kitchen ticket as ESC/POS bytes for the station's printer, at its width and codepage, with a cut. */
export const escposKitchenTicket = (ticket: KitchenTicketPrint, printer: EscposPrinter): Buffer =>
  encodeRows(kitchenTicketRows(ticket, printer.widthChars), printer);
