/**
 * The Product List with recipe costs (design WP2 performance: 3,000 variants with recipe costs
 * <= 200 ms). 500 recipe-tracked products x 6 sizes, each variant with a 5-line recipe over 200
 * store products whose Kitchen bins hold stock. Measures the list's first page (50), all 500
 * products in one page, the food-cost filter, the Recipe List page and one product's cost, on
 * PostgreSQL and on PGlite (targets x3). `BENCH_RECIPE_PRODUCTS` sets the size.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import type { Ctx } from "../apps/server/src/lib/context";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { productCost } from "../apps/server/src/modules/menu-products/menu-products.costs";
import { findProducts } from "../apps/server/src/modules/menu-products/menu-products.service";
import { listRecipes } from "../apps/server/src/modules/recipes/recipes.queries";
import { type Figure, median, ms, onEachDatabase, withinTarget } from "./lib";

const PRODUCTS = Number(process.env.BENCH_RECIPE_PRODUCTS ?? 500);
const SIZES = 6;
const STORE_PRODUCTS = 200;
const LINES = 5;

/** Menu, store products, Kitchen bins and one active recipe per variant, all set-based. */
async function load(database: Database): Promise<number> {
  const db = database.db;
  await db.execute(sql`INSERT INTO menu_categories (name) VALUES ('Bench menu')`);
  await db.execute(
    sql`INSERT INTO sizes (name, code, sort) SELECT 'Bench size ' || i, 'S' || i, i FROM generate_series(1, ${SIZES}) i`,
  );
  await db.execute(sql`INSERT INTO store_products (code, name, stock_uom_id)
    SELECT 'BSP' || i, 'Bench ingredient ' || i, (SELECT uom_id FROM units WHERE uom_name = 'KG')
    FROM generate_series(1, ${STORE_PRODUCTS}) i`);
  await db.execute(sql`INSERT INTO stock_bins (store_product_id, location_id, qty_micro, value_minor)
    SELECT id, (SELECT id FROM stock_locations WHERE kind = 'kitchen' ORDER BY id LIMIT 1), 3000000 + id * 1000, 50000 + id * 37
    FROM store_products WHERE code LIKE 'BSP%'`);
  await db.execute(sql`INSERT INTO products (code, name, category_id, track)
    SELECT 'P-' || lpad(i::text, 4, '0'), 'Bench dish ' || i, (SELECT id FROM menu_categories WHERE name = 'Bench menu'), 'recipe'
    FROM generate_series(1, ${PRODUCTS}) i`);
  await db.execute(sql`INSERT INTO product_variants (product_id, size_id, price_minor, sort)
    SELECT p.id, s.id, 50000 + s.sort * 10000 + p.id, s.sort FROM products p CROSS JOIN sizes s
    WHERE p.name LIKE 'Bench dish %' AND s.name LIKE 'Bench size %'`);
  await db.execute(sql`INSERT INTO recipes (variant_id, version) SELECT id, 1 FROM product_variants`);
  await db.execute(sql`INSERT INTO recipe_lines (recipe_id, line_no, store_product_id, uom_id, qty_entered, qty_micro)
    SELECT r.id, k + 1, sp.id, sp.stock_uom_id, 0.1, 100000 + k * 5000
    FROM recipes r CROSS JOIN generate_series(0, ${LINES - 1}) k
    JOIN store_products sp ON sp.code = 'BSP' || ((r.id * 7 + k * 13) % ${STORE_PRODUCTS} + 1)`);
  await db.execute(sql`ANALYZE`);
  const [row] = rowsOf(
    z.object({ n: col.int }),
    await db.execute(sql`SELECT count(*)::int AS n FROM product_variants`),
  );
  return row?.n ?? 0;
}

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, { userName: "admin", email: "admin@bench.local", password: "Admin@12345" });
  const variants = await load(database);
  const ctx = { db: database.db } as Pick<Ctx, "db"> as Ctx;
  const list = (extra: object) => () => findProducts(ctx, { page: 1, size: 50, missingRecipe: undefined, ...extra });
  const firstPage = await median(list({}));
  const allProducts = await median(list({ size: PRODUCTS }));
  const filtered = await median(list({ foodCostAbove: 25 }));
  const recipePage = await median(() => listRecipes(database.db, { page: 1, size: 50, missing: false }));
  const oneProduct = await median(() => productCost(database.db, 1));
  const figure = (measure: string, value: number): Figure => ({
    bench: "recipes",
    measure: `${label}: ${measure}`,
    value: ms(value),
    target: withinTarget(value, 200, factor),
  });
  return [
    { bench: "recipes", measure: `${label}: variants with a ${LINES}-line recipe`, value: String(variants) },
    figure("Product List page of 50 with recipe costs", firstPage),
    figure(`Product List, all ${PRODUCTS} products in one page`, allProducts),
    figure("Product List, food cost above 25%", filtered),
    figure("Recipe List page of 50", recipePage),
    figure("one product's cost per variant", oneProduct),
  ];
}

export function run(): Promise<Figure[]> {
  return onEachDatabase("recipes", measure);
}
