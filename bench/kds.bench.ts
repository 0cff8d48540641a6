/**
 * The Kitchen Display System (WP4 performance): 20 screens (SSE streams, 5 on each of 4 stations)
 * stay connected to the real server process on PostgreSQL while take-away orders are fired through
 * the API at a steady rate, each with a dish for two stations (the first station also prints its
 * tickets on a network printer the bench listens as). Measured: from the fire's answer to
 * each screen of those stations receiving its `ticket_created` event, p50 / p95 / p99; then the
 * server's resident memory growth with 200 open streams that each get events. On PGlite the same
 * latency is measured with the server inside the bench's own process (its memory is not the
 * server's alone, so no RSS figure there). `BENCH_KDS_RATE` (orders a second, default 4) and
 * `BENCH_KDS_SECONDS` (default 30) set the run.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Db, openPglite, openPostgres } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { createTokenService } from "../apps/server/src/lib/tokens";
import { type Figure, ms } from "./lib";
import { startServer } from "./load-server";

const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** The admin load-server.ts signs in as. */
const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const RATE = Number(process.env.BENCH_KDS_RATE ?? 4);
const SECONDS = Number(process.env.BENCH_KDS_SECONDS ?? 30);
const STATIONS = 4;
const SCREENS_PER_STATION = 5;
const MANY_STREAMS = 200;
const MANY_ORDERS = 20;

/**
 * A kitchen printer on a local port that takes whatever it is sent (the first station prints as well
 * as shows its tickets, so the fire also lays out and queues an ESC/POS ticket and the server's sender
 * prints it); answers the port, the jobs it got and its close.
 */
async function printerSink() {
  let jobs = 0;
  const server = createServer((socket) => {
    socket.resume();
    socket.on("end", () => {
      jobs += 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("printer not listening");
  return {
    port: address.port,
    jobs: () => jobs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Kitchen {
  counterId: number;
  /** One dish for each station, in station order. */
  dishes: { stationId: number; variantId: number }[];
}

/**
 * Four stations with a dish each (nothing to deduct), the first printing on the bench's printer, an
 * open business day and a session on A01.
 */
async function loadKitchen(db: Db, printerPort: number): Promise<Kitchen> {
  await db.execute(sql`
    INSERT INTO printers (name, kind, host, port) VALUES ('Bench kitchen printer', 'network_escpos', '127.0.0.1', ${printerPort}::int)`);
  await db.execute(sql`
    INSERT INTO kitchen_stations (outlet_id, name, sort, mode, printer_id)
    SELECT 1, 'Bench station ' || g, g, CASE WHEN g = 1 THEN 'both' ELSE 'display' END,
           CASE WHEN g = 1 THEN (SELECT id FROM printers WHERE name = 'Bench kitchen printer') END
    FROM generate_series(1, ${STATIONS}::int) g`);
  await db.execute(sql`INSERT INTO menu_categories (name) VALUES ('Bench kitchen')`);
  await db.execute(sql`
    INSERT INTO products (code, name, category_id, track, available_in_pos, tax_class_id, station_id)
    SELECT 'K-' || s.sort, 'Bench dish ' || s.sort, (SELECT id FROM menu_categories WHERE name = 'Bench kitchen'), 'none',
           true, (SELECT id FROM tax_classes WHERE name = 'Food'), s.id
    FROM kitchen_stations s WHERE s.name LIKE 'Bench station %'`);
  await db.execute(sql`
    INSERT INTO product_variants (product_id, price_minor) SELECT id, 50000 FROM products WHERE code LIKE 'K-%'`);
  await db.execute(sql`
    INSERT INTO business_days (outlet_id, business_date, opened_by) VALUES (1, current_date, (SELECT min(id) FROM users))`);
  await db.execute(sql`
    INSERT INTO pos_sessions (business_day_id, counter_id, cashier_id)
    SELECT d.id, c.id, (SELECT min(id) FROM users) FROM business_days d, pos_counters c WHERE c.code = 'A01'`);
  const dishes = rowsOf(
    z.object({ station_id: col.int, variant_id: col.int }),
    await db.execute(sql`
      SELECT p.station_id, v.id AS variant_id FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE p.code LIKE 'K-%' ORDER BY p.station_id`),
  );
  const [counter] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`SELECT id FROM pos_counters WHERE code = 'A01'`),
  );
  if (!counter || dishes.length !== STATIONS) throw new Error("bench kitchen not set up");
  return {
    counterId: counter.id,
    dishes: dishes.map((dish) => ({ stationId: dish.station_id, variantId: dish.variant_id })),
  };
}

const ticketEvent = z.object({ orderId: z.number() });

/** One screen's stream: when it said hello, and when each order's ticket reached it. */
async function openScreen(base: string, token: string, stationId: number) {
  const abort = new AbortController();
  const received: { orderId: number; at: number }[] = [];
  let hello: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    hello = resolve;
  });
  const response = await fetch(`${base}/api/kds/stream?stationId=${stationId}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status} ${await response.text()}`);
  const reader = response.body.getReader();
  const pump = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === "hello") hello();
          if (event === "ticket_created" && data)
            received.push({ orderId: ticketEvent.parse(JSON.parse(data)).orderId, at });
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    stationId,
    ready,
    received,
    async close() {
      abort.abort();
      await pump;
    },
  };
}
type Screen = Awaited<ReturnType<typeof openScreen>>;

async function openScreens(base: string, token: string, stations: readonly number[], count: number) {
  const screens: Screen[] = [];
  for (let index = 0; index < count; index += 1)
    screens.push(await openScreen(base, token, stations[index % stations.length] ?? 0));
  await Promise.all(screens.map((screen) => screen.ready));
  return screens;
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, milliseconds)));

/** Fires one take-away order with these dishes; answers its id and when the answer came. */
async function fireOrder(base: string, token: string, kitchen: Kitchen, variants: readonly number[]) {
  const response = await fetch(`${base}/api/pos/order`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({
      clientUuid: randomUUID(),
      counterId: kitchen.counterId,
      orderType: "take_away",
      ops: [
        ...variants.map((variantId) => ({
          opUuid: randomUUID(),
          kind: "add_line",
          lineUuid: randomUUID(),
          variantId,
          qty: 1,
        })),
        { opUuid: randomUUID(), kind: "fire" },
      ],
    }),
  });
  const answeredAt = performance.now();
  const body = await response.text();
  if (!response.ok) throw new Error(`fire: ${response.status} ${body}`);
  return { orderId: z.object({ id: z.number() }).parse(JSON.parse(body)).id, answeredAt };
}

/** Waits (at most `timeoutMs`) until the screens hold this many receipts in all. */
async function allReceived(screens: readonly Screen[], expected: number, timeoutMs = 15_000) {
  const deadline = performance.now() + timeoutMs;
  const count = () => screens.reduce((sum, screen) => sum + screen.received.length, 0);
  while (count() < expected && performance.now() < deadline) await sleep(20);
  return count();
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

/**
 * Orders at RATE a second for SECONDS (each started on its tick, not after the previous answer),
 * each with dishes for stations i and i+1, to 5 screens on each station; latency from the fire's
 * answer to each screen's receipt (a screen that had it before the answer counts 0).
 */
async function fireToScreen(label: string, base: string, token: string, kitchen: Kitchen): Promise<Figure[]> {
  const stations = kitchen.dishes.map((dish) => dish.stationId);
  const screens = await openScreens(base, token, stations, STATIONS * SCREENS_PER_STATION);
  try {
    const orders = Math.round(RATE * SECONDS);
    const answers = new Map<number, { sent: number; answered: number }>();
    const fireTimes: number[] = [];
    const fires: Promise<void>[] = [];
    const started = performance.now();
    for (let index = 0; index < orders; index += 1) {
      await sleep(started + (index * 1000) / RATE - performance.now());
      const pair = [index % STATIONS, (index + 1) % STATIONS].map((at) => kitchen.dishes[at]?.variantId ?? 0);
      const sent = performance.now();
      fires.push(
        fireOrder(base, token, kitchen, pair).then(({ orderId, answeredAt }) => {
          answers.set(orderId, { sent, answered: answeredAt });
          fireTimes.push(answeredAt - sent);
        }),
      );
    }
    await Promise.all(fires);
    const expected = orders * 2 * SCREENS_PER_STATION;
    const got = await allReceived(screens, expected);
    const latencies: number[] = [];
    const fromSent: number[] = [];
    let early = 0;
    for (const screen of screens)
      for (const { orderId, at } of screen.received) {
        const times = answers.get(orderId);
        if (times === undefined) continue;
        if (at < times.answered) early += 1;
        latencies.push(Math.max(0, at - times.answered));
        fromSent.push(at - times.sent);
      }
    latencies.sort((a, b) => a - b);
    fromSent.sort((a, b) => a - b);
    fireTimes.sort((a, b) => a - b);
    const p95 = percentile(latencies, 95);
    const p99 = percentile(latencies, 99);
    const verdict = (value: number, limit: number) => `<= ${limit} ms ${value <= limit ? "ok" : "MISSED"}`;
    return [
      {
        bench: "kds",
        measure: `${label}: ${orders} fires at ${RATE}/s to ${screens.length} screens on ${STATIONS} stations, received`,
        value: `${got} of ${expected}`,
        target: got === expected ? "all" : "MISSING",
      },
      {
        bench: "kds",
        measure: `${label}: fire answer -> screen, p50`,
        value: ms(percentile(latencies, 50)),
        target: `${early} of ${latencies.length} reached the screen before the answer (0 ms)`,
      },
      { bench: "kds", measure: `${label}: fire answer -> screen, p95`, value: ms(p95), target: verdict(p95, 250) },
      { bench: "kds", measure: `${label}: fire answer -> screen, p99`, value: ms(p99), target: verdict(p99, 500) },
      {
        bench: "kds",
        measure: `${label}: fire request sent -> screen, p50 / p95 / p99`,
        value: [50, 95, 99].map((p) => ms(percentile(fromSent, p))).join(" / "),
      },
      {
        bench: "kds",
        measure: `${label}: the fire request itself, p50 / p95`,
        value: `${ms(percentile(fireTimes, 50))} / ${ms(percentile(fireTimes, 95))}`,
      },
    ];
  } finally {
    for (const screen of screens) await screen.close();
  }
}

async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? Number.NaN) * 1024;
}

/** The server's RSS before and with 200 streams open (50 a station) that have each been sent 20 events. */
async function manyStreams(base: string, token: string, kitchen: Kitchen, pid: number): Promise<Figure[]> {
  const before = await rssOf(pid);
  const stations = kitchen.dishes.map((dish) => dish.stationId);
  const screens = await openScreens(base, token, stations, MANY_STREAMS);
  try {
    const all = kitchen.dishes.map((dish) => dish.variantId);
    for (let index = 0; index < MANY_ORDERS; index += 1) await fireOrder(base, token, kitchen, all);
    const got = await allReceived(screens, MANY_ORDERS * MANY_STREAMS);
    const after = await rssOf(pid);
    const growth = (after - before) / 1024 / 1024;
    return [
      {
        bench: "kds",
        measure: `PostgreSQL: server RSS growth with ${MANY_STREAMS} streams open, ${got} events sent to them`,
        value: `${growth.toFixed(1)} MB`,
        target: `<= 100 MB ${growth <= 100 ? "ok" : "MISSED"} (${(before / 1024 / 1024).toFixed(0)} -> ${(after / 1024 / 1024).toFixed(0)} MB)`,
      },
    ];
  } finally {
    for (const screen of screens) await screen.close();
  }
}

/** The real server process on a fresh PostgreSQL database (made and dropped here). */
async function onPostgres(): Promise<Figure[]> {
  const name = `cargodesk_kds_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const target = new URL(BENCH_PG_URL);
    target.pathname = `/${name}`;
    const printer = await printerSink();
    const database = await openPostgres(target.toString());
    let kitchen: Kitchen;
    try {
      await database.migrate();
      await seedDatabase(database.db, ADMIN);
      kitchen = await loadKitchen(database.db, printer.port);
    } finally {
      await database.close();
    }
    const server = await startServer(target.toString());
    try {
      const token = server.headers.authorization?.slice("Bearer ".length) ?? "";
      const figures = [
        { bench: "kds", measure: "PostgreSQL server", value: server.how },
        ...(await fireToScreen("PostgreSQL", server.base, token, kitchen)),
      ];
      // The sender polls every second: the printer's last tickets come shortly after the last fire.
      const orders = Math.round(RATE * SECONDS);
      const expected = Array.from({ length: orders }, (_, index) => index % STATIONS).filter(
        (station) => station === 0 || station === STATIONS - 1,
      ).length;
      const deadline = performance.now() + 10_000;
      while (printer.jobs() < expected && performance.now() < deadline) await sleep(50);
      figures.push({
        bench: "kds",
        measure: "PostgreSQL: kitchen tickets printed by the first station's network printer",
        value: `${printer.jobs()} of ${expected}`,
      });
      figures.push(...(await manyStreams(server.base, token, kitchen, server.child.pid ?? 0)));
      return figures;
    } finally {
      await server.stop();
      await printer.close();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

/** An in-memory PGlite with the app listening inside this process (PGlite runs in its process). */
async function onPglite(): Promise<Figure[]> {
  const printer = await printerSink();
  const database = await openPglite({});
  try {
    await database.migrate();
    await seedDatabase(database.db, ADMIN);
    const kitchen = await loadKitchen(database.db, printer.port);
    const config = loadConfig({
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
      JWT_SECRET: "k".repeat(40),
      PUBLIC_URL: "http://localhost:3000",
    });
    const app = await buildApp({ config, database, tokens: createTokenService("k".repeat(40), "1h") });
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      if (!address || typeof address === "string") throw new Error("not listening");
      const base = `http://127.0.0.1:${address.port}`;
      const login = await fetch(`${base}/api/user_cargo/cargo_login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
      });
      const { token } = z.object({ token: z.string() }).parse(await login.json());
      return await fireToScreen("PGlite (server in the bench's process)", base, token, kitchen);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await printer.close();
  }
}

export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [
    { bench: "kds", measure: "load average (1, 5, 15 min) at the start", value: loadAverage() },
  ];
  if (process.env.BENCH_ONLY !== "pglite") figures.push(...(await onPostgres()));
  if (process.env.BENCH_ONLY !== "postgres") figures.push(...(await onPglite()));
  figures.push({ bench: "kds", measure: "load average (1, 5, 15 min) at the end", value: loadAverage() });
  return figures;
}
