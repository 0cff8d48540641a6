import { randomBytes } from "node:crypto";
import {
  type DiningTable,
  FLOOR_MESSAGES,
  type FloorListQuery,
  type TableInput,
  type TableLayout,
} from "@cargodesk/shared";
import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { diningTables, halls } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { asDuplicate, containing, nameTaken, OUTLET_ID } from "./floor.common";

/** Dining tables of the halls (Master Control > Table): placement, layout and QR tokens. */

async function findTables(db: Db, where: SQL | undefined): Promise<DiningTable[]> {
  const rows = await db
    .select({
      id: diningTables.id,
      hallId: diningTables.hallId,
      hallName: halls.name,
      name: diningTables.name,
      seats: diningTables.seats,
      shape: diningTables.shape,
      x: diningTables.x,
      y: diningTables.y,
      w: diningTables.w,
      h: diningTables.h,
      qrToken: diningTables.qrToken,
      active: diningTables.active,
    })
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .where(and(eq(halls.outletId, OUTLET_ID), where))
    .orderBy(
      asc(halls.sort),
      asc(sql`lower(${halls.name})`),
      asc(sql`lower(${diningTables.name})`),
      asc(diningTables.id),
    );
  return rows.map((row) => ({ ...row, shape: row.shape as DiningTable["shape"] }));
}

export async function listTables(ctx: Ctx, query: FloorListQuery) {
  const data = await findTables(
    ctx.db,
    and(
      query.search ? ilike(diningTables.name, containing(query.search)) : undefined,
      query.active === "true" ? eq(diningTables.active, true) : undefined,
      query.hallId === undefined ? undefined : eq(diningTables.hallId, query.hallId),
    ),
  );
  return { data, total_results: data.length };
}

export async function getTable(ctx: Ctx, id: number): Promise<DiningTable> {
  const [row] = await findTables(ctx.db, eq(diningTables.id, id));
  if (!row) throw new AppError("NOT_FOUND", FLOOR_MESSAGES.tableNotFound);
  return row;
}

/** 24 random bytes, URL-safe: the token a table's QR card carries. */
export const newQrToken = () => randomBytes(24).toString("base64url");

const DEFAULT_SIZE = 80;
const GRID_STEP = 100;
const GRID_COLUMNS = 8;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first cell of a simple grid (8 across, 100 units apart) that overlaps no table already on the floor. */
export function freeGridCell(taken: readonly Rect[]): Rect {
  for (let cell = 0; ; cell++) {
    const rect = {
      x: 20 + (cell % GRID_COLUMNS) * GRID_STEP,
      y: 20 + Math.floor(cell / GRID_COLUMNS) * GRID_STEP,
      w: DEFAULT_SIZE,
      h: DEFAULT_SIZE,
    };
    if (!taken.some((other) => overlaps(rect, other))) return rect;
  }
}

async function assertActiveHall(tx: Db, hallId: number): Promise<void> {
  const [hall] = await tx
    .select({ id: halls.id })
    .from(halls)
    .where(and(eq(halls.id, hallId), eq(halls.outletId, OUTLET_ID)))
    .for("update");
  if (!hall)
    throw new AppError("VALIDATION", `hallId: ${FLOOR_MESSAGES.hall}`, [
      { field: "hallId", message: FLOOR_MESSAGES.hall },
    ]);
}

async function assertTableNameFree(tx: Db, hallId: number, name: string, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: diningTables.id })
    .from(diningTables)
    .where(
      and(
        eq(diningTables.hallId, hallId),
        sql`lower(${diningTables.name}) = lower(${name})`,
        except === null ? undefined : ne(diningTables.id, except),
      ),
    );
  if (clash) throw nameTaken(FLOOR_MESSAGES.tableTaken);
}

/** Inserts tables into their halls, each at the next free grid cell; the caller holds the transaction. */
export async function insertTables(tx: Db, inputs: readonly TableInput[]): Promise<number[]> {
  const placed = new Map<number, Rect[]>();
  const ids: number[] = [];
  for (const input of inputs) {
    let floor = placed.get(input.hallId);
    if (!floor) {
      floor = await tx
        .select({ x: diningTables.x, y: diningTables.y, w: diningTables.w, h: diningTables.h })
        .from(diningTables)
        .where(eq(diningTables.hallId, input.hallId));
      placed.set(input.hallId, floor);
    }
    const rect = freeGridCell(floor);
    floor.push(rect);
    const [row] = await tx
      .insert(diningTables)
      .values({ ...input, ...rect, qrToken: newQrToken() })
      .returning({ id: diningTables.id });
    if (!row) throw new Error("table not stored");
    ids.push(row.id);
  }
  return ids;
}

export async function addTable(ctx: Ctx, input: TableInput): Promise<DiningTable> {
  const [id] = await ctx.db
    .transaction(async (tx) => {
      await assertActiveHall(tx, input.hallId);
      await assertTableNameFree(tx, input.hallId, input.name, null);
      return insertTables(tx, [input]);
    })
    .catch(asDuplicate("dining_tables_name_key", FLOOR_MESSAGES.tableTaken));
  if (id === undefined) throw new Error("table not stored");
  return getTable(ctx, id);
}

async function lockTable(tx: Db, id: number): Promise<{ hallId: number }> {
  const [current] = await tx
    .select({ hallId: diningTables.hallId })
    .from(diningTables)
    .innerJoin(halls, eq(halls.id, diningTables.hallId))
    .where(and(eq(diningTables.id, id), eq(halls.outletId, OUTLET_ID)))
    .for("update", { of: diningTables });
  if (!current) throw new AppError("NOT_FOUND", FLOOR_MESSAGES.tableNotFound);
  return current;
}

/** Changes a table; moved to another hall, it takes the next free cell there. */
export async function updateTable(ctx: Ctx, id: number, input: TableInput): Promise<DiningTable> {
  await ctx.db
    .transaction(async (tx) => {
      const current = await lockTable(tx, id);
      await assertActiveHall(tx, input.hallId);
      await assertTableNameFree(tx, input.hallId, input.name, id);
      let position = {};
      if (current.hallId !== input.hallId) {
        const floor = await tx
          .select({ x: diningTables.x, y: diningTables.y, w: diningTables.w, h: diningTables.h })
          .from(diningTables)
          .where(eq(diningTables.hallId, input.hallId));
        position = freeGridCell(floor);
      }
      await tx
        .update(diningTables)
        .set({ ...input, ...position })
        .where(eq(diningTables.id, id));
    })
    .catch(asDuplicate("dining_tables_name_key", FLOOR_MESSAGES.tableTaken));
  return getTable(ctx, id);
}

/**
 * Deletes a table. Once POS orders exist (WP3), a table that has ever had one is deactivated
 * instead; there is no order table yet, so every table can be deleted.
 */
export async function deleteTable(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockTable(tx, id);
    await tx.delete(diningTables).where(eq(diningTables.id, id));
  });
}

/** Stores the positions of many tables at once (one transaction); every id must be a table of this outlet. */
export async function saveLayout(ctx: Ctx, layout: TableLayout): Promise<number> {
  const ids = layout.tables.map((row) => row.id);
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({ id: diningTables.id })
      .from(diningTables)
      .innerJoin(halls, eq(halls.id, diningTables.hallId))
      .where(and(inArray(diningTables.id, ids), eq(halls.outletId, OUTLET_ID)))
      .for("update", { of: diningTables });
    const known = new Set(found.map((row) => row.id));
    const missing = layout.tables.findIndex((row) => !known.has(row.id));
    if (missing >= 0) {
      throw new AppError("VALIDATION", `tables.${missing}.id: ${FLOOR_MESSAGES.tableNotFound}`, [
        { field: `tables.${missing}.id`, message: FLOOR_MESSAGES.tableNotFound },
      ]);
    }
    for (const row of layout.tables) {
      await tx.update(diningTables).set({ x: row.x, y: row.y, w: row.w, h: row.h }).where(eq(diningTables.id, row.id));
    }
    return layout.tables.length;
  });
}

/** What a table's QR card encodes: the table's self-ordering address on the public site. */
export const tableQrUrl = (publicUrl: string, qrToken: string) => `${publicUrl.replace(/\/+$/, "")}/t/${qrToken}`;
