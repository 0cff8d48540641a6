import {
  type ErrorCode,
  PRODUCT_MESSAGES as M,
  type Product,
  type ProductInput,
  type ProductListQuery,
  parseMinor,
  parseQtyMicro,
} from "@cargodesk/shared";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  flavours,
  kitchenStations,
  menuCategories,
  products,
  productVariants,
  sizes,
  storeProducts,
  taxClasses,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { claimUploadedImage } from "../../lib/image-claim";
import { existingIds, findProduct, listProducts, variantsWithoutRecipe } from "./menu-products.queries";

type Issue = { field: string; message: string };

const refuse = (code: ErrorCode, issues: Issue[]): never => {
  throw new AppError(code, issues[0]?.message ?? M.notFound, issues);
};

const cellOf = (variant: { sizeId: number | null; flavourId: number | null }) =>
  `${variant.sizeId ?? 0}x${variant.flavourId ?? 0}`;

/** A unique index caught at commit (two saves at once) answers the same 409 as the check before it. */
function asDuplicate(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (text.includes("products_name_key")) refuse("RECORD_DUPLICATE", [{ field: "name", message: M.nameTaken }]);
  if (text.includes("products_code_key")) refuse("RECORD_DUPLICATE", [{ field: "code", message: M.codeTaken }]);
  if (text.includes("product_variants_barcode_key"))
    refuse("RECORD_DUPLICATE", [{ field: "variants", message: M.barcodeTaken }]);
  throw error;
}

/** Every id the input names exists: category, tax class, station, sizes, flavours, store products (400 naming the field). */
async function checkReferences(tx: Db, input: ProductInput): Promise<void> {
  const issues: Issue[] = [];
  const [category] = await tx
    .select({ id: menuCategories.id })
    .from(menuCategories)
    .where(eq(menuCategories.id, input.categoryId));
  if (!category) issues.push({ field: "categoryId", message: M.categoryMissing });
  if (input.taxClassId !== null) {
    const [row] = await tx.select({ id: taxClasses.id }).from(taxClasses).where(eq(taxClasses.id, input.taxClassId));
    if (!row) issues.push({ field: "taxClassId", message: M.taxClass });
  }
  if (input.stationId !== null) {
    const [row] = await tx
      .select({ id: kitchenStations.id })
      .from(kitchenStations)
      .where(eq(kitchenStations.id, input.stationId));
    if (!row) issues.push({ field: "stationId", message: M.station });
  }
  const knownSizes = await existingIds(tx, sizes, input.sizeIds);
  input.sizeIds.forEach((id, index) => {
    if (!knownSizes.has(id)) issues.push({ field: `sizeIds.${index}`, message: M.size });
  });
  const knownFlavours = await existingIds(tx, flavours, input.flavourIds);
  input.flavourIds.forEach((id, index) => {
    if (!knownFlavours.has(id)) issues.push({ field: `flavourIds.${index}`, message: M.flavour });
  });
  const storeIds = input.variants.flatMap((variant) =>
    variant.directStoreProductId === null ? [] : [variant.directStoreProductId],
  );
  if (storeIds.length > 0) {
    const rows = await tx
      .select({ id: storeProducts.id })
      .from(storeProducts)
      .where(inArray(storeProducts.id, storeIds));
    const known = new Set(rows.map((row) => row.id));
    input.variants.forEach((variant, index) => {
      if (variant.directStoreProductId !== null && !known.has(variant.directStoreProductId))
        issues.push({ field: `variants.${index}.directStoreProductId`, message: M.directProductMissing });
    });
  }
  if (issues.length > 0) refuse("VALIDATION", issues);
}

/** Names and codes unique ignoring case; barcodes unique across variants and store products (409 naming the field). */
async function checkUnique(tx: Db, input: ProductInput, productId: number | null): Promise<void> {
  const others = productId === null ? undefined : ne(products.id, productId);
  const [name] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.name}) = lower(${input.name})`, others));
  if (name) refuse("RECORD_DUPLICATE", [{ field: "name", message: M.nameTaken }]);
  if (input.code !== null) {
    const [code] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(sql`lower(${products.code}) = lower(${input.code})`, others));
    if (code) refuse("RECORD_DUPLICATE", [{ field: "code", message: M.codeTaken }]);
  }
  const barcodes = input.variants.flatMap((variant) => (variant.barcode ? [variant.barcode] : []));
  if (barcodes.length === 0) return;
  const variantOwners = await tx
    .select({ productId: productVariants.productId, barcode: productVariants.barcode })
    .from(productVariants)
    .where(inArray(productVariants.barcode, barcodes));
  const storeOwners = await tx
    .select({ barcode: storeProducts.barcode })
    .from(storeProducts)
    .where(inArray(storeProducts.barcode, barcodes));
  const taken = new Set([
    ...variantOwners.filter((row) => row.productId !== productId).map((row) => row.barcode),
    ...storeOwners.map((row) => row.barcode),
  ]);
  const issues = input.variants.flatMap((variant, index) =>
    variant.barcode && taken.has(variant.barcode)
      ? [{ field: `variants.${index}.barcode`, message: M.barcodeTaken }]
      : [],
  );
  if (issues.length > 0) refuse("RECORD_DUPLICATE", issues);
}

/** P-0001 upwards past the highest P- code in use. */
async function nextCode(tx: Db): Promise<string> {
  const [row] = await tx
    .select({ top: sql<number>`coalesce(max(substring(${products.code} from 3)::bigint), 0)::int` })
    .from(products)
    .where(sql`${products.code} ~ '^P-[0-9]{1,9}$'`);
  return `P-${String((row?.top ?? 0) + 1).padStart(4, "0")}`;
}

const productColumns = (input: ProductInput) => ({
  name: input.name,
  categoryId: input.categoryId,
  description: input.description,
  imagePath: input.imagePath,
  taxClassId: input.taxClassId,
  stationId: input.stationId,
  prepMinutes: input.prepMinutes,
  track: input.track,
  orderTypes: input.orderTypes,
  availableInPos: input.availableInPos,
  active: input.active,
});

const variantColumns = (variant: ProductInput["variants"][number], sort: number, track: ProductInput["track"]) => ({
  sizeId: variant.sizeId,
  flavourId: variant.flavourId,
  priceMinor: parseMinor(variant.price) ?? 0n,
  barcode: variant.barcode,
  active: variant.active,
  directStoreProductId: track === "direct" ? variant.directStoreProductId : null,
  directQtyMicro: track === "direct" && variant.directQty !== null ? parseQtyMicro(variant.directQty) : null,
  sort,
});

/** Writes the grid: cells already stored are changed, new cells added, cells left out deactivated (never deleted). */
async function writeVariants(tx: Db, productId: number, input: ProductInput): Promise<void> {
  const stored = await tx
    .select({ id: productVariants.id, sizeId: productVariants.sizeId, flavourId: productVariants.flavourId })
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .for("update");
  const byCell = new Map(stored.map((row) => [cellOf(row), row.id]));
  // Barcodes may move between this product's cells: clear them first so the unique index sees the final state.
  if (stored.length > 0)
    await tx.update(productVariants).set({ barcode: null }).where(eq(productVariants.productId, productId));
  const given = new Set<string>();
  for (const [index, variant] of input.variants.entries()) {
    const cell = cellOf(variant);
    given.add(cell);
    const columns = variantColumns(variant, index, input.track);
    const id = byCell.get(cell);
    if (id === undefined) await tx.insert(productVariants).values({ productId, ...columns });
    else await tx.update(productVariants).set(columns).where(eq(productVariants.id, id));
  }
  const dropped = stored.filter((row) => !given.has(cellOf(row))).map((row) => row.id);
  if (dropped.length > 0)
    await tx.update(productVariants).set({ active: false }).where(inArray(productVariants.id, dropped));
}

/** A recipe-tracked product is offered on the POS only once every active variant has an active recipe. */
async function checkAvailable(tx: Db, productId: number, input: ProductInput): Promise<void> {
  if (!input.availableInPos || input.track !== "recipe") return;
  const lacking = await variantsWithoutRecipe(tx, productId);
  if (lacking.length > 0)
    refuse("VALIDATION", [{ field: "availableInPos", message: M.recipeFirst + lacking.join(", ") }]);
}

async function saved(ctx: Ctx, id: number): Promise<Product> {
  const product = await findProduct(ctx.db, id);
  if (!product) throw new AppError("NOT_FOUND", M.notFound);
  return product;
}

/** Stores a checked product with its grid inside the caller's transaction (Product Add, Product Upload). */
export async function insertProduct(tx: Db, input: ProductInput, userId: number | null): Promise<number> {
  await checkUnique(tx, input, null);
  const [row] = await tx
    .insert(products)
    .values({ ...productColumns(input), code: input.code ?? (await nextCode(tx)), createdBy: userId })
    .returning({ id: products.id });
  if (!row) throw new Error("product not stored");
  await writeVariants(tx, row.id, input);
  await checkAvailable(tx, row.id, input);
  return row.id;
}

export { asDuplicate as refuseDuplicateProduct };

/** A newly named image must be an upload nobody else owns (400 on imagePath when there is no such upload). */
async function claimImage(tx: Db, ctx: Ctx, input: ProductInput, currentImage: string | null): Promise<void> {
  if (input.imagePath === null || input.imagePath === currentImage) return;
  const issue = await claimUploadedImage(tx, ctx.user?.id ?? null, input.imagePath, "imagePath", M.image);
  if (issue) refuse("VALIDATION", [issue]);
}

export async function addProduct(ctx: Ctx, input: ProductInput): Promise<Product> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await checkReferences(tx, input);
      await claimImage(tx, ctx, input, null);
      return insertProduct(tx, input, ctx.user?.id ?? null);
    })
    .catch(asDuplicate);
  return saved(ctx, id);
}

export async function updateProduct(ctx: Ctx, id: number, input: ProductInput): Promise<Product> {
  await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ id: products.id, code: products.code, imagePath: products.imagePath })
        .from(products)
        .where(eq(products.id, id))
        .for("update");
      if (!current) throw new AppError("NOT_FOUND", M.notFound);
      await checkReferences(tx, input);
      await claimImage(tx, ctx, input, current.imagePath);
      await checkUnique(tx, input, id);
      await tx
        .update(products)
        .set({ ...productColumns(input), code: input.code ?? current.code, updatedAt: new Date() })
        .where(eq(products.id, id));
      await writeVariants(tx, id, input);
      await checkAvailable(tx, id, input);
    })
    .catch(asDuplicate);
  return saved(ctx, id);
}

export const getProduct = saved;

export const findProducts = (ctx: Ctx, query: ProductListQuery) => listProducts(ctx.db, query);

export async function setSoldOut(ctx: Ctx, id: number, soldOut: boolean): Promise<Product> {
  const changed = await ctx.db
    .update(products)
    .set({ soldOut, updatedAt: new Date() })
    .where(eq(products.id, id))
    .returning({ id: products.id });
  if (changed.length === 0) throw new AppError("NOT_FOUND", M.notFound);
  return saved(ctx, id);
}
