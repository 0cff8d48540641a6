/**
 * The Store at scale (design WP1): 1M stock moves over 500 products x 3 locations. Measures the
 * inventory ledger's first page for the busy product and a normal one, the as-of valuation of every
 * bin, posting through the kernel, a 5,000-row store product upload (check, save) and a 100-line GRN
 * posted, on PostgreSQL and on PGlite (targets x3). `BENCH_STOCK_MOVES` sets the size.
 */
import type { Database } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { addDays } from "../apps/server/src/lib/dates";
import { workerPool } from "../apps/server/src/lib/worker-pool";
import { inventoryLedger, stockBalances } from "../apps/server/src/modules/inventory-ledger/index";
import { applyMoves } from "../apps/server/src/modules/stock/index";
import { type Figure, median, ms, onEachDatabase, withinTarget } from "./lib";
import { loadStock } from "./stock-data";
import { GRN_LINES, timeStoreWrites, UPLOAD_ROWS } from "./store-upload";

const MOVES = Number(process.env.BENCH_STOCK_MOVES ?? 1_000_000);

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, { userName: "admin", email: "admin@bench.local", password: "Admin@12345" });
  const db = database.db;
  const loadStarted = performance.now();
  const data = await loadStock(db, MOVES);
  const loadMs = performance.now() - loadStarted;
  const yearFrom = addDays(data.lastDay, -364);
  const storeId = data.locationIds[0] ?? 1;
  const normalProduct = data.productIds[Math.floor(data.productIds.length / 2)] ?? data.busyProductId;
  const page = (storeProductId: number) => () =>
    inventoryLedger(db, {
      storeProductId,
      locationId: storeId,
      startDate: yearFrom,
      endDate: data.lastDay,
      page: 1,
      size: 200,
    });

  const busy = await median(page(data.busyProductId));
  const normal = await median(page(normalProduct));
  const allLocations = await median(() =>
    inventoryLedger(db, {
      storeProductId: data.busyProductId,
      startDate: yearFrom,
      endDate: data.lastDay,
      page: 1,
      size: 200,
    }),
  );
  const valuation = await median(() => stockBalances(db, { asOf: addDays(data.lastDay, -15) }));

  // A 100-line receipt through the kernel: locks 100 bins, values, appends, totals.
  const products = data.productIds.slice(1, 101);
  let docId = 10_000_000;
  const post100 = await median(() => {
    docId += 1;
    return db.transaction((tx) =>
      applyMoves(
        tx,
        products.map((storeProductId) => ({
          storeProductId,
          locationId: storeId,
          qtyMicro: 1_000_000n,
          valueMinor: 25_000n,
          docType: "receiving" as const,
          docId,
          businessDate: data.lastDay,
        })),
        null,
      ),
    );
  });

  const writes = await timeStoreWrites(db, `BENCH ${label.toUpperCase()}`);
  const rows = UPLOAD_ROWS.toLocaleString("en-US");

  return [
    {
      bench: "stock",
      measure: `${label}: load ${data.moves} moves, ${data.productIds.length} products x 3 locations`,
      value: ms(loadMs),
    },
    {
      bench: "stock",
      measure: `${label}: busy product's ledger, first page (200), one year`,
      value: ms(busy),
      target: withinTarget(busy, 30, factor),
    },
    {
      bench: "stock",
      measure: `${label}: normal product's ledger, first page, one year`,
      value: ms(normal),
      target: withinTarget(normal, 10, factor),
    },
    { bench: "stock", measure: `${label}: busy product, all locations, first page`, value: ms(allLocations) },
    {
      bench: "stock",
      measure: `${label}: as-of valuation of every bin`,
      value: ms(valuation),
      target: withinTarget(valuation, 150, factor),
    },
    {
      bench: "stock",
      measure: `${label}: 100 receipt moves posted through the kernel`,
      value: ms(post100),
      target: withinTarget(post100, 500, factor),
    },
    {
      bench: "stock",
      measure: `${label}: ${rows}-row store product upload: check`,
      value: ms(writes.checkMs),
      target: withinTarget(writes.checkMs, 5000, factor),
    },
    {
      bench: "stock",
      measure: `${label}: ${rows}-row store product upload: save (${writes.created} products, opening stock)`,
      value: ms(writes.saveMs),
      target: withinTarget(writes.saveMs, 5000, factor),
    },
    {
      bench: "stock",
      measure: `${label}: ${GRN_LINES}-line GRN posted`,
      value: ms(writes.grnMs),
      target: withinTarget(writes.grnMs, 500, factor),
    },
  ];
}

export async function run(): Promise<Figure[]> {
  try {
    return await onEachDatabase("stock", measure);
  } finally {
    // The upload parses in the worker pool; its threads would keep the process alive.
    await workerPool.close();
  }
}
