import { formatQty, PORTION, type StockDocType } from "@cargodesk/shared";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { stockExceptions, stockLocations, storeProducts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { col, intArray, rowsOf } from "../../lib/sql";
import { type AppliedMove, applyMoves, binKey, lockBins, type MoveInput } from "../stock/index";
import type { LineState } from "./pos-orders.state";

/**
 * Stock through recipes (design 6.4, D4, D6): at payment a line's ingredients leave the outlet's
 * Kitchen (`pos_sale`), a fired line voided for a waste reason leaves as `pos_waste`, and a refund
 * ticked back to stock returns a direct item (`pos_refund`). Requirements are grouped per (line, store
 * product); the kernel (`applyMoves`) locks the bins in order and values the moves.
 */
export const recipeRow = z.object({
  variant_id: col.int,
  track: col.text,
  direct_store_product_id: col.int.nullable(),
  direct_qty_micro: col.minor.nullable(),
  recipe_id: col.int.nullable(),
  lines: z.array(z.object({ storeProductId: col.int, qtyMicro: col.int })),
  kitchen_id: col.int.nullable(),
});
export type Recipe = z.infer<typeof recipeRow>;

/**
 * Each variant's way of using stock (its active recipe's lines, or its direct product and factor),
 * with the outlet's Kitchen on every row: a query other statements may embed (the order's pricing
 * reads it for the variants a batch sells).
 */
export function recipesSelect(variantIds: readonly number[], outletId: number): SQL {
  return sql`
    SELECT v.id AS variant_id, p.track, v.direct_store_product_id, v.direct_qty_micro, r.id AS recipe_id,
           coalesce(json_agg(json_build_object('storeProductId', rl.store_product_id, 'qtyMicro', rl.qty_micro)
                             ORDER BY rl.line_no) FILTER (WHERE rl.id IS NOT NULL), '[]'::json) AS lines,
           (SELECT id FROM stock_locations WHERE outlet_id = ${outletId}::int AND kind = 'kitchen' AND active
            ORDER BY id LIMIT 1) AS kitchen_id
    FROM product_variants v
    JOIN products p ON p.id = v.product_id
    LEFT JOIN recipes r ON r.variant_id = v.id AND r.active AND p.track = 'recipe'
    LEFT JOIN recipe_lines rl ON rl.recipe_id = r.id
    WHERE v.id = ANY(${intArray([...new Set(variantIds)])})
    GROUP BY v.id, p.track, r.id`;
}

/** The rows of recipesSelect by variant, in one statement (none when `known` already has them all). */
async function recipesOf(
  tx: Db,
  variantIds: readonly number[],
  outletId: number,
  known?: ReadonlyMap<number, Recipe>,
): Promise<ReadonlyMap<number, Recipe>> {
  if (variantIds.length === 0) return new Map();
  if (known && variantIds.every((id) => known.has(id))) return known;
  const result = await tx.execute(recipesSelect(variantIds, outletId));
  return recipesByVariant(rowsOf(recipeRow, result));
}

export const recipesByVariant = (rows: readonly Recipe[]): Map<number, Recipe> =>
  new Map(rows.map((row) => [row.variant_id, row]));

/** portions x per-portion quantity, rounded half up to the micro-unit. */
const scaled = (perPortion: bigint, portions: bigint) => (perPortion * portions * 2n + PORTION) / (PORTION * 2n);

export interface Requirement {
  line: LineState;
  storeProductId: number;
  qtyMicro: bigint;
  recipeVersionId: number | null;
}

/**
 * What these quantities of these lines take from stock, one entry per (line, store product): a
 * recipe line's quantity per portion x the portions, or the direct product x its factor; `none` and a
 * deal's header take nothing (its components carry their own recipes). `direct` only: refunds.
 */
export interface Requirements {
  needs: Requirement[];
  /** The outlet's Kitchen, read with the recipes (null when unknown or none). */
  kitchenId: number | null;
}

export async function requirementsOf(
  tx: Db,
  outletId: number,
  parts: readonly { line: LineState; qtyMicro: bigint }[],
  options: { directOnly?: boolean; known?: ReadonlyMap<number, Recipe> } = {},
): Promise<Requirements> {
  const directOnly = options.directOnly ?? false;
  const recipes = await recipesOf(
    tx,
    parts.flatMap((part) => (part.line.variantId === null ? [] : [part.line.variantId])),
    outletId,
    options.known,
  );
  const needs: Requirement[] = [];
  for (const { line, qtyMicro } of parts) {
    const recipe = line.variantId === null ? undefined : recipes.get(line.variantId);
    if (!recipe || qtyMicro <= 0n) continue;
    const perProduct = new Map<number, bigint>();
    if (recipe.track === "direct" && recipe.direct_store_product_id !== null && recipe.direct_qty_micro !== null)
      perProduct.set(recipe.direct_store_product_id, scaled(recipe.direct_qty_micro, qtyMicro));
    else if (recipe.track === "recipe" && !directOnly) {
      line.recipeVersionId = recipe.recipe_id;
      for (const entry of recipe.lines)
        perProduct.set(
          entry.storeProductId,
          (perProduct.get(entry.storeProductId) ?? 0n) + scaled(BigInt(entry.qtyMicro), qtyMicro),
        );
    }
    for (const [storeProductId, need] of perProduct)
      if (need > 0n) needs.push({ line, storeProductId, qtyMicro: need, recipeVersionId: recipe.recipe_id });
  }
  return { needs, kitchenId: [...recipes.values()][0]?.kitchen_id ?? null };
}

/** The outlet's Kitchen, where sales and waste leave from. */
export async function kitchenOf(tx: Db, outletId: number): Promise<number> {
  const [row] = await tx
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(eq(stockLocations.outletId, outletId), eq(stockLocations.kind, "kitchen"), eq(stockLocations.active, true)),
    )
    .orderBy(asc(stockLocations.id))
    .limit(1);
  if (!row) throw new AppError("CONFLICT", "The outlet has no active Kitchen stock location");
  return row.id;
}

const dishName = (line: LineState) => (line.sizeName ? `${line.name} (${line.sizeName})` : line.name);

/**
 * Under the `block` policy a sale may not take the Kitchen below zero: 409 naming each short
 * ingredient and the dishes that need it ("Chicken breast is short for Zinger Burger (L)").
 */
async function refuseShortages(tx: Db, needs: readonly Requirement[], kitchenId: number): Promise<void> {
  const bins = await lockBins(
    tx,
    needs.map((need) => need.storeProductId),
    [kitchenId],
  );
  const total = new Map<number, bigint>();
  for (const need of needs) total.set(need.storeProductId, (total.get(need.storeProductId) ?? 0n) + need.qtyMicro);
  const short = [...total].filter(([productId, qty]) => {
    const held = bins.get(binKey(productId, kitchenId))?.qty ?? 0n;
    return qty > (held > 0n ? held : 0n);
  });
  if (short.length === 0) return;
  const names = await tx
    .select({ id: storeProducts.id, name: storeProducts.name })
    .from(storeProducts)
    .where(
      inArray(
        storeProducts.id,
        short.map(([id]) => id),
      ),
    );
  const shortages = short.map(([productId, qty]) => {
    const dishes = [
      ...new Set(needs.filter((need) => need.storeProductId === productId).map((need) => dishName(need.line))),
    ];
    const held = bins.get(binKey(productId, kitchenId))?.qty ?? 0n;
    return {
      storeProductId: productId,
      ingredient: names.find((row) => row.id === productId)?.name ?? `#${productId}`,
      dishes,
      needed: formatQty(qty),
      available: formatQty(held > 0n ? held : 0n),
    };
  });
  const message = shortages.map((entry) => `${entry.ingredient} is short for ${entry.dishes.join(", ")}`).join("; ");
  throw new AppError("POS_SOLD_OUT", message, { shortages });
}

export interface StockOutcome {
  moves: AppliedMove[];
  /** Value taken per line (minor units, positive for what left). */
  costByLine: Map<LineState, bigint>;
}

/**
 * Writes the moves of these requirements at the Kitchen (`pos_sale` / `pos_waste` out, `pos_refund`
 * in with `incomingValue`), records the business day on any exception the kernel opened, and adds up what
 * each line's moves were worth.
 */
export async function moveStock(
  tx: Db,
  options: {
    requirements: Requirements;
    docType: StockDocType;
    orderId: number;
    outletId: number;
    businessDate: string;
    businessDayId: number;
    block: boolean;
    userId: number | null;
    /** Incoming moves bring this value (refunds); outgoing ones are valued at the average. */
    incomingValue?: (need: Requirement) => bigint;
  },
): Promise<StockOutcome> {
  const { needs } = options.requirements;
  if (needs.length === 0) return { moves: [], costByLine: new Map() };
  const kitchenId = options.requirements.kitchenId ?? (await kitchenOf(tx, options.outletId));
  if (options.block) await refuseShortages(tx, needs, kitchenId);
  const incoming = options.incomingValue !== undefined;
  const inputs: MoveInput[] = needs.map((need) => ({
    storeProductId: need.storeProductId,
    locationId: kitchenId,
    qtyMicro: incoming ? need.qtyMicro : -need.qtyMicro,
    ...(options.incomingValue ? { valueMinor: options.incomingValue(need) } : {}),
    docType: options.docType,
    docId: options.orderId,
    docLineId: need.line.id,
    businessDate: options.businessDate,
    posOrderLineId: need.line.id,
    recipeVersionId: need.recipeVersionId,
  }));
  const moves = await applyMoves(tx, inputs, options.userId);
  const negative = moves.filter((move) => move.qtyMicro < 0n && move.qtyAfterMicro < 0n).map((move) => move.id);
  if (negative.length > 0)
    await tx
      .update(stockExceptions)
      .set({ businessDayId: options.businessDayId })
      .where(sql`${stockExceptions.moveId} = ANY(${`{${negative.join(",")}}`}::bigint[])`);
  const costByLine = new Map<LineState, bigint>();
  moves.forEach((move, index) => {
    const line = needs[index]?.line;
    if (line) costByLine.set(line, (costByLine.get(line) ?? 0n) - move.valueMinor);
  });
  return { moves, costByLine };
}
