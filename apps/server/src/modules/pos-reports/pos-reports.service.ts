import type { Readable } from "node:stream";
import {
  microToQty,
  minorToAmount,
  POS_SALES_GROUP_LABELS,
  type PosSalesReport,
  type PosSalesReportRequest,
  type PosSalesRow,
  salesLevelOf,
  type WasteReport,
  type WasteReportRequest,
  type WasteRow,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { type ColumnOf, printCell, type TableDocument, tableOf } from "../../lib/documents/model";
import { tablePdf, tableXlsx } from "../../lib/documents/render";
import { numberColumn } from "../../lib/record-document";
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

/** A right-aligned figure column of the report's file. */
const figure = <Row>(
  header: string,
  width: number,
  value: (row: Row) => number | null,
  format: "text" | "amount" | "qty" = "text",
): ColumnOf<Row> => ({ ...numberColumn(header, width, value, format), xlsxWidth: format === "amount" ? 14 : 10 });

/** The report as one table: the grouping's label, then the level's figures. */
function salesColumns(report: PosSalesReport): ColumnOf<PosSalesRow>[] {
  const first: ColumnOf<PosSalesRow> = {
    header: POS_SALES_GROUP_LABELS[report.groupBy],
    width: 3,
    xlsxWidth: 32,
    value: (row) => row.label,
  };
  const counts = [
    figure<PosSalesRow>("Orders", 1, (row) => row.orders),
    figure<PosSalesRow>("Refunds", 1, (row) => row.refunds),
  ];
  if (report.level === "lines")
    return [
      first,
      ...counts,
      figure("Qty", 1, (row) => row.qty, "qty"),
      figure("Gross", 1.4, (row) => row.gross, "amount"),
      figure("Discount", 1.4, (row) => row.discount, "amount"),
      figure("Net sales", 1.4, (row) => row.net, "amount"),
    ];
  return [
    first,
    ...counts,
    figure("Net sales", 1.4, (row) => row.net, "amount"),
    figure("Service", 1.4, (row) => row.service, "amount"),
    figure("Tax", 1.4, (row) => row.tax, "amount"),
    figure("Total", 1.4, (row) => row.total, "amount"),
  ];
}

/** A total line as the PDF prints it: each column's value of `totals`, formatted as the column says. */
const footerOf = <Row>(columns: readonly ColumnOf<Row>[], totals: Row): string[] =>
  columns.map((column) => printCell(column.value(totals), column));

function salesDocument(report: PosSalesReport): TableDocument {
  const columns = salesColumns(report);
  const by = POS_SALES_GROUP_LABELS[report.groupBy].toLowerCase();
  return {
    title: `Sales by ${by}`,
    subtitle: [
      `Business days ${report.startDate} to ${report.endDate}`,
      "Paid orders and refunds, as Day Close books them",
    ],
    fileName: `sales-by-${report.groupBy}-${report.startDate}-${report.endDate}`,
    table: tableOf(columns, report.rows, { footer: footerOf(columns, report.totals) }),
    sheet: { name: `Sales by ${by}` },
  };
}

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

type WasteLine = Omit<WasteRow, "storeProductId" | "qty"> & { qty: number | null };

const WASTE_COLUMNS: readonly ColumnOf<WasteLine>[] = [
  { header: "Code", width: 1, xlsxWidth: 12, value: (row) => row.code },
  { header: "Product", width: 3, xlsxWidth: 32, value: (row) => row.name },
  { header: "Location", width: 1.5, xlsxWidth: 16, value: (row) => row.location },
  { header: "Unit", width: 0.8, xlsxWidth: 8, value: (row) => row.unit },
  figure("Qty", 1.2, (row) => row.qty, "qty"),
  figure("Moves", 0.8, (row) => row.moves),
  figure("Value", 1.4, (row) => row.value, "amount"),
];

function wasteDocument(report: WasteReport): TableDocument {
  const totals: WasteLine = { code: "Total", name: "", location: "", unit: "", qty: null, ...report.totals };
  return {
    title: "Waste",
    subtitle: [`Business days ${report.startDate} to ${report.endDate}`, "At the cost each item left stock"],
    fileName: `waste-${report.startDate}-${report.endDate}`,
    table: tableOf(WASTE_COLUMNS, report.rows, { footer: footerOf(WASTE_COLUMNS, totals) }),
    sheet: { name: "Waste" },
  };
}

export const wastePdf = (db: Db, report: WasteReport): Promise<Buffer> => tablePdf(db, wasteDocument(report));
export const wasteXlsx = (report: WasteReport): Promise<Readable> => tableXlsx(wasteDocument(report));
