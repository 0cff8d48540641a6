import PDFDocument from "pdfkit";
import type { DocumentCompany } from "./model";

/**
 * The PDF drawing kit (pdfkit): a page, the company header, a table that runs over pages, page
 * numbers. Runs in the worker pool only (workers/tasks.ts); the request thread never loads pdfkit.
 */
export type Pdf = InstanceType<typeof PDFDocument>;

export function createPdf(options: { landscape?: boolean; title: string }): Pdf {
  return new PDFDocument({
    size: "A4",
    layout: options.landscape ? "landscape" : "portrait",
    margin: 36,
    info: { Title: options.title, Producer: "CargoDesk", Creator: "CargoDesk" },
    bufferPages: true,
  });
}

/** Ends the document and resolves with its bytes. */
export function pdfBuffer(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.end();
  });
}

const logoSources = new WeakMap<Uint8Array, string>();

/**
 * The logo as pdfkit's image source. A data URL (not the bytes) because pdfkit keeps one copy of an
 * image per source text, so a logo drawn on every page or waybill is stored in the file once.
 */
export function logoSource(company: DocumentCompany): string | null {
  if (!company.logo) return null;
  let source = logoSources.get(company.logo);
  if (!source) {
    source = `data:image;base64,${Buffer.from(company.logo).toString("base64")}`;
    logoSources.set(company.logo, source);
  }
  return source;
}

/** The company header every document starts with: logo, name, address, NTN. */
export function drawCompanyHeader(doc: Pdf, company: DocumentCompany, title: string): void {
  const top = doc.y;
  const left = doc.page.margins.left;
  let textLeft = left;
  const logo = logoSource(company);
  if (logo) {
    doc.image(logo, left, top, { fit: [60, 60] });
    textLeft = left + 70;
  }
  doc
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(company.name, textLeft, top, { width: contentWidth(doc) - (textLeft - left) });
  doc.font("Helvetica").fontSize(9);
  const details = [
    company.address,
    [company.phone, company.email].filter(Boolean).join("  "),
    company.ntn ? `NTN: ${company.ntn}` : "",
  ];
  for (const line of details.filter(Boolean)) doc.text(line, textLeft);
  doc.moveDown(0.5);
  doc
    .font("Helvetica-Bold")
    .fontSize(13)
    .text(title, left, Math.max(doc.y, top + 62), { width: contentWidth(doc), align: "center" });
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(9);
}

export const contentWidth = (doc: Pdf) => doc.page.width - doc.page.margins.left - doc.page.margins.right;

export interface Column<Row> {
  header: string;
  width: number;
  align?: "left" | "right" | "center";
  value: (row: Row) => string;
}

/** A table that breaks across pages and repeats its header; widths are fractions of the content width. */
export function drawTable<Row>(
  doc: Pdf,
  columns: Column<Row>[],
  rows: readonly Row[],
  options: { fontSize?: number } = {},
): void {
  const fontSize = options.fontSize ?? 8;
  const total = contentWidth(doc);
  const widths = columns.map((column) => column.width * total);
  const left = doc.page.margins.left;
  const padding = 3;
  const rowHeight = (cells: string[], bold: boolean) => {
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    return (
      Math.max(...cells.map((cell, index) => doc.heightOfString(cell, { width: (widths[index] ?? 0) - 2 * padding }))) +
      2 * padding
    );
  };
  const drawRow = (cells: string[], bold: boolean) => {
    const height = rowHeight(cells, bold);
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      if (!bold)
        drawRow(
          columns.map((column) => column.header),
          true,
        );
    }
    const y = doc.y;
    let x = left;
    if (bold) doc.rect(left, y, total, height).fill("#e8eef5").fillColor("black");
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(fontSize);
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 0;
      doc.text(cell, x + padding, y + padding, { width: width - 2 * padding, align: columns[index]?.align ?? "left" });
      x += width;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + total, y + height)
      .lineWidth(0.3)
      .strokeColor("#999999")
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  drawRow(
    columns.map((column) => column.header),
    true,
  );
  for (const row of rows)
    drawRow(
      columns.map((column) => column.value(row)),
      false,
    );
}

/** Page numbers at the foot of every page, once the content is laid out. */
export function numberPages(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would make pdfkit start a new page; lift the margin meanwhile.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(7)
      .text(`Page ${index + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - margin + 12, {
        width: contentWidth(doc),
        align: "right",
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}

/** Label and value pairs in two columns, the label bold; a value too long for its half wraps in it. */
export function drawFacts(doc: Pdf, facts: readonly (readonly [string, string])[]): void {
  const left = doc.page.margins.left;
  const half = contentWidth(doc) / 2;
  for (let index = 0; index < facts.length; index += 2) {
    const y = doc.y;
    for (const [offset, fact] of [facts[index], facts[index + 1]].entries()) {
      if (!fact) continue;
      doc
        .font("Helvetica-Bold")
        .fontSize(9)
        .text(`${fact[0]}: `, left + offset * half, y, { width: half - 6, continued: true });
      doc.font("Helvetica").text(fact[1] || "-");
    }
    doc.y = Math.max(doc.y, y + 13);
  }
  doc.x = left;
}

/** Signature lines side by side, each with its label under it, `gap` lines below the content. */
export function drawSignatures(doc: Pdf, labels: readonly string[], gap: number, fontSize = 9): void {
  doc.moveDown(gap);
  const left = doc.page.margins.left;
  const width = contentWidth(doc) / labels.length;
  const y = Math.min(doc.y, doc.page.height - doc.page.margins.bottom - 30);
  labels.forEach((label, index) => {
    const x = left + index * width;
    doc
      .moveTo(x + 10, y)
      .lineTo(x + width - 10, y)
      .lineWidth(0.5)
      .strokeColor("#000000")
      .stroke();
    doc
      .font("Helvetica")
      .fontSize(fontSize)
      .text(label, x, y + 4, { width, align: "center" });
  });
}
