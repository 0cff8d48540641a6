import { formatMinor, parseMinor } from "@cargodesk/shared";
import ExcelJS from "exceljs";
import { z } from "zod";
import type { Db } from "../db/client";
import { contentWidth, createPdf, drawCompanyHeader, drawTable, loadCompany, numberPages, pdfBuffer } from "./pdf";

/**
 * One record as a printed document (an issue slip, a count sheet, a stock ledger): a title, the
 * record's fields, one or more tables, and an optional signatures block, as PDF or XLSX from the
 * same description. Values arrive already formatted for print; `number` columns keep numbers in XLSX.
 */
export interface DocumentTable<Row> {
  heading?: string;
  columns: {
    header: string;
    /** Share of the page width. */
    width: number;
    align?: "left" | "right";
    /** The spreadsheet value (a number stays a number); defaults to the printed text. */
    cell?(row: Row): string | number | null;
    text(row: Row): string;
  }[];
  rows: readonly Row[];
  /** A bold last line, e.g. totals (printed text per column). */
  footer?: string[];
}

export interface RecordDocument {
  title: string;
  fileName: string;
  fields: [label: string, value: string][];
  /** Each table has its own row type (method accessors let them sit in one list). */
  tables: DocumentTable<unknown>[];
  signatures?: string[];
  landscape?: boolean;
}

export async function recordPdf(db: Db, document: RecordDocument): Promise<Buffer> {
  const doc = createPdf({ title: document.title, landscape: document.landscape });
  drawCompanyHeader(doc, await loadCompany(db), document.title);
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
    const total = table.columns.reduce((sum, column) => sum + column.width, 0);
    const footer = table.footer;
    const rows: { row: unknown; footer: boolean }[] = [
      ...table.rows.map((row) => ({ row, footer: false })),
      ...(footer ? [{ row: null, footer: true }] : []),
    ];
    drawTable(
      doc,
      table.columns.map((column, index) => ({
        header: column.header,
        width: column.width / total,
        align: column.align ?? "left",
        value: (entry: { row: unknown; footer: boolean }) =>
          entry.footer ? (footer?.[index] ?? "") : column.text(entry.row),
      })),
      rows,
    );
  }
  if (document.signatures?.length) {
    doc.moveDown(3);
    const width = contentWidth(doc) / document.signatures.length;
    const y = Math.min(doc.y, doc.page.height - doc.page.margins.bottom - 30);
    document.signatures.forEach((label, index) => {
      const x = left + index * width;
      doc
        .moveTo(x + 10, y)
        .lineTo(x + width - 10, y)
        .lineWidth(0.5)
        .strokeColor("#000000")
        .stroke();
      doc
        .font("Helvetica")
        .fontSize(9)
        .text(label, x, y + 4, { width, align: "center" });
    });
  }
  numberPages(doc);
  return pdfBuffer(doc);
}

export async function recordXlsx(document: RecordDocument): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "CargoDesk";
  const sheet = workbook.addWorksheet(document.title.slice(0, 31));
  sheet.addRow([document.title]).font = { bold: true, size: 13 };
  for (const [label, value] of document.fields) sheet.addRow([label, value]);
  for (const table of document.tables) {
    sheet.addRow([]);
    if (table.heading) sheet.addRow([table.heading]).font = { bold: true };
    sheet.addRow(table.columns.map((column) => column.header)).font = { bold: true };
    for (const row of table.rows) sheet.addRow(table.columns.map((column) => (column.cell ?? column.text)(row)));
    if (table.footer) sheet.addRow(table.footer).font = { bold: true };
  }
  const widest = Math.max(...document.tables.map((table) => table.columns.length), 2);
  for (let index = 1; index <= widest; index += 1) sheet.getColumn(index).width = index === 1 ? 18 : 16;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a document as an inline PDF or an XLSX download. */
export const documentHeaders = (format: "pdf" | "xlsx", fileName: string) => ({
  type: format === "pdf" ? "application/pdf" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  disposition: `${format === "pdf" ? "inline" : "attachment"}; filename="${fileName}.${format}"`,
});

type Column<Row> = DocumentTable<Row>["columns"][number];

/** A right-aligned number column: printed with `print`, kept a number in XLSX. */
export const numberColumn = <Row, Value extends number | null>(
  header: string,
  width: number,
  value: (row: Row) => Value,
  print: (value: Value) => string,
): Column<Row> => ({ header, width, align: "right", text: (row) => print(value(row)), cell: value });

/** A decimal amount as printed (`1,234.50`); blank when there is none. */
export const printMoney = (amount: number | null): string => {
  if (amount === null) return "";
  const minor = parseMinor(amount);
  return minor === null ? String(amount) : formatMinor(minor);
};

/** A quantity as printed, up to six decimals; blank when there is none. */
export const printQty = (value: number | null): string =>
  value === null ? "" : value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** A table with its own row type, typed where it is written, for a document's list of tables. */
export const documentTable = <Row>(table: DocumentTable<Row>): DocumentTable<unknown> =>
  table as DocumentTable<unknown>;

/** An answer that is JSON, or the same record as a file when `format` asks for one (OpenAPI: oneOf). */
export const jsonOrFile = <Schema extends z.ZodType>(schema: Schema) =>
  schema.or(z.custom<Buffer>((value) => Buffer.isBuffer(value)).meta({ type: "string", format: "binary" }));
