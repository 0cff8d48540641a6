import type { Readable } from "node:stream";
import {
  PRODUCT_MESSAGES,
  PRODUCT_UPLOAD_COLUMNS,
  PRODUCT_UPLOAD_REQUIRED,
  PRODUCT_UPLOAD_ROWS,
  type ProductInput,
  type ProductUploadCheck,
  productInputSchema,
  PRODUCT_UPLOAD_MESSAGES as U,
} from "@cargodesk/shared";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { products, productVariants, storeProducts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { uploadTemplateXlsx } from "../../lib/documents/render";
import { type RowIssue, readSheet, rejectIssues, type SheetRow } from "../../lib/tabular";
import { type Lookups, loadLookups } from "./menu-products.lookups";
import { insertProduct, refuseDuplicateProduct } from "./menu-products.service";

/** Reads an uploaded CSV or XLSX (in the worker pool) into its data rows. */
export async function readProductSheet(file: Buffer): Promise<SheetRow[]> {
  const rows = await readSheet(file, PRODUCT_UPLOAD_REQUIRED);
  if (rows.length > PRODUCT_UPLOAD_ROWS) {
    throw new AppError("SHEET_UNREADABLE", `file: ${U.tooManyRows}`, [{ field: "file", message: U.tooManyRows }]);
  }
  return rows;
}

/** The upload template: the columns in order on one sheet. */
export function productTemplateXlsx(): Promise<Readable> {
  return uploadTemplateXlsx(
    "Products",
    PRODUCT_UPLOAD_COLUMNS.map((column) => ({ header: column, xlsxWidth: column.length < 10 ? 12 : 18 })),
  );
}

type Report = ProductUploadCheck["rows"][number];
type CellError = Report["errors"][number];

/** The product's columns: every row of one product code must agree on them. */
const PRODUCT_COLUMNS = ["product name", "category", "tax class", "station", "tracking"] as const;

/** Where a schema issue lands in the sheet. */
const FIELD_COLUMN: Record<string, string> = {
  code: "product code",
  name: "product name",
  categoryId: "category",
  taxClassId: "tax class",
  stationId: "station",
  track: "tracking",
  price: "price",
  barcode: "barcode",
  directStoreProductId: "store product",
  directQty: "store quantity",
  sizeId: "size",
  flavourId: "flavour",
};

interface Group {
  key: string;
  rows: { sheet: SheetRow; report: Report }[];
}

const cell = (row: SheetRow, column: string) => (row.cells[column] ?? "").trim();
const lower = (text: string) => text.toLowerCase();
const DECIMAL = /^\d+(\.\d+)?$/;

/** A name looked up in a lookup map, with the row error when it is missing. */
function pick(map: Map<string, number>, name: string, column: string, missing: (name: string) => string) {
  if (name === "") return { id: null, error: null };
  const id = map.get(lower(name));
  return id === undefined ? { id: null, error: { column, message: missing(name) } } : { id, error: null };
}

function categoryOf(lookups: Lookups, name: string): { id: number | null; error: CellError | null } {
  if (name === "") return { id: null, error: { column: "category", message: PRODUCT_MESSAGES.category } };
  const key = lower(name).replace(/\s*>\s*/g, " > ");
  const ids = lookups.categories.get(key) ?? [];
  if (ids.length === 1) return { id: ids[0] ?? null, error: null };
  const message = ids.length === 0 ? U.unknownCategory(name) : U.ambiguousCategory(name);
  return { id: null, error: { column: "category", message } };
}

/** Builds one product from its rows and checks it with Product Add's own schema; errors land on their rows. */
function buildProduct(group: Group, lookups: Lookups): ProductInput | null {
  const first = group.rows[0];
  if (!first) return null;
  const head = first.sheet;
  const errorsOf = (index: number) => group.rows[index]?.report.errors ?? first.report.errors;
  for (const { sheet, report } of group.rows.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      if (lower(cell(sheet, column)) !== lower(cell(head, column)))
        report.errors.push({ column, message: U.differs(column, head.row) });
    }
  }
  const category = categoryOf(lookups, cell(head, "category"));
  const taxClass = pick(lookups.taxClasses, cell(head, "tax class"), "tax class", U.unknownTaxClass);
  const station = pick(lookups.stations, cell(head, "station"), "station", U.unknownStation);
  for (const found of [category, taxClass, station]) if (found.error) first.report.errors.push(found.error);
  const track = lower(cell(head, "tracking")) || "none";
  const variants = group.rows.map(({ sheet, report }) => {
    const size = pick(lookups.sizes, cell(sheet, "size"), "size", U.unknownSize);
    const flavour = pick(lookups.flavours, cell(sheet, "flavour"), "flavour", U.unknownFlavour);
    const store = pick(lookups.storeProducts, cell(sheet, "store product"), "store product", U.unknownStoreProduct);
    for (const found of [size, flavour, store]) if (found.error) report.errors.push(found.error);
    const price = cell(sheet, "price");
    if (!DECIMAL.test(price)) report.errors.push({ column: "price", message: U.price });
    const qty = cell(sheet, "store quantity");
    if (qty !== "" && !DECIMAL.test(qty)) report.errors.push({ column: "store quantity", message: U.quantity });
    return {
      sizeId: size.id,
      flavourId: flavour.id,
      price: DECIMAL.test(price) ? Number(price) : 0,
      barcode: cell(sheet, "barcode") || null,
      active: true,
      directStoreProductId: store.id,
      directQty: qty !== "" && DECIMAL.test(qty) ? Number(qty) : null,
    };
  });
  const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
  const parsed = productInputSchema.safeParse({
    code: cell(head, "product code") || null,
    name: cell(head, "product name"),
    categoryId: category.id ?? 1,
    taxClassId: taxClass.id,
    stationId: station.id,
    track,
    availableInPos: track !== "recipe",
    sizeIds: unique(variants.map((variant) => variant.sizeId)),
    flavourIds: unique(variants.map((variant) => variant.flavourId)),
    variants,
  });
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const [field, index, part] = issue.path;
    if (field === "variants" && typeof index === "number") {
      // A repeated or stray cell is named on its size; a missing size or flavour was already reported.
      const column = typeof part === "string" ? (FIELD_COLUMN[part] ?? "size") : "size";
      const errors = errorsOf(index);
      if (!errors.some((error) => error.column === column)) errors.push({ column, message: issue.message });
    } else {
      const column = FIELD_COLUMN[String(field)] ?? "product name";
      if (!first.report.errors.some((error) => error.column === column))
        first.report.errors.push({ column, message: issue.message });
    }
  }
  return null;
}

/** Codes, names and barcodes already stored, or repeated across products in the file (barcode clashes kept apart: 409). */
async function checkTaken(tx: Db, groups: Group[], inputs: (ProductInput | null)[], clashes: Set<Report>) {
  const all = inputs.flatMap((input) => (input ? [input] : []));
  const codes = all.flatMap((input) => (input.code ? [lower(input.code)] : []));
  const names = all.map((input) => lower(input.name));
  const barcodes = all.flatMap((input) =>
    input.variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : [])),
  );
  const lowered = (column: typeof products.code | typeof products.name, values: string[]) =>
    values.length === 0
      ? Promise.resolve([])
      : tx
          .select({ value: sql<string>`lower(${column})` })
          .from(products)
          .where(inArray(sql`lower(${column})`, values));
  const takenCodes = new Set((await lowered(products.code, codes)).map((row) => row.value));
  const takenNames = new Set((await lowered(products.name, names)).map((row) => row.value));
  const takenBarcodes = new Set<string | null>();
  if (barcodes.length > 0) {
    const held = [
      ...(await tx
        .select({ barcode: productVariants.barcode })
        .from(productVariants)
        .where(inArray(productVariants.barcode, barcodes))),
      ...(await tx
        .select({ barcode: storeProducts.barcode })
        .from(storeProducts)
        .where(inArray(storeProducts.barcode, barcodes))),
    ];
    for (const row of held) takenBarcodes.add(row.barcode);
  }
  const namesInFile = new Map<string, string>();
  const barcodesInFile = new Map<string, string>();
  groups.forEach((group, index) => {
    const input = inputs[index];
    const first = group.rows[0]?.report;
    if (!input || !first) return;
    if (input.code && takenCodes.has(lower(input.code)))
      first.errors.push({ column: "product code", message: PRODUCT_MESSAGES.codeTaken });
    if (takenNames.has(lower(input.name)))
      first.errors.push({ column: "product name", message: PRODUCT_MESSAGES.nameTaken });
    else if ((namesInFile.get(lower(input.name)) ?? group.key) !== group.key)
      first.errors.push({ column: "product name", message: U.nameRepeated });
    namesInFile.set(lower(input.name), group.key);
    input.variants.forEach((variant, row) => {
      const report = group.rows[row]?.report;
      if (!variant.barcode || !report) return;
      if (takenBarcodes.has(variant.barcode)) {
        report.errors.push({ column: "barcode", message: PRODUCT_MESSAGES.barcodeTaken });
        clashes.add(report);
      } else if ((barcodesInFile.get(variant.barcode) ?? group.key) !== group.key) {
        report.errors.push({ column: "barcode", message: U.barcodeRepeated });
      }
      barcodesInFile.set(variant.barcode, group.key);
    });
  });
}

/** Rows grouped by product code (by name when the code is blank), in the file's order. */
function groupRows(rows: readonly SheetRow[]): Group[] {
  const groups = new Map<string, Group>();
  for (const sheet of rows) {
    const code = cell(sheet, "product code");
    const key = code ? `code:${lower(code)}` : `name:${lower(cell(sheet, "product name"))}`;
    const report: Report = {
      row: sheet.row,
      code,
      name: cell(sheet, "product name"),
      size: cell(sheet, "size"),
      flavour: cell(sheet, "flavour"),
      price: cell(sheet, "price"),
      errors: [],
    };
    const group = groups.get(key) ?? { key, rows: [] };
    group.rows.push({ sheet, report });
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The dry run answers every row with its errors and writes nothing. Saving checks again and creates
 * every product or none: a row error refuses the file (400 SHEET_ROWS_INVALID); when the only errors
 * are barcodes other products or store products hold, 409 RECORD_DUPLICATE.
 */
export async function uploadProducts(ctx: Ctx, rows: readonly SheetRow[], dryRun: boolean) {
  return ctx.db
    .transaction(async (tx) => {
      // One upload at a time, so two files cannot both take a name or barcode the check saw free.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('menu-products-upload'))`);
      const lookups = await loadLookups(tx, rows);
      const groups = groupRows(rows);
      const inputs = groups.map((group) => buildProduct(group, lookups));
      const clashes = new Set<Report>();
      await checkTaken(tx, groups, inputs, clashes);
      const reports = groups.flatMap((group) => group.rows.map((entry) => entry.report)).sort((a, b) => a.row - b.row);
      if (dryRun) return { rows: reports };
      const issues = (only: (report: Report) => boolean): RowIssue[] =>
        reports.filter(only).flatMap((report) => report.errors.map((error) => ({ row: report.row, ...error })));
      rejectIssues(issues((report) => !clashes.has(report) && report.errors.length > 0));
      const clashing = issues((report) => clashes.has(report));
      if (clashing.length > 0) throw new AppError("RECORD_DUPLICATE", PRODUCT_MESSAGES.barcodeTaken, clashing);
      let variants = 0;
      for (const input of inputs) {
        if (!input) continue;
        await insertProduct(tx, input, ctx.user?.id ?? null);
        variants += input.variants.length;
      }
      return { message: U.saved(inputs.length, variants), products: inputs.length, variants };
    })
    .catch(refuseDuplicateProduct);
}
