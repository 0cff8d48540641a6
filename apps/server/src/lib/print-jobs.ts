import { Socket } from "node:net";
import { PRINT_JOB_ATTEMPTS, type PrintJobKind } from "@cargodesk/shared";
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { printers, printJobs } from "../db/schema/index";
import { pollingWorker } from "./polling-worker";

/**
 * The print queue (design D11): receipts, kitchen tickets and reports for network printers are
 * queued in `print_jobs` inside the transaction that makes them, and a sender in the server process
 * sends them over TCP (port 9100) after the commit, never on a request. Each try has a timeout; a
 * failed try waits (backoff) and is tried again, PRINT_JOB_ATTEMPTS in all, then the job is `failed`
 * with the reason. Several servers can run a sender: a job is taken with SKIP LOCKED and a lease.
 */
export interface PrintJobInput {
  printerId: number;
  kind: PrintJobKind;
  refType?: string | null;
  refId?: number | null;
  payload: Buffer | Uint8Array;
}

/** Queues a job in the caller's transaction; the sender sends it once the transaction commits. */
export async function queuePrintJob(tx: Db, job: PrintJobInput): Promise<number> {
  const [row] = await tx
    .insert(printJobs)
    .values({
      printerId: job.printerId,
      kind: job.kind,
      refType: job.refType ?? null,
      refId: job.refId ?? null,
      payload: Buffer.from(job.payload),
    })
    .returning({ id: printJobs.id });
  if (!row) throw new Error("print job not queued");
  return row.id;
}

/** How long one try may take to connect and write. */
export const PRINT_TIMEOUT_MS = 5_000;

/** Sends the bytes over one TCP connection; rejects with a reason a person can read. */
export function sendToPrinter(host: string, port: number, bytes: Uint8Array, timeoutMs = PRINT_TIMEOUT_MS) {
  return new Promise<void>((resolve, reject) => {
    const socket = new Socket();
    const fail = (reason: string) => {
      socket.destroy();
      reject(new Error(`The printer at ${host}:${port} cannot be reached: ${reason}`));
    };
    socket.setTimeout(timeoutMs, () => fail(`no answer within ${timeoutMs / 1000} seconds`));
    socket.once("error", (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.connect(port, host, () => {
      socket.end(bytes, () => {
        socket.destroy();
        resolve();
      });
    });
  });
}

export interface PrintSenderOptions {
  /** How often an idle sender looks for jobs. */
  pollMs?: number;
  timeoutMs?: number;
  /** The wait after the 1st, 2nd ... failed try. */
  backoffMs?: readonly number[];
  log?: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
}

const DEFAULT_BACKOFF_MS = [2_000, 10_000] as const;

/** Takes the oldest due job and leases it for as long as a try can take, so no other sender takes it meanwhile. */
async function claimJob(db: Db, leaseMs: number) {
  const due = db
    .select({ id: printJobs.id })
    .from(printJobs)
    .where(and(eq(printJobs.status, "queued"), lte(printJobs.nextAttemptAt, sql`now()`)))
    .orderBy(asc(printJobs.nextAttemptAt), asc(printJobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(printJobs)
    .set({
      attempts: sql`${printJobs.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
    })
    .where(eq(printJobs.id, sql`(${due})`))
    .returning({
      id: printJobs.id,
      printerId: printJobs.printerId,
      attempts: printJobs.attempts,
      payload: printJobs.payload,
    });
  if (!job) return null;
  const [printer] = await db.select().from(printers).where(eq(printers.id, job.printerId));
  return { ...job, printer };
}

/**
 * The alert when a job has failed for good (design D11, WP4 check 8): a `printer_failed` event on the
 * KDS stream, for the station that prints on this printer (every screen when none does).
 */
async function printerFailedEvent(tx: Db, jobId: number, printerId: number, reason: string): Promise<void> {
  await tx.execute(sql`
    INSERT INTO kds_events (outlet_id, station_id, kind, payload)
    SELECT o.id,
           (SELECT s.id FROM kitchen_stations s WHERE s.printer_id = ${printerId}::int ORDER BY s.id LIMIT 1),
           'printer_failed',
           json_build_object('jobId', ${jobId}::bigint, 'printerId', p.id, 'printer', p.name, 'reason', ${reason}::text)::jsonb
    FROM printers p, (SELECT id FROM outlets ORDER BY id LIMIT 1) o
    WHERE p.id = ${printerId}::int`);
}

/**
 * The sender: `runOnce` sends every job that is due and answers how many it tried; `start` runs it
 * every `pollMs` (a timer that does not keep the process alive) and `stop` waits for a running round.
 */
export function createPrintSender(db: Db, options: PrintSenderOptions = {}) {
  const timeoutMs = options.timeoutMs ?? PRINT_TIMEOUT_MS;
  const backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
  const leaseMs = timeoutMs + 30_000;

  async function tryJob(job: NonNullable<Awaited<ReturnType<typeof claimJob>>>) {
    try {
      const { printer } = job;
      if (!printer?.active || printer.kind !== "network_escpos" || printer.host === "")
        throw new Error(`The printer ${printer?.name ?? job.printerId} is not an active network printer`);
      await sendToPrinter(printer.host, printer.port, job.payload, timeoutMs);
      await db
        .update(printJobs)
        .set({ status: "sent", sentAt: sql`now()`, lastError: null })
        .where(eq(printJobs.id, job.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const final = job.attempts >= PRINT_JOB_ATTEMPTS;
      const waitMs = backoff[Math.min(job.attempts - 1, backoff.length - 1)] ?? 0;
      await db.transaction(async (tx) => {
        await tx
          .update(printJobs)
          .set({
            status: final ? "failed" : "queued",
            lastError: reason,
            nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
          })
          .where(eq(printJobs.id, job.id));
        if (final) await printerFailedEvent(tx, job.id, job.printerId, reason);
      });
      if (final) options.log?.warn({ jobId: job.id, printerId: job.printerId, reason }, "print job failed");
    }
  }

  async function runOnce(): Promise<number> {
    let tried = 0;
    for (let job = await claimJob(db, leaseMs); job; job = await claimJob(db, leaseMs)) {
      await tryJob(job);
      tried += 1;
    }
    return tried;
  }

  return pollingWorker(runOnce, {
    pollMs: options.pollMs ?? 1_000,
    name: "print sender",
    ...(options.log ? { log: options.log } : {}),
  });
}
export type PrintSender = ReturnType<typeof createPrintSender>;

/** Starts the sender with the app and stops it (waiting for a round in progress) when the app closes. */
export function schedulePrintSender(app: FastifyInstance, db: Db, options: PrintSenderOptions = {}): PrintSender {
  const sender = createPrintSender(db, { log: app.log, ...options });
  app.addHook("onReady", async () => sender.start());
  app.addHook("onClose", () => sender.stop());
  return sender;
}
