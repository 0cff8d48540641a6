import { formatMinor, minorToAmount, parseMinor, parseQtyMicro, formatQty as printMicro } from "@cargodesk/shared";

/**
 * A document as plain data: what the request thread builds from its rows and a worker renders as
 * PDF or XLSX (docs/documents.md, "Documents off the request thread"). Everything here survives
 * structured cloning: no closures, no class instances; a column names its format instead.
 */

/** One value of a row: text, a number (minor units too, while exact) or minor units past 2^53 as BigInt, or nothing. */
export type Cell = string | number | bigint | null;

/**
 * How a column prints its cells (the spreadsheet keeps numbers as numbers):
 * - `text`: as it is (a number as its digits);
 * - `minor`: integer minor units as money, `1,234.50` (a decimal amount in XLSX, formatted `#,##0.00`);
 * - `amount`: a decimal amount of at most 2 places as money, digit for digit (`#,##0.00` in XLSX);
 * - `qty`: a quantity with up to six decimals, `1,234.5`;
 * - `qty3`: a stock quantity rounded to three decimals, `1,234.5`.
 */
export type CellFormat = "text" | "minor" | "amount" | "qty" | "qty3";

export interface ColumnSpec {
  header: string;
  /** Share of the page width in the PDF, scaled with the table's other shares to the full width (1 if not given). */
  width?: number;
  /** Width in the spreadsheet, in characters. */
  xlsxWidth?: number;
  align?: "left" | "right" | "center";
  format?: CellFormat;
  /** The PDF prints a zero as blank (the spreadsheet keeps the 0). */
  blankZero?: boolean;
}

export interface TableSpec {
  /** A bold line above the table (record documents). */
  heading?: string;
  columns: ColumnSpec[];
  /** Each row's cells in column order. */
  rows: Cell[][];
  /** A bold last line, e.g. totals, as printed text per column. */
  footer?: string[];
}

/** The company header every document starts with; the logo as its bytes, so no worker reads a disk. */
export interface DocumentCompany {
  name: string;
  address: string;
  phone: string;
  email: string;
  ntn: string;
  logo: Uint8Array | null;
}

/**
 * A report as one table (ledger, trial balance, a list): PDF with the company header, centred
 * subtitle lines and the table on as many pages as it takes; XLSX as one sheet with a frozen header.
 */
export interface TableDocument {
  title: string;
  /** Lines under the title in the PDF: the period, the account, totals. */
  subtitle?: string[];
  fileName: string;
  landscape?: boolean;
  /** Table text size in the PDF (8 unless said). */
  fontSize?: number;
  table: TableSpec;
  /** The worksheet's name and its title row; by default the title, and the title with the subtitle. */
  sheet?: { name: string; title?: string };
}

/**
 * One record as a printed document (an issue slip, a count sheet, a stock ledger): a title, the
 * record's fields, one or more tables, and an optional signatures block.
 */
export interface RecordDocument {
  title: string;
  fileName: string;
  fields: [label: string, value: string][];
  tables: TableSpec[];
  signatures?: string[];
  landscape?: boolean;
}

export const isMoney = (format: CellFormat | undefined) => format === "minor" || format === "amount";

const isZero = (cell: Cell) => cell === 0 || cell === 0n;

/** A decimal amount as printed (`1,234.50`), exact from its decimal digits. */
export const printAmount = (amount: number): string => {
  const minor = parseMinor(amount);
  return minor === null ? String(amount) : formatMinor(minor);
};

/** A quantity as printed, up to six decimals. */
export const printQty = (value: number): string => value.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** A stock quantity as printed, rounded to three decimals. */
export const printQty3 = (value: number): string => printMicro(parseQtyMicro(value) ?? 0n);

/** A cell as the PDF prints it. */
export function printCell(cell: Cell, column: ColumnSpec): string {
  if (cell === null || (column.blankZero && isZero(cell))) return "";
  if (typeof cell === "string") return cell;
  switch (column.format) {
    case "minor":
      return formatMinor(cell);
    case "amount":
      return printAmount(Number(cell));
    case "qty":
      return printQty(Number(cell));
    case "qty3":
      return printQty3(Number(cell));
    default:
      return String(cell);
  }
}

/** A cell as the spreadsheet holds it: numbers stay numbers, minor units become a decimal amount. */
export function sheetCell(cell: Cell, column: ColumnSpec): string | number | null {
  if (typeof cell === "bigint") return column.format === "minor" ? minorToAmount(cell) : String(cell);
  if (typeof cell === "number" && column.format === "minor") return minorToAmount(cell);
  return cell;
}

/** A column as written by hand: its spec and the value of a row it shows (picked, not formatted). */
export type ColumnOf<Row> = ColumnSpec & { value: (row: Row) => Cell };

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Minor units as a number while that is exact: a worker receives numbers at half the cost of BigInts. */
const compact = (cell: Cell): Cell => (typeof cell === "bigint" && cell <= SAFE && cell >= -SAFE ? Number(cell) : cell);

/** The table of `rows`: each column's value picked from each row, so only plain data is left. */
export function tableOf<Row>(
  columns: readonly ColumnOf<Row>[],
  rows: readonly Row[],
  extra: Pick<TableSpec, "heading" | "footer"> = {},
): TableSpec {
  return {
    ...extra,
    columns: columns.map(({ value: _value, ...spec }) => spec),
    rows: rows.map((row) => columns.map((column) => compact(column.value(row)))),
  };
}
