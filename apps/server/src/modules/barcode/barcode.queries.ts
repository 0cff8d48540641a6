import { type BarcodeFilters, type BarcodeItem, type BarcodeItemQuery, minorToAmount } from "@cargodesk/shared";
import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { flavours, menuCategories, products, productVariants, sizes, storeProducts } from "../../db/schema/index";

/** Reads of the Barcode screen: the items to label, their filters, and the rows a request names. */

const parent = alias(menuCategories, "parent");

/** "L Spicy": a variant's size and flavour names. */
const variantLabel = sql<string>`concat_ws(' ', ${sizes.name}, ${flavours.name})`;

const like = (value: string) => `%${value.replace(/[\\%_]/g, "\\$&")}%`;

export interface VariantRow {
  id: number;
  productName: string;
  variant: string;
  priceMinor: bigint;
  barcode: string | null;
}

export interface StoreRow {
  id: number;
  name: string;
  barcode: string | null;
}

/** The variants with these ids (any state), with their product's name, size and flavour. */
export function variantsByIds(tx: Db, ids: readonly number[]): Promise<VariantRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: productVariants.id,
      productName: products.name,
      variant: variantLabel,
      priceMinor: productVariants.priceMinor,
      barcode: productVariants.barcode,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(inArray(productVariants.id, [...ids]));
}

export function storeProductsByIds(tx: Db, ids: readonly number[]): Promise<StoreRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: storeProducts.id, name: storeProducts.name, barcode: storeProducts.barcode })
    .from(storeProducts)
    .where(inArray(storeProducts.id, [...ids]));
}

/** One page of menu variants: by product name, code or barcode, by category (or its parent). */
async function variantPage(db: Db, query: BarcodeItemQuery): Promise<{ data: BarcodeItem[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = like(query.search);
    filters.push(
      or(
        sql`${products.name} ILIKE ${pattern}`,
        sql`${products.code} ILIKE ${pattern}`,
        sql`${productVariants.barcode} ILIKE ${pattern}`,
      ),
    );
  }
  if (query.categoryId !== undefined)
    filters.push(or(eq(products.categoryId, query.categoryId), eq(menuCategories.parentId, query.categoryId)));
  if (query.missing) filters.push(isNull(productVariants.barcode));
  const where = and(...filters);
  const base = () =>
    db
      .select({
        id: productVariants.id,
        code: products.code,
        name: products.name,
        variant: variantLabel,
        group: sql<string>`concat_ws(' / ', ${parent.name}, ${menuCategories.name})`,
        priceMinor: productVariants.priceMinor,
        barcode: productVariants.barcode,
        active: sql<boolean>`${productVariants.active} AND ${products.active}`,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .innerJoin(menuCategories, eq(menuCategories.id, products.categoryId))
      .leftJoin(parent, eq(parent.id, menuCategories.parentId))
      .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
      .leftJoin(flavours, eq(flavours.id, productVariants.flavourId));
  const rows = await base()
    .where(where)
    .orderBy(
      asc(products.name),
      asc(sql`coalesce(${sizes.sort}, 0)`),
      asc(sql`coalesce(${flavours.sort}, 0)`),
      asc(productVariants.id),
    )
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db
    .select({ n: count() })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(menuCategories, eq(menuCategories.id, products.categoryId))
    .where(where);
  return {
    data: rows.map(({ priceMinor, ...row }) => ({ ...row, kind: "variant", price: minorToAmount(priceMinor) })),
    total: total?.n ?? 0,
  };
}

/** One page of store products: by name, code or barcode, by group. */
async function storePage(db: Db, query: BarcodeItemQuery): Promise<{ data: BarcodeItem[]; total: number }> {
  const filters: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = like(query.search);
    filters.push(
      or(
        sql`${storeProducts.name} ILIKE ${pattern}`,
        sql`${storeProducts.code} ILIKE ${pattern}`,
        sql`${storeProducts.barcode} ILIKE ${pattern}`,
      ),
    );
  }
  if (query.group) filters.push(eq(storeProducts.groupName, query.group));
  if (query.missing) filters.push(isNull(storeProducts.barcode));
  const where = and(...filters);
  const rows = await db
    .select({
      id: storeProducts.id,
      code: storeProducts.code,
      name: storeProducts.name,
      group: storeProducts.groupName,
      barcode: storeProducts.barcode,
      active: storeProducts.active,
    })
    .from(storeProducts)
    .where(where)
    .orderBy(asc(storeProducts.name), asc(storeProducts.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await db.select({ n: count() }).from(storeProducts).where(where);
  return {
    data: rows.map((row) => ({ ...row, kind: "storeProduct", variant: "", price: null })),
    total: total?.n ?? 0,
  };
}

export const itemPage = (db: Db, query: BarcodeItemQuery) =>
  query.kind === "storeProduct" ? storePage(db, query) : variantPage(db, query);

/** Active categories ("Parent / Child") and the store product groups in use. */
export async function barcodeFilters(db: Db): Promise<BarcodeFilters> {
  const path = sql<string>`concat_ws(' / ', ${parent.name}, ${menuCategories.name})`;
  const categories = await db
    .select({ id: menuCategories.id, name: path })
    .from(menuCategories)
    .leftJoin(parent, eq(parent.id, menuCategories.parentId))
    .where(eq(menuCategories.active, true))
    .orderBy(asc(path));
  const groups = await db
    .selectDistinct({ group: storeProducts.groupName })
    .from(storeProducts)
    .where(sql`${storeProducts.groupName} <> ''`)
    .orderBy(asc(storeProducts.groupName));
  return { categories, groups: groups.map((row) => row.group) };
}
