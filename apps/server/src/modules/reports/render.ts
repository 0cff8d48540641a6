import { formatMinor, minorToAmount } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import {
  type Column,
  contentWidth,
  createPdf,
  drawCompanyHeader,
  drawTable,
  loadCompany,
  numberPages,
  pdfBuffer,
} from "../../lib/pdf";
import { type SheetColumn, xlsxBuffer } from "../../lib/xlsx";

export interface ReportColumn<Row> {
  header: string;
  /** Share of the page width in the PDF. */
  width: number;
  /** Column width in the spreadsheet, in characters. */
  xlsxWidth: number;
  align?: "left" | "right";
  /** Minor units render as money (2 decimals, thousands separators; a spreadsheet number in XLSX). */
  money?: boolean;
  value: (row: Row) => string | number | bigint | null;
}

export interface TableReport<Row> {
  title: string;
  /** Lines under the title: the period, the account, totals. */
  subtitle: string[];
  columns: ReportColumn<Row>[];
  rows: readonly Row[];
  landscape?: boolean;
  fileName: string;
}

/** Minor units as printed: exact digits from the integer, never through a float; blank for zero. */
export const moneyText = (minor: bigint | number | null): string =>
  minor === null || minor === 0 || minor === 0n ? "" : formatMinor(minor);

const display = <Row>(column: ReportColumn<Row>, row: Row): string => {
  const value = column.value(row);
  if (column.money) return typeof value === "number" || typeof value === "bigint" ? moneyText(value) : "";
  return value === null ? "" : String(value);
};

/** "From 01 Jul 2025 to 22 Nov 2026", from the chosen dates (never a fixed year). */
export function periodLabel(from: string | null, to: string | null): string {
  const pretty = (date: string) =>
    new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", {
      day: "2-digit",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
  if (from && to) return `From ${pretty(from)} to ${pretty(to)}`;
  if (to) return `Up to ${pretty(to)}`;
  if (from) return `From ${pretty(from)}`;
  return "";
}

export async function tablePdf<Row>(db: Db, report: TableReport<Row>): Promise<Buffer> {
  const doc = createPdf({ title: report.title, landscape: report.landscape });
  drawCompanyHeader(doc, await loadCompany(db), report.title);
  doc.font("Helvetica").fontSize(9);
  for (const line of report.subtitle.filter(Boolean))
    doc.text(line, doc.page.margins.left, doc.y, { width: contentWidth(doc), align: "center" });
  doc.moveDown(0.5);
  const total = report.columns.reduce((sum, column) => sum + column.width, 0);
  const columns: Column<Row>[] = report.columns.map((column) => ({
    header: column.header,
    width: column.width / total,
    align: column.align ?? (column.money ? "right" : "left"),
    value: (row) => display(column, row),
  }));
  drawTable(doc, columns, report.rows);
  numberPages(doc);
  return pdfBuffer(doc);
}

export function tableXlsx<Row>(report: TableReport<Row>): Promise<Buffer> {
  const columns: SheetColumn<Row>[] = report.columns.map((column) => ({
    header: column.header,
    width: column.xlsxWidth,
    money: column.money,
    value: (row) => {
      const value = column.value(row);
      if (typeof value === "bigint") return minorToAmount(value);
      return column.money && typeof value === "number" ? minorToAmount(value) : value;
    },
  }));
  return xlsxBuffer(report.title, columns, report.rows, [report.title, ...report.subtitle.filter(Boolean)].join(" — "));
}
