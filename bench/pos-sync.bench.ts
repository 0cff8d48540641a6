/**
 * The register's sync after an outage (design WP5 performance): 500 take-away sales made offline,
 * each of 3 lines whose recipes write 11 stock moves, sent to `POST /api/pos/sync` with the device
 * token in batches of 50 as the register's outbox sends them. Each order is its own transaction with
 * the invoice number the device issued. Printed: the time for all 500 and the orders per second, then
 * the same batches again (every order a replay, nothing written).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { type Figure, ms, onEachDatabase, signedInApp } from "./lib";
import { loadMenu } from "./pos.bench";

const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const ORDERS = 500;
const BATCH = 50;
const TARGET_MS = 10_000;

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  const menu = await loadMenu(database.db);
  const { app, headers } = await signedInApp(database, ADMIN);
  try {
    const claim = await app.inject({
      method: "POST",
      url: "/api/pos/device_token",
      headers,
      payload: { counterId: menu.counterId, deviceId: "bench-till" },
    });
    if (claim.statusCode !== 200) throw new Error(`claim: ${claim.statusCode} ${claim.body}`);
    const device = claim.json<{
      token: string;
      sessionId: number;
      counterCode: string;
      invoice: { year: number; last: number };
    }>();
    const amount = Number(menu.totalMinor) / 100;
    const started = Date.now() - 3_600_000;
    const orders = Array.from({ length: ORDERS }, (_, index) => ({
      clientUuid: randomUUID(),
      counterId: menu.counterId,
      sessionId: device.sessionId,
      orderType: "take_away",
      openedAt: new Date(started + index * 5_000).toISOString(),
      invoiceNo: `${device.counterCode}-${device.invoice.year}-${String(device.invoice.last + index + 1).padStart(6, "0")}`,
      ops: [
        ...menu.variants.map((variantId) => ({
          opUuid: randomUUID(),
          kind: "add_line",
          lineUuid: randomUUID(),
          variantId,
          qty: 1,
        })),
        { opUuid: randomUUID(), kind: "pay", clientUuid: randomUUID(), payments: [{ methodId: menu.cashId, amount }] },
      ],
    }));
    const syncAll = async () => {
      for (let start = 0; start < ORDERS; start += BATCH) {
        const response = await app.inject({
          method: "POST",
          url: "/api/pos/sync",
          headers: { "x-device-token": device.token },
          payload: { orders: orders.slice(start, start + BATCH) },
        });
        const answer = response.json<{ results: { ok: boolean; message?: string }[] }>();
        const refused = answer.results?.find((result) => !result.ok);
        if (response.statusCode !== 200 || refused)
          throw new Error(`sync: ${response.statusCode} ${refused?.message ?? response.body.slice(0, 300)}`);
      }
    };
    const first = performance.now();
    await syncAll();
    const firstMs = performance.now() - first;
    const again = performance.now();
    await syncAll();
    const againMs = performance.now() - again;
    const [stored] = rowsOf(
      z.object({ orders: col.int, moves: col.int }),
      await database.db.execute(sql`
        SELECT (SELECT count(*)::int FROM pos_orders WHERE status = 'paid') AS orders,
               (SELECT count(*)::int FROM stock_moves WHERE doc_type = 'pos_sale') AS moves`),
    );
    if (stored?.orders !== ORDERS) throw new Error(`expected ${ORDERS} orders, found ${stored?.orders}`);
    const limit = TARGET_MS * factor;
    return [
      {
        bench: "pos-sync",
        measure: `${label}: sync of ${ORDERS} offline orders (3 lines, ${Math.round((stored?.moves ?? 0) / ORDERS)} moves each), batches of ${BATCH}`,
        value: ms(firstMs),
        target: `<= ${ms(limit)} ${firstMs <= limit ? "ok" : "MISSED"} (${(ORDERS / (firstMs / 1000)).toFixed(0)} orders/s)`,
      },
      {
        bench: "pos-sync",
        measure: `${label}: the same ${ORDERS} again (every one a replay)`,
        value: ms(againMs),
        target: "nothing written",
      },
    ];
  } finally {
    await app.close();
  }
}

export const run = () => onEachDatabase("pos-sync", measure);
