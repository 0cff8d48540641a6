import { PCS_UOM_ID, parseScaled, UNIT_MESSAGES, type UnitUsageRow, type unitInputSchema } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { units } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import {
  findUnit,
  findUnits,
  unitAnswer,
  unitConversions,
  unitCounts,
  unitUseReason,
  usedByStoreProducts,
} from "./units.queries";

type UnitInput = z.output<typeof unitInputSchema>;

async function refuseTakenName(ctx: Ctx, name: string, exceptId: number | null) {
  const [taken] = await ctx.db
    .select({ id: units.uomId })
    .from(units)
    .where(sql`lower(${units.uomName}) = lower(${name})`);
  if (taken && taken.id !== exceptId)
    throw new AppError("RECORD_DUPLICATE", `uomName: ${UNIT_MESSAGES.nameTaken}`, { field: "uomName" });
}

/** The UOM screens' list: each unit with how many records use it and the products' own conversions. */
export async function unitUsage(ctx: Ctx): Promise<UnitUsageRow[]> {
  const [rows, counts, conversions] = await Promise.all([
    findUnits(ctx.db),
    unitCounts(ctx.db),
    unitConversions(ctx.db),
  ]);
  return rows.map((row) => {
    const count = counts.get(row.uomId);
    return {
      ...unitAnswer(row),
      stockProducts: count?.stockProducts ?? 0,
      purchaseProducts: count?.purchaseProducts ?? 0,
      packs: count?.packs ?? 0,
      shipmentLines: count?.shipmentLines ?? 0,
      documentLines: count?.documentLines ?? 0,
      conversions: conversions
        .filter((conversion) => Number(conversion.uom_id) === row.uomId)
        .map((conversion) => ({
          storeProductId: Number(conversion.store_product_id),
          code: conversion.code,
          name: conversion.name,
          factor: Number(conversion.factor_micro) / 1_000_000,
          stockUom: conversion.stock_uom,
        })),
    };
  });
}

export function addUnit(ctx: Ctx, input: UnitInput) {
  return ctx.db.transaction(async (tx) => {
    await refuseTakenName({ ...ctx, db: tx }, input.uomName, null);
    const [row] = await tx
      .insert(units)
      .values({
        uomName: input.uomName,
        symbol: input.symbol,
        dimension: input.dimension,
        factorToBase: String(input.factor),
      })
      .returning({ uomId: units.uomId });
    if (!row) throw new Error("unit not stored");
    const stored = await findUnit(tx, row.uomId);
    if (!stored) throw new Error("unit not stored");
    return { message: UNIT_MESSAGES.added, data: unitAnswer(stored) };
  });
}

/**
 * Renames a unit freely; its dimension and factor may change only while no store product or pack
 * uses it (their quantities were entered in its meaning). PCS keeps its dimension.
 */
export function updateUnit(ctx: Ctx, id: number, input: UnitInput) {
  return ctx.db.transaction(async (tx) => {
    const current = await findUnit(tx, id, true);
    if (!current) throw new AppError("NOT_FOUND", UNIT_MESSAGES.notFound);
    await refuseTakenName({ ...ctx, db: tx }, input.uomName, id);
    const dimensionChanges = current.dimension !== input.dimension;
    if (id === PCS_UOM_ID && dimensionChanges) throw new AppError("UOM_PROTECTED", UNIT_MESSAGES.pcsLocked);
    const factorChanges = parseScaled(current.factorText, 6) !== parseScaled(input.factor, 6);
    if ((dimensionChanges || factorChanges) && (await usedByStoreProducts(tx, id)))
      throw new AppError("RECORD_IN_USE", UNIT_MESSAGES.changeInUse);
    await tx
      .update(units)
      .set({
        uomName: input.uomName,
        symbol: input.symbol,
        dimension: input.dimension,
        factorToBase: String(input.factor),
      })
      .where(eq(units.uomId, id));
    const stored = await findUnit(tx, id);
    if (!stored) throw new Error("unit not stored");
    return { message: UNIT_MESSAGES.updated, data: unitAnswer(stored) };
  });
}

/** Deletes a unit nothing names; PCS is never deleted. */
export function deleteUnit(ctx: Ctx, id: number) {
  return ctx.db.transaction(async (tx) => {
    if (id === PCS_UOM_ID) throw new AppError("UOM_PROTECTED", UNIT_MESSAGES.pcsLocked);
    const current = await findUnit(tx, id, true);
    if (!current) throw new AppError("NOT_FOUND", UNIT_MESSAGES.notFound);
    const reason = await unitUseReason(tx, id);
    if (reason) throw new AppError("RECORD_IN_USE", `${UNIT_MESSAGES.inUse}: ${reason}`, { usedBy: reason });
    await tx.delete(units).where(eq(units.uomId, id));
    return { message: UNIT_MESSAGES.deleted };
  });
}
