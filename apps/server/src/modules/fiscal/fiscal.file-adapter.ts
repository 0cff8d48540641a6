import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FiscalAdapter, FiscalInvoice, FiscalResult } from "./fiscal.adapter";

/**
 * The file adapter (`FISCAL_ADAPTER=file`): each invoice becomes `<outbox>/<invoice number>.json`
 * (format below, docs/fiscal.md) and gets the number `FILE-<invoice number>`. It calls no tax
 * authority: it is for tests, and for sites that hand the files to another program that does. The
 * number and QR text follow from the invoice alone, so writing the same invoice again (a retry after a
 * crash) gives the same file and the same answer.
 */
export const FISCAL_FILE_FORMAT = "cargodesk-fiscal-file/1";

/** What one outbox file holds. */
export interface FiscalFile {
  format: typeof FISCAL_FILE_FORMAT;
  fiscalNumber: string;
  qrText: string;
  invoice: FiscalInvoice;
}

/** Invoice numbers are counter code, year and sequence; anything else a file name cannot hold becomes `_`. */
export const fiscalFileName = (number: string) => `${number.replace(/[^A-Za-z0-9._-]/g, "_")}.json`;

export function fileFiscalNumber(invoice: FiscalInvoice): { fiscalNumber: string; qrText: string } {
  const fiscalNumber = `FILE-${invoice.number}`;
  const qrText = [fiscalNumber, invoice.number, invoice.issuedAt, invoice.totals.total.toFixed(2), invoice.seller.ntn]
    .map((part) => part.replace(/\|/g, "/"))
    .join("|");
  return { fiscalNumber, qrText };
}

export function createFileFiscalAdapter(outboxDir: string): FiscalAdapter {
  return {
    name: "file",
    async report(invoice): Promise<FiscalResult> {
      const answer = fileFiscalNumber(invoice);
      const file: FiscalFile = { format: FISCAL_FILE_FORMAT, ...answer, invoice };
      const target = path.join(outboxDir, fiscalFileName(invoice.number));
      // Written aside and renamed, so a reader of the outbox never sees half a file.
      const partial = `${target}.${process.pid}.partial`;
      try {
        await mkdir(outboxDir, { recursive: true });
        await writeFile(partial, `${JSON.stringify(file, null, 2)}\n`);
        await rename(partial, target);
      } catch (error) {
        const reason = error instanceof Error && "code" in error ? String(error.code) : String(error);
        return { ok: false, retryable: true, message: `The fiscal outbox ${outboxDir} cannot be written: ${reason}` };
      }
      return { ok: true, ...answer };
    },
  };
}
