import type { DocumentCompany } from "./documents/model";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawFacts,
  drawTable,
  numberPages,
  pdfBuffer,
} from "./documents/pdfkit";

/**
 * A statement as a PDF: the company header, a title, key facts in two columns, then titled tables
 * of text already formatted (money, quantities, dates). Pure drawing from plain data, so it runs in
 * the worker pool (workers/tasks.ts); the Z and X reports are statements.
 */
export interface StatementSection {
  heading: string;
  columns: readonly { header: string; width: number; align?: "left" | "right" }[];
  rows: readonly (readonly string[])[];
  /** Printed instead of an empty table. */
  empty?: string;
}

export interface StatementJob {
  company: DocumentCompany;
  title: string;
  subtitle: readonly string[];
  facts: readonly (readonly [string, string])[];
  sections: readonly StatementSection[];
  /** A line under everything (who printed it, that it is a reprint). */
  footer?: string;
}

export async function renderStatement(job: StatementJob): Promise<Uint8Array> {
  const doc = createPdf({ title: job.title });
  drawCompanyHeader(doc, job.company, job.title);
  for (const line of job.subtitle)
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(line, doc.page.margins.left, doc.y, { width: contentWidth(doc), align: "center" });
  doc.moveDown(0.5);
  drawFacts(doc, job.facts);
  for (const section of job.sections) {
    doc.moveDown(0.8);
    // Keep a heading with the first rows of its table.
    if (doc.y + 60 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.font("Helvetica-Bold").fontSize(10).text(section.heading, doc.page.margins.left, doc.y);
    doc.moveDown(0.2);
    if (section.rows.length === 0) {
      doc
        .font("Helvetica")
        .fontSize(9)
        .text(section.empty ?? "None", doc.page.margins.left, doc.y);
      continue;
    }
    const total = section.columns.reduce((sum, column) => sum + column.width, 0);
    const columns: Column<readonly string[]>[] = section.columns.map((column, index) => ({
      header: column.header,
      width: column.width / total,
      align: column.align ?? "left",
      value: (row) => row[index] ?? "",
    }));
    drawTable(doc, columns, section.rows);
  }
  if (job.footer) doc.moveDown(1).font("Helvetica").fontSize(8).text(job.footer, doc.page.margins.left, doc.y);
  numberPages(doc);
  return new Uint8Array(await pdfBuffer(doc));
}
