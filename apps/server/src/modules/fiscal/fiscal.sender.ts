import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client";
import { fiscalReports, posOrders } from "../../db/schema/index";
import { pollingWorker } from "../../lib/polling-worker";
import { col, rowsOf } from "../../lib/sql";
import type { FiscalAdapter, FiscalResult } from "./fiscal.adapter";
import { loadFiscalInvoice } from "./fiscal.invoice";

/**
 * The fiscal sender (design D16, WP5), modelled on the print queue's (lib/print-jobs.ts): it takes the
 * oldest due `pending` report with SKIP LOCKED and leases it (next_attempt_at moves past the longest a
 * try can take), so two app servers on one PostgreSQL never report the same invoice at once. The
 * adapter's answer is written with the fiscal number and QR on the order in one transaction. A
 * retryable failure waits (backoff, growing to its last step) and is tried again for as long as it
 * takes: an authority offline for a day must not lose invoices. A final failure is `failed` at once.
 */
export interface FiscalSenderOptions {
  /** The company's time zone, for the invoice's date and time. */
  timeZone: string;
  pollMs?: number;
  /** The longest one report may take; the lease lasts this plus a margin. */
  timeoutMs?: number;
  /** The wait after the 1st, 2nd ... failed try; the last step repeats. */
  backoffMs?: readonly number[];
  log?: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

export const FISCAL_TIMEOUT_MS = 30_000;
const DEFAULT_BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000] as const;

/**
 * The oldest report due by `dueBy` (the round's start, so a report that failed in this round waits for
 * the next round even without a backoff), leased to this sender.
 */
async function claimReport(db: Db, leaseMs: number, dueBy: string) {
  const due = db
    .select({ id: fiscalReports.id })
    .from(fiscalReports)
    .where(and(eq(fiscalReports.status, "pending"), lte(fiscalReports.nextAttemptAt, sql`${dueBy}::timestamptz`)))
    .orderBy(asc(fiscalReports.nextAttemptAt), asc(fiscalReports.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [report] = await db
    .update(fiscalReports)
    .set({
      attempts: sql`${fiscalReports.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(eq(fiscalReports.id, sql`(${due})`))
    .returning({ id: fiscalReports.id, orderId: fiscalReports.orderId, attempts: fiscalReports.attempts });
  return report ?? null;
}

/** The adapter's answer, or a retryable failure when it throws or takes too long. */
async function reportWithin(adapter: FiscalAdapter, run: () => Promise<FiscalResult>, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<FiscalResult>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({ ok: false, retryable: true, message: `The ${adapter.name} fiscal adapter did not answer in time` }),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([
      run().catch(
        (error: unknown): FiscalResult => ({
          ok: false,
          retryable: true,
          message: error instanceof Error ? error.message : String(error),
        }),
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `runOnce` reports every due invoice and answers how many it tried; `start` runs it every `pollMs`
 * (a timer that does not keep the process alive); `stop` waits for a running round.
 */
export function createFiscalSender(db: Db, adapter: FiscalAdapter, options: FiscalSenderOptions) {
  const timeoutMs = options.timeoutMs ?? FISCAL_TIMEOUT_MS;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const leaseMs = timeoutMs + 30_000;

  async function tryReport(report: NonNullable<Awaited<ReturnType<typeof claimReport>>>) {
    const invoice = await loadFiscalInvoice(db, report.orderId, options.timeZone);
    const result: FiscalResult = invoice
      ? await reportWithin(adapter, () => adapter.report(invoice), timeoutMs)
      : { ok: false, retryable: false, message: "The order has no invoice number to report" };
    // Only while this sender still holds the lease it took: a report another sender took over is left to it.
    const held = and(
      eq(fiscalReports.id, report.id),
      eq(fiscalReports.status, "pending"),
      eq(fiscalReports.attempts, report.attempts),
    );
    if (result.ok) {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(fiscalReports)
          .set({ status: "reported", reportedAt: sql`now()`, lastError: null })
          .where(held)
          .returning({ id: fiscalReports.id });
        if (done)
          await tx
            .update(posOrders)
            .set({ fiscalNumber: result.fiscalNumber, fiscalQr: result.qrText })
            .where(eq(posOrders.id, report.orderId));
      });
      return;
    }
    const waitMs = backoff[Math.min(report.attempts - 1, backoff.length - 1)] ?? 0;
    await db
      .update(fiscalReports)
      .set({
        status: result.retryable ? "pending" : "failed",
        lastError: result.message,
        nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
      })
      .where(held);
    if (!result.retryable)
      options.log?.warn({ orderId: report.orderId, reason: result.message }, "fiscal report failed");
  }

  async function runOnce(): Promise<number> {
    const [start] = rowsOf(z.object({ at: col.timestamp }), await db.execute(sql`SELECT now()::text AS at`));
    const dueBy = start?.at ?? "now";
    let tried = 0;
    for (let report = await claimReport(db, leaseMs, dueBy); report; report = await claimReport(db, leaseMs, dueBy)) {
      await tryReport(report);
      tried += 1;
    }
    return tried;
  }

  return pollingWorker(runOnce, {
    pollMs: options.pollMs ?? 2_000,
    name: "fiscal sender",
    ...(options.log ? { log: options.log } : {}),
  });
}
export type FiscalSender = ReturnType<typeof createFiscalSender>;

/** Starts the sender with the app and stops it (waiting for a round in progress) when the app closes. */
export function scheduleFiscalSender(
  app: FastifyInstance,
  db: Db,
  adapter: FiscalAdapter,
  options: FiscalSenderOptions,
): FiscalSender {
  const sender = createFiscalSender(db, adapter, { log: app.log, ...options });
  app.addHook("onReady", async () => sender.start());
  app.addHook("onClose", () => sender.stop());
  return sender;
}
