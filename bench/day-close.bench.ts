/**
 * Day Close at a busy restaurant's size (design WP3 performance): a day of 2,000 paid orders (3 lines
 * each, a third by card, every tenth discounted) whose recipes wrote 20,000 stock moves.
 * Measured through the whole request path: the Day Close preview (the checklist, counters, summary
 * and voucher preview; median of 5), counting the counter, and the close itself (both vouchers,
 * 2,000 orders and 20,000 moves linked, the Z frozen), on PostgreSQL (target 2 s) and PGlite (6 s).
 * `BENCH_DAY_ORDERS` sets the number of orders (moves are 10 an order).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Db } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { todayIn } from "../apps/server/src/lib/dates";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { workerPool } from "../apps/server/src/lib/worker-pool";
import {
  type FixtureDay,
  type FixtureOrder,
  insertOrders,
  orderFigures,
} from "../apps/server/src/test/pos-day-fixtures";
import { type Figure, median, ms, onEachDatabase, signedInApp, withinTarget } from "./lib";

const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const ORDERS = Number(process.env.BENCH_DAY_ORDERS ?? 2000);
/** Ingredients per order: 4 + 3 + 3 over the three lines. */
const USES = [4, 3, 3];
const BATCH = 250;
const COUNTS = z.object({ orders: col.int, moves: col.int });

interface Kitchen {
  ingredients: number[];
  categories: number[];
  foodTaxId: number;
  cardId: number;
}

/** Ten ingredients well stocked in the Kitchen (a bin may go below zero there), three categories. */
async function loadKitchen(db: Db): Promise<Kitchen> {
  await db.execute(sql`
    INSERT INTO store_products (code, name, stock_uom_id)
    SELECT 'DC-' || g, 'Day close ingredient ' || g, (SELECT uom_id FROM units WHERE uom_name = 'KG')
    FROM generate_series(1, 10) g`);
  await db.execute(sql`
    INSERT INTO stock_bins (store_product_id, location_id, qty_micro, value_minor, allow_negative)
    SELECT p.id, l.id, 1000000000000, 2000000000, true FROM store_products p, stock_locations l
    WHERE p.code LIKE 'DC-%' AND l.kind = 'kitchen'`);
  await db.execute(sql`
    INSERT INTO menu_categories (name, revenue_account_id)
    VALUES ('Burgers', NULL), ('Pizza', NULL),
           ('Drinks', (SELECT id FROM accounts WHERE name = 'SUNDRY INCOME'))`);
  const [row] = rowsOf(
    z.object({ ingredients: col.ints, categories: col.ints, food: col.int, card: col.int }),
    await db.execute(sql`
      SELECT (SELECT array_agg(id ORDER BY id) FROM store_products WHERE code LIKE 'DC-%') AS ingredients,
             (SELECT array_agg(id ORDER BY id) FROM menu_categories) AS categories,
             (SELECT id FROM tax_classes WHERE name = 'Food') AS food,
             (SELECT id FROM payment_methods WHERE kind = 'card' ORDER BY id LIMIT 1) AS card`),
  );
  if (!row) throw new Error("bench setup failed");
  return { ingredients: row.ingredients, categories: row.categories, foodTaxId: row.food, cardId: row.card };
}

/** Order `index` of the day: three lines, 16% food tax, every third paid by card, every tenth discounted. */
function orderOf(index: number, kitchen: Kitchen): FixtureOrder {
  let ingredient = 0;
  const lines = USES.map((count, line) => {
    const gross = BigInt(40_000 + ((index * 7 + line * 13) % 50) * 1_000);
    const discount = index % 10 === 0 ? gross / 10n : 0n;
    const uses = Array.from({ length: count }, () => {
      const storeProductId = kitchen.ingredients[ingredient % kitchen.ingredients.length] ?? 0;
      ingredient += 1;
      return { storeProductId, qtyMicro: 120_000n };
    });
    return {
      categoryId: kitchen.categories[line] ?? null,
      taxClassId: kitchen.foodTaxId,
      grossMinor: gross,
      discountMinor: discount,
      taxMinor: ((gross - discount) * 16n) / 100n,
      uses,
    };
  });
  const order: FixtureOrder = { lines };
  // Every third order by card, its whole total; the others in cash.
  return index % 3 === 1
    ? { ...order, payments: [{ methodId: kitchen.cardId, amountMinor: orderFigures(order).total }] }
    : order;
}

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  const db = database.db;
  const kitchen = await loadKitchen(db);
  const { app, config, headers } = await signedInApp(database, ADMIN);
  try {
    const call = async (method: "GET" | "POST", url: string, payload?: object) => {
      const response = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 400)}`);
      return response.json<Record<string, unknown>>();
    };
    const [id] = rowsOf(
      z.object({ counter: col.int, cash: col.int, admin: col.int, kitchen: col.int }),
      await db.execute(sql`
        SELECT (SELECT id FROM pos_counters WHERE code = 'A01') AS counter,
               (SELECT id FROM payment_methods WHERE kind = 'cash' ORDER BY id LIMIT 1) AS cash,
               (SELECT id FROM users WHERE user_name = ${ADMIN.userName}) AS admin,
               (SELECT id FROM stock_locations WHERE kind = 'kitchen') AS kitchen`),
    );
    if (!id) throw new Error("bench setup failed");
    const businessDate = todayIn(config.APP_TZ);
    const opened = await call("POST", "/api/setting/day_open", {
      businessDate,
      counters: [{ counterId: id.counter, cashierId: id.admin, openingFloat: 0 }],
    });
    const sessions = opened.sessions as { id: number }[];
    const day: FixtureDay = {
      dayId: Number(opened.dayId),
      sessionId: sessions[0]?.id ?? 0,
      counterId: id.counter,
      businessDate,
      kitchenId: id.kitchen,
      cashMethodId: id.cash,
      userId: id.admin,
    };
    const loadStarted = performance.now();
    for (let first = 0; first < ORDERS; first += BATCH) {
      const size = Math.min(BATCH, ORDERS - first);
      await insertOrders(
        db,
        day,
        Array.from({ length: size }, (_, offset) => orderOf(first + offset, kitchen)),
      );
    }
    const loadMs = performance.now() - loadStarted;
    const counts = rowsOf(
      COUNTS,
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM pos_orders WHERE business_day_id = ${day.dayId}) AS orders,
               (SELECT count(*)::int FROM stock_moves WHERE doc_type = 'pos_sale') AS moves`),
    );
    const previewMs = await median(() => call("GET", `/api/setting/day_close/preview?dayId=${day.dayId}`));
    const counter = (await call("GET", "/api/setting/day_open/current")).sessions as {
      methods: { methodId: number; expected: number }[];
    }[];
    const counted = Object.fromEntries((counter[0]?.methods ?? []).map((method) => [method.methodId, method.expected]));
    let started = performance.now();
    await call("POST", `/api/setting/day_close/session/${day.sessionId}`, { counted });
    const sessionMs = performance.now() - started;
    started = performance.now();
    await call("POST", "/api/setting/day_close", { dayId: day.dayId });
    const closeMs = performance.now() - started;
    const linked = rowsOf(
      COUNTS,
      await db.execute(sql`
        SELECT (SELECT count(*)::int FROM pos_orders WHERE sales_voucher_id IS NOT NULL) AS orders,
               (SELECT count(*)::int FROM stock_moves WHERE doc_type = 'pos_sale' AND voucher_id IS NOT NULL) AS moves`),
    );
    const size = `${counts[0]?.orders ?? 0} orders, ${counts[0]?.moves ?? 0} moves`;
    return [
      { bench: "day-close", measure: `${label}: load a day of ${size} (fixture)`, value: ms(loadMs) },
      {
        bench: "day-close",
        measure: `${label}: Day Close preview (checklist, counters, summary, vouchers), ${size}`,
        value: ms(previewMs),
      },
      { bench: "day-close", measure: `${label}: count and close counter A01`, value: ms(sessionMs) },
      {
        bench: "day-close",
        measure: `${label}: close the day, ${size}: 2 vouchers, ${linked[0]?.orders ?? 0} orders and ${linked[0]?.moves ?? 0} moves linked`,
        value: ms(closeMs),
        target: withinTarget(closeMs, 2000, factor),
      },
    ];
  } finally {
    await app.close();
  }
}

export async function run(): Promise<Figure[]> {
  try {
    return await onEachDatabase("day-close", measure);
  } finally {
    // The Z report is drawn in the worker pool; its threads would keep the process alive.
    await workerPool.close();
  }
}
