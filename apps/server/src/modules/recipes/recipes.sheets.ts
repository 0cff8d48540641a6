import type { Readable } from "node:stream";
import {
  bpToPercent,
  chooseRate,
  foodCostBp,
  lineCostMinor,
  microToQty,
  minorToAmount,
  ratePerUnitMinor,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { ColumnOf } from "../../lib/documents/model";
import { sheetXlsx } from "../../lib/documents/render";
import { col, rowsOf } from "../../lib/sql";
import { KITCHEN_LOCATION } from "./recipes.costs";
import { binOf, RATE_SELECT, rateColumns } from "./recipes.queries";

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const Row = z.object({
  recipe_id: col.int,
  product_code: col.text,
  label: col.text,
  version: col.int,
  yield_portions: col.numeric,
  price_minor: col.minor,
  code: col.text,
  name: col.text,
  qty_entered: col.numeric,
  uom: col.text,
  waste_bp: col.int,
  qty_micro: col.minor,
  stock_uom: col.text,
  ...rateColumns,
});

interface UsageRow {
  productCode: string;
  item: string;
  version: number;
  yieldPortions: number;
  price: number;
  code: string;
  ingredient: string;
  qty: number;
  uom: string;
  wastePercent: number;
  stockQty: number;
  stockUom: string;
  rate: number | null;
  cost: number | null;
  recipeCost: number;
  foodCostPercent: number | null;
}

/**
 * The exploded recipes: one row per ingredient of each active variant's current recipe, with what
 * one portion takes from stock, its cost at the Kitchen average and the item's recipe cost.
 */
export async function recipeUsage(db: Db, search?: string): Promise<UsageRow[]> {
  const filter = search
    ? sql`AND (p.name ILIKE ${containing(search)} OR p.code ILIKE ${containing(search)} OR s.name ILIKE ${containing(search)} OR f.name ILIKE ${containing(search)})`
    : sql``;
  const rows = rowsOf(
    Row,
    await db.execute(sql`SELECT r.id AS recipe_id, p.code AS product_code, concat_ws(' ', p.name, s.name, f.name) AS label,
        r.version, r.yield_portions::text, v.price_minor, sp.code, sp.name, rl.qty_entered::text,
        coalesce(nullif(u.symbol, ''), u.uom_name) AS uom, rl.waste_bp, rl.qty_micro,
        coalesce(nullif(su.symbol, ''), su.uom_name) AS stock_uom,
        ${RATE_SELECT}
      FROM recipes r
      JOIN product_variants v ON v.id = r.variant_id
      JOIN products p ON p.id = v.product_id
      LEFT JOIN sizes s ON s.id = v.size_id
      LEFT JOIN flavours f ON f.id = v.flavour_id
      JOIN recipe_lines rl ON rl.recipe_id = r.id
      JOIN store_products sp ON sp.id = rl.store_product_id
      JOIN units u ON u.uom_id = rl.uom_id
      JOIN units su ON su.uom_id = sp.stock_uom_id
      LEFT JOIN stock_bins b ON b.store_product_id = rl.store_product_id AND b.location_id = ${KITCHEN_LOCATION}
      WHERE r.active AND v.active ${filter}
      ORDER BY lower(p.name), p.id, v.sort, v.id, rl.line_no`),
  );
  const costed = rows.map((row) => {
    const { rate } = chooseRate(binOf(row));
    return { row, rate, cost: lineCostMinor(row.qty_micro, rate) };
  });
  const totals = new Map<number, bigint>();
  for (const { row, cost } of costed) totals.set(row.recipe_id, (totals.get(row.recipe_id) ?? 0n) + (cost ?? 0n));
  return costed.map(({ row, rate, cost }) => {
    const total = totals.get(row.recipe_id) ?? 0n;
    const perUnit = ratePerUnitMinor(rate);
    return {
      productCode: row.product_code,
      item: row.label,
      version: row.version,
      yieldPortions: Number(row.yield_portions),
      price: minorToAmount(row.price_minor),
      code: row.code,
      ingredient: row.name,
      qty: Number(row.qty_entered),
      uom: row.uom,
      wastePercent: row.waste_bp / 100,
      stockQty: microToQty(row.qty_micro),
      stockUom: row.stock_uom,
      rate: perUnit === null ? null : minorToAmount(perUnit),
      cost: cost === null ? null : minorToAmount(cost),
      recipeCost: minorToAmount(total),
      foodCostPercent: bpToPercent(foodCostBp(total, row.price_minor)),
    };
  });
}

export function usageXlsx(rows: readonly UsageRow[], today: string): Promise<Readable> {
  const columns: ColumnOf<UsageRow>[] = [
    { header: "Product code", xlsxWidth: 12, value: (row) => row.productCode },
    { header: "Item", xlsxWidth: 30, value: (row) => row.item },
    { header: "Version", xlsxWidth: 8, value: (row) => row.version },
    { header: "Yield", xlsxWidth: 8, value: (row) => row.yieldPortions },
    { header: "Price", xlsxWidth: 12, format: "amount", value: (row) => row.price },
    { header: "Ingredient code", xlsxWidth: 14, value: (row) => row.code },
    { header: "Ingredient", xlsxWidth: 28, value: (row) => row.ingredient },
    { header: "Quantity", xlsxWidth: 10, value: (row) => row.qty },
    { header: "Unit", xlsxWidth: 8, value: (row) => row.uom },
    { header: "Waste %", xlsxWidth: 8, value: (row) => row.wastePercent },
    { header: "Stock per portion", xlsxWidth: 16, value: (row) => row.stockQty },
    { header: "Stock unit", xlsxWidth: 10, value: (row) => row.stockUom },
    { header: "Kitchen rate", xlsxWidth: 12, format: "amount", value: (row) => row.rate },
    { header: "Line cost", xlsxWidth: 12, format: "amount", value: (row) => row.cost },
    { header: "Recipe cost", xlsxWidth: 12, format: "amount", value: (row) => row.recipeCost },
    { header: "Food cost %", xlsxWidth: 11, value: (row) => row.foodCostPercent },
  ];
  return sheetXlsx(
    { name: "Recipe usage", title: `Exploded recipes (ingredient usage per portion) as of ${today}` },
    columns,
    rows,
  );
}
