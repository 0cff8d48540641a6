import { type GrnJob, renderGrnPdf } from "../lib/documents/grn-pdf";
import { type InvoiceJob, renderInvoicePdf } from "../lib/documents/invoice-pdf";
import type { RecordDocument, TableDocument } from "../lib/documents/model";
import { type QuotationJob, renderQuotationPdf } from "../lib/documents/quotation-pdf";
import { type PdfJob, renderRecordPdf, renderTablePdf } from "../lib/documents/table-pdf";
import { renderVoucherPdf, type VoucherJob } from "../lib/documents/voucher-pdf";
import { renderWaybillsPdf, type WaybillJob } from "../lib/documents/waybill-pdf";
import { writeRecordXlsx, writeTableXlsx, type XlsxJob } from "../lib/documents/xlsx-writer";
import { type LabelSheetJob, renderLabelSheet } from "../lib/label-sheet";
import { type ReceiptJob, renderReceiptPdf } from "../lib/receipt-pdf";
import { type PackedGrid, packGrid } from "../lib/sheet-grid";
import { readGrid } from "../lib/sheet-reader";
import { renderStatement, type StatementJob } from "../lib/statement-pdf";
import { lowerWorkerPriority } from "../lib/worker-priority";

// Loaded by each worker thread: its CPU-heavy work yields the CPU to the request thread when both want it.
lowerWorkerPriority();

/** What the shared worker pool (lib/worker-pool) can run. Inputs and results are structured-cloned. */
export const tasks = {
  readGrid: (file: Uint8Array): PackedGrid =>
    packGrid(readGrid(Buffer.from(file.buffer, file.byteOffset, file.byteLength))),
  labelSheet: (job: LabelSheetJob): Promise<Uint8Array> => renderLabelSheet(job),
  statementPdf: (job: StatementJob): Promise<Uint8Array> => renderStatement(job),
  receiptPdf: (job: ReceiptJob): Promise<Uint8Array> => renderReceiptPdf(job),
  // Documents (lib/documents/render.ts sends them here): plain descriptions in, PDF bytes or an XLSX file out.
  tablePdf: (job: PdfJob<TableDocument>): Promise<Uint8Array> => renderTablePdf(job),
  recordPdf: (job: PdfJob<RecordDocument>): Promise<Uint8Array> => renderRecordPdf(job),
  tableXlsx: (job: XlsxJob<TableDocument>): Promise<void> => writeTableXlsx(job),
  recordXlsx: (job: XlsxJob<RecordDocument>): Promise<void> => writeRecordXlsx(job),
  waybillPdf: (job: WaybillJob): Promise<Uint8Array> => renderWaybillsPdf(job),
  invoicePdf: (job: InvoiceJob): Promise<Uint8Array> => renderInvoicePdf(job),
  voucherPdf: (job: VoucherJob): Promise<Uint8Array> => renderVoucherPdf(job),
  quotationPdf: (job: QuotationJob): Promise<Uint8Array> => renderQuotationPdf(job),
  grnPdf: (job: GrnJob): Promise<Uint8Array> => renderGrnPdf(job),
};
