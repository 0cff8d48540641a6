import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Database, openPostgres } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { createTokenService } from "../apps/server/src/lib/tokens";
import type { Figure } from "./lib";
import { ms, ROOT } from "./lib";
import { type LoadedShipments, loadShipments } from "./shipment-data";

const COUNT = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

/** Times of `runs` calls after one warm-up call. */
async function timings(runs: number, call: (i: number) => Promise<void>): Promise<number[]> {
  await call(-1);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return sorted(times);
}

async function load(database: Database): Promise<Figure> {
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  const started = performance.now();
  const data: LoadedShipments = await loadShipments(database.db, COUNT);
  return {
    bench: "shipments",
    measure: `PostgreSQL: load ${data.shipments} shipments (${data.customers.last - data.customers.first + 1} customers)`,
    value: ms(performance.now() - started),
  };
}

async function measure(database: Database): Promise<Figure[]> {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: "https://cargodesk.example" });
  const tokens = createTokenService("b".repeat(40), "1h");
  const app = await buildApp({ config, database, tokens });
  await app.ready();
  try {
    const login = await app.inject({
      method: "POST",
      url: "/api/user_cargo/cargo_login",
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const token = login.json<{ token: string }>().token;
    const headers = { authorization: `Bearer ${token}` };
    const get = async (url: string, remoteAddress = "127.0.0.1") => {
      const response = await app.inject({ method: "GET", url, headers, remoteAddress });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return response;
    };
    const firstPage = async (query: string) => {
      const times = await timings(9, async () => {
        await get(`/api/shipment?size=200&page=1${query}`);
      });
      const body = (await get(`/api/shipment?size=200&page=1${query}`)).json<{
        total_results: number;
        total_capped: boolean;
      }>();
      return { p50: at(times, 0.5), total: `${body.total_results}${body.total_capped ? "+" : ""}` };
    };

    const trackingIds = rowsOf(
      z.object({ tracking_id: col.text }),
      await database.db.execute(
        sql`select tracking_id from shipments where shipment_id % ${Math.max(1, Math.floor(COUNT / 200))} = 0 limit 200`,
      ),
    ).map((row) => row.tracking_id);
    const [recent] = rowsOf(
      z.object({ tracking_id: col.text, shipment_id: col.int }),
      await database.db.execute(sql`select tracking_id, shipment_id from shipments order by shipment_id desc limit 1`),
    );
    const [middle] = rowsOf(
      z.object({ tracking_id: col.text }),
      await database.db.execute(sql`select tracking_id from shipments where shipment_id = ${Math.floor(COUNT / 2)}`),
    );
    const [company] = rowsOf(
      z.object({ name: col.text.nullable() }),
      await database.db.execute(sql`select company_name as name from users where user_name = 'benchcust1234'`),
    );
    const searches: [string, string][] = [
      ["no search", ""],
      ["a common surname (khan)", "khan"],
      ["a name prefix (har)", "har"],
      ["two common words (oliver smith)", "oliver smith"],
      ["a company word (carpets)", "carpets"],
      [`a customer's company (${company?.name})`, company?.name ?? ""],
      ["a word no shipment has (zzyzx)", "zzyzx"],
      ["tracking-id prefix, 5 digits", middle?.tracking_id.slice(0, 5) ?? ""],
      ["tracking-id prefix, 6 digits", middle?.tracking_id.slice(0, 6) ?? ""],
      ["a whole tracking id", recent?.tracking_id ?? ""],
    ];
    const figures: Figure[] = [];
    for (const [label, search] of searches) {
      const { p50, total } = await firstPage(search ? `&search=${encodeURIComponent(search)}` : "");
      figures.push({
        bench: "shipments",
        measure: `PostgreSQL: list first page (200), ${label}: ${total} results`,
        value: ms(p50),
        target: `<= 30 ms ${p50 <= 30 ? "ok" : "MISSED"}`,
      });
    }

    // Shipment Details' sorts and filters (the status column is half DELIVERED, half BOOKED).
    const sortsAndFilters: [string, string][] = [
      ["sorted by amount, largest first", "&sort=amount&order=desc"],
      ["sorted by customer A-Z", "&sort=customer&order=asc"],
      ["sorted by status A-Z", "&sort=status&order=asc"],
      ["sorted by tracking id, ascending", "&sort=tracking&order=asc"],
      ["sorted by booking date, oldest first", "&sort=date&order=asc"],
      ["status DELIVERED", "&status=DELIVERED"],
      ["booked in one month", "&from=2025-01-01&to=2025-01-31"],
      ["DELIVERED in one month, by amount", "&status=DELIVERED&from=2025-01-01&to=2025-01-31&sort=amount&order=desc"],
      ["search khan, by amount", "&search=khan&sort=amount&order=desc"],
    ];
    for (const [label, query] of sortsAndFilters) {
      const { p50, total } = await firstPage(query);
      figures.push({
        bench: "shipments",
        measure: `PostgreSQL: list first page (200), ${label}: ${total} results`,
        value: ms(p50),
        target: `<= 30 ms ${p50 <= 30 ? "ok" : "MISSED"}`,
      });
    }

    // A customer's own first page (10 cards, the customers' page size) with a search.
    const [busiest] = rowsOf(
      z.object({ id: col.int }),
      await database.db.execute(sql`select customer_user_id as id from shipment_tallies order by live desc limit 1`),
    );
    const customerToken = await tokens.sign(busiest?.id ?? 0);
    const own = await timings(9, async () => {
      const response = await app.inject({
        method: "GET",
        url: "/api/shipment?size=10&page=1&search=khan",
        headers: { authorization: `Bearer ${customerToken}` },
      });
      if (response.statusCode !== 200) throw new Error(`customer list: ${response.statusCode}`);
    });
    figures.push({
      bench: "shipments",
      measure: "PostgreSQL: a customer's first page (10) with a search",
      value: ms(at(own, 0.5)),
      target: `<= 30 ms ${at(own, 0.5) <= 30 ? "ok" : "MISSED"}`,
    });

    // Public tracking through the route; each lookup from its own address (the route is rate-limited).
    const tracking = await timings(trackingIds.length, async (i) => {
      const id = trackingIds[Math.max(0, i)] ?? "";
      await get(`/api/shipment/shipment_tracking_history/${id}`, `10.1.${(i + 1) >> 8}.${(i + 1) & 255}`);
    });
    figures.push({
      bench: "shipments",
      measure: `PostgreSQL: public tracking lookup, ${trackingIds.length} random ids, p50`,
      value: ms(at(tracking, 0.5)),
      target: `<= 5 ms ${at(tracking, 0.5) <= 5 ? "ok" : "MISSED"}`,
    });
    figures.push({
      bench: "shipments",
      measure: "PostgreSQL: public tracking lookup, p99",
      value: ms(at(tracking, 0.99)),
    });

    if (existsSync(path.join(ROOT, "apps/server/src/modules/shipments/shipments.pdf.ts"))) {
      const pdf = await timings(9, async () => {
        await get(`/api/shipment/${recent?.shipment_id}/waybill.pdf`);
      });
      figures.push({
        bench: "shipments",
        measure: "PostgreSQL: waybill PDF through the route, p50",
        value: ms(at(pdf, 0.5)),
        target: `<= 150 ms ${at(pdf, 0.5) <= 150 ? "ok" : "MISSED"}`,
      });
    }
    return figures;
  } finally {
    await app.close();
  }
}

/** 1M shipments on PostgreSQL: list pages with and without searches, public tracking, waybill. */
export async function run(): Promise<Figure[]> {
  // BENCH_SHIPMENTS_DB: measure an already loaded database again (kept, not dropped), to compare changes.
  const loaded = process.env.BENCH_SHIPMENTS_DB;
  if (loaded) {
    const database = await openPostgres(loaded);
    try {
      return await measure(database);
    } finally {
      await database.close();
    }
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    return [
      {
        bench: "shipments",
        measure: "PostgreSQL",
        value: "skipped",
        target: `no server at ${PG_URL}: ${String(error)}`,
      },
    ];
  }
  const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const postgres = await openPostgres(url.toString());
  try {
    return [await load(postgres), ...(await measure(postgres))];
  } finally {
    await postgres.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
