import {
  microToQty,
  minorToAmount,
  type Product,
  type ProductListQuery,
  type ProductRow,
  productState,
} from "@cargodesk/shared";
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { flavours, menuCategories, products, productVariants, sizes } from "../../db/schema/index";
import { foodCostAbove, productCostRanges } from "./menu-products.costs";

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Active variants of the product lacking an active recipe (counted for every track; only recipe tracking uses it). */
const missingRecipes = sql<number>`(select count(*)::int from product_variants v
  where v.product_id = ${products.id} and v.active
  and not exists (select 1 from recipes r where r.variant_id = v.id and r.active))`;

const activeVariants = sql`from product_variants v where v.product_id = ${products.id} and v.active`;

/** One product with its variants in grid order (size sort, flavour sort), or null. */
export async function findProduct(db: Db, id: number): Promise<Product | null> {
  const [head] = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      categoryId: products.categoryId,
      categoryName: menuCategories.name,
      description: products.description,
      imagePath: products.imagePath,
      taxClassId: products.taxClassId,
      stationId: products.stationId,
      prepMinutes: products.prepMinutes,
      track: products.track,
      orderTypes: products.orderTypes,
      availableInPos: products.availableInPos,
      soldOut: products.soldOut,
      active: products.active,
    })
    .from(products)
    .innerJoin(menuCategories, eq(menuCategories.id, products.categoryId))
    .where(eq(products.id, id));
  if (!head) return null;
  const variants = await db
    .select({
      id: productVariants.id,
      sizeId: productVariants.sizeId,
      sizeName: sizes.name,
      flavourId: productVariants.flavourId,
      flavourName: flavours.name,
      priceMinor: productVariants.priceMinor,
      barcode: productVariants.barcode,
      active: productVariants.active,
      directStoreProductId: productVariants.directStoreProductId,
      directQtyMicro: productVariants.directQtyMicro,
      hasRecipe: sql<boolean>`exists (select 1 from recipes r where r.variant_id = ${productVariants.id} and r.active)`,
    })
    .from(productVariants)
    .leftJoin(sizes, eq(sizes.id, productVariants.sizeId))
    .leftJoin(flavours, eq(flavours.id, productVariants.flavourId))
    .where(eq(productVariants.productId, id))
    .orderBy(asc(productVariants.sort), asc(productVariants.id));
  const unique = (values: (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];
  const listed = variants.map(({ priceMinor, directQtyMicro, ...variant }) => ({
    ...variant,
    label: [head.name, variant.sizeName, variant.flavourName].filter(Boolean).join(" "),
    price: minorToAmount(priceMinor),
    directQty: directQtyMicro === null ? null : microToQty(directQtyMicro),
  }));
  const current = variants.filter((variant) => variant.active);
  return {
    ...head,
    track: head.track as Product["track"],
    sizeIds: unique(current.map((variant) => variant.sizeId)),
    flavourIds: unique(current.map((variant) => variant.flavourId)),
    variants: listed,
  };
}

export async function listProducts(db: Db, query: ProductListQuery) {
  const { page, size, search, categoryId, missingRecipe } = query;
  const where: SQL | undefined = and(
    search ? or(ilike(products.name, containing(search)), ilike(products.code, containing(search))) : undefined,
    categoryId === undefined
      ? undefined
      : or(eq(products.categoryId, categoryId), eq(menuCategories.parentId, categoryId)),
    missingRecipe ? and(eq(products.track, "recipe"), sql`${missingRecipes} > 0`) : undefined,
    query.foodCostAbove === undefined ? undefined : foodCostAbove(query.foodCostAbove),
  );
  const [total] = await db
    .select({ n: count() })
    .from(products)
    .innerJoin(menuCategories, eq(menuCategories.id, products.categoryId))
    .where(where);
  const rows = await db
    .select({
      id: products.id,
      code: products.code,
      name: products.name,
      categoryId: products.categoryId,
      categoryName: menuCategories.name,
      imagePath: products.imagePath,
      stationName: sql<string | null>`coalesce(
        (select s.name from kitchen_stations s where s.id = ${products.stationId}),
        (select s.name from kitchen_stations s where s.id = ${menuCategories.stationId}))`,
      track: products.track,
      variantCount: sql<number>`(select count(*)::int ${activeVariants})`,
      minPrice: sql<string | null>`(select min(v.price_minor)::text ${activeVariants})`,
      maxPrice: sql<string | null>`(select max(v.price_minor)::text ${activeVariants})`,
      availableInPos: products.availableInPos,
      soldOut: products.soldOut,
      active: products.active,
      missingRecipes,
    })
    .from(products)
    .innerJoin(menuCategories, eq(menuCategories.id, products.categoryId))
    .where(where)
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(size)
    .offset((page - 1) * size);
  const costs = await productCostRanges(
    db,
    rows.map((row) => row.id),
  );
  const data: ProductRow[] = rows.map((row) => {
    const track = row.track as ProductRow["track"];
    const missing = track === "recipe" ? row.missingRecipes : 0;
    return {
      ...row,
      track,
      minPrice: row.minPrice === null ? null : minorToAmount(BigInt(row.minPrice)),
      maxPrice: row.maxPrice === null ? null : minorToAmount(BigInt(row.maxPrice)),
      missingRecipes: missing,
      state: productState({ ...row, track, missingRecipes: missing }),
      ...(costs.get(row.id) ?? { minCost: null, maxCost: null, foodCostPercent: null }),
    };
  });
  return { data, page, total_results: total?.n ?? 0 };
}

/** Labels of the product's active variants with no active recipe, in grid order. */
export async function variantsWithoutRecipe(db: Db, productId: number): Promise<string[]> {
  const product = await findProduct(db, productId);
  return (product?.variants ?? []).filter((variant) => variant.active && !variant.hasRecipe).map((v) => v.label);
}

/** Which of the given ids exist in a table, for the 400s naming unknown sizes and flavours. */
export async function existingIds(db: Db, table: typeof sizes | typeof flavours, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}
