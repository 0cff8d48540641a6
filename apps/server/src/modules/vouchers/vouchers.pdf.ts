import type { Db } from "../../db/client";
import { renderPdf } from "../../lib/documents/render";
import { loadDocumentCompany } from "../../lib/pdf";
import type { VoucherRecord } from "./vouchers.queries";

/** A printable A4 voucher (drawn in the worker pool by lib/documents/voucher-pdf.ts). */
export async function voucherPdf(db: Db, voucher: VoucherRecord): Promise<Buffer> {
  return renderPdf("voucherPdf", { company: await loadDocumentCompany(db), voucher });
}
