import { existsSync } from "node:fs";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import type { Db } from "../db/client";
import { companyProfile } from "../db/schema/index";

export type Pdf = InstanceType<typeof PDFDocument>;

export interface Company {
  name: string;
  address: string;
  phone: string;
  email: string;
  ntn: string;
  logoPath: string | null;
}

export async function loadCompany(db: Db): Promise<Company> {
  const [row] = await db.select().from(companyProfile).where(eq(companyProfile.id, 1));
  return row ?? { name: "CARGODESK", address: "", phone: "", email: "", ntn: "", logoPath: null };
}

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

/** The company header every document starts with: logo, name, address, NTN. */
export function drawCompanyHeader(doc: Pdf, company: Company, title: string): void {
  const top = doc.y;
  const left = doc.page.margins.left;
  let textLeft = left;
  if (company.logoPath && existsSync(company.logoPath)) {
    doc.image(company.logoPath, left, top, { fit: [60, 60] });
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
