/**
 * The HTTP load benchmark's server: a PostgreSQL database made here and loaded with a shipment book
 * and two years of approved vouchers, and the real server process started on it (the compiled build,
 * or the sources through tsx), signed in as the admin.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { z } from "zod";
import { openPostgres } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { addDays } from "../apps/server/src/lib/dates";
import { col, rowsOf } from "../apps/server/src/lib/sql";
import { buildIfChanged, SERVER_TARGET } from "../apps/server/src/scripts/build-targets";
import { loadLedger } from "./ledger-data";
import { ROOT, startGroup, stopGroup, tempDir, waitHealthy } from "./lib";
import { loadShipments } from "./shipment-data";

const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SHIPMENTS = Number(process.env.BENCH_LOAD_SHIPMENTS ?? 20_000);
/** Two years of vouchers: about 9,000 of the busy account's lines fall in the last year. */
const LEDGER_LINES = Number(process.env.BENCH_LOAD_LEDGER_LINES ?? 680_000);
const LEDGER_DAYS = 730;
const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };

/** The loaded books as the scenarios ask for them. */
export interface LoadData {
  /** The database's URL, and whether this run made it (and drops it afterwards). */
  url: string;
  made: boolean;
  busyAccountId: number;
  /** The last year of the books: the trial balance's and the busy account's ledger period. */
  yearFrom: string;
  lastDay: string;
  busyLines: number;
  shipments: number;
  ledgerLines: number;
  loadMs: number;
}

const DataRow = z.object({
  busy: col.int,
  last_day: col.date,
  shipments: col.int,
  lines: col.int,
});

/** The busy account (the one with the most lines), the last day of the books and the table sizes. */
async function describe(url: string): Promise<Omit<LoadData, "url" | "made" | "loadMs" | "yearFrom" | "busyLines">> {
  const database = await openPostgres(url);
  try {
    const [row] = rowsOf(
      DataRow,
      await database.db.execute(sql`
        select (select account_id from ledger_entries group by 1 order by count(*) desc limit 1) as busy,
          (select max(entry_date)::text from ledger_entries) as last_day,
          (select count(*)::int from shipments) as shipments,
          (select count(*)::int from ledger_entries) as lines`),
    );
    if (!row) throw new Error(`${url}: no books to measure`);
    return { busyAccountId: row.busy, lastDay: row.last_day, shipments: row.shipments, ledgerLines: row.lines };
  } finally {
    await database.close();
  }
}

async function busyLinesIn(url: string, accountId: number, from: string, to: string): Promise<number> {
  const database = await openPostgres(url);
  try {
    const [row] = rowsOf(
      z.object({ n: col.int }),
      await database.db.execute(sql`select count(*)::int as n from ledger_entries
        where account_id = ${accountId} and entry_date between ${from} and ${to}`),
    );
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

/**
 * A fresh database loaded with the benchmark's books, or the one `BENCH_LOAD_DB` names (already
 * loaded by an earlier run, measured again without loading and kept).
 */
export async function prepareData(): Promise<LoadData> {
  const reuse = process.env.BENCH_LOAD_DB;
  let url = reuse ?? "";
  let loadMs = 0;
  if (!reuse) {
    const name = `cargodesk_load_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: BENCH_PG_URL });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const target = new URL(BENCH_PG_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    process.stderr.write(`  loading ${url} (BENCH_LOAD_DB=${url} measures it again without loading)\n`);
    const database = await openPostgres(url);
    try {
      await database.migrate();
      await seedDatabase(database.db, ADMIN);
      const started = performance.now();
      await loadShipments(database.db, SHIPMENTS, 20_000);
      await loadLedger(database.db, LEDGER_LINES, "2023-07-01", LEDGER_DAYS);
      loadMs = performance.now() - started;
    } finally {
      await database.close();
    }
  }
  const described = await describe(url);
  const yearFrom = addDays(described.lastDay, -364);
  const busyLines = await busyLinesIn(url, described.busyAccountId, yearFrom, described.lastDay);
  return { url, made: !reuse, yearFrom, busyLines, loadMs, ...described };
}

/** Drops the database this run made; keeps one named by BENCH_LOAD_DB. */
export async function dropData(data: LoadData): Promise<void> {
  if (!data.made) return;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(data.url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export interface RunningServer {
  base: string;
  /** How it was started: the compiled build or the sources through tsx. */
  how: string;
  headers: Record<string, string>;
  child: ChildProcess;
  /** Stops the server's process group and removes its data directory. */
  stop(): Promise<void>;
}

/**
 * The command that runs the server: the compiled build as `npm start` runs it (built first when its
 * sources changed since the last build), or with `BENCH_LOAD_SERVER=sources` (or when the build
 * fails) the sources through tsx. Says which.
 */
async function serverCommand(): Promise<{ args: string[]; how: string }> {
  const sources = {
    args: ["--import", "tsx", path.join(ROOT, "apps/server/src/main.ts")],
    how: "sources: node --import tsx apps/server/src/main.ts",
  };
  if (process.env.BENCH_LOAD_SERVER === "sources") return sources;
  try {
    const built = await buildIfChanged(SERVER_TARGET);
    return {
      args: ["--enable-source-maps", path.join(ROOT, "apps/server/dist/main.js")],
      how: `compiled: node apps/server/dist/main.js (${built})`,
    };
  } catch (error) {
    return { ...sources, how: `${sources.how} (the build failed: ${String(error)})` };
  }
}

/**
 * Starts the server as production runs it (NODE_ENV=production, the default log level, output to
 * /dev/null) and signs in as the admin. `BENCH_LOAD_CPU_PROF=<dir>` writes a CPU profile of the
 * server there when it stops.
 */
export async function startServer(url: string): Promise<RunningServer> {
  const command = await serverCommand();
  const profile = process.env.BENCH_LOAD_CPU_PROF;
  const args = [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), ...command.args];
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = await tempDir("cargodesk-bench-load-");
  const child = startGroup(process.execPath, args, {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: base,
    ADMIN_USERNAME: ADMIN.userName,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  const stop = async () => {
    await stopGroup(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitHealthy(`${base}/api/health`, child);
    const login = await fetch(`${base}/api/user_cargo/cargo_login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    if (!login.ok) throw new Error(`bench sign-in: ${login.status} ${await login.text()}`);
    const { token } = z.object({ token: z.string() }).parse(await login.json());
    return { base, how: command.how, headers: { authorization: `Bearer ${token}` }, child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
