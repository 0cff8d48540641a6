import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { open, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Db } from "../../db/client";
import type { tasks } from "../../workers/tasks";
import { AppError } from "../app-error";
import { loadDocumentCompany } from "../pdf";
import { POOL_SIZE, workerPool } from "../worker-pool";
import { type ColumnOf, type ColumnSpec, type TableDocument, tableOf } from "./model";

/**
 * The request thread's side of documents: a plain document description goes to a worker task
 * (workers/tasks.ts), a PDF comes back as bytes, an XLSX as a file streamed to the client. At most
 * POOL_SIZE documents are made at once and `queueLimit` more wait their turn in order; past that a
 * request gets 503 DOCUMENTS_BUSY with Retry-After instead of joining a queue it would wait minutes in.
 */
type Tasks = typeof tasks;
type PdfTask = {
  [Name in keyof Tasks]: Awaited<ReturnType<Tasks[Name]>> extends Uint8Array ? Name : never;
}[keyof Tasks];
type XlsxTask = {
  [Name in keyof Tasks]: Parameters<Tasks[Name]>[0] extends { path: string } ? Name : never;
}[keyof Tasks];

/** The longest one document may take in a worker; a ledger PDF of 9,000 rows takes 3-5 s. */
export const DOCUMENT_TIMEOUT_MS = 120_000;
/** What a refused request is told to wait before asking again. */
export const DOCUMENT_RETRY_AFTER_SECONDS = 5;
export const DEFAULT_DOCUMENT_QUEUE_LIMIT = 16;

let queueLimit = DEFAULT_DOCUMENT_QUEUE_LIMIT;
/** Documents holding a turn (at most POOL_SIZE), and the ones waiting for a turn, first come first served. */
let active = 0;
const waiting: (() => void)[] = [];
/** Set while a document's own work runs, so rendering inside it does not ask for a second turn. */
const turn = new AsyncLocalStorage<true>();

/** Documents allowed to wait for a turn (DOCUMENT_QUEUE_LIMIT), set once from the configuration. */
export function setDocumentQueueLimit(limit: number): void {
  queueLimit = limit;
}

/** Documents being made or waiting for their turn now. */
export const documentsInFlight = (): number => active + waiting.length;

const TOO_LARGE = `The document took longer than ${DOCUMENT_TIMEOUT_MS / 1000} s or more memory than a worker has: ask for a shorter period or fewer rows`;

function tooLarge(): AppError {
  return new AppError("DOCUMENT_TOO_LARGE", TOO_LARGE);
}

/** A turn now, or a place in the queue, or a refusal when the queue is full. */
async function takeTurn(): Promise<void> {
  if (active < POOL_SIZE) {
    active += 1;
    return;
  }
  if (waiting.length >= queueLimit) {
    throw new AppError(
      "DOCUMENTS_BUSY",
      `${documentsInFlight()} documents are being made or waiting; try again in ${DOCUMENT_RETRY_AFTER_SECONDS} seconds`,
      { retryAfterSeconds: DOCUMENT_RETRY_AFTER_SECONDS, inFlight: documentsInFlight() },
    );
  }
  // The turn is handed over by the document that ends (`active` stays as it is).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn(): void {
  const next = waiting.shift();
  if (next) next();
  else active -= 1;
}

/**
 * Runs `make` as one document's turn: its queries, its description and its rendering. renderPdf
 * and renderXlsx take a turn themselves; a route wraps its whole work in one when the work before
 * the rendering is large too (a ledger of thousands of rows), so that several such documents asked
 * for at once do not all read and build their rows on the request thread at the same moment.
 */
export async function asDocument<Result>(make: () => Promise<Result>): Promise<Result> {
  if (turn.getStore()) return make();
  await takeTurn();
  try {
    return await turn.run(true, make);
  } catch (error) {
    // A worker past its heap limit dies alone; the request learns why.
    if ((error as NodeJS.ErrnoException).code === "ERR_WORKER_OUT_OF_MEMORY") throw tooLarge();
    throw error;
  } finally {
    endTurn();
  }
}

const runOptions = { timeoutMs: DOCUMENT_TIMEOUT_MS, timeoutError: tooLarge };

/** A PDF made by a worker task from its plain job. */
export function renderPdf<Name extends PdfTask>(task: Name, job: Parameters<Tasks[Name]>[0]): Promise<Buffer> {
  return asDocument(async () => {
    const bytes: Uint8Array = await workerPool.run(task, job, runOptions);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
}

/**
 * An XLSX written by a worker task into a temporary file, answered as a stream of that file. The
 * file's name is gone before the first byte is sent (the open handle keeps its content), so nothing
 * is left on disk whether the download ends, breaks off or the process stops.
 */
export function renderXlsx<Name extends XlsxTask>(
  task: Name,
  job: Omit<Parameters<Tasks[Name]>[0], "path">,
): Promise<Readable> {
  return asDocument(async () => {
    const file = path.join(os.tmpdir(), `cargodesk-document-${randomUUID()}.xlsx`);
    try {
      // The job with its path is exactly the task's input; TypeScript cannot follow the spread.
      await workerPool.run(task, { ...job, path: file } as Parameters<Tasks[Name]>[0], runOptions);
      const handle = await open(file, "r");
      return handle.createReadStream();
    } finally {
      await rm(file, { force: true });
    }
  });
}

/** A table document (report, list) as a PDF under the company header. */
export async function tablePdf(db: Db, document: TableDocument): Promise<Buffer> {
  return renderPdf("tablePdf", { company: await loadDocumentCompany(db), document });
}

/** A table document as one worksheet, streamed. */
export function tableXlsx(document: TableDocument): Promise<Readable> {
  return renderXlsx("tableXlsx", { document });
}

/** An upload template: one worksheet holding the header row only. */
export function uploadTemplateXlsx(sheetName: string, columns: readonly ColumnSpec[]): Promise<Readable> {
  return tableXlsx({
    title: sheetName,
    fileName: sheetName,
    table: { columns: [...columns], rows: [] },
    sheet: { name: sheetName },
  });
}

/** Rows as one worksheet under an optional title row: the shape of the lists' XLSX exports. */
export function sheetXlsx<Row>(
  sheet: { name: string; title?: string },
  columns: readonly ColumnOf<Row>[],
  rows: readonly Row[],
): Promise<Readable> {
  return tableXlsx({ title: sheet.name, fileName: sheet.name, table: tableOf(columns, rows), sheet });
}
