/**
 * The POS bootstrap at the size of a large menu (design WP2 performance): 500 products x 6 variants
 * (3 sizes x 2 flavours, each with a barcode), 50 deals of 3 choice groups x 4 options, 10 automatic
 * promotions and 100 tables in 5 halls. Measures the whole request on the server (routing, the
 * snapshot's queries, the answer's schema and JSON) for a full answer and for the 304 a register
 * gets when its copy is current, and the answer's size raw and gzipped, on PostgreSQL and on
 * PGlite (time targets x3; the size target is the same on both).
 */
import { gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import type { Database, Db } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { type Figure, kb, median, ms, onEachDatabase, withinTarget } from "./lib";

const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const PRODUCTS = 500;
const DEALS = 50;
const HALLS = 5;
const TABLES_PER_HALL = 20;

/** The menu, deals, promotions and floor, written set-based (a few statements). */
export async function loadMenu(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO menu_categories (name, sort, color)
    SELECT 'Category ' || g, g, '#' || lpad(to_hex(g * 40000), 6, '0') FROM generate_series(1, 10) g`);
  await db.execute(sql`
    INSERT INTO menu_categories (parent_id, name, sort)
    SELECT c.id, 'Sub ' || c.id || '-' || g, g FROM menu_categories c CROSS JOIN generate_series(1, 3) g
    WHERE c.parent_id IS NULL`);
  await db.execute(
    sql`INSERT INTO sizes (name, code, sort) VALUES ('Small', 'S', 1), ('Medium', 'M', 2), ('Large', 'L', 3)`,
  );
  await db.execute(sql`INSERT INTO flavours (name, sort) VALUES ('Spicy', 1), ('Plain', 2)`);
  await db.execute(sql`
    INSERT INTO products (code, name, category_id, description, image_path, prep_minutes, available_in_pos, sort)
    SELECT 'P-' || lpad(g::text, 4, '0'), 'Menu item number ' || g,
           (SELECT id FROM menu_categories WHERE parent_id IS NOT NULL ORDER BY id OFFSET (g % 30) LIMIT 1),
           'A freshly made dish with a short description for the register ' || g,
           'menu/product-' || g || '.jpg', 10, true, g
    FROM generate_series(1, ${PRODUCTS}) g`);
  await db.execute(sql`
    INSERT INTO product_variants (product_id, size_id, flavour_id, price_minor, barcode, sort)
    SELECT p.id, s.id, f.id, 30000 + p.id * 100 + s.sort * 15000 + f.sort * 50,
           '2' || lpad((p.id * 10 + s.sort * 2 + f.sort)::text, 11, '0') || '0', s.sort * 2 + f.sort
    FROM products p CROSS JOIN sizes s CROSS JOIN flavours f`);
  await db.execute(sql`
    INSERT INTO deals (code, name, category_id, price_minor, image_path, weekdays, time_from, time_to)
    SELECT 'D-' || lpad(g::text, 4, '0'), 'Deal number ' || g, (SELECT min(id) FROM menu_categories),
           99900 + g * 100, 'menu/deal-' || g || '.jpg', 127, '11:00', '23:00'
    FROM generate_series(1, ${DEALS}) g`);
  await db.execute(sql`
    INSERT INTO deal_components (deal_id, kind, label, min_choose, max_choose, sort)
    SELECT d.id, 'choice', 'Choose item ' || g, 1, 1, g FROM deals d CROSS JOIN generate_series(1, 3) g`);
  await db.execute(sql`
    INSERT INTO deal_component_options (component_id, variant_id, qty, extra_price_minor, is_default)
    SELECT c.id, (SELECT min(id) FROM product_variants) + ((c.id * 7 + g) % ${PRODUCTS * 6}), 1, (g - 1) * 5000, g = 1
    FROM deal_components c CROSS JOIN generate_series(1, 4) g`);
  await db.execute(sql`
    INSERT INTO coupons (name, kind, value, scope, scope_ids, weekdays, time_from, time_to, auto_apply, priority)
    SELECT 'Promotion ' || g, 'percent', 1000 + g * 100, 'category',
           ARRAY[(SELECT min(id) FROM menu_categories) + g], 31, '17:00', '19:00', true, g
    FROM generate_series(1, 10) g`);
  await db.execute(
    sql`INSERT INTO halls (outlet_id, name, sort) SELECT 1, 'Hall ' || g, g FROM generate_series(1, ${HALLS}) g`,
  );
  await db.execute(sql`
    INSERT INTO dining_tables (hall_id, name, seats, x, y, qr_token)
    SELECT h.id, 'T' || g, 4, (g % 5) * 100, (g / 5) * 100, md5(h.id || '-' || g)
    FROM halls h CROSS JOIN generate_series(1, ${TABLES_PER_HALL}) g`);
}

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  await loadMenu(database.db);
  // As in production: the answer is not re-checked against its schema (tests do that).
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    JWT_SECRET: "b".repeat(40),
    PUBLIC_URL: "http://localhost:3000",
  });
  const app = await buildApp({ config, database, tokens: createTokenService("b".repeat(40), "1h") });
  await app.ready();
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/user_cargo/cargo_login",
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const get = async (extra: Record<string, string> = {}) => {
      const response = await app.inject({
        method: "GET",
        url: "/api/pos/bootstrap",
        headers: { ...headers, ...extra },
      });
      if (response.statusCode !== 200 && response.statusCode !== 304)
        throw new Error(`bootstrap: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response;
    };
    const first = await get();
    const answer = first.json<{
      products: { variants: unknown[] }[];
      deals: unknown[];
      halls: { tables: unknown[] }[];
    }>();
    const variants = answer.products.reduce((sum, product) => sum + product.variants.length, 0);
    const tables = answer.halls.reduce((sum, hall) => sum + hall.tables.length, 0);
    // A fresh build each time: the version is raised (as any master-data write does) before the call.
    const builds: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      await database.db.execute(sql`UPDATE catalog_versions SET version = version + 1 WHERE id = 1`);
      const started = performance.now();
      await get();
      builds.push(performance.now() - started);
    }
    const full = builds.sort((a, b) => a - b)[3] ?? 0;
    const cached = await median(() => get());
    const notModified = await median(() => get({ "if-none-match": String(first.headers.etag) }));
    const raw = Buffer.byteLength(first.body);
    const gzipped = gzipSync(first.body).length;
    const size = `${answer.products.length} products x 6 = ${variants} variants, ${answer.deals.length} deals, ${tables} tables`;
    return [
      {
        bench: "pos-bootstrap",
        measure: `${label}: full answer built after a change (${size})`,
        value: ms(full),
        target: withinTarget(full, 150, factor),
      },
      {
        bench: "pos-bootstrap",
        measure: `${label}: full answer, already built by this server for the version`,
        value: ms(cached),
      },
      {
        bench: "pos-bootstrap",
        measure: `${label}: 304 to If-None-Match (copy current)`,
        value: ms(notModified),
      },
      { bench: "pos-bootstrap", measure: `${label}: answer size, raw JSON`, value: kb(raw) },
      {
        bench: "pos-bootstrap",
        measure: `${label}: answer size, gzipped`,
        value: kb(gzipped),
        target: `<= 300 KB ${gzipped <= 300 * 1024 ? "ok" : "MISSED"}`,
      },
    ];
  } finally {
    await app.close();
  }
}

export const run = (): Promise<Figure[]> => onEachDatabase("pos-bootstrap", measure);
