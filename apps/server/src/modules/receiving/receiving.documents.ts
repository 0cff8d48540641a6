import {
  formatMinor,
  formatQty,
  PAYMENT_LABELS,
  parseMinor,
  parseQtyMicro,
  type ReceivingDetail,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawTable,
  loadCompany,
  numberPages,
  type Pdf,
  pdfBuffer,
} from "../../lib/pdf";
import { type SheetColumn, xlsxBuffer } from "../../lib/xlsx";

type Line = ReceivingDetail["lines"][number];

/** API amounts (at most 2 decimals) as printed money, digit for digit. */
export const money = (amount: number): string => formatMinor(parseMinor(amount) ?? 0n);
export const qty = (value: number): string => formatQty(parseQtyMicro(value) ?? 0n);

const COLUMNS: Column<Line>[] = [
  { header: "#", width: 0.04, value: (line) => String(line.lineNo) },
  { header: "Code", width: 0.1, value: (line) => line.productCode },
  { header: "Product", width: 0.22, value: (line) => `${line.productName}${line.free ? " (free)" : ""}` },
  { header: "Qty", width: 0.08, align: "right", value: (line) => qty(line.qty) },
  { header: "Unit", width: 0.08, value: (line) => line.uomName },
  { header: "Unit Cost", width: 0.1, align: "right", value: (line) => money(line.unitCost) },
  { header: "Discount", width: 0.09, align: "right", value: (line) => money(line.discount) },
  { header: "Tax", width: 0.09, align: "right", value: (line) => `${money(line.tax)} (${line.taxRate}%)` },
  { header: "Landed Value", width: 0.2, align: "right", value: (line) => money(line.landedValue) },
];

function keyValues(doc: Pdf, pairs: [string, string][]): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  for (let index = 0; index < pairs.length; index += 2) {
    const y = doc.y;
    for (const [offset, pair] of [pairs[index], pairs[index + 1]].entries()) {
      if (!pair) continue;
      doc
        .font("Helvetica-Bold")
        .fontSize(9)
        .text(`${pair[0]}: `, left + offset * half, y, { continued: true });
      doc.font("Helvetica").text(pair[1] || "-");
    }
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.x = left;
}

/** The GRN as a portrait A4 PDF: company header, the receiving's header, its lines, totals and signatures. */
export async function grnPdf(db: Db, grn: ReceivingDetail): Promise<Buffer> {
  const title = "GOODS RECEIVED NOTE";
  const doc = createPdf({ title: `${title} ${grn.number ?? "DRAFT"}` });
  drawCompanyHeader(doc, await loadCompany(db), title);
  keyValues(doc, [
    ["GRN No", grn.number ?? "DRAFT"],
    ["Received", grn.businessDate],
    ["Vendor", grn.vendorName],
    ["Location", grn.locationName],
    ["Bill No", grn.vendorBillNo],
    ["Bill Date", grn.billDate ?? ""],
    ["Payment", `${PAYMENT_LABELS[grn.payment]}${grn.payAccountName ? ` (${grn.payAccountName})` : ""}`],
    ["Voucher", grn.voucherNo ?? ""],
    ["Status", grn.status.toUpperCase()],
    ["Reversal Voucher", grn.reversalVoucherNo ?? ""],
  ]);
  doc.moveDown(0.5);
  drawTable(doc, COLUMNS, grn.lines);
  doc.moveDown(0.5);
  const totals: [string, number][] = [
    ["Subtotal", grn.subtotal],
    ["Discount", grn.discount],
    ["Tax", grn.tax],
    ...grn.chargeRows.map((charge): [string, number] => [charge.label, charge.amount]),
    ["Total", grn.total],
  ];
  const width = contentWidth(doc);
  for (const [label, amount] of totals) {
    doc
      .font(label === "Total" ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .text(`${label}: ${money(amount)}`, doc.page.margins.left, doc.y, { width, align: "right" });
  }
  if (grn.notes) doc.moveDown(0.5).font("Helvetica").text(`Notes: ${grn.notes}`, doc.page.margins.left);
  doc.moveDown(3);
  const y = doc.y;
  const third = width / 3;
  for (const [index, label] of ["Received by", "Checked by", "Approved by"].entries()) {
    const x = doc.page.margins.left + index * third;
    doc
      .moveTo(x + 10, y)
      .lineTo(x + third - 10, y)
      .lineWidth(0.5)
      .strokeColor("#000000")
      .stroke();
    doc
      .font("Helvetica")
      .fontSize(8)
      .text(label, x, y + 4, { width: third, align: "center" });
  }
  numberPages(doc);
  return pdfBuffer(doc);
}

const SHEET_COLUMNS: SheetColumn<Line>[] = [
  { header: "#", width: 5, value: (line) => line.lineNo },
  { header: "Code", width: 12, value: (line) => line.productCode },
  { header: "Product", width: 30, value: (line) => line.productName },
  { header: "Qty", width: 10, value: (line) => line.qty },
  { header: "Unit", width: 10, value: (line) => line.uomName },
  { header: "Stock Qty", width: 10, value: (line) => line.stockQty },
  { header: "Stock Unit", width: 10, value: (line) => line.stockUomName },
  { header: "Unit Cost", width: 12, value: (line) => line.unitCost, money: true },
  { header: "Discount", width: 12, value: (line) => line.discount, money: true },
  { header: "Tax %", width: 8, value: (line) => line.taxRate },
  { header: "Tax", width: 12, value: (line) => line.tax, money: true },
  { header: "Free", width: 6, value: (line) => (line.free ? "YES" : "") },
  { header: "Landed Value", width: 14, value: (line) => line.landedValue, money: true },
];

/** The GRN's lines as a worksheet, titled with its number, vendor and bill. */
export function grnXlsx(grn: ReceivingDetail): Promise<Buffer> {
  const title = `GRN ${grn.number ?? "DRAFT"} - ${grn.vendorName} - bill ${grn.vendorBillNo || "-"} - ${grn.businessDate} - total ${money(grn.total)}`;
  return xlsxBuffer(grn.number ?? "GRN", SHEET_COLUMNS, grn.lines, title);
}
