import type { Readable } from "node:stream";
import {
  FOOD_COST_FIGURES,
  FOOD_COST_HEADINGS,
  type FoodCostFigureName,
  type FoodCostReport,
  type FoodCostReportRequest,
  type FoodCostRow,
  type FoodCostTotals,
  microToQty,
  minorToAmount,
  mulDivRound,
  RESTAURANT_REPORT_MESSAGES,
  type StockFigure,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { type ColumnOf, printCell, type TableDocument, tableOf } from "../../lib/documents/model";
import { tablePdf, tableXlsx } from "../../lib/documents/render";
import { numberColumn } from "../../lib/record-document";
import { type FoodCostFigure, foodCostByProduct, foodCostLocations, netSales } from "./food-cost.queries";

interface Micro {
  qty: bigint;
  value: bigint;
}

const FIGURES = FOOD_COST_FIGURES;
type FigureName = FoodCostFigureName;
const HEADERS = FOOD_COST_HEADINGS;

/**
 * One product's figures in micro-units and minor units (docs/reports.md, "Food cost"): usage and
 * waste positive when stock left, closing = opening + received - theoretical - waste + counted,
 * actual = opening + received - closing, variance = actual - theoretical.
 */
export function foodCostFigures(figure: FoodCostFigure): Record<FigureName, Micro> {
  const opening = { qty: figure.opening_qty, value: figure.opening_value };
  const received = { qty: figure.received_qty, value: figure.received_value };
  const theoretical = { qty: -figure.sold_qty, value: -figure.sold_value };
  const waste = { qty: -figure.waste_qty, value: -figure.waste_value };
  const closing = {
    qty: opening.qty + received.qty + figure.sold_qty + figure.waste_qty + figure.counted_qty,
    value: opening.value + received.value + figure.sold_value + figure.waste_value + figure.counted_value,
  };
  const actual = {
    qty: opening.qty + received.qty - closing.qty,
    value: opening.value + received.value - closing.value,
  };
  const variance = { qty: actual.qty - theoretical.qty, value: actual.value - theoretical.value };
  return { opening, received, theoretical, waste, closing, actual, variance };
}

const shown = (figure: Micro): StockFigure => ({ qty: microToQty(figure.qty), value: minorToAmount(figure.value) });

/** A cost as a percentage of net sales, 2 places; null without sales. */
const percentOf = (cost: bigint, sales: bigint): number | null =>
  sales > 0n ? Number(mulDivRound(cost, 10_000n, sales)) / 100 : null;

/** The food cost report (WP5): per store product at the Kitchen (or the location chosen), and the food cost %. */
export async function foodCostReport(db: Db, request: FoodCostReportRequest): Promise<FoodCostReport> {
  const locationId = request.locationId ?? null;
  const locations = await foodCostLocations(db, locationId);
  if (locationId !== null && locations.length === 0)
    throw new AppError("VALIDATION", RESTAURANT_REPORT_MESSAGES.location, [
      { field: "locationId", message: RESTAURANT_REPORT_MESSAGES.location },
    ]);
  const range = { startDate: request.startDate, endDate: request.endDate };
  const figures =
    locations.length === 0
      ? []
      : await foodCostByProduct(
          db,
          range,
          locations.map((location) => location.id),
        );
  const sales = await netSales(db, range);
  const sums = Object.fromEntries(FIGURES.map((name) => [name, 0n])) as Record<FigureName, bigint>;
  const rows = figures.map((figure): FoodCostRow => {
    const micro = foodCostFigures(figure);
    for (const name of FIGURES) sums[name] += micro[name].value;
    return {
      storeProductId: figure.store_product_id,
      code: figure.code,
      name: figure.name,
      unit: figure.unit,
      opening: shown(micro.opening),
      received: shown(micro.received),
      theoretical: shown(micro.theoretical),
      waste: shown(micro.waste),
      closing: shown(micro.closing),
      actual: shown(micro.actual),
      variance: shown(micro.variance),
    };
  });
  const totals = Object.fromEntries(FIGURES.map((name) => [name, minorToAmount(sums[name])])) as FoodCostTotals;
  return {
    startDate: request.startDate,
    endDate: request.endDate,
    locationId,
    location: locations.map((location) => location.name).join(", "),
    rows,
    totals,
    netSales: minorToAmount(sales),
    foodCostPct: percentOf(sums.theoretical, sales),
    actualCostPct: percentOf(sums.actual, sales),
  };
}

/** A printed line: a product's quantities and values, or the total (values only). */
interface FoodCostLine {
  name: string;
  unit: string;
  figures: Record<FigureName, { qty: number | null; value: number }>;
}

const FOOD_COST_COLUMNS: readonly ColumnOf<FoodCostLine>[] = [
  { header: "Product", width: 2.4, xlsxWidth: 32, value: (row) => row.name },
  { header: "Unit", width: 0.6, xlsxWidth: 8, value: (row) => row.unit },
  ...FIGURES.flatMap((name) => [
    {
      ...numberColumn<FoodCostLine>(`${HEADERS[name]} qty`, 1.05, (row) => row.figures[name].qty, "qty"),
      xlsxWidth: 12,
    },
    {
      ...numberColumn<FoodCostLine>(`${HEADERS[name]} value`, 1.1, (row) => row.figures[name].value, "amount"),
      xlsxWidth: 14,
    },
  ]),
];

const percentText = (pct: number | null) => (pct === null ? "no sales" : `${pct.toFixed(2)}%`);

function foodCostDocument(report: FoodCostReport): TableDocument {
  const lines = report.rows.map(
    (row): FoodCostLine => ({
      name: `${row.name} (${row.code})`,
      unit: row.unit,
      figures: Object.fromEntries(FIGURES.map((name) => [name, row[name]])) as FoodCostLine["figures"],
    }),
  );
  const totals: FoodCostLine = {
    name: "Total",
    unit: "",
    figures: Object.fromEntries(
      FIGURES.map((name) => [name, { qty: null, value: report.totals[name] }]),
    ) as FoodCostLine["figures"],
  };
  const footer = FOOD_COST_COLUMNS.map((column) => printCell(column.value(totals), column));
  return {
    title: "Food cost",
    subtitle: [
      `Business days ${report.startDate} to ${report.endDate}, ${report.location || "no Kitchen location"}`,
      `Net sales ${printCell(report.netSales, { header: "", format: "amount" })}; food cost ${percentText(report.foodCostPct)} (theoretical), ${percentText(report.actualCostPct)} (actual)`,
    ],
    fileName: `food-cost-${report.startDate}-${report.endDate}`,
    landscape: true,
    fontSize: 7,
    table: tableOf(FOOD_COST_COLUMNS, lines, { footer }),
    sheet: { name: "Food cost" },
  };
}

export const foodCostPdf = (db: Db, report: FoodCostReport): Promise<Buffer> => tablePdf(db, foodCostDocument(report));
export const foodCostXlsx = (report: FoodCostReport): Promise<Readable> => tableXlsx(foodCostDocument(report));
