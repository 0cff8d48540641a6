import { OUTLET_MESSAGES, type Printer, type PrinterInput } from "@cargodesk/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kitchenStations, posCounters, printers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { escposTestPage } from "../../lib/escpos";
import { sendToPrinter } from "../../lib/print-jobs";

/** How long a test print waits for a network printer before answering that it cannot be reached. */
const CONNECT_TIMEOUT_MS = 2_000;

const duplicateName = () =>
  new AppError("RECORD_DUPLICATE", OUTLET_MESSAGES.printerNameTaken, [
    { field: "name", message: OUTLET_MESSAGES.printerNameTaken },
  ]);

function toPrinter(row: typeof printers.$inferSelect): Printer {
  return { ...row, kind: row.kind === "network_escpos" ? "network_escpos" : "browser" };
}

export async function listPrinters(ctx: Ctx): Promise<Printer[]> {
  const rows = await ctx.db.select().from(printers).orderBy(asc(printers.name));
  return rows.map(toPrinter);
}

export async function getPrinter(ctx: Ctx, id: number): Promise<Printer> {
  const [row] = await ctx.db.select().from(printers).where(eq(printers.id, id));
  if (!row) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.printerNotFound);
  return toPrinter(row);
}

async function assertNameFree(tx: Db, name: string, except: number | null): Promise<void> {
  const [row] = await tx
    .select({ id: printers.id })
    .from(printers)
    .where(and(sql`lower(${printers.name}) = lower(${name})`, except === null ? undefined : ne(printers.id, except)));
  if (row) throw duplicateName();
}

export async function addPrinter(ctx: Ctx, input: PrinterInput): Promise<Printer> {
  const id = await ctx.db.transaction(async (tx) => {
    await assertNameFree(tx, input.name, null);
    const [row] = await tx.insert(printers).values(input).returning({ id: printers.id });
    if (!row) throw new Error("printer not stored");
    return row.id;
  });
  return getPrinter(ctx, id);
}

export async function updatePrinter(ctx: Ctx, id: number, input: PrinterInput): Promise<Printer> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: printers.id }).from(printers).where(eq(printers.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.printerNotFound);
    await assertNameFree(tx, input.name, id);
    await tx.update(printers).set(input).where(eq(printers.id, id));
  });
  return getPrinter(ctx, id);
}

/** A printer a counter or a station prints on is kept (409) until they choose another. */
export async function deletePrinter(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: printers.id }).from(printers).where(eq(printers.id, id)).for("update");
    if (!current) throw new AppError("NOT_FOUND", OUTLET_MESSAGES.printerNotFound);
    const [counter] = await tx
      .select({ id: posCounters.id })
      .from(posCounters)
      .where(eq(posCounters.receiptPrinterId, id))
      .limit(1);
    const [station] = await tx
      .select({ id: kitchenStations.id })
      .from(kitchenStations)
      .where(eq(kitchenStations.printerId, id))
      .limit(1);
    if (counter || station) throw new AppError("RECORD_IN_USE", OUTLET_MESSAGES.printerInUse);
    await tx.delete(printers).where(eq(printers.id, id));
  });
}

/** A network printer gets an ESC/POS test page now; a browser printer is printed from the screen. */
export async function testPrinter(ctx: Ctx, id: number): Promise<string> {
  const printer = await getPrinter(ctx, id);
  if (printer.kind === "browser") return OUTLET_MESSAGES.printerBrowser;
  // The print queue's own transport, with a short wait: the person at the screen is waiting for the answer.
  await sendToPrinter(printer.host, printer.port, escposTestPage(printer), CONNECT_TIMEOUT_MS).catch((error: Error) => {
    throw new AppError("CONFLICT", error.message);
  });
  return OUTLET_MESSAGES.printerSent;
}
