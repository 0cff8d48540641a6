import type { Readable } from "node:stream";
import { formatMinor } from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type TableDocument, tableOf } from "../../lib/documents/model";
import { tablePdf as renderTablePdf, tableXlsx as renderTableXlsx } from "../../lib/documents/render";

export interface ReportColumn<Row> {
  header: string;
  /** Share of the page width in the PDF. */
  width: number;
  /** Column width in the spreadsheet, in characters. */
  xlsxWidth: number;
  align?: "left" | "right";
  /** Minor units render as money (2 decimals, thousands separators, blank for zero; a spreadsheet number in XLSX). */
  money?: boolean;
  /** The row's value in this column, picked and not formatted: the worker prints it (lib/documents). */
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

/** The report as a plain document: each cell picked from its row here, printed in the worker. */
export function reportDocument<Row>(report: TableReport<Row>): TableDocument {
  const { title, subtitle, landscape, fileName } = report;
  const columns = report.columns.map(({ money, align, ...column }) => ({
    ...column,
    align: align ?? (money ? "right" : "left"),
    ...(money ? { format: "minor" as const, blankZero: true } : {}),
  }));
  return { title, subtitle, landscape, fileName, table: tableOf(columns, report.rows) };
}

export function tablePdf<Row>(db: Db, report: TableReport<Row>): Promise<Buffer> {
  return renderTablePdf(db, reportDocument(report));
}

export function tableXlsx<Row>(report: TableReport<Row>): Promise<Readable> {
  return renderTableXlsx(reportDocument(report));
}
