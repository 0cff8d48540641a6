import {
  bpToPercent,
  cannotConvert,
  chooseRate,
  type ErrorCode,
  foodCostBp,
  lineCostMinor,
  RECIPE_MESSAGES as M,
  minorToAmount,
  parseQtyMicro,
  portionQtyMicro,
  type Recipe,
  type RecipeCosting,
  type RecipeInput,
  ratePerUnitMinor,
  type UnitDimension,
  unitRatio,
  yieldMilli,
} from "@cargodesk/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  products,
  productVariants,
  recipeLines,
  recipes,
  storeProducts,
  storeProductUoms,
  units,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { binOf, findRecipe, variantPrice } from "./recipes.queries";

type Issue = { field: string; message: string };

const refuse = (code: ErrorCode, issues: Issue[]): never => {
  throw new AppError(code, issues[0]?.message ?? M.notFound, issues);
};

const unitText = (unit: { symbol: string; uomName: string }) => unit.symbol || unit.uomName;

/** The variant, locked so that two saves of its recipe queue one after the other; 400 unless it is active. */
async function lockVariant(tx: Db, variantId: number): Promise<void> {
  const [variant] = await tx
    .select({ id: productVariants.id, active: productVariants.active, productActive: products.active })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId))
    .for("update", { of: productVariants });
  if (!variant?.active || !variant.productActive)
    refuse("VALIDATION", [{ field: "variantId", message: M.variantMissing }]);
}

/**
 * The lines as stored: each unit converted to its product's stock unit (same dimension or the
 * product's own pack), stock micro-units per portion after waste and yield. 400 on the line's
 * field: a missing or inactive product, an unknown unit, `cannot convert ml to kg`, or a quantity
 * that rounds to nothing.
 */
async function linesToStore(tx: Db, input: RecipeInput) {
  const productIds = input.lines.map((line) => line.storeProductId);
  const stock = new Map(
    (
      await tx
        .select({ id: storeProducts.id, stockUomId: storeProducts.stockUomId, active: storeProducts.active })
        .from(storeProducts)
        .where(inArray(storeProducts.id, productIds))
    ).map((row) => [row.id, row]),
  );
  const unitRows = new Map(
    (await tx.select().from(units)).map((row) => [
      row.uomId,
      { ...row, id: row.uomId, dimension: row.dimension as UnitDimension, factor: row.factorToBase },
    ]),
  );
  const packs = new Map(
    (await tx.select().from(storeProductUoms).where(inArray(storeProductUoms.storeProductId, productIds))).map(
      (row) => [`${row.storeProductId}:${row.uomId}`, row.factorMicro],
    ),
  );
  const portions = yieldMilli(input.yieldPortions) ?? 1000n;
  const issues: Issue[] = [];
  const rows = input.lines.flatMap((line, index) => {
    const product = stock.get(line.storeProductId);
    if (!product?.active) {
      issues.push({ field: `lines.${index}.storeProductId`, message: M.productMissing });
      return [];
    }
    const unit = unitRows.get(line.uomId);
    const stockUnit = unitRows.get(product.stockUomId);
    if (!unit || !stockUnit) {
      issues.push({ field: `lines.${index}.uomId`, message: M.unit });
      return [];
    }
    const ratio = unitRatio(unit, stockUnit, packs.get(`${line.storeProductId}:${line.uomId}`) ?? null);
    if (!ratio) {
      issues.push({ field: `lines.${index}.uomId`, message: cannotConvert(unitText(unit), unitText(stockUnit)) });
      return [];
    }
    const entered = parseQtyMicro(line.qty) ?? 0n;
    const qtyMicro = portionQtyMicro(entered, ratio, line.wasteBp, portions);
    if (qtyMicro <= 0n) {
      issues.push({ field: `lines.${index}.qty`, message: M.tooSmall });
      return [];
    }
    const qtyEntered = `${entered / 1_000_000n}.${String(entered % 1_000_000n).padStart(6, "0")}`;
    return [{ lineNo: index + 1, ...line, qtyEntered, qtyMicro }];
  });
  if (issues.length > 0) refuse("VALIDATION", issues);
  return rows;
}

/** Writes version n+1 of the variant's recipe (the variant is locked) and answers its id. */
async function writeVersion(tx: Db, ctx: Ctx, input: RecipeInput): Promise<number> {
  const lines = await linesToStore(tx, input);
  const [top] = await tx
    .select({ version: sql<number>`coalesce(max(${recipes.version}), 0)::int` })
    .from(recipes)
    .where(eq(recipes.variantId, input.variantId));
  const [row] = await tx
    .insert(recipes)
    .values({
      variantId: input.variantId,
      version: (top?.version ?? 0) + 1,
      yieldPortions: String(input.yieldPortions),
      notes: input.notes,
      createdBy: ctx.user?.id ?? null,
    })
    .returning({ id: recipes.id });
  if (!row) throw new Error("recipe not stored");
  await tx.insert(recipeLines).values(
    lines.map((line) => ({
      recipeId: row.id,
      lineNo: line.lineNo,
      storeProductId: line.storeProductId,
      uomId: line.uomId,
      qtyEntered: line.qtyEntered,
      wasteBp: line.wasteBp,
      qtyMicro: line.qtyMicro,
    })),
  );
  return row.id;
}

/** A unique index caught at commit (a save that raced past the lock) answers the same 409 as the check. */
function asDuplicate(error: unknown): never {
  const text = String((error as { cause?: unknown })?.cause ?? error);
  if (text.includes("recipes_one_active_key") || text.includes("recipes_version_key"))
    refuse("RECORD_DUPLICATE", [{ field: "variantId", message: M.activeExists }]);
  throw error;
}

export async function getRecipe(ctx: Ctx, id: number): Promise<Recipe> {
  const found = await findRecipe(ctx.db, id);
  if (!found) throw new AppError("NOT_FOUND", M.notFound);
  return found.recipe;
}

/** Version 1 of a variant's recipe; 409 when the variant already has an active one (edit it instead). */
export async function addRecipe(ctx: Ctx, input: RecipeInput): Promise<Recipe> {
  const id = await ctx.db
    .transaction(async (tx) => {
      await lockVariant(tx, input.variantId);
      const [active] = await tx
        .select({ id: recipes.id })
        .from(recipes)
        .where(and(eq(recipes.variantId, input.variantId), eq(recipes.active, true)));
      if (active) refuse("RECORD_DUPLICATE", [{ field: "variantId", message: M.activeExists }]);
      return writeVersion(tx, ctx, input);
    })
    .catch(asDuplicate);
  return getRecipe(ctx, id);
}

/**
 * Saves an edit of the current version as version n+1 and deactivates n, which stays with its lines
 * for the sales that used it. An older version, or another variant's, is refused.
 */
export async function updateRecipe(ctx: Ctx, id: number, input: RecipeInput): Promise<Recipe> {
  const newId = await ctx.db
    .transaction(async (tx) => {
      const [current] = await tx.select({ variantId: recipes.variantId }).from(recipes).where(eq(recipes.id, id));
      if (!current) throw new AppError("NOT_FOUND", M.notFound);
      if (current.variantId !== input.variantId)
        refuse("VALIDATION", [{ field: "variantId", message: M.variantChanged }]);
      await lockVariant(tx, input.variantId);
      const [row] = await tx.select({ active: recipes.active }).from(recipes).where(eq(recipes.id, id)).for("update");
      if (!row?.active) refuse("CONFLICT", [{ field: "id", message: M.notCurrent }]);
      await tx.update(recipes).set({ active: false }).where(eq(recipes.id, id));
      return writeVersion(tx, ctx, input);
    })
    .catch(asDuplicate);
  return getRecipe(ctx, newId);
}

/** Each line's stock quantity at the current Kitchen average (or its fallback rate), the total and food-cost %. */
export async function recipeCosting(ctx: Ctx, id: number): Promise<RecipeCosting> {
  const found = await findRecipe(ctx.db, id);
  if (!found) throw new AppError("NOT_FOUND", M.notFound);
  const price = (await variantPrice(ctx.db, found.recipe.variantId)) ?? 0n;
  let total = 0n;
  let uncosted = 0;
  const lines = found.lines.map((line, index) => {
    const { rate, source } = chooseRate(binOf(line));
    const cost = lineCostMinor(line.qty_micro, rate);
    if (cost === null) uncosted += 1;
    else total += cost;
    const perUnit = ratePerUnitMinor(rate);
    const shown = found.recipe.lines[index];
    return {
      lineNo: line.line_no,
      storeProductId: line.store_product_id,
      name: line.name,
      stockQty: shown?.stockQty ?? 0,
      stockUom: line.stock_uom,
      rate: perUnit === null ? null : minorToAmount(perUnit),
      rateSource: source,
      cost: cost === null ? null : minorToAmount(cost),
    };
  });
  return {
    recipeId: found.recipe.id,
    variantId: found.recipe.variantId,
    version: found.recipe.version,
    price: minorToAmount(price),
    lines,
    cost: minorToAmount(total),
    uncostedLines: uncosted,
    foodCostPercent: bpToPercent(foodCostBp(total, price)),
  };
}
