import type { Receipt } from "@cargodesk/shared";
import ReceiptPrinterEncoder from "@point-of-sale/receipt-printer-encoder";
import { type ReceiptRow, receiptRows, wrap } from "./receipt-layout";

/** What the encoder needs of a printer: its characters per line and codepage (printers table). */
export interface EscposPrinter {
  widthChars: number;
  codepage: string;
}

/** 80 mm paper with font A when nothing better is known. */
export const DEFAULT_ESCPOS_PRINTER: EscposPrinter = { widthChars: 48, codepage: "cp437" };

/**
 * ESC/POS bytes of laid-out rows (@point-of-sale/receipt-printer-encoder): initialise, the printer's
 * codepage (an unknown name falls back to the encoder's automatic choice), the rows, feed and a
 * partial cut. A drawer kick (ESC p) is added for cash sales when asked.
 */
export function encodeRows(rows: readonly ReceiptRow[], printer: EscposPrinter, options: { kick?: boolean } = {}) {
  const encoder = new ReceiptPrinterEncoder({ language: "esc-pos", columns: printer.widthChars });
  encoder.initialize();
  try {
    // The printers table keeps the name as typed; the encoder checks it and throws on one it does not know.
    encoder.codepage(printer.codepage as Parameters<ReceiptPrinterEncoder["codepage"]>[0]);
  } catch {
    encoder.codepage("auto");
  }
  for (const row of rows) {
    if (row.rule) {
      encoder.rule();
      continue;
    }
    if (row.qr) {
      encoder.align("center").qrcode(row.qr, { model: 2, size: 6, errorlevel: "m" }).newline();
      continue;
    }
    encoder.align(row.align ?? "left");
    if (row.bold) encoder.bold(true);
    if (row.tall) encoder.height(2);
    encoder.line(row.text);
    if (row.tall) encoder.height(1);
    if (row.bold) encoder.bold(false);
  }
  encoder.align("left").newline(3).cut("partial");
  if (options.kick) encoder.pulse();
  return Buffer.from(encoder.encode());
}

/** A receipt for a thermal printer, at its width and codepage. */
export const escposReceipt = (receipt: Receipt, printer: EscposPrinter, options: { kick?: boolean } = {}) =>
  encodeRows(receiptRows(receipt, printer.widthChars), printer, options);

/** The page `Test print` sends: the printer's name, width and codepage, a ruler to check the width. */
export function escposTestPage(printer: EscposPrinter & { name: string }): Buffer {
  const width = printer.widthChars;
  const ruler = Array.from({ length: width }, (_, index) => String((index + 1) % 10)).join("");
  const rows: ReceiptRow[] = [
    { text: "CargoDesk test page", align: "center", bold: true, tall: true },
    { text: "", rule: true },
    ...wrap(`Printer: ${printer.name}`, width).map((text) => ({ text })),
    { text: `Width: ${width} characters` },
    { text: `Codepage: ${printer.codepage}` },
    { text: ruler },
    { text: "", rule: true },
  ];
  return encodeRows(rows, printer);
}
