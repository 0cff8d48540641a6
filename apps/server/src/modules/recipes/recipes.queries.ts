import {
  chooseRate,
  microToQty,
  minorToAmount,
  type Recipe,
  type RecipeIngredient,
  type RecipeListQuery,
  type RecipeMenu,
  type RecipeRow,
  type RecipeVersion,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";
import { costColumns, costFigures, KITCHEN_LOCATION, recipeCost, variantCosts } from "./recipes.costs";

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** "Zinger Burger L Spicy": the product's name with the variant's size and flavour (aliases p, s, f). */
const LABEL = sql`concat_ws(' ', p.name, s.name, f.name)`;
const VARIANT_JOINS = sql`JOIN products p ON p.id = v.product_id
  LEFT JOIN sizes s ON s.id = v.size_id
  LEFT JOIN flavours f ON f.id = v.flavour_id`;
const EDITOR = sql`(SELECT u.user_name FROM users u WHERE u.id = r.created_by)`;

/** A line's Kitchen bin and its product's last purchase, selected by RATE_SELECT, read by binOf. */
export const rateColumns = {
  bin_qty: col.minor.nullable(),
  bin_value: col.minor.nullable(),
  last_num: col.minor.nullable(),
  last_den: col.minor.nullable(),
  last_purchase: col.minor.nullable(),
};
export const RATE_SELECT = sql`b.qty_micro AS bin_qty, b.value_minor AS bin_value, b.last_rate_num AS last_num,
  b.last_rate_den AS last_den, sp.last_purchase_cost_minor AS last_purchase`;

const HeadRow = z.object({
  id: col.int,
  variant_id: col.int,
  product_id: col.int,
  product_name: col.text,
  label: col.text,
  version: col.int,
  yield_portions: col.numeric,
  notes: col.text,
  active: col.bool,
  effective_from: col.timestamp,
  edited_by: col.text.nullable(),
});
const LineRow = z.object({
  line_no: col.int,
  store_product_id: col.int,
  code: col.text,
  name: col.text,
  qty_entered: col.numeric,
  uom_id: col.int,
  uom: col.text,
  waste_bp: col.int,
  qty_micro: col.minor,
  stock_uom: col.text,
  ...rateColumns,
});
export type RecipeLineRow = z.output<typeof LineRow>;

const iso = (timestamp: string) => new Date(timestamp).toISOString();
/** A unit as people read it: its symbol, or its name when it has none. */
const UNIT_TEXT = (alias: string) => sql.raw(`coalesce(nullif(${alias}.symbol, ''), ${alias}.uom_name)`);

/** A recipe version with its lines (and each line's Kitchen bin and last purchase, for costing), or null. */
export async function findRecipe(db: Db, id: number): Promise<{ recipe: Recipe; lines: RecipeLineRow[] } | null> {
  const [head] = rowsOf(
    HeadRow,
    await db.execute(sql`SELECT r.id, r.variant_id, v.product_id, p.name AS product_name, ${LABEL} AS label, r.version,
        r.yield_portions::text, r.notes, r.active, r.effective_from::text, ${EDITOR} AS edited_by
      FROM recipes r JOIN product_variants v ON v.id = r.variant_id ${VARIANT_JOINS}
      WHERE r.id = ${id}`),
  );
  if (!head) return null;
  const lines = rowsOf(
    LineRow,
    await db.execute(sql`SELECT rl.line_no, rl.store_product_id, sp.code, sp.name, rl.qty_entered::text, rl.uom_id,
        ${UNIT_TEXT("u")} AS uom, rl.waste_bp, rl.qty_micro, ${UNIT_TEXT("su")} AS stock_uom,
        ${RATE_SELECT}
      FROM recipe_lines rl
      JOIN store_products sp ON sp.id = rl.store_product_id
      JOIN units u ON u.uom_id = rl.uom_id
      JOIN units su ON su.uom_id = sp.stock_uom_id
      LEFT JOIN stock_bins b ON b.store_product_id = rl.store_product_id AND b.location_id = ${KITCHEN_LOCATION}
      WHERE rl.recipe_id = ${id} ORDER BY rl.line_no`),
  );
  const recipe: Recipe = {
    id: head.id,
    variantId: head.variant_id,
    productId: head.product_id,
    productName: head.product_name,
    variantLabel: head.label,
    version: head.version,
    yieldPortions: Number(head.yield_portions),
    notes: head.notes,
    active: head.active,
    effectiveFrom: iso(head.effective_from),
    editedBy: head.edited_by,
    lines: lines.map((line) => ({
      lineNo: line.line_no,
      storeProductId: line.store_product_id,
      code: line.code,
      name: line.name,
      qty: Number(line.qty_entered),
      uomId: line.uom_id,
      uom: line.uom,
      wasteBp: line.waste_bp,
      stockQty: microToQty(line.qty_micro),
      stockUom: line.stock_uom,
    })),
  };
  return { recipe, lines };
}

/** The variant's price in minor units, or null when there is no such variant. */
export async function variantPrice(db: Db, variantId: number): Promise<bigint | null> {
  const [row] = rowsOf(
    z.object({ price_minor: col.minor }),
    await db.execute(sql`SELECT price_minor FROM product_variants WHERE id = ${variantId}`),
  );
  return row?.price_minor ?? null;
}

const ListRow = z.object({
  variant_id: col.int,
  product_id: col.int,
  product_code: col.text,
  label: col.text,
  track: col.text,
  effective_from: col.timestamp.nullable(),
  edited_by: col.text.nullable(),
  ...costColumns,
});

function listWhere(query: { search?: string | undefined; missing?: boolean }): SQL {
  const conditions: SQL[] = [sql`v.active`];
  if (query.search) {
    const text = containing(query.search);
    conditions.push(
      sql`(p.name ILIKE ${text} OR p.code ILIKE ${text} OR s.name ILIKE ${text} OR f.name ILIKE ${text})`,
    );
  }
  conditions.push(
    query.missing ? sql`p.track = 'recipe' AND p.active AND vc.recipe_id IS NULL` : sql`vc.recipe_id IS NOT NULL`,
  );
  return sql.join(conditions, sql` AND `);
}

const listFrom = (where: SQL) => sql`FROM (${variantCosts(sql`true`)}) vc
  JOIN product_variants v ON v.id = vc.variant_id ${VARIANT_JOINS}
  LEFT JOIN recipes r ON r.id = vc.recipe_id
  WHERE ${where}`;

/**
 * Recipes by product name then grid order: each active variant with its active recipe, lines,
 * cost, price and food-cost %; `missing` lists the recipe-tracked variants without one instead.
 */
export async function listRecipes(db: Db, query: RecipeListQuery) {
  const where = listWhere(query);
  const [total] = rowsOf(z.object({ n: col.int }), await db.execute(sql`SELECT count(*)::int AS n ${listFrom(where)}`));
  const rows = rowsOf(
    ListRow,
    await db.execute(sql`SELECT vc.*, p.code AS product_code, ${LABEL} AS label, p.track,
        r.effective_from::text AS effective_from, ${EDITOR} AS edited_by
      ${listFrom(where)}
      ORDER BY lower(p.name), p.id, v.sort, v.id
      LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`),
  );
  const data: RecipeRow[] = rows.map((row) => ({
    variantId: row.variant_id,
    productId: row.product_id,
    productCode: row.product_code,
    variantLabel: row.label,
    track: row.track,
    price: minorToAmount(row.price_minor),
    recipeId: row.recipe_id,
    version: row.version,
    lineCount: row.lines,
    uncostedLines: row.uncosted,
    ...costFigures(row),
    lastEdited: row.effective_from === null ? null : iso(row.effective_from),
    editedBy: row.edited_by,
  }));
  return { data, page: query.page, total_results: total?.n ?? 0 };
}

/** Every version of a variant's recipe, newest first, each costed at the current Kitchen average. */
export async function recipeVersions(db: Db, variantId: number): Promise<RecipeVersion[]> {
  const rows = rowsOf(
    z.object({
      id: col.int,
      version: col.int,
      active: col.bool,
      effective_from: col.timestamp,
      edited_by: col.text.nullable(),
      yield_portions: col.numeric,
      lines: col.int,
      cost: col.minor,
    }),
    await db.execute(sql`SELECT r.id, r.version, r.active, r.effective_from::text, ${EDITOR} AS edited_by,
        r.yield_portions::text, c.lines, c.cost
      FROM recipes r LEFT JOIN ${recipeCost(sql`r.id`)} c ON true
      WHERE r.variant_id = ${variantId} ORDER BY r.version DESC`),
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    active: row.active,
    effectiveFrom: iso(row.effective_from),
    editedBy: row.edited_by,
    yieldPortions: Number(row.yield_portions),
    lineCount: row.lines,
    cost: minorToAmount(row.cost),
  }));
}

/** Active products (recipe-tracked first) with their active variants and current recipe versions. */
export async function recipeMenu(db: Db): Promise<RecipeMenu> {
  const rows = rowsOf(
    z.object({
      product_id: col.int,
      code: col.text,
      name: col.text,
      track: col.text,
      variant_id: col.int,
      label: col.text,
      price_minor: col.minor,
      recipe_id: col.int.nullable(),
      version: col.int.nullable(),
    }),
    await db.execute(sql`SELECT p.id AS product_id, p.code, p.name, p.track, v.id AS variant_id, ${LABEL} AS label,
        v.price_minor, r.id AS recipe_id, r.version
      FROM product_variants v ${VARIANT_JOINS}
      LEFT JOIN recipes r ON r.variant_id = v.id AND r.active
      WHERE v.active AND p.active
      ORDER BY p.track <> 'recipe', lower(p.name), p.id, v.sort, v.id`),
  );
  const menu: RecipeMenu = [];
  for (const row of rows) {
    let product = menu.at(-1);
    if (product?.productId !== row.product_id) {
      product = { productId: row.product_id, code: row.code, name: row.name, track: row.track, variants: [] };
      menu.push(product);
    }
    product.variants.push({
      variantId: row.variant_id,
      label: row.label,
      price: minorToAmount(row.price_minor),
      recipeId: row.recipe_id,
      version: row.version,
    });
  }
  return menu;
}

/** Active store products with their stock unit, packs and Kitchen rate, for the recipe lines. */
export async function recipeIngredients(db: Db): Promise<RecipeIngredient[]> {
  const rows = rowsOf(
    z.object({
      id: col.int,
      code: col.text,
      name: col.text,
      stock_uom_id: col.int,
      stock_uom: col.text,
      packs: col.text,
      ...rateColumns,
    }),
    await db.execute(sql`SELECT sp.id, sp.code, sp.name, sp.stock_uom_id, ${UNIT_TEXT("su")} AS stock_uom,
        coalesce((SELECT string_agg(k.uom_id || ':' || k.factor_micro, ',') FROM store_product_uoms k
          WHERE k.store_product_id = sp.id), '') AS packs,
        ${RATE_SELECT}
      FROM store_products sp
      JOIN units su ON su.uom_id = sp.stock_uom_id
      LEFT JOIN stock_bins b ON b.store_product_id = sp.id AND b.location_id = ${KITCHEN_LOCATION}
      WHERE sp.active ORDER BY lower(sp.name), sp.id`),
  );
  return rows.map((row) => {
    const { rate, source } = chooseRate(binOf(row));
    return {
      id: row.id,
      code: row.code,
      name: row.name,
      stockUomId: row.stock_uom_id,
      stockUom: row.stock_uom,
      packs: row.packs
        ? row.packs.split(",").map((pair) => {
            const [uomId, factorMicro] = pair.split(":");
            return { uomId: Number(uomId), factorMicro: factorMicro ?? "0" };
          })
        : [],
      rate: rate && { num: rate.num.toString(), den: rate.den.toString() },
      rateSource: source,
    };
  });
}

/** A row's Kitchen bin and last purchase as chooseRate reads them. */
export function binOf(row: {
  bin_qty: bigint | null;
  bin_value: bigint | null;
  last_num: bigint | null;
  last_den: bigint | null;
  last_purchase: bigint | null;
}) {
  return {
    qty: row.bin_qty,
    value: row.bin_value,
    lastNum: row.last_num,
    lastDen: row.last_den,
    lastPurchaseMinor: row.last_purchase,
  };
}
