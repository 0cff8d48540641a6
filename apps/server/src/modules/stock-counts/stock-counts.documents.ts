import type { Readable } from "node:stream";
import {
  COUNT_REASON_LABELS,
  COUNT_SHEET_COLUMNS,
  formatMinor,
  parseMinor,
  type StockCountDetail,
  type StockCountLine,
} from "@cargodesk/shared";
import type { ColumnOf } from "../../lib/documents/model";
import { sheetXlsx } from "../../lib/documents/render";
import { documentTable, numberColumn, type RecordDocument } from "../../lib/record-document";

const reason = (line: StockCountLine) => (line.reason ? COUNT_REASON_LABELS[line.reason] : "");

/** The printed count sheet: book quantities at the snapshot, what was counted, the differences. */
export function countSheetDocument(count: StockCountDetail): RecordDocument {
  const total = count.lines.reduce((sum, line) => sum + (parseMinor(line.diffValue ?? 0) ?? 0n), 0n);
  return {
    title: "STOCK COUNT SHEET",
    fileName: `count-${count.number ?? `draft-${count.id}`}`,
    fields: [
      ["Count", count.number ?? `Draft #${count.id}`],
      ["Location", count.location],
      ["Date", count.businessDate],
      ["Book quantities at", count.snapshotAt],
      ["Status", count.status === "posted" ? "Posted" : "Draft"],
      ["Voucher", count.voucherNo ?? ""],
    ],
    tables: [
      documentTable<StockCountLine>({
        columns: [
          { header: "Code", width: 10, value: (line) => line.code },
          { header: "Product", width: 24, value: (line) => line.name },
          { header: "UOM", width: 6, value: (line) => line.stockUom },
          numberColumn("Book qty", 10, (line) => line.bookQty, "qty"),
          numberColumn("Counted", 10, (line) => line.countedQty, "qty"),
          numberColumn("Diff qty", 10, (line) => line.diffQty, "qty"),
          numberColumn("Diff value", 12, (line) => line.diffValue, "amount"),
          { header: "Reason", width: 10, value: reason },
        ],
        rows: count.lines,
        footer: ["", "Total", "", "", "", "", formatMinor(total), ""],
      }),
    ],
    signatures: ["Counted by", "Checked by"],
  };
}

/**
 * The count sheet to fill in: one row per product with its header row first, so the same file can
 * be uploaded back (Code, Counted and Reason are read; the other columns are for the counter).
 */
export function countSheetXlsx(count: StockCountDetail): Promise<Readable> {
  const columns: ColumnOf<StockCountLine>[] = [
    { header: COUNT_SHEET_COLUMNS.code, xlsxWidth: 14, value: (line) => line.code },
    { header: COUNT_SHEET_COLUMNS.name, xlsxWidth: 32, value: (line) => line.name },
    { header: COUNT_SHEET_COLUMNS.uom, xlsxWidth: 8, value: (line) => line.stockUom },
    { header: COUNT_SHEET_COLUMNS.book, xlsxWidth: 12, value: (line) => line.bookQty },
    { header: COUNT_SHEET_COLUMNS.counted, xlsxWidth: 12, value: (line) => line.countedQty },
    { header: COUNT_SHEET_COLUMNS.reason, xlsxWidth: 14, value: (line) => line.reason ?? "" },
  ];
  return sheetXlsx({ name: "Count" }, columns, count.lines);
}
