import type { Readable } from "node:stream";
import {
  formatMinor,
  microToQty,
  minorToAmount,
  POS_SALES_GROUP_LABELS,
  type PosSalesReport,
  type PosSalesReportRequest,
  type PosSalesRow,
  parseMinor,
  salesLevelOf,
  type WasteReport,
  type WasteReportRequest,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import type { ColumnSpec, TableDocument } from "../../lib/documents/model";
import { tablePdf, tableXlsx } from "../../lib/documents/render";
import { type LineFigure, type OrderFigure, salesByLines, salesByOrders, wasteByProduct } from "./pos-reports.queries";

/** The sales report (WP5): one row per item, category, hour, counter or cashier, and the range's totals. */
export async function posSalesReport(
  db: Db,
  request: PosSalesReportRequest,
  timeZone: string,
): Promise<PosSalesReport> {
  const range = { startDate: request.startDate, endDate: request.endDate };
  const level = salesLevelOf(request.groupBy);
  const rows =
    request.groupBy === "item" || request.groupBy === "category"
      ? (await salesByLines(db, range, request.groupBy)).map(lineRow)
      : (await salesByOrders(db, range, request.groupBy, timeZone)).map(orderRow);
  const totals = rows.find((row) => row.key === TOTAL_KEY) ?? emptyTotals(level);
  return {
    startDate: request.startDate,
    endDate: request.endDate,
    groupBy: request.groupBy,
    level,
    rows: rows.filter((row) => row.key !== TOTAL_KEY),
    totals: { ...totals, key: TOTAL_KEY, label: "Total" },
  };
}

const TOTAL_KEY = "total";

function lineRow(figure: LineFigure): PosSalesRow {
  return {
    key: figure.total_row ? TOTAL_KEY : (figure.key ?? ""),
    label: figure.total_row ? "Total" : (figure.label ?? ""),
    orders: figure.orders,
    refunds: figure.refunds,
    qty: microToQty(figure.qty),
    gross: minorToAmount(figure.gross),
    discount: minorToAmount(figure.gross - figure.net),
    net: minorToAmount(figure.net),
    service: null,
    tax: null,
    total: null,
  };
}

function orderRow(figure: OrderFigure): PosSalesRow {
  return {
    key: figure.total_row ? TOTAL_KEY : (figure.key ?? ""),
    label: figure.total_row ? "Total" : (figure.label ?? ""),
    orders: figure.orders,
    refunds: figure.refunds,
    qty: null,
    gross: minorToAmount(figure.subtotal),
    discount: minorToAmount(figure.discount),
    net: minorToAmount(figure.subtotal - figure.discount),
    service: minorToAmount(figure.service),
    tax: minorToAmount(figure.tax),
    total: minorToAmount(figure.total),
  };
}

/** Totals of a range with no sales (the grand-total grouping set answers no row when nothing matches). */
function emptyTotals(level: "lines" | "orders"): PosSalesRow {
  const orders = level === "orders" ? 0 : null;
  return {
    key: TOTAL_KEY,
    label: "Total",
    orders: 0,
    refunds: 0,
    qty: level === "lines" ? 0 : null,
    gross: 0,
    discount: 0,
    net: 0,
    service: orders,
    tax: orders,
    total: orders,
  };
}

type Cells = (row: PosSalesRow) => (string | number | null)[];

/** The report as one table: the grouping's label, then the level's figures. */
function salesTable(report: PosSalesReport): { columns: ColumnSpec[]; cells: Cells } {
  const first: ColumnSpec = { header: POS_SALES_GROUP_LABELS[report.groupBy], width: 3, xlsxWidth: 32 };
  const count = (header: string): ColumnSpec => ({ header, width: 1, xlsxWidth: 10, align: "right" });
  const amount = (header: string): ColumnSpec => ({
    header,
    width: 1.4,
    xlsxWidth: 14,
    align: "right",
    format: "amount",
  });
  if (report.level === "lines")
    return {
      columns: [
        first,
        count("Orders"),
        count("Refunds"),
        { ...count("Qty"), format: "qty" },
        amount("Gross"),
        amount("Discount"),
        amount("Net sales"),
      ],
      cells: (row) => [row.label, row.orders, row.refunds, row.qty, row.gross, row.discount, row.net],
    };
  return {
    columns: [
      first,
      count("Orders"),
      count("Refunds"),
      amount("Net sales"),
      amount("Service"),
      amount("Tax"),
      amount("Total"),
    ],
    cells: (row) => [row.label, row.orders, row.refunds, row.net, row.service, row.tax, row.total],
  };
}

function salesDocument(report: PosSalesReport): TableDocument {
  const { columns, cells } = salesTable(report);
  const by = POS_SALES_GROUP_LABELS[report.groupBy].toLowerCase();
  const footer = cells(report.totals).map((cell, index) =>
    cell === null
      ? ""
      : typeof cell === "number" && columns[index]?.format === "amount"
        ? formatAmount(cell)
        : String(cell),
  );
  return {
    title: `Sales by ${by}`,
    subtitle: [
      `Business days ${report.startDate} to ${report.endDate}`,
      "Paid orders and refunds, as Day Close books them",
    ],
    fileName: `sales-by-${report.groupBy}-${report.startDate}-${report.endDate}`,
    table: { columns, rows: report.rows.map(cells), footer },
    sheet: { name: `Sales by ${by}` },
  };
}

const formatAmount = (amount: number) => formatMinor(parseMinor(amount) ?? 0n);

export const posSalesPdf = (db: Db, report: PosSalesReport): Promise<Buffer> => tablePdf(db, salesDocument(report));
export const posSalesXlsx = (report: PosSalesReport): Promise<Readable> => tableXlsx(salesDocument(report));

/** The waste report (WP5): what left stock as waste over the business days, by store product and location. */
export async function wasteReport(db: Db, request: WasteReportRequest): Promise<WasteReport> {
  const figures = await wasteByProduct(db, request);
  return {
    startDate: request.startDate,
    endDate: request.endDate,
    rows: figures.map((figure) => ({
      storeProductId: figure.store_product_id,
      code: figure.code,
      name: figure.name,
      unit: figure.unit,
      location: figure.location,
      qty: microToQty(figure.qty),
      value: minorToAmount(figure.value),
      moves: figure.moves,
    })),
    totals: {
      value: minorToAmount(figures.reduce((sum, figure) => sum + figure.value, 0n)),
      moves: figures.reduce((sum, figure) => sum + figure.moves, 0),
    },
  };
}

function wasteDocument(report: WasteReport): TableDocument {
  const amount = { width: 1.4, xlsxWidth: 14, align: "right", format: "amount" } as const;
  return {
    title: "Waste",
    subtitle: [`Business days ${report.startDate} to ${report.endDate}`, "At the cost each item left stock"],
    fileName: `waste-${report.startDate}-${report.endDate}`,
    table: {
      columns: [
        { header: "Code", width: 1, xlsxWidth: 12 },
        { header: "Product", width: 3, xlsxWidth: 32 },
        { header: "Location", width: 1.5, xlsxWidth: 16 },
        { header: "Unit", width: 0.8, xlsxWidth: 8 },
        { header: "Qty", width: 1.2, xlsxWidth: 12, align: "right", format: "qty" },
        { header: "Moves", width: 0.8, xlsxWidth: 8, align: "right" },
        { header: "Value", ...amount },
      ],
      rows: report.rows.map((row) => [row.code, row.name, row.location, row.unit, row.qty, row.moves, row.value]),
      footer: ["Total", "", "", "", "", String(report.totals.moves), formatAmount(report.totals.value)],
    },
    sheet: { name: "Waste" },
  };
}

export const wastePdf = (db: Db, report: WasteReport): Promise<Buffer> => tablePdf(db, wasteDocument(report));
export const wasteXlsx = (report: WasteReport): Promise<Readable> => tableXlsx(wasteDocument(report));
