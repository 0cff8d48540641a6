import {
  type Cell,
  type DocumentCompany,
  printCell,
  type RecordDocument,
  type TableDocument,
  type TableSpec,
} from "./model";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawSignatures,
  drawTable,
  numberPages,
  type Pdf,
  pdfBuffer,
} from "./pdfkit";

/** PDFs of the plain table and record documents (model.ts), drawn in a worker. */

export interface PdfJob<Document> {
  company: DocumentCompany;
  document: Document;
}

/** A table's columns for drawTable: shares of the page width, each cell printed by its column's format. */
function drawSpec(doc: Pdf, table: TableSpec, options: { fontSize?: number } = {}): void {
  const total = table.columns.reduce((sum, column) => sum + (column.width ?? 1), 0);
  const columns: Column<{ cells: readonly Cell[]; footer: boolean }>[] = table.columns.map((column, index) => ({
    header: column.header,
    width: (column.width ?? 1) / total,
    align: column.align ?? "left",
    value: (row) => (row.footer ? String(row.cells[index] ?? "") : printCell(row.cells[index] ?? null, column)),
  }));
  const rows = table.rows.map((cells) => ({ cells, footer: false }));
  if (table.footer) rows.push({ cells: table.footer, footer: true });
  drawTable(doc, columns, rows, options);
}

export function renderTablePdf({ company, document }: PdfJob<TableDocument>): Promise<Buffer> {
  const doc = createPdf({ title: document.title, landscape: document.landscape });
  drawCompanyHeader(doc, company, document.title);
  const subtitle = (document.subtitle ?? []).filter(Boolean);
  if (subtitle.length > 0) {
    doc.font("Helvetica").fontSize(9);
    for (const line of subtitle)
      doc.text(line, doc.page.margins.left, doc.y, { width: contentWidth(doc), align: "center" });
    doc.moveDown(0.5);
  }
  drawSpec(doc, document.table, { fontSize: document.fontSize });
  numberPages(doc);
  return pdfBuffer(doc);
}

export function renderRecordPdf({ company, document }: PdfJob<RecordDocument>): Promise<Buffer> {
  const doc = createPdf({ title: document.title, landscape: document.landscape });
  drawCompanyHeader(doc, company, document.title);
  const left = doc.page.margins.left;
  doc.font("Helvetica").fontSize(9);
  for (const [label, value] of document.fields) {
    doc.font("Helvetica-Bold").text(`${label}: `, left, doc.y, { continued: true });
    doc.font("Helvetica").text(value || "-");
  }
  for (const table of document.tables) {
    doc.moveDown(0.6);
    if (table.heading) doc.font("Helvetica-Bold").fontSize(10).text(table.heading, left);
    doc.moveDown(0.2);
    drawSpec(doc, table);
  }
  if (document.signatures?.length) drawSignatures(doc, document.signatures, 3);
  numberPages(doc);
  return pdfBuffer(doc);
}
