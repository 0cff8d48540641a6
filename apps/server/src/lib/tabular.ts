import { AppError } from "./app-error";
import { unpackGrid } from "./sheet-grid";
import { workerPool } from "./worker-pool";

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

/** The longest a file may take to read; the largest allowed sheet takes a few seconds on a busy machine. */
export const SHEET_READ_TIMEOUT_MS = 20_000;
const TOO_SLOW = "The file took too long to read";
/** Rows built between two turns of the event loop, so other requests are answered meanwhile. */
const ROWS_PER_TURN = 2000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads the first sheet of a CSV or XLSX file (told apart by content) into rows keyed by the
 * header row's lower-cased names, in a worker thread within SHEET_LIMITS (lib/sheet-grid).
 * Blank rows are skipped; row numbers are the file's own (header = 1).
 */
export async function readSheet(buffer: Buffer, required: readonly string[]): Promise<SheetRow[]> {
  const packed = await workerPool.run("readGrid", buffer, {
    timeoutMs: SHEET_READ_TIMEOUT_MS,
    timeoutError: () => new AppError("SHEET_UNREADABLE", `file: ${TOO_SLOW}`, [{ field: "file", message: TOO_SLOW }]),
  });
  const grid = unpackGrid(packed);
  const first = packed.rows[0] === 1 ? grid.next() : null;
  const header = (first && !first.done ? first.value.values : []).map((name) => name.toLowerCase());
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new AppError("SHEET_UNREADABLE", `file: The header row must have the column(s) ${missing.join(", ")}`, [
      ...missing.map((column) => ({ row: 1, column, message: "Missing column" })),
    ]);
  }
  const rows: SheetRow[] = [];
  for (const { row, values } of grid) {
    const cells: Record<string, string> = {};
    for (const [column, name] of header.entries()) cells[name] = values[column] ?? "";
    rows.push({ row, cells });
    if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  if (rows.length === 0) throw new AppError("SHEET_UNREADABLE", "file: The file has no data rows");
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
    "SHEET_ROWS_INVALID",
    `The file has ${issues.length} error(s); nothing was saved. ${shown}`,
    issues.slice(0, MAX_ISSUES),
  );
}
