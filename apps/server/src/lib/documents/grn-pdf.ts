import { PAYMENT_LABELS, type ReceivingDetail } from "@cargodesk/shared";
import { type DocumentCompany, printAmount as money, printQty3 as qty } from "./model";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawFacts,
  drawSignatures,
  drawTable,
  numberPages,
  pdfBuffer,
} from "./pdfkit";

type Line = ReceivingDetail["lines"][number];

export interface GrnJob {
  company: DocumentCompany;
  grn: ReceivingDetail;
}

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

/** The GRN as a portrait A4 PDF: company header, the receiving's header, its lines, totals and signatures. */
export function renderGrnPdf({ company, grn }: GrnJob): Promise<Buffer> {
  const title = "GOODS RECEIVED NOTE";
  const doc = createPdf({ title: `${title} ${grn.number ?? "DRAFT"}` });
  drawCompanyHeader(doc, company, title);
  drawFacts(doc, [
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
  drawSignatures(doc, ["Received by", "Checked by", "Approved by"], 3, 8);
  numberPages(doc);
  return pdfBuffer(doc);
}
