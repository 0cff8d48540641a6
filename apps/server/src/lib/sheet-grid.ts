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
  throw new AppError("VALIDATION", `file: ${message}`, [{ field: "file", message }]);
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
