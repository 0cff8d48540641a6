import type { Readable } from "node:stream";
import {
  STORE_PRODUCT_COLUMNS,
  STORE_PRODUCT_MESSAGES,
  STORE_PRODUCT_UPLOAD_ROWS,
  type StoreProductRow,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import type { ColumnOf, ColumnSpec } from "../../lib/documents/model";
import { sheetXlsx, uploadTemplateXlsx } from "../../lib/documents/render";
import { readSheet } from "../../lib/tabular";
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
export function templateXlsx(): Promise<Readable> {
  const widths: Record<string, number> = { name: 30, group: 16, opening_unit_cost: 18 };
  const columns: ColumnSpec[] = STORE_PRODUCT_COLUMNS.map((column) => ({
    header: column,
    xlsxWidth: widths[column] ?? 14,
  }));
  return uploadTemplateXlsx("Store products", columns);
}

/** Every listed product with its stock, as the list shows it. */
export function exportXlsx(rows: readonly StoreProductRow[], today: string): Promise<Readable> {
  const columns: ColumnOf<StoreProductRow>[] = [
    { header: "Code", xlsxWidth: 12, value: (row) => row.code },
    { header: "Name", xlsxWidth: 30, value: (row) => row.name },
    { header: "Group", xlsxWidth: 16, value: (row) => row.group },
    { header: "Stock UOM", xlsxWidth: 10, value: (row) => row.stockUom },
    { header: "Purchase UOM", xlsxWidth: 12, value: (row) => row.purchaseUom },
    { header: "Purchase factor", xlsxWidth: 12, value: (row) => row.purchaseFactor },
    { header: "Barcode", xlsxWidth: 16, value: (row) => row.barcode },
    { header: "Reorder level", xlsxWidth: 12, value: (row) => row.reorderLevel },
    { header: "Par level", xlsxWidth: 12, value: (row) => row.parLevel },
    { header: "On hand Store", xlsxWidth: 14, value: (row) => row.storeQty },
    { header: "On hand Kitchen", xlsxWidth: 14, value: (row) => row.kitchenQty },
    { header: "Average cost", xlsxWidth: 14, format: "amount", value: (row) => row.averageCost },
    { header: "Value", xlsxWidth: 16, format: "amount", value: (row) => row.value },
    { header: "Below reorder", xlsxWidth: 12, value: (row) => (row.belowReorder ? "YES" : "") },
    { header: "Active", xlsxWidth: 8, value: (row) => (row.active ? "YES" : "NO") },
  ];
  return sheetXlsx({ name: "Store products", title: `Store Product List as of ${today}` }, columns, rows);
}
