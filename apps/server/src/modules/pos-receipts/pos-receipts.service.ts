import {
  type PrintJobList,
  printJobListSchema,
  RECEIPT_MESSAGES,
  type Receipt,
  type ReceiptFormat,
} from "@cargodesk/shared";
import { and, desc, eq, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { paymentMethods, posCounters, posOrders, posPayments, printers, printJobs } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { DEFAULT_ESCPOS_PRINTER, type EscposPrinter, escposReceipt } from "../../lib/escpos";
import { loadLogo } from "../../lib/pdf";
import { queuePrintJob } from "../../lib/print-jobs";
import { col, rowsOf } from "../../lib/sql";
import { workerPool } from "../../lib/worker-pool";
import { buildReceipt } from "./pos-receipts.build";

/** A PDF receipt is small: past this the pool is busy and the caller hears so. */
const PDF_TIMEOUT_MS = 20_000;

export type ReceiptAnswer =
  | { format: "json"; receipt: Receipt }
  | { format: "escpos" | "pdf"; receipt: Receipt; bytes: Buffer; fileName: string };

/** The printer a receipt is printed on: the one asked for, else the order's counter's receipt printer. */
async function receiptPrinter(db: Db, orderId: number, printerId: number | undefined) {
  if (printerId !== undefined) {
    const [row] = await db.select().from(printers).where(eq(printers.id, printerId));
    if (!row)
      throw new AppError("VALIDATION", RECEIPT_MESSAGES.printer, [
        { field: "printerId", message: RECEIPT_MESSAGES.printer },
      ]);
    return row;
  }
  const [row] = await db
    .select({ printer: printers })
    .from(posOrders)
    .innerJoin(posCounters, eq(posCounters.id, posOrders.counterId))
    .innerJoin(printers, eq(printers.id, posCounters.receiptPrinterId))
    .where(eq(posOrders.id, orderId));
  return row?.printer ?? null;
}

/** Whether the order took a payment that opens the drawer: cash, or a method set to open it. */
async function takesDrawer(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: posPayments.id })
    .from(posPayments)
    .innerJoin(paymentMethods, eq(paymentMethods.id, posPayments.methodId))
    .where(
      and(
        eq(posPayments.orderId, orderId),
        eq(posPayments.status, "done"),
        or(eq(paymentMethods.kind, "cash"), eq(paymentMethods.opensDrawer, true)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

const escposOf = (printer: EscposPrinter | null): EscposPrinter =>
  printer ? { widthChars: printer.widthChars, codepage: printer.codepage } : DEFAULT_ESCPOS_PRINTER;

/**
 * `GET /api/pos/order/{id}/receipt`: the model, or the same receipt as ESC/POS bytes or an 80 mm PDF.
 * With kick=1 the ESC/POS ends with the drawer kick when the order took cash (a printer attached to
 * the browser opens the drawer wired to it, as the print queue does for a network printer).
 */
export async function getReceipt(
  ctx: Ctx,
  orderId: number,
  query: {
    format: ReceiptFormat;
    reprint: "0" | "1";
    kick?: "0" | "1" | undefined;
    printerId?: number | undefined;
    part?: number | undefined;
  },
): Promise<ReceiptAnswer> {
  const receipt = await buildReceipt(ctx.db, orderId, {
    copy: query.reprint === "1",
    timeZone: ctx.config.APP_TZ,
    part: query.part,
  });
  const name = `receipt-${receipt.number ?? `order-${orderId}`}${receipt.part ? `-${receipt.part.index}-of-${receipt.part.of}` : ""}`;
  if (query.format === "json") return { format: "json", receipt };
  if (query.format === "escpos") {
    const printer = await receiptPrinter(ctx.db, orderId, query.printerId);
    const kick = query.kick === "1" && (await takesDrawer(ctx.db, orderId));
    return {
      format: "escpos",
      receipt,
      bytes: escposReceipt(receipt, escposOf(printer), { kick }),
      fileName: `${name}.bin`,
    };
  }
  const logo = await loadLogo(ctx.db, receipt.company.logoPath);
  const pdf = await workerPool.run(
    "receiptPdf",
    { receipt, logo },
    {
      timeoutMs: PDF_TIMEOUT_MS,
      timeoutError: () => new AppError("CONFLICT", RECEIPT_MESSAGES.busy),
    },
  );
  return {
    format: "pdf",
    receipt,
    bytes: Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
    fileName: `${name}.pdf`,
  };
}

/**
 * Queues an order's receipt for its counter's network receipt printer (or the one named) inside the
 * caller's transaction; the sender prints it after the commit. Null when that printer is a browser
 * printer (the till prints it) or there is none. The order engine calls this at payment (design 6.1).
 */
export async function queueReceiptPrint(
  tx: Db,
  orderId: number,
  options: { timeZone: string; copy?: boolean; printerId?: number; kick?: boolean },
): Promise<number | null> {
  const printer = await receiptPrinter(tx, orderId, options.printerId);
  if (printer?.kind !== "network_escpos" || !printer.active) return null;
  const receipt = await buildReceipt(tx, orderId, { copy: options.copy ?? false, timeZone: options.timeZone });
  return queuePrintJob(tx, {
    printerId: printer.id,
    kind: receipt.tenders.length > 0 ? "receipt" : "bill",
    refType: "pos_order",
    refId: orderId,
    payload: escposReceipt(receipt, escposOf(printer), { kick: options.kick ?? false }),
  });
}

/** `POST /api/pos/order/{id}/receipt/print`: a (re)print on a network printer, through the queue. */
export async function printReceipt(
  ctx: Ctx,
  orderId: number,
  input: { printerId?: number | undefined; reprint: boolean },
): Promise<{ jobId: number; printerId: number }> {
  return ctx.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: posOrders.id }).from(posOrders).where(eq(posOrders.id, orderId));
    if (!order) throw new AppError("NOT_FOUND", RECEIPT_MESSAGES.notFound);
    const jobId = await queueReceiptPrint(tx, orderId, {
      timeZone: ctx.config.APP_TZ,
      copy: input.reprint,
      ...(input.printerId === undefined ? {} : { printerId: input.printerId }),
    });
    if (jobId === null)
      throw new AppError("VALIDATION", RECEIPT_MESSAGES.noNetworkPrinter, [
        { field: "printerId", message: RECEIPT_MESSAGES.noNetworkPrinter },
      ]);
    const [job] = await tx.select({ printerId: printJobs.printerId }).from(printJobs).where(eq(printJobs.id, jobId));
    return { jobId, printerId: job?.printerId ?? 0 };
  });
}

/** `GET /api/pos/print_job`: the newest jobs, and each network printer's state from its jobs. */
export async function listPrintJobs(
  ctx: Ctx,
  query: { status?: "queued" | "sent" | "failed" | undefined; printerId?: number | undefined; size: number },
): Promise<PrintJobList> {
  const rows = await ctx.db
    .select({
      id: printJobs.id,
      printerId: printJobs.printerId,
      printerName: printers.name,
      kind: printJobs.kind,
      refType: printJobs.refType,
      refId: printJobs.refId,
      status: printJobs.status,
      attempts: printJobs.attempts,
      lastError: printJobs.lastError,
      bytes: sql<number>`octet_length(${printJobs.payload})::int`,
      createdAt: printJobs.createdAt,
      sentAt: printJobs.sentAt,
    })
    .from(printJobs)
    .innerJoin(printers, eq(printers.id, printJobs.printerId))
    .where(
      and(
        query.status ? eq(printJobs.status, query.status) : undefined,
        query.printerId ? eq(printJobs.printerId, query.printerId) : undefined,
      ),
    )
    .orderBy(desc(printJobs.id))
    .limit(query.size);
  const states = rowsOf(
    z.object({
      id: col.int,
      name: col.text,
      host: col.text,
      port: col.int,
      queued: col.int,
      last_status: col.text.nullable(),
      last_error: col.text.nullable(),
    }),
    await ctx.db.execute(sql`
      SELECT p.id, p.name, p.host, p.port,
        (SELECT count(*)::int FROM print_jobs j WHERE j.printer_id = p.id AND j.status = 'queued') AS queued,
        (SELECT j.status FROM print_jobs j WHERE j.printer_id = p.id AND j.status <> 'queued'
          ORDER BY j.id DESC LIMIT 1) AS last_status,
        (SELECT j.last_error FROM print_jobs j WHERE j.printer_id = p.id AND j.status <> 'queued'
          ORDER BY j.id DESC LIMIT 1) AS last_error
      FROM printers p WHERE p.kind = 'network_escpos' AND p.active ORDER BY p.name`),
  );
  return printJobListSchema.parse({
    rows: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    printers: states.map((printer) => ({
      id: printer.id,
      name: printer.name,
      host: printer.host,
      port: printer.port,
      queued: printer.queued,
      state:
        printer.last_status === "failed"
          ? "failing"
          : printer.queued > 0
            ? "pending"
            : printer.last_status === "sent"
              ? "ok"
              : "idle",
      lastError: printer.last_status === "failed" ? printer.last_error : null,
    })),
  });
}
