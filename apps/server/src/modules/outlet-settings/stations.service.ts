import { OUTLET_TABLE_MESSAGES as M, type Station, type StationInput } from "@cargodesk/shared";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { kitchenStations, menuCategories, products } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { assertPrinter } from "./counters.service";
import { OUTLET_ID } from "./outlet-settings.service";

const duplicateName = () =>
  new AppError("RECORD_DUPLICATE", M.stationNameTaken, [{ field: "name", message: M.stationNameTaken }]);

function toStation(row: typeof kitchenStations.$inferSelect): Station {
  const mode = row.mode === "print" || row.mode === "both" ? row.mode : "display";
  return {
    id: row.id,
    name: row.name,
    printerId: row.printerId,
    mode,
    targetMinutes: row.targetMinutes,
    alertMinutes: row.alertMinutes,
    sort: row.sort,
    active: row.active,
  };
}

export async function listStations(ctx: Ctx): Promise<Station[]> {
  const rows = await ctx.db
    .select()
    .from(kitchenStations)
    .where(eq(kitchenStations.outletId, OUTLET_ID))
    .orderBy(asc(kitchenStations.sort), asc(kitchenStations.name));
  return rows.map(toStation);
}

export async function getStation(ctx: Ctx, id: number): Promise<Station> {
  const [row] = await ctx.db
    .select()
    .from(kitchenStations)
    .where(and(eq(kitchenStations.id, id), eq(kitchenStations.outletId, OUTLET_ID)));
  if (!row) throw new AppError("NOT_FOUND", M.stationNotFound);
  return toStation(row);
}

async function check(tx: Db, input: StationInput, except: number | null): Promise<void> {
  const [clash] = await tx
    .select({ id: kitchenStations.id })
    .from(kitchenStations)
    .where(
      and(
        eq(kitchenStations.outletId, OUTLET_ID),
        sql`lower(${kitchenStations.name}) = lower(${input.name})`,
        except === null ? undefined : ne(kitchenStations.id, except),
      ),
    );
  if (clash) throw duplicateName();
  await assertPrinter(tx, input.printerId, "printerId");
}

function asDuplicate(error: unknown): never {
  if (String((error as { cause?: unknown })?.cause ?? error).includes("kitchen_stations_name_key"))
    throw duplicateName();
  throw error;
}

export async function addStation(ctx: Ctx, input: StationInput): Promise<Station> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await check(tx, input, null);
      const [row] = await tx
        .insert(kitchenStations)
        .values({ outletId: OUTLET_ID, ...input })
        .returning({ id: kitchenStations.id });
      if (!row) throw new Error("station not stored");
      return row.id;
    })
    .catch(asDuplicate);
  return getStation(ctx, id);
}

export async function updateStation(ctx: Ctx, id: number, input: StationInput): Promise<Station> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: kitchenStations.id })
        .from(kitchenStations)
        .where(and(eq(kitchenStations.id, id), eq(kitchenStations.outletId, OUTLET_ID)))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", M.stationNotFound);
      await check(tx, input, id);
      await tx.update(kitchenStations).set(input).where(eq(kitchenStations.id, id));
    })
    .catch(asDuplicate);
  return getStation(ctx, id);
}

/** A station menu categories or products are routed to has been used: 409, deactivate it instead. */
export async function deleteStation(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: kitchenStations.id })
      .from(kitchenStations)
      .where(and(eq(kitchenStations.id, id), eq(kitchenStations.outletId, OUTLET_ID)))
      .for("update");
    if (!current) throw new AppError("NOT_FOUND", M.stationNotFound);
    const [category] = await tx
      .select({ id: menuCategories.id })
      .from(menuCategories)
      .where(eq(menuCategories.stationId, id))
      .limit(1);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.stationId, id)).limit(1);
    if (category || product) throw new AppError("RECORD_IN_USE", M.stationInUse);
    await tx.delete(kitchenStations).where(eq(kitchenStations.id, id));
  });
}
