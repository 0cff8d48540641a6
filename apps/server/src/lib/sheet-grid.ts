import { AppError } from "./app-error";

/**
 * What an uploaded sheet may hold. Rate sheets are documented as "up to 5 MB, about 100,000 band
 * rows"; the chart upload shares the limits. Every limit is checked while reading, so work and
 * memory stay proportional to the file's real content, whatever ranges the file claims.
 */
export const SHEET_LIMITS = {
  /** Data rows after the header; a value in a later row refuses the file. */
  rows: 100_000,
  columns: 50,
  /** Non-empty cells (and shared strings) in the whole sheet. */
  cells: 1_000_000,
  /** Bytes the XLSX parts read may unzip to, together. */
  unzippedBytes: 50 * 1024 * 1024,
  /** How much a zip entry over 1 MB may grow when unzipped; real sheets stay well under 30. */
  compressionRatio: 100,
  zipEntries: 1000,
} as const;

/** A row that has at least one non-blank cell: its number in the file (header = 1) and its trimmed cells. */
export interface GridRow {
  row: number;
  values: string[];
}

export function refuse(message: string): never {
  throw new AppError("SHEET_UNREADABLE", `file: ${message}`, [{ field: "file", message }]);
}
export function unreadable(): never {
  refuse("The file is not a readable XLSX workbook");
}
const count = (value: number) => value.toLocaleString("en-US");
export const LIMIT_MESSAGES = {
  rows: `The file has more than ${count(SHEET_LIMITS.rows)} data rows (the limit); split it into smaller files`,
  columns: `The file has a value beyond column ${SHEET_LIMITS.columns} (the limit)`,
  cells: `The file has more than ${count(SHEET_LIMITS.cells)} filled cells (the limit)`,
  unzipped: `The workbook unzips to more than ${SHEET_LIMITS.unzippedBytes / 1024 / 1024} MB (the limit)`,
  bomb: `The workbook is compressed more than ${SHEET_LIMITS.compressionRatio} times over (a zip bomb?)`,
} as const;

/** Collects a sheet's rows, refusing the file as soon as a limit is passed. */
export function gridBuilder() {
  const rows: GridRow[] = [];
  let cells = 0;
  let sorted = true;
  return {
    /** Adds one row's cells (index = column - 1); blank rows are dropped without counting. */
    add(row: number, values: string[]) {
      if (!values.some((value) => value !== "")) return;
      if (row > SHEET_LIMITS.rows + 1) refuse(LIMIT_MESSAGES.rows);
      for (const value of values) if (value !== "") cells += 1;
      if (cells > SHEET_LIMITS.cells) refuse(LIMIT_MESSAGES.cells);
      const last = rows.at(-1);
      if (last && last.row > row) sorted = false;
      rows.push({ row, values });
    },
    rows: () => (sorted ? rows : rows.sort((a, b) => a.row - b.row)),
  };
}

/** Puts a trimmed value at a 1-based column, refusing values past the column limit. */
export function setCell(values: string[], column: number, raw: string) {
  const value = raw.trim();
  if (value === "") return;
  if (column > SHEET_LIMITS.columns) refuse(LIMIT_MESSAGES.columns);
  while (values.length < column - 1) values.push("");
  values[column - 1] = value;
}

/**
 * A grid in a few flat parts, for the trip back from the worker: copying one string and three
 * integer arrays costs almost nothing, while a clone of 100,000 row objects held the request
 * thread for most of a second.
 */
export interface PackedGrid {
  rows: Int32Array;
  /** Cells per row. */
  widths: Int32Array;
  /** Length of each cell's text within `text`. */
  lengths: Int32Array;
  text: string;
}

export function packGrid(grid: readonly GridRow[]): PackedGrid {
  const cells = grid.reduce((sum, { values }) => sum + values.length, 0);
  const packed = {
    rows: new Int32Array(grid.length),
    widths: new Int32Array(grid.length),
    lengths: new Int32Array(cells),
  };
  const parts: string[] = [];
  let cell = 0;
  for (const [index, { row, values }] of grid.entries()) {
    packed.rows[index] = row;
    packed.widths[index] = values.length;
    for (const value of values) {
      packed.lengths[cell] = value.length;
      cell += 1;
      parts.push(value);
    }
  }
  return { ...packed, text: parts.join("") };
}

/** The rows of a packed grid, one at a time. */
export function* unpackGrid(packed: PackedGrid): Generator<GridRow> {
  let cell = 0;
  let at = 0;
  for (let index = 0; index < packed.rows.length; index += 1) {
    const values: string[] = [];
    for (let end = cell + (packed.widths[index] ?? 0); cell < end; cell += 1) {
      const length = packed.lengths[cell] ?? 0;
      values.push(packed.text.slice(at, at + length));
      at += length;
    }
    yield { row: packed.rows[index] ?? 0, values };
  }
}
