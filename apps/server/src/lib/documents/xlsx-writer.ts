import ExcelJS from "exceljs";
import { isMoney, type RecordDocument, sheetCell, type TableDocument, type TableSpec } from "./model";

/**
 * XLSX files of the plain table and record documents (model.ts), written in a worker with exceljs's
 * streaming writer straight into `path`: each row is written out as it is added, so a sheet of any
 * length takes about the same memory. The request thread then streams the file to the client.
 */
export interface XlsxJob<Document> {
  path: string;
  document: Document;
}

/** Rows written between two turns of the worker's event loop, so the zip stream drains to the file. */
const ROWS_PER_TURN = 500;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const MONEY_FORMAT = "#,##0.00";

type Sheet = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter["addWorksheet"]>;

function workbookAt(path: string): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  workbook.creator = "CargoDesk";
  return workbook;
}

function addRow(sheet: Sheet, values: readonly (string | number | null)[], font?: Partial<ExcelJS.Font>): void {
  const row = sheet.addRow([...values]);
  if (font) row.font = font;
  row.commit();
}

/** The table's header, its rows (numbers as numbers, money as amounts) and its footer, row by row. */
async function writeTable(sheet: Sheet, table: TableSpec): Promise<void> {
  addRow(
    sheet,
    table.columns.map((column) => column.header),
    { bold: true },
  );
  for (const [index, cells] of table.rows.entries()) {
    addRow(
      sheet,
      table.columns.map((column, at) => sheetCell(cells[at] ?? null, column)),
    );
    if ((index + 1) % ROWS_PER_TURN === 0) await nextTurn();
  }
  if (table.footer) addRow(sheet, table.footer, { bold: true });
}

/** One worksheet: an optional title row, the bold header frozen under it, then the rows. */
export async function writeTableXlsx({ path, document }: XlsxJob<TableDocument>): Promise<void> {
  const { table } = document;
  const title = document.sheet
    ? document.sheet.title
    : [document.title, ...(document.subtitle ?? []).filter(Boolean)].join(" — ");
  const workbook = workbookAt(path);
  const sheet = workbook.addWorksheet((document.sheet?.name ?? document.title).slice(0, 31), {
    views: [{ state: "frozen", ySplit: title ? 2 : 1 }],
  });
  sheet.columns = table.columns.map((column) => ({
    width: column.xlsxWidth ?? 14,
    ...(isMoney(column.format) ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  if (title) addRow(sheet, [title], { bold: true, size: 13 });
  await writeTable(sheet, table);
  await workbook.commit();
}

/** The record's title, its fields as label and value rows, then each table under its heading. */
export async function writeRecordXlsx({ path, document }: XlsxJob<RecordDocument>): Promise<void> {
  const workbook = workbookAt(path);
  const sheet = workbook.addWorksheet(document.title.slice(0, 31));
  const widest = Math.max(...document.tables.map((table) => table.columns.length), 2);
  sheet.columns = Array.from({ length: widest }, (_, index) => ({ width: index === 0 ? 18 : 16 }));
  addRow(sheet, [document.title], { bold: true, size: 13 });
  for (const [label, value] of document.fields) addRow(sheet, [label, value]);
  for (const table of document.tables) {
    addRow(sheet, []);
    if (table.heading) addRow(sheet, [table.heading], { bold: true });
    await writeTable(sheet, table);
  }
  await workbook.commit();
}
