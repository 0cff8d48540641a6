import { FLOOR_MESSAGES, type FloorListQuery, type Hall, type HallInput } from "@cargodesk/shared";
import { and, asc, eq, ilike, ne, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { diningTables, halls } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { asDuplicate, containing, nameTaken, OUTLET_ID } from "./floor.common";

/** Halls of the outlet (Master Control > Hall). */

const bpToPercent = (bp: number | null) => (bp === null ? null : bp / 100);
const percentToStoredBp = (percent: number | null) => (percent === null ? null : Math.round(percent * 100));

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
  if (clash) throw nameTaken(FLOOR_MESSAGES.hallTaken);
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
