import ExcelJS from "exceljs";

export interface SheetColumn<Row> {
  header: string;
  width: number;
  /** Numbers are written as numbers (with 2 decimals), so the spreadsheet can sum them. */
  value: (row: Row) => string | number | null;
  money?: boolean;
}

/** One worksheet with a bold, frozen header row and the given rows, as an XLSX file. */
export async function xlsxBuffer<Row>(
  sheetName: string,
  columns: SheetColumn<Row>[],
  rows: readonly Row[],
  title?: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "CargoDesk";
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  let headerRow = 1;
  if (title) {
    sheet.addRow([title]).font = { bold: true, size: 13 };
    headerRow = 2;
  }
  sheet.addRow(columns.map((column) => column.header)).font = { bold: true };
  columns.forEach((column, index) => {
    const sheetColumn = sheet.getColumn(index + 1);
    sheetColumn.width = column.width;
    if (column.money) sheetColumn.numFmt = "#,##0.00";
  });
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  sheet.views = [{ state: "frozen", ySplit: headerRow }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
