import { bpToPercent, foodCostBp, minorToAmount } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { col } from "../../lib/sql";

/** The Kitchen whose average costs recipes: the outlet's first active kitchen location (seeded as KITCHEN). */
export const KITCHEN_LOCATION = sql`(SELECT id FROM stock_locations WHERE kind = 'kitchen' AND active ORDER BY id LIMIT 1)`;

/**
 * a x b / c rounded half up for a, b >= 0 and c > 0, as mulDivRound: on BIGINT while a x b stays
 * far inside its range (every real recipe line), on NUMERIC beyond, so the answer is always exact.
 */
const mulDivRound = (a: SQL, b: SQL, c: SQL) => sql`CASE WHEN ${a} < 1073741824 AND ${b} >= 0 AND ${b} < 2147483648
    THEN (2 * ${a} * ${b} + ${c}) / (2 * ${c})
    ELSE round(${a}::numeric * ${b} / ${c})::bigint END`;

/**
 * One recipe line's cost per portion in minor units, NULL without any rate: chooseRate and
 * lineCostMinor of packages/shared in SQL (NUMERIC round is half away from zero, as mulDivRound).
 * Aliases: `rl` the line, `sp` its store product, `b` its Kitchen bin (left joined).
 */
const LINE_COST = sql`CASE
    WHEN b.qty_micro > 0 THEN ${mulDivRound(sql`rl.qty_micro`, sql`b.value_minor`, sql`b.qty_micro`)}
    WHEN b.last_rate_den > 0 THEN ${mulDivRound(sql`rl.qty_micro`, sql`b.last_rate_num`, sql`b.last_rate_den`)}
    WHEN sp.last_purchase_cost_minor IS NOT NULL
      THEN ${mulDivRound(sql`rl.qty_micro`, sql`sp.last_purchase_cost_minor`, sql`1000000::bigint`)}
  END`;

/**
 * A LATERAL subquery costing the recipe whose id is `recipeId` (an SQL expression of the outer
 * query): `cost` (text, the costed lines' sum), `lines` and `uncosted` (lines without a rate).
 */
export function recipeCost(recipeId: SQL): SQL {
  return sql`LATERAL (
    SELECT coalesce(sum(lc.cost), 0) AS cost, count(*)::int AS lines,
      count(*) FILTER (WHERE lc.cost IS NULL)::int AS uncosted
    FROM recipe_lines rl
    JOIN store_products sp ON sp.id = rl.store_product_id
    LEFT JOIN stock_bins b ON b.store_product_id = rl.store_product_id AND b.location_id = ${KITCHEN_LOCATION}
    CROSS JOIN LATERAL (SELECT ${LINE_COST} AS cost) lc
    WHERE rl.recipe_id = ${recipeId}
  )`;
}

/**
 * Variants (alias `v` in `where`) matching `where`, each with its active recipe and that recipe's
 * cost. Columns: variant_id, product_id, price_minor, recipe_id, version, cost (NULL without a
 * recipe), lines, uncosted. Set-based: the lines of all those recipes are costed in one join and
 * grouped, which stays flat at thousands of variants where a per-recipe subquery does not.
 */
export function variantCosts(where: SQL): SQL {
  return sql`SELECT vs.variant_id, vs.product_id, vs.price_minor, r.id AS recipe_id, r.version, c.cost,
      coalesce(c.lines, 0) AS lines, coalesce(c.uncosted, 0) AS uncosted
    FROM (SELECT v.id AS variant_id, v.product_id, v.price_minor FROM product_variants v WHERE ${where}) vs
    LEFT JOIN recipes r ON r.variant_id = vs.variant_id AND r.active
    LEFT JOIN (
      SELECT rl.recipe_id, coalesce(sum(lc.cost), 0) AS cost, count(*)::int AS lines,
        count(*) FILTER (WHERE lc.cost IS NULL)::int AS uncosted
      FROM recipe_lines rl
      JOIN store_products sp ON sp.id = rl.store_product_id
      LEFT JOIN stock_bins b ON b.store_product_id = rl.store_product_id AND b.location_id = ${KITCHEN_LOCATION}
      CROSS JOIN LATERAL (SELECT ${LINE_COST} AS cost) lc
      WHERE rl.recipe_id IN (SELECT rr.id FROM recipes rr JOIN product_variants v ON v.id = rr.variant_id
        WHERE rr.active AND ${where})
      GROUP BY rl.recipe_id
    ) c ON c.recipe_id = r.id`;
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
