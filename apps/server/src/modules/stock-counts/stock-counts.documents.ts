import {
  COUNT_REASON_LABELS,
  COUNT_SHEET_COLUMNS,
  formatMinor,
  parseMinor,
  type StockCountDetail,
  type StockCountLine,
} from "@cargodesk/shared";
import { documentTable, numberColumn, printMoney, printQty, type RecordDocument } from "../../lib/record-document";
import { xlsxBuffer } from "../../lib/xlsx";

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
          { header: "Code", width: 10, text: (line) => line.code },
          { header: "Product", width: 24, text: (line) => line.name },
          { header: "UOM", width: 6, text: (line) => line.stockUom },
          numberColumn("Book qty", 10, (line) => line.bookQty, printQty),
          numberColumn("Counted", 10, (line) => line.countedQty, printQty),
          numberColumn("Diff qty", 10, (line) => line.diffQty, printQty),
          numberColumn("Diff value", 12, (line) => line.diffValue, printMoney),
          { header: "Reason", width: 10, text: reason },
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
export function countSheetXlsx(count: StockCountDetail): Promise<Buffer> {
  return xlsxBuffer<StockCountLine>(
    "Count",
    [
      { header: COUNT_SHEET_COLUMNS.code, width: 14, value: (line) => line.code },
      { header: COUNT_SHEET_COLUMNS.name, width: 32, value: (line) => line.name },
      { header: COUNT_SHEET_COLUMNS.uom, width: 8, value: (line) => line.stockUom },
      { header: COUNT_SHEET_COLUMNS.book, width: 12, value: (line) => line.bookQty },
      { header: COUNT_SHEET_COLUMNS.counted, width: 12, value: (line) => line.countedQty },
      { header: COUNT_SHEET_COLUMNS.reason, width: 14, value: (line) => line.reason ?? "" },
    ],
    count.lines,
  );
}
