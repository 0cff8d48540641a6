import type { ProductLookups, ProductStoreOption } from "@cargodesk/shared";
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  flavours,
  kitchenStations,
  menuCategories,
  sizes,
  storeProducts,
  taxClasses,
  units,
} from "../../db/schema/index";
import type { Ctx } from "../../lib/context";
import type { SheetRow } from "../../lib/tabular";

/** Lower-cased names to ids, for an upload's named columns. */
export interface Lookups {
  /** "name" and "parent > name" to the categories so called (more than one: ambiguous). */
  categories: Map<string, number[]>;
  sizes: Map<string, number>;
  flavours: Map<string, number>;
  taxClasses: Map<string, number>;
  stations: Map<string, number>;
  storeProducts: Map<string, number>;
}

const byName = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));

/** Everything an upload's rows may name; store products only those the file names (by code or name). */
export async function loadLookups(tx: Db, rows: readonly SheetRow[]): Promise<Lookups> {
  const parent = alias(menuCategories, "parent");
  const categoryRows = await tx
    .select({ id: menuCategories.id, name: menuCategories.name, parent: parent.name })
    .from(menuCategories)
    .leftJoin(parent, eq(parent.id, menuCategories.parentId));
  const categories = new Map<string, number[]>();
  const add = (key: string, id: number) => categories.set(key, [...(categories.get(key) ?? []), id]);
  for (const row of categoryRows) {
    add(row.name.toLowerCase(), row.id);
    if (row.parent) add(`${row.parent.toLowerCase()} > ${row.name.toLowerCase()}`, row.id);
  }
  const sizeRows = await tx.select({ id: sizes.id, name: sizes.name, code: sizes.code }).from(sizes);
  const sizeMap = byName(sizeRows);
  // A size's short code (S, M, L) names it too, unless a size is called that.
  for (const row of sizeRows)
    if (row.code && !sizeMap.has(row.code.toLowerCase())) sizeMap.set(row.code.toLowerCase(), row.id);
  const named = [
    ...new Set(rows.map((row) => (row.cells["store product"] ?? "").trim().toLowerCase()).filter(Boolean)),
  ];
  const storeRows =
    named.length === 0
      ? []
      : await tx
          .select({ id: storeProducts.id, code: storeProducts.code, name: storeProducts.name })
          .from(storeProducts)
          .where(
            or(inArray(sql`lower(${storeProducts.code})`, named), inArray(sql`lower(${storeProducts.name})`, named)),
          );
  const storeMap = byName(storeRows);
  for (const row of storeRows) storeMap.set(row.code.toLowerCase(), row.id);
  return {
    categories,
    sizes: sizeMap,
    flavours: byName(await tx.select({ id: flavours.id, name: flavours.name }).from(flavours)),
    taxClasses: byName(await tx.select({ id: taxClasses.id, name: taxClasses.name }).from(taxClasses)),
    stations: byName(await tx.select({ id: kitchenStations.id, name: kitchenStations.name }).from(kitchenStations)),
    storeProducts: storeMap,
  };
}

/** Active tax classes and kitchen stations, for Product Add's pickers. */
export async function productLookups(ctx: Ctx): Promise<ProductLookups> {
  const taxClassRows = await ctx.db
    .select({ id: taxClasses.id, name: taxClasses.name, rateBp: taxClasses.rateBp })
    .from(taxClasses)
    .where(eq(taxClasses.active, true))
    .orderBy(asc(taxClasses.name));
  const stationRows = await ctx.db
    .select({ id: kitchenStations.id, name: kitchenStations.name })
    .from(kitchenStations)
    .where(eq(kitchenStations.active, true))
    .orderBy(asc(kitchenStations.sort), asc(kitchenStations.name));
  return { taxClasses: taxClassRows, stations: stationRows };
}

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Up to 20 active store products by code or name, with their stock unit. */
export async function storeProductOptions(
  ctx: Ctx,
  { search, ids }: { search: string; ids: number[] },
): Promise<ProductStoreOption[]> {
  const wanted = ids.filter((id) => id <= 2_147_483_647);
  return ctx.db
    .select({
      id: storeProducts.id,
      code: storeProducts.code,
      name: storeProducts.name,
      unit: sql<string>`coalesce(nullif(${units.symbol}, ''), ${units.uomName})`,
    })
    .from(storeProducts)
    .innerJoin(units, eq(units.uomId, storeProducts.stockUomId))
    .where(
      or(
        and(
          eq(storeProducts.active, true),
          search
            ? or(ilike(storeProducts.code, containing(search)), ilike(storeProducts.name, containing(search)))
            : undefined,
        ),
        wanted.length > 0 ? inArray(storeProducts.id, wanted) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${storeProducts.name})`))
    .limit(20 + wanted.length);
}
