import { bpToPercent, foodCostBp, minorToAmount } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { col } from "../../lib/sql";

/** The Kitchen whose average costs recipes: the outlet's first active kitchen location (seeded as KITCHEN). */
export const KITCHEN_LOCATION = sql`(SELECT id FROM stock_locations WHERE kind = 'kitchen' AND active ORDER BY id LIMIT 1)`;

/**
 * One recipe line's cost per portion in minor units, NULL without any rate: chooseRate and
 * lineCostMinor of packages/shared in SQL (NUMERIC round is half away from zero, as mulDivRound).
 * Aliases: `rl` the line, `sp` its store product, `b` its Kitchen bin (left joined).
 */
const LINE_COST = sql`CASE
    WHEN b.qty_micro > 0 THEN round(rl.qty_micro::numeric * b.value_minor / b.qty_micro)
    WHEN b.last_rate_den > 0 THEN round(rl.qty_micro::numeric * b.last_rate_num / b.last_rate_den)
    WHEN sp.last_purchase_cost_minor IS NOT NULL THEN round(rl.qty_micro::numeric * sp.last_purchase_cost_minor / 1000000)
  END`;

/**
 * A LATERAL subquery costing the recipe whose id is `recipeId` (an SQL expression of the outer
 * query): `cost` (text, the costed lines' sum), `lines` and `uncosted` (lines without a rate).
 */
export function recipeCost(recipeId: SQL): SQL {
  return sql`LATERAL (
    SELECT coalesce(sum(${LINE_COST}), 0) AS cost, count(*)::int AS lines,
      count(*) FILTER (WHERE ${LINE_COST} IS NULL)::int AS uncosted
    FROM recipe_lines rl
    JOIN store_products sp ON sp.id = rl.store_product_id
    LEFT JOIN stock_bins b ON b.store_product_id = rl.store_product_id AND b.location_id = ${KITCHEN_LOCATION}
    WHERE rl.recipe_id = ${recipeId}
  )`;
}

/**
 * Variants (alias `v`) matching `where`, each with its active recipe (alias `r`, may be NULL) and
 * that recipe's cost (alias `c`). Columns: variant_id, product_id, price_minor, recipe_id, version,
 * cost (NULL without a recipe), lines, uncosted.
 */
export function variantCosts(where: SQL): SQL {
  return sql`SELECT v.id AS variant_id, v.product_id, v.price_minor, r.id AS recipe_id, r.version,
      CASE WHEN r.id IS NULL THEN NULL ELSE c.cost END AS cost,
      CASE WHEN r.id IS NULL THEN 0 ELSE c.lines END AS lines,
      CASE WHEN r.id IS NULL THEN 0 ELSE c.uncosted END AS uncosted
    FROM product_variants v
    LEFT JOIN recipes r ON r.variant_id = v.id AND r.active
    LEFT JOIN ${recipeCost(sql`r.id`)} c ON true
    WHERE ${where}`;
}

/** Columns a costed row carries, for raw-row schemas. */
export const costColumns = {
  recipe_id: col.int.nullable(),
  version: col.int.nullable(),
  price_minor: col.minor,
  cost: col.minor.nullable(),
  lines: col.int,
  uncosted: col.int,
};

/** Cost and food-cost % of a costed row, as the API shows them. */
export function costFigures(row: { price_minor: bigint; cost: bigint | null }) {
  return {
    cost: row.cost === null ? null : minorToAmount(row.cost),
    foodCostPercent: row.cost === null ? null : bpToPercent(foodCostBp(row.cost, row.price_minor)),
  };
}
