import type { Category } from "@cargodesk/shared";
import { and, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { kitchenStations, menuCategories } from "../../db/schema/index";

const parent = alias(menuCategories, "parent");

/** `%` and `_` typed in a search are looked for as themselves. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function categoryFilter(search: string | undefined, activeOnly: boolean): SQL | undefined {
  return and(
    search ? or(ilike(menuCategories.name, containing(search)), ilike(parent.name, containing(search))) : undefined,
    activeOnly ? eq(menuCategories.active, true) : undefined,
  );
}

/**
 * Categories in tree order: each top-level category (by sort, then name) followed by its own
 * sub-categories, with how many products and sub-categories each has.
 */
export async function findCategories(db: Db, where: SQL | undefined): Promise<Category[]> {
  const rows = await db
    .select({
      id: menuCategories.id,
      parentId: menuCategories.parentId,
      parentName: parent.name,
      name: menuCategories.name,
      sort: menuCategories.sort,
      color: menuCategories.color,
      imagePath: menuCategories.imagePath,
      stationId: menuCategories.stationId,
      stationName: kitchenStations.name,
      sendToKitchen: menuCategories.sendToKitchen,
      revenueAccountId: menuCategories.revenueAccountId,
      cogsAccountId: menuCategories.cogsAccountId,
      active: menuCategories.active,
      productCount: sql<number>`(select count(*)::int from products p where p.category_id = ${menuCategories.id})`,
      childCount: sql<number>`(select count(*)::int from menu_categories c where c.parent_id = ${menuCategories.id})`,
    })
    .from(menuCategories)
    .leftJoin(parent, eq(parent.id, menuCategories.parentId))
    .leftJoin(kitchenStations, eq(kitchenStations.id, menuCategories.stationId))
    .where(where)
    .orderBy(
      sql`coalesce(${parent.sort}, ${menuCategories.sort})`,
      sql`lower(coalesce(${parent.name}, ${menuCategories.name}))`,
      sql`coalesce(${parent.id}, ${menuCategories.id})`,
      sql`${menuCategories.parentId} is not null`,
      menuCategories.sort,
      sql`lower(${menuCategories.name})`,
      menuCategories.id,
    );
  return rows.map((row) => ({ ...row, level: row.parentId === null ? 1 : 2 }));
}

export async function findCategory(db: Db, id: number): Promise<Category | undefined> {
  const [row] = await findCategories(db, eq(menuCategories.id, id));
  return row;
}
