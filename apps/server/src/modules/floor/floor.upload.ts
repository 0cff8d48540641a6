import type { Readable } from "node:stream";
import {
  FLOOR_MESSAGES,
  TABLE_UPLOAD_COLUMNS,
  TABLE_UPLOAD_MESSAGES,
  TABLE_UPLOAD_ROWS,
  type TableCheck,
  type TableInput,
  tableInputSchema,
} from "@cargodesk/shared";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { diningTables, halls } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { uploadTemplateXlsx } from "../../lib/documents/render";
import { type RowIssue, readSheet, rejectIssues, type SheetRow } from "../../lib/tabular";
import { OUTLET_ID } from "./floor.common";
import { insertTables } from "./tables.service";

/** Reads an uploaded CSV or XLSX (in the worker pool) into its data rows; hall and name columns are required. */
export async function readTableSheet(file: Buffer): Promise<SheetRow[]> {
  const rows = await readSheet(file, ["hall", "name"]);
  if (rows.length > TABLE_UPLOAD_ROWS) {
    throw new AppError("SHEET_UNREADABLE", `file: ${TABLE_UPLOAD_MESSAGES.tooManyRows}`, [
      { field: "file", message: TABLE_UPLOAD_MESSAGES.tooManyRows },
    ]);
  }
  return rows;
}

/** The upload template: the columns in order on one sheet. */
export function tableTemplateXlsx(): Promise<Readable> {
  return uploadTemplateXlsx(
    "Tables",
    TABLE_UPLOAD_COLUMNS.map((column) => ({ header: column, xlsxWidth: column === "hall" ? 24 : 14 })),
  );
}

const FIELD_COLUMN: Record<string, string> = { hallId: "hall", name: "name", seats: "seats", shape: "shape" };

interface Checked {
  report: TableCheck["rows"][number];
  input: TableInput | null;
}

/** Checks every row against the single add's schema, the halls, the tables already there and the other rows. */
async function checkRows(tx: Db, rows: readonly SheetRow[]): Promise<Checked[]> {
  const hallRows = await tx.select({ id: halls.id, name: halls.name }).from(halls).where(eq(halls.outletId, OUTLET_ID));
  const hallByName = new Map(hallRows.map((hall) => [hall.name.trim().toLowerCase(), hall.id]));
  const existing = await tx
    .select({ hallId: diningTables.hallId, name: sql<string>`lower(${diningTables.name})` })
    .from(diningTables)
    .where(
      inArray(
        diningTables.hallId,
        hallRows.map((hall) => hall.id),
      ),
    );
  const taken = new Set(existing.map((row) => `${row.hallId}\u0000${row.name}`));
  const inFile = new Set<string>();
  return rows.map(({ row, cells }) => {
    const hall = (cells.hall ?? "").trim();
    const name = (cells.name ?? "").trim();
    const errors: { column: string; message: string }[] = [];
    const hallId = hallByName.get(hall.toLowerCase());
    if (hall === "") errors.push({ column: "hall", message: FLOOR_MESSAGES.hall });
    else if (hallId === undefined) errors.push({ column: "hall", message: TABLE_UPLOAD_MESSAGES.unknownHall });
    const seats = (cells.seats ?? "").trim();
    const shape = (cells.shape ?? "").trim().toLowerCase();
    const parsed = tableInputSchema.safeParse({
      hallId: hallId ?? 1,
      name,
      ...(seats === "" ? {} : { seats: /^\d+$/.test(seats) ? Number(seats) : seats }),
      ...(shape === "" ? {} : { shape }),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        errors.push({ column: FIELD_COLUMN[String(issue.path[0])] ?? "name", message: issue.message });
      }
    }
    if (hallId !== undefined && name !== "") {
      const key = `${hallId}\u0000${name.toLowerCase()}`;
      if (taken.has(key)) errors.push({ column: "name", message: FLOOR_MESSAGES.tableTaken });
      else if (inFile.has(key)) errors.push({ column: "name", message: TABLE_UPLOAD_MESSAGES.repeated });
      inFile.add(key);
    }
    return {
      report: { row, hall, name, errors },
      input: errors.length === 0 && parsed.success ? parsed.data : null,
    };
  });
}

/**
 * The dry run answers every row with its errors and writes nothing; saving checks again and
 * creates every table or none (a row with errors refuses the whole file, 400 SHEET_ROWS_INVALID).
 */
export async function uploadTables(ctx: Ctx, rows: readonly SheetRow[], dryRun: boolean) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM halls WHERE outlet_id = ${OUTLET_ID} FOR UPDATE`);
    const checked = await checkRows(tx, rows);
    if (dryRun) return { rows: checked.map((entry) => entry.report) };
    const issues: RowIssue[] = checked.flatMap((entry) =>
      entry.report.errors.map((error) => ({ row: entry.report.row, ...error })),
    );
    rejectIssues(issues);
    const inputs = checked.flatMap((entry) => (entry.input ? [entry.input] : []));
    const ids = await insertTables(tx, inputs);
    return { message: TABLE_UPLOAD_MESSAGES.saved(ids.length), created: ids.length };
  });
}
