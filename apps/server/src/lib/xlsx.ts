/**
 * The XLSX media type. Spreadsheets are written in the worker pool (lib/documents/xlsx-writer.ts,
 * streamed) and read there too (lib/sheet-reader.ts); the request thread never loads exceljs.
 */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
