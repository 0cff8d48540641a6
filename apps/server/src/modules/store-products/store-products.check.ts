import {
  STORE_PRODUCT_MESSAGES as M,
  MAX_LINE_MINOR,
  MICRO,
  MONEY_MESSAGES,
  mulDivRound,
  parseMinor,
  parseQtyMicro,
  STORE_PRODUCT_FIELD_OF_COLUMN,
  type StoreProductColumn,
  type StoreProductCreate,
  storeProductCreateSchema,
} from "@cargodesk/shared";
import type { Db } from "../../db/client";
import type { UnitRow } from "../units";
import { type Existing, findClashes } from "./store-products.queries";

/** A problem with one request field (named as the JSON body names it). */
export interface FieldIssue {
  field: string;
  message: string;
}

/** One product to create or update: a file row (header = 1) or the single add (row 0). */
export interface Candidate {
  row: number;
  input: StoreProductCreate | null;
  issues: FieldIssue[];
  /** As given (for a dry run's rows, even when they are wrong). */
  code: string;
  name: string;
  /** Set by checkAgainstBooks: the product an upload row's code names. */
  existing?: Existing | null;
}

export interface Planned {
  row: number;
  input: StoreProductCreate;
  /** The product the row's code names (upload only): it is updated. */
  existing: Existing | null;
}

type Field = (typeof STORE_PRODUCT_FIELD_OF_COLUMN)[StoreProductColumn];
export const COLUMN_OF_FIELD = Object.fromEntries(
  Object.entries(STORE_PRODUCT_FIELD_OF_COLUMN).map(([column, field]) => [field, column]),
) as Record<Field, StoreProductColumn>;

/** The value an opening quantity brings: quantity x unit cost, rounded half up to the paisa. */
export function openingValueMinor(input: Pick<StoreProductCreate, "openingQty" | "openingUnitCost">): bigint {
  if (input.openingQty === null || input.openingUnitCost === null) return 0n;
  return mulDivRound(parseQtyMicro(input.openingQty) ?? 0n, parseMinor(input.openingUnitCost) ?? 0n, MICRO);
}

/** A unit by its name or symbol, ignoring case. */
export function unitFinder(units: readonly UnitRow[]) {
  const byName = new Map(units.map((unit) => [unit.uomName.toLowerCase(), unit]));
  const bySymbol = new Map(units.filter((unit) => unit.symbol !== "").map((unit) => [unit.symbol.toLowerCase(), unit]));
  return (text: string) => byName.get(text.toLowerCase()) ?? bySymbol.get(text.toLowerCase());
}

/** A number cell as a number ("1,250.5" too); other text goes on as it is, so the schema names it. */
const numberCell = (text: string): number | string | null => {
  const plain = text.replaceAll(",", "").trim();
  if (plain === "") return null;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : text;
};

/** Reads one file row into the request's shape and checks it with the same schema as the single add. */
export function candidateOfCells(
  row: number,
  cells: Record<string, string>,
  findUnit: (text: string) => UnitRow | undefined,
): Candidate {
  const issues: FieldIssue[] = [];
  const unitCell = (column: "stock_uom" | "purchase_uom"): number | null | undefined => {
    const text = (cells[column] ?? "").trim();
    if (text === "") return null;
    const unit = findUnit(text);
    if (!unit) issues.push({ field: STORE_PRODUCT_FIELD_OF_COLUMN[column], message: `${M.unitUnknown}: ${text}` });
    return unit?.uomId;
  };
  const raw = {
    code: cells.code ?? "",
    name: cells.name ?? "",
    group: cells.group ?? "",
    stockUomId: unitCell("stock_uom"),
    purchaseUomId: unitCell("purchase_uom"),
    purchaseFactor: numberCell(cells.purchase_factor ?? ""),
    reorderLevel: numberCell(cells.reorder_level ?? "") ?? 0,
    parLevel: numberCell(cells.par_level ?? "") ?? 0,
    barcode: cells.barcode ?? "",
    openingQty: numberCell(cells.opening_qty ?? ""),
    openingUnitCost: numberCell(cells.opening_unit_cost ?? ""),
  };
  return candidateOf(row, raw, issues);
}

/** Checks a request body (or a row read from a file) with the shared schema. */
export function candidateOf(
  row: number,
  raw: { code?: unknown; name?: unknown },
  issues: FieldIssue[] = [],
): Candidate {
  const label = {
    code: typeof raw.code === "string" ? raw.code.trim() : "",
    name: typeof raw.name === "string" ? raw.name.trim() : "",
  };
  const parsed = storeProductCreateSchema.safeParse(raw);
  if (parsed.success) return { row, ...label, input: issues.length === 0 ? parsed.data : null, issues };
  const flagged = new Set(issues.map((issue) => issue.field));
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "body");
    // An unknown purchase unit is reported once, not again as a factor without its unit.
    const dependent = field === "purchaseFactor" && flagged.has("purchaseUomId");
    if (!flagged.has(field) && !dependent) issues.push({ field, message: issue.message });
  }
  return { row, ...label, input: null, issues };
}

/**
 * The rules that need the books: codes, names and barcodes unique (in the file and against other
 * products), the stock unit fixed once a product has moves, opening stock only without moves, and
 * a purchase unit that converts to the stock unit by dimension or by its factor. In an upload an
 * existing code is an update; in a single add it is a clash. Adds each finding to its candidate.
 */
export async function checkAgainstBooks(
  db: Db,
  candidates: readonly Candidate[],
  units: readonly UnitRow[],
  mode: "upload" | "add",
): Promise<Planned[]> {
  const valid = candidates.filter((candidate) => candidate.input !== null);
  const inputs = valid.map((candidate) => candidate.input as StoreProductCreate);
  const clashes = await findClashes(db, {
    codes: inputs.flatMap((input) => (input.code ? [input.code] : [])),
    names: inputs.map((input) => input.name),
    barcodes: inputs.flatMap((input) => (input.barcode ? [input.barcode] : [])),
  });
  const byCode = new Map(clashes.map((row) => [row.code.toLowerCase(), row]));
  const byName = new Map(clashes.map((row) => [row.name.toLowerCase(), row]));
  const byBarcode = new Map(clashes.flatMap((row) => (row.barcode ? [[row.barcode, row] as const] : [])));
  const unitById = new Map(units.map((unit) => [unit.uomId, unit]));
  const firstRow = {
    code: new Map<string, number>(),
    name: new Map<string, number>(),
    barcode: new Map<string, number>(),
  };
  const planned: Planned[] = [];

  for (const candidate of valid) {
    const input = candidate.input as StoreProductCreate;
    const issue = (field: string, message: string) => candidate.issues.push({ field, message });
    const seen = (kind: keyof typeof firstRow, key: string | null, field: string) => {
      if (key === null) return;
      const earlier = firstRow[kind].get(key);
      if (earlier === undefined) firstRow[kind].set(key, candidate.row);
      else issue(field, M.inFile(COLUMN_OF_FIELD[field as Field] ?? field, earlier));
    };
    seen("code", input.code?.toLowerCase() ?? null, "code");
    seen("name", input.name.toLowerCase(), "name");
    seen("barcode", input.barcode, "barcode");

    const existing = input.code ? (byCode.get(input.code.toLowerCase()) ?? null) : null;
    if (existing && mode === "add") issue("code", M.codeTaken);
    candidate.existing = mode === "upload" ? existing : null;
    const nameOwner = byName.get(input.name.toLowerCase());
    if (nameOwner && nameOwner.id !== existing?.id) issue("name", M.nameTaken);
    const barcodeOwner = input.barcode ? byBarcode.get(input.barcode) : undefined;
    if (barcodeOwner && barcodeOwner.id !== existing?.id) issue("barcode", M.barcodeTaken);
    if (existing?.hasMoves && existing.stockUomId !== input.stockUomId) issue("stockUomId", M.stockUomLocked);
    if (existing?.hasMoves && input.openingQty !== null) issue("openingQty", M.openingHasMoves);
    if (openingValueMinor(input) > BigInt(MAX_LINE_MINOR)) issue("openingUnitCost", MONEY_MESSAGES.tooLarge);
    const stock = unitById.get(input.stockUomId);
    if (!stock) issue("stockUomId", M.unitUnknown);
    if (input.purchaseUomId !== null) {
      const purchase = unitById.get(input.purchaseUomId);
      if (!purchase) issue("purchaseUomId", M.unitUnknown);
      else if (stock && input.purchaseFactor === null && purchase.dimension !== stock.dimension)
        issue("purchaseFactor", M.factorNeeded);
    }
    if (candidate.issues.length === 0)
      planned.push({ row: candidate.row, input, existing: mode === "upload" ? existing : null });
  }
  return planned;
}
