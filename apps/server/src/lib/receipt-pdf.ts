import type { Receipt } from "@cargodesk/shared";
import PDFDocument from "pdfkit";
import { pdfBuffer } from "./documents/pdfkit";
import { qrPng } from "./documents/shipment-parts";
import { type ReceiptRow, receiptRows } from "./receipt-layout";

/**
 * The receipt as an 80 mm PDF, the fallback when no thermal printer is attached (design D11): the
 * same rows as the ESC/POS receipt, in Courier, on a page as long as the receipt. Pure drawing from
 * the model, so it runs in the worker pool (workers/tasks.ts).
 */
const MM = 72 / 25.4;
const PAGE_WIDTH = 80 * MM;
const MARGIN = 4 * MM;
/** 42 Courier characters at 8 pt (4.8 pt each) fill the 72 mm a printer prints on. */
export const PDF_RECEIPT_COLUMNS = 42;
const FONT_SIZE = 8;
const LINE = 10;
const LOGO = 40;
/** How much taller a double-height row is. */
const TALL = 1.6;
/** The fiscal QR code: 28 mm square, with a little room above and below. */
const QR = 28 * MM;
const QR_ROW = QR + 6;

const rowHeight = (row: ReceiptRow) => (row.qr ? QR_ROW : row.tall ? LINE * TALL : LINE);

/** A receipt to draw, with the bytes of the logo it names (the worker reads neither database nor disk). */
export interface ReceiptJob {
  receipt: Receipt;
  logo: Uint8Array | null;
}

export async function renderReceiptPdf({ receipt, logo: logoBytes }: ReceiptJob): Promise<Uint8Array> {
  const rows = receiptRows(receipt, PDF_RECEIPT_COLUMNS);
  const logo = logoBytes ? `data:image;base64,${Buffer.from(logoBytes).toString("base64")}` : null;
  const height = MARGIN * 2 + (logo ? LOGO + 6 : 0) + rows.reduce((sum, row) => sum + rowHeight(row), 0);
  const title = receipt.number ? `Receipt ${receipt.number}` : `Order ${receipt.orderId}`;
  const doc = new PDFDocument({
    size: [PAGE_WIDTH, Math.max(height, 100)],
    margin: MARGIN,
    info: { Title: title, Producer: "CargoDesk", Creator: "CargoDesk" },
  });
  const width = PAGE_WIDTH - MARGIN * 2;
  let y = MARGIN;
  if (logo) {
    doc.image(logo, MARGIN, y, { fit: [width, LOGO], align: "center" });
    y += LOGO + 6;
  }
  for (const row of rows) {
    if (row.rule) {
      doc
        .moveTo(MARGIN, y + LINE / 2)
        .lineTo(MARGIN + width, y + LINE / 2)
        .lineWidth(0.5)
        .dash(2, { space: 2 })
        .stroke()
        .undash();
      y += LINE;
      continue;
    }
    if (row.qr) {
      doc.image(await qrPng(row.qr), MARGIN + (width - QR) / 2, y + 3, { width: QR, height: QR });
      y += QR_ROW;
      continue;
    }
    // Double height as the printer does it: the same width, stretched upwards.
    doc.save().translate(MARGIN, y);
    if (row.tall) doc.scale(1, TALL);
    doc
      .font(row.bold ? "Courier-Bold" : "Courier")
      .fontSize(FONT_SIZE)
      .text(row.text, 0, 0, { width, align: row.align ?? "left", lineBreak: false });
    doc.restore();
    y += row.tall ? LINE * TALL : LINE;
  }
  return new Uint8Array(await pdfBuffer(doc));
}
