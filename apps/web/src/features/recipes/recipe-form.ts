import {
  type ConvertibleUnit,
  convertibleUnitIds,
  foodCostBp,
  lineCostMinor,
  parseMinor,
  parseQtyMicro,
  portionQtyMicro,
  type Recipe,
  type RecipeForm,
  type RecipeIngredient,
  scaledQty,
  type UnitRow,
  unitRatio,
  yieldMilli,
} from "@cargodesk/shared";

/** One line as typed: text fields stay text until saved, so a half-typed number is never lost. */
export interface LineDraft {
  key: number;
  storeProductId: number | null;
  qty: string;
  uomId: number | null;
  /** Waste as a percentage (12.5), sent as basis points. */
  waste: string;
}

let nextKey = 1;
export const emptyLine = (): LineDraft => ({ key: nextKey++, storeProductId: null, qty: "", uomId: null, waste: "0" });

export const linesOfRecipe = (recipe: Recipe, factor = 1): LineDraft[] =>
  recipe.lines.map((line) => ({
    key: nextKey++,
    storeProductId: line.storeProductId,
    qty: String(factor === 1 ? line.qty : (scaledQty(line.qty, factor) ?? line.qty)),
    uomId: line.uomId,
    waste: String(line.wasteBp / 100),
  }));

export const convertible = (unit: UnitRow): ConvertibleUnit => ({
  id: unit.uomId,
  dimension: unit.dimension,
  factor: String(unit.factor),
});

/** The units a line of this ingredient may use: its stock unit's dimension and its own packs. */
export function unitsFor(ingredient: RecipeIngredient | undefined, units: readonly UnitRow[]): UnitRow[] {
  if (!ingredient) return [];
  const stock = units.find((unit) => unit.uomId === ingredient.stockUomId);
  if (!stock) return [];
  const allowed = convertibleUnitIds(
    units.map(convertible),
    convertible(stock),
    ingredient.packs.map((pack) => pack.uomId),
  );
  return units.filter((unit) => allowed.includes(unit.uomId));
}

/** Waste % text as basis points, or null when it is not 0 to 99.99 with 2 decimals. */
export function wasteBpOf(text: string): number | null {
  const bp = parseMinor(text.trim() === "" ? "0" : text.trim());
  return bp !== null && bp >= 0n && bp <= 9_999n ? Number(bp) : null;
}

export interface LineFigures {
  /** Stock micro-units per portion, or null until the line converts. */
  qtyMicro: bigint | null;
  cost: bigint | null;
}

/** What one line takes from stock per portion and what it costs at the Kitchen rate, as the server computes it. */
export function lineFigures(
  line: LineDraft,
  ingredient: RecipeIngredient | undefined,
  units: readonly UnitRow[],
  portions: string,
): LineFigures {
  const none = { qtyMicro: null, cost: null };
  const unit = units.find((row) => row.uomId === line.uomId);
  const stock = units.find((row) => row.uomId === ingredient?.stockUomId);
  const entered = parseQtyMicro(line.qty.trim() === "" ? "x" : line.qty.trim());
  const milli = yieldMilli(portions.trim() === "" ? "x" : portions.trim());
  const waste = wasteBpOf(line.waste);
  if (!ingredient || !unit || !stock || entered === null || entered <= 0n || milli === null || waste === null)
    return none;
  const pack = ingredient.packs.find((row) => row.uomId === unit.uomId);
  const ratio = unitRatio(convertible(unit), convertible(stock), pack ? BigInt(pack.factorMicro) : null);
  if (!ratio) return none;
  const qtyMicro = portionQtyMicro(entered, ratio, waste, milli);
  const rate = ingredient.rate ? { num: BigInt(ingredient.rate.num), den: BigInt(ingredient.rate.den) } : null;
  return { qtyMicro, cost: lineCostMinor(qtyMicro, rate) };
}

/** Cost per portion (the lines with a rate) and food-cost basis points of the price. */
export function totals(figures: readonly LineFigures[], price: number | null) {
  const cost = figures.reduce((sum, figure) => sum + (figure.cost ?? 0n), 0n);
  const priceMinor = price === null ? null : parseMinor(price);
  return { cost, foodBp: priceMinor === null ? null : foodCostBp(cost, priceMinor) };
}

/** The request body, as far as it can be built; the shared schema judges it. */
export function bodyOf(
  variantId: number | null,
  portions: string,
  notes: string,
  lines: readonly LineDraft[],
): RecipeForm {
  const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));
  return {
    variantId: variantId ?? 0,
    yieldPortions: number(portions),
    notes,
    lines: lines.map((line) => ({
      storeProductId: line.storeProductId ?? 0,
      qty: number(line.qty),
      uomId: line.uomId ?? 0,
      wasteBp: wasteBpOf(line.waste) ?? -1,
    })),
  };
}
