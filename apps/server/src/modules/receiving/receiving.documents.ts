import type { Readable } from "node:stream";
import type { ReceivingDetail } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type ColumnOf, printAmount } from "../../lib/documents/model";
import { renderPdf, sheetXlsx } from "../../lib/documents/render";
import { loadDocumentCompany } from "../../lib/pdf";

type Line = ReceivingDetail["lines"][number];

/** The GRN as a portrait A4 PDF (lib/documents/grn-pdf.ts): header, lines, totals and signatures. */
export async function grnPdf(db: Db, grn: ReceivingDetail): Promise<Buffer> {
  return renderPdf("grnPdf", { company: await loadDocumentCompany(db), grn });
}

const SHEET_COLUMNS: ColumnOf<Line>[] = [
  { header: "#", xlsxWidth: 5, value: (line) => line.lineNo },
  { header: "Code", xlsxWidth: 12, value: (line) => line.productCode },
  { header: "Product", xlsxWidth: 30, value: (line) => line.productName },
  { header: "Qty", xlsxWidth: 10, value: (line) => line.qty },
  { header: "Unit", xlsxWidth: 10, value: (line) => line.uomName },
  { header: "Stock Qty", xlsxWidth: 10, value: (line) => line.stockQty },
  { header: "Stock Unit", xlsxWidth: 10, value: (line) => line.stockUomName },
  { header: "Unit Cost", xlsxWidth: 12, format: "amount", value: (line) => line.unitCost },
  { header: "Discount", xlsxWidth: 12, format: "amount", value: (line) => line.discount },
  { header: "Tax %", xlsxWidth: 8, value: (line) => line.taxRate },
  { header: "Tax", xlsxWidth: 12, format: "amount", value: (line) => line.tax },
  { header: "Free", xlsxWidth: 6, value: (line) => (line.free ? "YES" : "") },
  { header: "Landed Value", xlsxWidth: 14, format: "amount", value: (line) => line.landedValue },
];

/** The GRN's lines as a worksheet, titled with its number, vendor and bill. */
export function grnXlsx(grn: ReceivingDetail): Promise<Readable> {
  const title = `GRN ${grn.number ?? "DRAFT"} - ${grn.vendorName} - bill ${grn.vendorBillNo || "-"} - ${grn.businessDate} - total ${printAmount(grn.total)}`;
  return sheetXlsx({ name: grn.number ?? "GRN", title }, SHEET_COLUMNS, grn.lines);
}
