import {
  STORE_PRODUCT_COLUMNS,
  STORE_PRODUCT_MESSAGES,
  STORE_PRODUCT_UPLOAD_ROWS,
  type StoreProductRow,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { readSheet } from "../../lib/tabular";
import { type SheetColumn, xlsxBuffer } from "../../lib/xlsx";
import { findUnits } from "../units";
import { type Candidate, candidateOfCells, unitFinder } from "./store-products.check";

const REQUIRED = ["name", "stock_uom"] as const;

/** "Stock UOM" or "stock-uom" in a header reads as stock_uom. */
const columnName = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");

/**
 * Reads an uploaded CSV or XLSX (in the worker pool, within the sheet limits) into one candidate
 * per data row, each checked with the single add's schema. Refuses a file without the name and
 * stock_uom columns or with more than 5,000 rows.
 */
export async function readUpload(db: Db, file: Buffer): Promise<Candidate[]> {
  const rows = await readSheet(file, []);
  const normalized = rows.map(({ row, cells }) => ({
    row,
    cells: Object.fromEntries(Object.entries(cells).map(([key, value]) => [columnName(key), value])),
  }));
  const header = Object.keys(normalized[0]?.cells ?? {});
  const missing = REQUIRED.filter((column) => !header.includes(column));
  if (missing.length > 0)
    throw new AppError("SHEET_UNREADABLE", `file: The header row must have the column(s) ${missing.join(", ")}`, [
      ...missing.map((column) => ({ row: 1, column, message: "Missing column" })),
    ]);
  if (normalized.length > STORE_PRODUCT_UPLOAD_ROWS)
    throw new AppError("SHEET_UNREADABLE", `file: ${STORE_PRODUCT_MESSAGES.tooManyRows}`, [
      { field: "file", message: STORE_PRODUCT_MESSAGES.tooManyRows },
    ]);
  const find = unitFinder(await findUnits(db));
  return normalized.map(({ row, cells }) => candidateOfCells(row, cells, find));
}

/** The upload template: the columns in order, and one sheet; units are typed by name or symbol. */
export function templateXlsx(): Promise<Buffer> {
  const widths: Record<string, number> = { name: 30, group: 16, opening_unit_cost: 18 };
  const columns: SheetColumn<never>[] = STORE_PRODUCT_COLUMNS.map((column) => ({
    header: column,
    width: widths[column] ?? 14,
    value: () => null,
  }));
  return xlsxBuffer("Store products", columns, []);
}

/** Every listed product with its stock, as the list shows it. */
export function exportXlsx(rows: readonly StoreProductRow[], today: string): Promise<Buffer> {
  const columns: SheetColumn<StoreProductRow>[] = [
    { header: "Code", width: 12, value: (row) => row.code },
    { header: "Name", width: 30, value: (row) => row.name },
    { header: "Group", width: 16, value: (row) => row.group },
    { header: "Stock UOM", width: 10, value: (row) => row.stockUom },
    { header: "Purchase UOM", width: 12, value: (row) => row.purchaseUom },
    { header: "Purchase factor", width: 12, value: (row) => row.purchaseFactor },
    { header: "Barcode", width: 16, value: (row) => row.barcode },
    { header: "Reorder level", width: 12, value: (row) => row.reorderLevel },
    { header: "Par level", width: 12, value: (row) => row.parLevel },
    { header: "On hand Store", width: 14, value: (row) => row.storeQty },
    { header: "On hand Kitchen", width: 14, value: (row) => row.kitchenQty },
    { header: "Average cost", width: 14, value: (row) => row.averageCost, money: true },
    { header: "Value", width: 16, value: (row) => row.value, money: true },
    { header: "Below reorder", width: 12, value: (row) => (row.belowReorder ? "YES" : "") },
    { header: "Active", width: 8, value: (row) => (row.active ? "YES" : "NO") },
  ];
  return xlsxBuffer("Store products", columns, rows, `Store Product List as of ${today}`);
}
