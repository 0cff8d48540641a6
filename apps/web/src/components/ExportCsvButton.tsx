import FileDownloadIcon from "@mui/icons-material/FileDownload";
import { Button, CircularProgress } from "@mui/material";
import { useState } from "react";

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** Cells a spreadsheet would run as a formula start with one of these (OWASP CSV injection)... */
const FORMULA_START = /^[=+\-@\t\r]/;
/** ...except plain signed numbers such as a dial code (+92) or a phone number, which cannot hold a formula. */
const SIGNED_NUMBER = /^[+-][\d\s().]*$/;

function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text) && !SIGNED_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text with a header line and CRLF line ends. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

function today(): string {
  const now = new Date();
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

function download(text: string, fileName: string): void {
  // The byte-order mark makes spreadsheet programs read the file as UTF-8 (signs such as € and £).
  const blob = new Blob(["\uFEFF", text], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface ExportCsvButtonProps<T> {
  /** The file's name without the date and extension, e.g. "senders". */
  fileName: string;
  columns: readonly CsvColumn<T>[];
  /** Every row to export, not only the page on show (fetched now when the list is server-paged). */
  loadRows: () => Promise<readonly T[]> | readonly T[];
  onError?: (error: unknown) => void;
  disabled?: boolean;
}

/** Downloads every row of a list as `<fileName>-YYYY-MM-DD.csv`. */
export function ExportCsvButton<T>({
  fileName,
  columns,
  loadRows,
  onError,
  disabled = false,
}: ExportCsvButtonProps<T>) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const rows = await loadRows();
      download(toCsv(columns, rows), `${fileName}-${today()}.csv`);
    } catch (error) {
      onError?.(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      onClick={() => void run()}
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : <FileDownloadIcon />}
    >
      Export CSV
    </Button>
  );
}
