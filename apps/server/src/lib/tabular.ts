import ExcelJS from "exceljs";
import { AppError } from "./app-error";

/** A data row of an uploaded sheet: cells by lower-cased header, and its row number in the file. */
export interface SheetRow {
  row: number;
  cells: Record<string, string>;
}

export interface RowIssue {
  row: number;
  column: string;
  message: string;
}

/** RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const source = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += char;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

async function xlsxRows(buffer: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Uint8Array.from(buffer).buffer);
  } catch {
    throw new AppError("VALIDATION", "file: The file is not a readable XLSX workbook");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (sheetRow, rowNumber) => {
    const values: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) {
      const cell = sheetRow.getCell(column);
      values.push(cell.text?.trim() ?? "");
    }
    rows[rowNumber - 1] = values;
  });
  return Array.from(rows, (row) => row ?? []);
}

const isXlsx = (buffer: Buffer) =>
  buffer.length > 4 && buffer.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

/**
 * Reads the first sheet of a CSV or XLSX file (told apart by content) into rows keyed by the
 * header row's lower-cased names. Blank rows are skipped; row numbers are the file's own (header = 1).
 */
export async function readSheet(buffer: Buffer, required: readonly string[]): Promise<SheetRow[]> {
  const grid = isXlsx(buffer) ? await xlsxRows(buffer) : parseCsv(buffer.toString("utf8"));
  const header = (grid[0] ?? []).map((name) => name.trim().toLowerCase());
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new AppError("VALIDATION", `file: The header row must have the column(s) ${missing.join(", ")}`, [
      ...missing.map((column) => ({ row: 1, column, message: "Missing column" })),
    ]);
  }
  const rows: SheetRow[] = [];
  for (const [index, values] of grid.slice(1).entries()) {
    if (values.every((value) => value.trim() === "")) continue;
    const cells: Record<string, string> = {};
    for (const [column, name] of header.entries()) cells[name] = (values[column] ?? "").trim();
    rows.push({ row: index + 2, cells });
  }
  if (rows.length === 0) throw new AppError("VALIDATION", "file: The file has no data rows");
  return rows;
}

/** At most this many row messages go back; the message still counts them all. */
export const MAX_ISSUES = 200;

export function rejectIssues(issues: RowIssue[]): void {
  if (issues.length === 0) return;
  const shown = issues
    .slice(0, 5)
    .map((issue) => `row ${issue.row}, ${issue.column}: ${issue.message}`)
    .join("; ");
  throw new AppError(
    "VALIDATION",
    `The file has ${issues.length} error(s); nothing was saved. ${shown}`,
    issues.slice(0, MAX_ISSUES),
  );
}
