import { bpToPercent, minorToAmount, PRODUCT_MESSAGES, type ProductCost, parseScaled } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { products } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { col, intArray, rowsOf } from "../../lib/sql";
import { costColumns, costFigures, variantCosts } from "../recipes";

/** Recipe cost range and the highest food-cost % of each product's active variants with a recipe. */
export async function productCostRanges(db: Db, productIds: readonly number[]) {
  const ranges = new Map<number, { minCost: number | null; maxCost: number | null; foodCostPercent: number | null }>();
  if (productIds.length === 0) return ranges;
  const rows = rowsOf(
    z.object({
      product_id: col.int,
      min_cost: col.minor.nullable(),
      max_cost: col.minor.nullable(),
      food_bp: col.minor.nullable(),
    }),
    await db.execute(sql`SELECT product_id, min(cost)::text AS min_cost, max(cost)::text AS max_cost,
        max(round(cost::numeric * 10000 / price_minor)) FILTER (WHERE price_minor > 0)::text AS food_bp
      FROM (${variantCosts(sql`v.active AND v.product_id = ANY(${intArray(productIds)})`)}) vc
      WHERE recipe_id IS NOT NULL GROUP BY product_id`),
  );
  for (const row of rows)
    ranges.set(row.product_id, {
      minCost: row.min_cost === null ? null : minorToAmount(row.min_cost),
      maxCost: row.max_cost === null ? null : minorToAmount(row.max_cost),
      foodCostPercent: bpToPercent(row.food_bp),
    });
  return ranges;
}

/** Products with an active variant whose recipe cost is above `percent` of its price (exact, on integers). */
export function foodCostAbove(percent: number): SQL {
  const bp = parseScaled(percent, 2) ?? 0n;
  return sql`${products.id} IN (SELECT product_id FROM (${variantCosts(sql`v.active`)}) vc
    WHERE recipe_id IS NOT NULL AND price_minor > 0 AND cost::numeric * 10000 > ${bp.toString()}::numeric * price_minor)`;
}

/** Each active variant of a product with its recipe's cost at the current Kitchen average. */
export async function productCost(db: Db, productId: number): Promise<ProductCost> {
  const [product] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`SELECT id FROM products WHERE id = ${productId}`),
  );
  if (!product) throw new AppError("NOT_FOUND", PRODUCT_MESSAGES.notFound);
  const rows = rowsOf(
    z.object({ variant_id: col.int, label: col.text, ...costColumns }),
    await db.execute(sql`SELECT vc.*, concat_ws(' ', p.name, s.name, f.name) AS label
      FROM (${variantCosts(sql`v.active AND v.product_id = ${productId}`)}) vc
      JOIN product_variants v ON v.id = vc.variant_id
      JOIN products p ON p.id = v.product_id
      LEFT JOIN sizes s ON s.id = v.size_id
      LEFT JOIN flavours f ON f.id = v.flavour_id
      ORDER BY v.sort, v.id`),
  );
  return {
    productId,
    variants: rows.map((row) => ({
      variantId: row.variant_id,
      label: row.label,
      price: minorToAmount(row.price_minor),
      recipeId: row.recipe_id,
      version: row.version,
      uncostedLines: row.uncosted,
      ...costFigures(row),
    })),
  };
}
