import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { parseScaled } from "./money";
import { MICRO, mulDivRound, qtyField, refuseRepeatedProducts, type UnitDimension } from "./stock";

/**
 * Master Control > Recipe: versioned recipes of menu variants, costed at the Kitchen's moving
 * average (design: restaurant-pos-inventory.md, D5, 4.4, 5.2 items 24-25 and 6.4). A line's
 * `qty_micro` is what one portion takes from stock, in micro-units of the store product's stock
 * unit, after the yield and the trim loss: qty x unit ratio x 10,000 / ((10,000 - waste bp) x
 * yield), computed on integers and rounded half up once. A sale takes qty_micro x its quantity.
 */
export const RECIPE_MESSAGES = {
  variant: "Please choose the product variant",
  variantMissing: "No such active product variant",
  variantChanged: "A new version belongs to the recipe's own variant",
  yield: "Yield is the number of portions above 0, with at most 3 decimals (at most 100,000)",
  notes: "Notes are at most 500 characters",
  lines: "Add at least one line",
  tooManyLines: "A recipe has at most 100 lines",
  product: "Please select a store product",
  productMissing: "No such active store product",
  productRepeated: "This store product is already on the recipe",
  qty: "Quantity must be a number above 0 with at most 6 decimals",
  unit: "Please select a unit",
  waste: "Waste is a percentage from 0 to 99.99",
  tooSmall: "The quantity per portion rounds to nothing in the stock unit",
  activeExists: "This variant already has an active recipe: edit it to make a new version",
  notCurrent: "Only the current version can be changed: reload the recipe",
  notFound: "No such recipe",
  added: "Recipe saved as version 1",
  updated: "Recipe saved as a new version",
} as const;

/** The exact 400 for a unit that does not convert: "cannot convert ml to kg". */
export const cannotConvert = (from: string, to: string) => `cannot convert ${from} to ${to}`;

export const RECIPE_MAX_LINES = 100;
/** Waste (trim loss) is below 100%: 9,999 basis points at most. */
export const MAX_WASTE_BP = 9_999;
const MAX_YIELD_MILLI = 100_000_000n;

/** Where a line's rate came from: the Kitchen average, the Kitchen's last average when empty, the last purchase, or none. */
export const RATE_SOURCES = ["kitchen", "last rate", "last purchase", "none"] as const;
export type RateSource = (typeof RATE_SOURCES)[number];

/** A ratio of two integers, for exact conversions and rates. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

export interface ConvertibleUnit {
  id: number;
  dimension: UnitDimension;
  /** Factor to the dimension's base as decimal text (g = 1, kg = 1000). */
  factor: string;
}

/**
 * Stock micro-units per micro-unit entered, exactly: 1 for the stock unit itself, the product's own
 * pack factor (stock micro-units in one pack) when it has one for the unit, else the ratio of the
 * two factors within one dimension; null when the unit does not convert.
 */
export function unitRatio(
  unit: ConvertibleUnit,
  stockUnit: ConvertibleUnit,
  packFactorMicro: bigint | null,
): Ratio | null {
  if (unit.id === stockUnit.id) return { num: 1n, den: 1n };
  if (packFactorMicro !== null) return packFactorMicro > 0n ? { num: packFactorMicro, den: MICRO } : null;
  if (unit.dimension !== stockUnit.dimension) return null;
  const from = parseScaled(unit.factor, 6);
  const to = parseScaled(stockUnit.factor, 6);
  if (from === null || to === null || from <= 0n || to <= 0n) return null;
  return { num: from, den: to };
}

/** The units a store product's recipe line may use: its stock unit's dimension, and its own packs. */
export function convertibleUnitIds(
  units: readonly ConvertibleUnit[],
  stockUnit: ConvertibleUnit,
  packUnitIds: readonly number[],
): number[] {
  return units
    .filter(
      (unit) => unit.id === stockUnit.id || packUnitIds.includes(unit.id) || unit.dimension === stockUnit.dimension,
    )
    .map((unit) => unit.id);
}

/**
 * Stock micro-units one portion takes: `enteredMicro` (micro-units of the line's unit) converted by
 * `ratio`, grossed up for the trim loss (`wasteBp`) and divided by the yield (`yieldMilli`
 * thousandths of a portion). One rounding, half up, on exact integers.
 */
export function portionQtyMicro(enteredMicro: bigint, ratio: Ratio, wasteBp: number, yieldMilli: bigint): bigint {
  if (enteredMicro <= 0n || yieldMilli <= 0n || wasteBp < 0 || wasteBp > MAX_WASTE_BP)
    throw new RangeError("quantity and yield are positive, waste below 100%");
  return mulDivRound(enteredMicro * ratio.num * 10_000n, 1000n, ratio.den * BigInt(10_000 - wasteBp) * yieldMilli);
}

/** A line's cost in minor units: its stock quantity at a rate of minor units per stock micro-unit. */
export function lineCostMinor(qtyMicro: bigint, rate: Ratio | null): bigint | null {
  if (!rate || rate.den <= 0n) return null;
  return mulDivRound(qtyMicro, rate.num, rate.den);
}

/**
 * The rate a line is costed at, in minor units per stock micro-unit: the Kitchen bin's average
 * while it holds stock; when it is empty, its last average; when it never held any, the product's
 * last purchase cost (minor per stock unit); otherwise none. The SQL of the lists mirrors this.
 */
export function chooseRate(bin: {
  qty: bigint | null;
  value: bigint | null;
  lastNum: bigint | null;
  lastDen: bigint | null;
  lastPurchaseMinor: bigint | null;
}): { rate: Ratio | null; source: RateSource } {
  if (bin.qty !== null && bin.value !== null && bin.qty > 0n)
    return { rate: { num: bin.value, den: bin.qty }, source: "kitchen" };
  if (bin.lastNum !== null && bin.lastDen !== null && bin.lastDen > 0n)
    return { rate: { num: bin.lastNum, den: bin.lastDen }, source: "last rate" };
  if (bin.lastPurchaseMinor !== null)
    return { rate: { num: bin.lastPurchaseMinor, den: MICRO }, source: "last purchase" };
  return { rate: null, source: "none" };
}

/** A rate per micro-unit as money per stock unit (66,000 / 3,000,000 -> 220.00). */
export function ratePerUnitMinor(rate: Ratio | null): bigint | null {
  return rate && rate.den > 0n ? mulDivRound(rate.num, MICRO, rate.den) : null;
}

/** Food cost as basis points of the price (330 = 3.30%), or null without a price. */
export function foodCostBp(costMinor: bigint, priceMinor: bigint): bigint | null {
  return priceMinor > 0n ? mulDivRound(costMinor, 10_000n, priceMinor) : null;
}

/** A quantity scaled by a factor with at most 3 decimals (Copy from variant, M -> L x 1.3), kept to 6 decimals. */
export function scaledQty(qty: number, factor: number): number | null {
  const micro = parseScaled(qty, 6);
  const milli = parseScaled(factor, 3);
  if (micro === null || milli === null || milli <= 0n) return null;
  return Number(mulDivRound(micro, milli, 1000n)) / Number(MICRO);
}

/** Thousandths of a portion in a yield, or null when it is not a yield (above 0, 3 decimals). */
export function yieldMilli(portions: number | string): bigint | null {
  const milli = parseScaled(portions, 3);
  return milli !== null && milli > 0n && milli <= MAX_YIELD_MILLI ? milli : null;
}

// ---- Requests --------------------------------------------------------------------------------------

export const recipeLineInputSchema = z.object({
  storeProductId: idSchema(RECIPE_MESSAGES.product),
  qty: qtyField(RECIPE_MESSAGES.qty),
  uomId: idSchema(RECIPE_MESSAGES.unit),
  /** Trim loss in basis points (1250 = 12.5%). */
  wasteBp: z
    .number({ error: RECIPE_MESSAGES.waste })
    .int(RECIPE_MESSAGES.waste)
    .min(0, RECIPE_MESSAGES.waste)
    .max(MAX_WASTE_BP, RECIPE_MESSAGES.waste)
    .default(0),
});
export type RecipeLineInput = z.output<typeof recipeLineInputSchema>;

export const recipeInputSchema = z
  .object({
    variantId: idSchema(RECIPE_MESSAGES.variant),
    yieldPortions: z
      .number({ error: RECIPE_MESSAGES.yield })
      .refine((value) => yieldMilli(value) !== null, RECIPE_MESSAGES.yield)
      .default(1),
    notes: z.string({ error: RECIPE_MESSAGES.notes }).trim().max(500, RECIPE_MESSAGES.notes).default(""),
    lines: z
      .array(recipeLineInputSchema, { error: RECIPE_MESSAGES.lines })
      .min(1, RECIPE_MESSAGES.lines)
      .max(RECIPE_MAX_LINES, RECIPE_MESSAGES.tooManyLines),
  })
  .superRefine((input, ctx) => refuseRepeatedProducts(input.lines, ctx, RECIPE_MESSAGES.productRepeated));
export type RecipeInput = z.output<typeof recipeInputSchema>;
export type RecipeForm = z.input<typeof recipeInputSchema>;

const flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

export const recipeListQuerySchema = listQuerySchema.extend({
  /** 1: active variants of recipe-tracked products that have no active recipe. */
  missing: flag,
});
export type RecipeListQuery = z.output<typeof recipeListQuerySchema>;

export const recipeExportQuerySchema = recipeListQuerySchema.omit({ size: true, page: true, missing: true });

export const recipeIdParams = z.object({ id: idSchema() });
export const recipeVariantParams = z.object({ variantId: idSchema() });

// ---- Answers ---------------------------------------------------------------------------------------

export const recipeLineSchema = z.object({
  lineNo: z.number().int(),
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  qty: z.number(),
  uomId: z.number().int(),
  uom: z.string(),
  wasteBp: z.number().int(),
  /** Stock units one portion takes (after yield and waste). */
  stockQty: z.number(),
  stockUom: z.string(),
});
export type RecipeLine = z.infer<typeof recipeLineSchema>;

export const recipeSchema = z.object({
  id: z.number().int(),
  variantId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** "Zinger Burger L Spicy". */
  variantLabel: z.string(),
  version: z.number().int(),
  yieldPortions: z.number(),
  notes: z.string(),
  active: z.boolean(),
  effectiveFrom: z.string(),
  editedBy: z.string().nullable(),
  lines: z.array(recipeLineSchema),
});
export type Recipe = z.infer<typeof recipeSchema>;
export const recipeSavedSchema = z.object({ message: z.string(), data: recipeSchema });

export const costingLineSchema = recipeLineSchema
  .pick({ lineNo: true, storeProductId: true, name: true, stockQty: true, stockUom: true })
  .extend({
    /** Minor units per stock unit, as money (220.00 a kg); null without any rate. */
    rate: z.number().nullable(),
    rateSource: z.enum(RATE_SOURCES),
    cost: z.number().nullable(),
  });
export type CostingLine = z.infer<typeof costingLineSchema>;

export const recipeCostingSchema = z.object({
  recipeId: z.number().int(),
  variantId: z.number().int(),
  version: z.number().int(),
  price: z.number(),
  lines: z.array(costingLineSchema),
  /** Cost per portion: the sum of the lines that have a rate. */
  cost: z.number(),
  /** Lines with no rate at all (nothing in the Kitchen, never bought): the cost leaves them out. */
  uncostedLines: z.number().int(),
  foodCostPercent: z.number().nullable(),
});
export type RecipeCosting = z.infer<typeof recipeCostingSchema>;

export const recipeVersionSchema = recipeSchema
  .pick({ id: true, version: true, active: true, effectiveFrom: true, editedBy: true, yieldPortions: true })
  .extend({
    lineCount: z.number().int(),
    /** At the current Kitchen average. */
    cost: z.number(),
  });
export const recipeVersionsSchema = z.object({ variantId: z.number().int(), versions: z.array(recipeVersionSchema) });
export type RecipeVersion = z.infer<typeof recipeVersionSchema>;

export const recipeRowSchema = z.object({
  variantId: z.number().int(),
  productId: z.number().int(),
  productCode: z.string(),
  variantLabel: z.string(),
  track: z.string(),
  price: z.number(),
  recipeId: z.number().int().nullable(),
  version: z.number().int().nullable(),
  lineCount: z.number().int(),
  cost: z.number().nullable(),
  uncostedLines: z.number().int(),
  foodCostPercent: z.number().nullable(),
  lastEdited: z.string().nullable(),
  editedBy: z.string().nullable(),
});
export type RecipeRow = z.infer<typeof recipeRowSchema>;
export const recipePageSchema = z.object({
  data: z.array(recipeRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

/** What the Add Recipe screen picks from: active products with their active variants. */
export const recipeMenuSchema = z.array(
  z.object({
    productId: z.number().int(),
    code: z.string(),
    name: z.string(),
    track: z.string(),
    variants: z.array(
      z.object({
        variantId: z.number().int(),
        label: z.string(),
        price: z.number(),
        recipeId: z.number().int().nullable(),
        version: z.number().int().nullable(),
      }),
    ),
  }),
);
export type RecipeMenu = z.infer<typeof recipeMenuSchema>;

/** Store products a line may use, with their stock unit, packs and current rate (minor per stock micro-unit). */
export const recipeIngredientSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stockUomId: z.number().int(),
  stockUom: z.string(),
  packs: z.array(z.object({ uomId: z.number().int(), factorMicro: z.string() })),
  rate: z.object({ num: z.string(), den: z.string() }).nullable(),
  rateSource: z.enum(RATE_SOURCES),
});
export type RecipeIngredient = z.infer<typeof recipeIngredientSchema>;
export const recipeIngredientsSchema = z.array(recipeIngredientSchema);

/** GET /api/inventory/product/{id}/cost: each active variant's recipe cost at the current Kitchen average. */
export const productCostSchema = z.object({
  productId: z.number().int(),
  variants: z.array(
    recipeRowSchema
      .pick({
        variantId: true,
        price: true,
        recipeId: true,
        version: true,
        cost: true,
        uncostedLines: true,
        foodCostPercent: true,
      })
      .extend({ label: z.string() }),
  ),
});
export type ProductCost = z.infer<typeof productCostSchema>;

/** Basis points of food cost as the percentage the API shows (330 -> 3.3). */
export const bpToPercent = (bp: bigint | number | null) => (bp === null ? null : Number(bp) / 100);
