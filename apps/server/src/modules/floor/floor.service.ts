import { randomBytes } from "node:crypto";
import {
  type DiningTable,
  FLOOR_MESSAGES,
  type FloorListQuery,
  type Hall,
  type HallInput,
  type TableInput,
  type TableLayout,
} from "@cargodesk/shared";
import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { diningTables, halls } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";

/** The one outlet seeded today; every hall belongs to it until outlets can be added. */
const OUTLET_ID = 1;

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const taken = (message: string) => new AppError("RECORD_DUPLICATE", message, [{ field: "name", message }]);

/** A unique index hit by a simultaneous save answers the same 409 as the check before it. */
function asDuplicate(index: string, message: string) {
  return (error: unknown): never => {
    if (String((error as { cause?: unknown })?.cause ?? error).includes(index)) throw taken(message);
    throw error;
  };
}

const bpToPercent = (bp: number | null) => (bp === null ? null : bp / 100);
const percentToStoredBp = (percent: number | null) => (percent === null ? null : Math.round(percent * 100));

// ---- Halls ----

const tableCount = sql<number>`(select count(*)::int from dining_tables d where d.hall_id = halls.id)`;

async function findHalls(db: Db, where: SQL | undefined): Promise<Hall[]> {
  const rows = await db
    .select({
      id: halls.id,
      name: halls.name,
      sort: halls.sort,
      serviceChargeBp: halls.serviceChargeBp,
      active: halls.active,
      tableCount,
    })
    .from(halls)
    .where(and(eq(halls.outletId, OUTLET_ID), where))
    .orderBy(asc(halls.sort), asc(sql`lower(${halls.name})`), asc(halls.id));
  return rows.map(({ serviceChargeBp, ...row }) => ({ ...row, serviceChargePercent: bpToPercent(serviceChargeBp) }));
}

async function assertHallNameFree(tx: Db, name: string, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: halls.id })
    .from(halls)
    .where(
      and(
        eq(halls.outletId, OUTLET_ID),
        sql`lower(${halls.name}) = lower(${name})`,
        except === null ? undefined : ne(halls.id, except),
      ),
    );
  if (clash) throw taken(FLOOR_MESSAGES.hallTaken);
}

const hallValues = (input: HallInput) => ({
  name: input.name,
  sort: input.sort,
  serviceChargeBp: percentToStoredBp(input.serviceChargePercent),
  active: input.active,
});

export async function listHalls(ctx: Ctx, query: FloorListQuery) {
  const data = await findHalls(
    ctx.db,
    and(
      query.search ? ilike(halls.name, containing(query.search)) : undefined,
      query.active === "true" ? eq(halls.active, true) : undefined,
    ),
  );
  return { data, total_results: data.length };
}

export async function getHall(ctx: Ctx, id: number): Promise<Hall> {
  const [row] = await findHalls(ctx.db, eq(halls.id, id));
  if (!row) throw new AppError("NOT_FOUND", FLOOR_MESSAGES.hallNotFound);
  return row;
}

export async function addHall(ctx: Ctx, input: HallInput): Promise<Hall> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await assertHallNameFree(tx, input.name, null);
      const [row] = await tx
        .insert(halls)
        .values({ outletId: OUTLET_ID, ...hallValues(input) })
        .returning({ id: halls.id });
      if (!row) throw new Error("hall not stored");
      return row.id;
    })
    .catch(asDuplicate("halls_name_key", FLOOR_MESSAGES.hallTaken));
  return getHall(ctx, id);
}

async function lockHall(tx: Db, id: number): Promise<void> {
  const [current] = await tx
    .select({ id: halls.id })
    .from(halls)
    .where(and(eq(halls.id, id), eq(halls.outletId, OUTLET_ID)))
    .for("update");
  if (!current) throw new AppError("NOT_FOUND", FLOOR_MESSAGES.hallNotFound);
}

export async function updateHall(ctx: Ctx, id: number, input: HallInput): Promise<Hall> {
  await ctx.db
    .transaction(async (tx) => {
      await lockHall(tx, id);
      await assertHallNameFree(tx, input.name, id);
      await tx.update(halls).set(hallValues(input)).where(eq(halls.id, id));
    })
    .catch(asDuplicate("halls_name_key", FLOOR_MESSAGES.hallTaken));
  return getHall(ctx, id);
}

/** Deletes a hall without tables; with tables, 409 (move or delete them, or deactivate the hall). */
export async function deleteHall(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockHall(tx, id);
    const [table] = await tx
      .select({ id: diningTables.id })
      .from(diningTables)
      .where(eq(diningTables.hallId, id))
      .limit(1);
    if (table) throw new AppError("RECORD_IN_USE", FLOOR_MESSAGES.hallHasTables);
    await tx.delete(halls).where(eq(halls.id, id));
  });
}

// ---- Tables ----

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
  if (clash) throw taken(FLOOR_MESSAGES.tableTaken);
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
