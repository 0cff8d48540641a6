import { type Coupon, type CouponRule, type CouponTerms, couponRuleOf, minorToAmount } from "@cargodesk/shared";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, flavours, menuCategories, products, productVariants, sizes } from "../../db/schema/index";

export type CouponRow = typeof coupons.$inferSelect;

/** `%` and `_` typed in a search are looked for as themselves. */
export const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function couponFilter(query: { search?: string; kind?: "code" | "automatic"; active?: "true" | "false" }) {
  return and(
    query.search
      ? or(ilike(coupons.name, containing(query.search)), ilike(coupons.code, containing(query.search)))
      : undefined,
    query.kind === "code" ? isNotNull(coupons.code) : query.kind === "automatic" ? isNull(coupons.code) : undefined,
    query.active ? eq(coupons.active, query.active === "true") : undefined,
  );
}

/** A menu item's name as the other menu screens label it: "Zinger L Spicy". */
const variantName = sql<string>`concat_ws(' ', ${products.name}, ${sizes.name}, ${flavours.name})`;

export async function variantNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productVariants.id, name: variantName })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(inArray(productVariants.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function categoryNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: menuCategories.id, name: menuCategories.name })
    .from(menuCategories)
    .where(inArray(menuCategories.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Category or menu-item choices for the scope picker: active ones matching the search, 50 at most. */
export async function scopeOptions(db: Db, scope: "category" | "variant", search: string | undefined) {
  if (scope === "category") {
    return db
      .select({ id: menuCategories.id, name: menuCategories.name })
      .from(menuCategories)
      .where(and(eq(menuCategories.active, true), search ? ilike(menuCategories.name, containing(search)) : undefined))
      .orderBy(asc(sql`lower(${menuCategories.name})`), asc(menuCategories.id))
      .limit(50);
  }
  return db
    .select({ id: productVariants.id, name: variantName })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(
      and(
        eq(productVariants.active, true),
        eq(products.active, true),
        search ? ilike(variantName, containing(search)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.sort), asc(productVariants.id))
    .limit(50);
}

/** The API's shape of stored rows, with the names of what their scopes cover. */
export async function toCoupons(db: Db, rows: readonly CouponRow[]): Promise<Coupon[]> {
  const ids = (scope: string) => [...new Set(rows.filter((row) => row.scope === scope).flatMap((row) => row.scopeIds))];
  const [categories, variants] = await Promise.all([
    categoryNames(db, ids("category")),
    variantNames(db, ids("variant")),
  ]);
  return rows.map((row) => {
    const names = row.scope === "category" ? categories : variants;
    // The chosen scope as stored (no sub-categories added), with the form's value: a percentage as 50.
    const terms = termsOf(row, new Map());
    return {
      ...terms,
      value: row.kind === "percent" ? Number(row.value) / 100 : terms.value,
      scopeNames: terms.scopeIds.map((id) => names.get(id) ?? `#${id}`),
      active: row.active,
    };
  });
}

export async function findCouponRows(db: Db, where: SQL | undefined, limit: number, offset: number) {
  return (
    db
      .select()
      .from(coupons)
      .where(where)
      // Codes first (by code), then promotions by priority and name.
      .orderBy(
        asc(sql`${coupons.code} is null`),
        asc(coupons.code),
        desc(coupons.priority),
        asc(coupons.name),
        asc(coupons.id),
      )
      .limit(limit)
      .offset(offset)
  );
}

export async function countCoupons(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(coupons).where(where);
  return row?.total ?? 0;
}

/** A stored coupon's terms as the engine applies them; a category scope also covers its sub-categories. */
export function termsOf(row: CouponRow, childrenOf: ReadonlyMap<number, readonly number[]>): CouponTerms {
  const scope = row.scope === "category" ? "category" : row.scope === "variant" ? "variant" : "order";
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind === "percent" ? "percent" : "amount",
    value: row.kind === "percent" ? Number(row.value) : minorToAmount(row.value),
    maxDiscount: row.maxDiscountMinor === null ? null : minorToAmount(row.maxDiscountMinor),
    minOrder: minorToAmount(row.minOrderMinor),
    scope,
    scopeIds:
      scope === "category"
        ? [...new Set(row.scopeIds.flatMap((id) => [id, ...(childrenOf.get(id) ?? [])]))]
        : scope === "variant"
          ? row.scopeIds
          : [],
    orderTypes: row.orderTypes,
    validFrom: row.validFrom,
    validTo: row.validTo,
    weekdays: row.weekdays,
    timeFrom: row.timeFrom?.slice(0, 5) ?? null,
    timeTo: row.timeTo?.slice(0, 5) ?? null,
    autoApply: row.autoApply,
    priority: row.priority,
    stackable: row.stackable,
    usageLimit: row.usageLimit,
    perCustomerLimit: row.perCustomerLimit,
    usedCount: row.usedCount,
  };
}

/** The engine's view of a stored coupon: its terms as the till gets them, as a rule. */
export const ruleOf = (row: CouponRow, childrenOf: ReadonlyMap<number, readonly number[]>): CouponRule =>
  couponRuleOf(termsOf(row, childrenOf));

/**
 * The active automatic promotions (coupons without a code) as the till applies them, in the order
 * `applyCoupons` takes them: priority, highest first, then by id. Offered-only ones and those whose
 * uses ran out are included (the till tells them apart by `autoApply` and `usedCount`/`usageLimit`).
 */
export async function automaticPromotions(db: Db): Promise<CouponTerms[]> {
  const [rows, children] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(and(eq(coupons.active, true), isNull(coupons.code)))
      .orderBy(desc(coupons.priority), asc(coupons.id)),
    categoryChildren(db),
  ]);
  return rows.map((row) => termsOf(row, children));
}

/**
 * What of the promotions moves without a change of master data: the uses of those with a usage
 * limit (a redemption raises `used_count` but not the catalogue version), as a SQL expression of
 * digits and a dot. Part of the POS bootstrap's version, so a register sees a promotion whose uses ran out.
 */
export const limitedPromotionUses = sql<string>`(
  SELECT concat(coalesce(sum(${coupons.usedCount}), 0), '.', coalesce(sum(${coupons.usedCount}::bigint * ${coupons.id}), 0))
  FROM ${coupons} WHERE ${coupons.active} AND ${coupons.code} IS NULL AND ${coupons.usageLimit} IS NOT NULL)`;

/** Sub-categories by their parent (menus have two levels). */
export async function categoryChildren(db: Db): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ id: menuCategories.id, parentId: menuCategories.parentId })
    .from(menuCategories)
    .where(isNotNull(menuCategories.parentId));
  const children = new Map<number, number[]>();
  for (const row of rows) {
    if (row.parentId !== null) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  return children;
}
