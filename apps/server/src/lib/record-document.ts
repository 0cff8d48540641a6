import { Readable } from "node:stream";
import { z } from "zod";
import type { Db } from "../db/client";
import { type ColumnOf, printAmount, printQty, type RecordDocument, type TableSpec, tableOf } from "./documents/model";
import { renderPdf, renderXlsx } from "./documents/render";
import { loadDocumentCompany } from "./pdf";
import { XLSX_TYPE } from "./xlsx";

/**
 * One record as a printed document (an issue slip, a count sheet, a stock ledger): a title, the
 * record's fields, one or more tables, and an optional signatures block, as PDF or XLSX from the
 * same plain description (lib/documents/model.ts), rendered in the worker pool.
 */
export type { RecordDocument };

export async function recordPdf(db: Db, document: RecordDocument): Promise<Buffer> {
  return renderPdf("recordPdf", { company: await loadDocumentCompany(db), document });
}

export function recordXlsx(document: RecordDocument): Promise<Readable> {
  return renderXlsx("recordXlsx", { document });
}

/** Sends a document as an inline PDF or an XLSX download. */
export const documentHeaders = (format: "pdf" | "xlsx", fileName: string) => ({
  type: format === "pdf" ? "application/pdf" : XLSX_TYPE,
  disposition: `${format === "pdf" ? "inline" : "attachment"}; filename="${fileName}.${format}"`,
});

/** A right-aligned number column; the format prints it (blank for zero if asked), XLSX keeps the number. */
export const numberColumn = <Row>(
  header: string,
  width: number,
  value: (row: Row) => number | null,
  format: "text" | "amount" | "qty" = "text",
  options: { blankZero?: boolean } = {},
): ColumnOf<Row> => ({ header, width, align: "right", format, ...options, value });

/** A decimal amount as printed (`1,234.50`); blank when there is none. */
export const printMoney = (amount: number | null): string => (amount === null ? "" : printAmount(amount));

export { printQty };

/** A record's table: columns with the value each picks from a row, typed where the table is written. */
export const documentTable = <Row>(table: {
  heading?: string;
  columns: ColumnOf<Row>[];
  rows: readonly Row[];
  footer?: string[];
}): TableSpec => tableOf(table.columns, table.rows, { heading: table.heading, footer: table.footer });

/** An answer that is JSON, or the same record as a file when `format` asks for one (OpenAPI: oneOf). */
export const jsonOrFile = <Schema extends z.ZodType>(schema: Schema) =>
  schema.or(
    z
      .custom<Buffer | Readable>((value) => Buffer.isBuffer(value) || value instanceof Readable)
      .meta({ type: "string", format: "binary" }),
  );
