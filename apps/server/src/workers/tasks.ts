import type { Receipt } from "@cargodesk/shared";
import { type LabelSheetJob, renderLabelSheet } from "../lib/label-sheet";
import { renderReceiptPdf } from "../lib/receipt-pdf";
import { type PackedGrid, packGrid } from "../lib/sheet-grid";
import { readGrid } from "../lib/sheet-reader";
import { renderStatement, type StatementJob } from "../lib/statement-pdf";

/** What the shared worker pool (lib/worker-pool) can run. Inputs and results are structured-cloned. */
export const tasks = {
  readGrid: (file: Uint8Array): PackedGrid =>
    packGrid(readGrid(Buffer.from(file.buffer, file.byteOffset, file.byteLength))),
  labelSheet: (job: LabelSheetJob): Promise<Uint8Array> => renderLabelSheet(job),
  statementPdf: (job: StatementJob): Promise<Uint8Array> => renderStatement(job),
  receiptPdf: (receipt: Receipt): Promise<Uint8Array> => renderReceiptPdf(receipt),
};
