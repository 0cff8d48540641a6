import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { addDays } from "../apps/server/src/lib/dates";
import { buildAging } from "../apps/server/src/modules/reports/aging";
import { buildLedger } from "../apps/server/src/modules/reports/ledger";
import { tablePdf } from "../apps/server/src/modules/reports/render";
import { ledgerTable } from "../apps/server/src/modules/reports/report-views";
import { buildTrialBalance, trialHierarchy } from "../apps/server/src/modules/reports/trial-balance";
import { type LoadedLedger, loadLedger } from "./ledger-data";
import type { Figure } from "./lib";
import { ms } from "./lib";

const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** Median of 5 warm runs (one more run first to warm caches). */
async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

async function measure(database: Database, label: string, factor: number): Promise<Figure[]> {
  await database.migrate();
  await seedDatabase(database.db, { userName: "admin", email: "admin@bench.local", password: "Admin@12345" });
  const loadStarted = performance.now();
  const data: LoadedLedger = await loadLedger(database.db, LINES);
  const loadMs = performance.now() - loadStarted;
  const db = database.db;
  const yearFrom = addDays(data.lastDay, -364);
  const monthFrom = addDays(data.lastDay, -30);
  const quietAccount = data.accountIds[Math.floor(data.accountIds.length / 2)] ?? data.busyAccountId;

  const trial = await median(() => buildTrialBalance(db, yearFrom, data.lastDay));
  const ledgerPage = await median(() =>
    buildLedger(db, { accountId: quietAccount, from: yearFrom, to: data.lastDay, limit: 200, offset: 0 }),
  );
  const busyPage = await median(() =>
    buildLedger(db, { accountId: data.busyAccountId, from: yearFrom, to: data.lastDay, limit: 200, offset: 0 }),
  );
  const cashBook = await median(() =>
    buildLedger(db, { accountId: data.busyAccountId, from: monthFrom, to: data.lastDay }),
  );
  const aging = await median(() => buildAging(db, data.busyAccountId, data.lastDay));
  const chartReport = await median(async () =>
    trialHierarchy(await buildTrialBalance(db, yearFrom, data.lastDay), true),
  );

  // The busy account's full year as a PDF, with the memory it takes.
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const pdfStarted = performance.now();
  const ledger = await buildLedger(db, { accountId: data.busyAccountId, from: yearFrom, to: data.lastDay });
  const pdf = await tablePdf(db, ledgerTable(ledger));
  const pdfMs = performance.now() - pdfStarted;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const pages = (pdf.toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;

  const target = (value: number, limit: number) =>
    `<= ${ms(limit * factor)} ${value <= limit * factor ? "ok" : "MISSED"}`;
  return [
    { bench: "reports", measure: `${label}: load ${data.lines} lines, ${data.vouchers} vouchers`, value: ms(loadMs) },
    { bench: "reports", measure: `${label}: trial balance, one year`, value: ms(trial), target: target(trial, 100) },
    {
      bench: "reports",
      measure: `${label}: ledger first page (200 rows), one year`,
      value: ms(ledgerPage),
      target: target(ledgerPage, 30),
    },
    {
      bench: "reports",
      measure: `${label}: busy account ledger first page, one year`,
      value: ms(busyPage),
      target: target(busyPage, 30),
    },
    { bench: "reports", measure: `${label}: cash book, one month of the busy account`, value: ms(cashBook) },
    { bench: "reports", measure: `${label}: aging of the busy account`, value: ms(aging), target: target(aging, 100) },
    { bench: "reports", measure: `${label}: chart of account report`, value: ms(chartReport) },
    {
      bench: "reports",
      measure: `${label}: ledger PDF, ${ledger.lines.length} rows, ${pages} pages`,
      value: ms(pdfMs),
      target: `<= 5 s ${pdfMs <= 5000 * factor ? "ok" : "MISSED"}`,
    },
    {
      bench: "reports",
      measure: `${label}: ledger PDF peak RSS growth`,
      value: `${((peak - rssBefore) / 1024 / 1024).toFixed(0)} MB`,
      target: `<= 300 MB ${peak - rssBefore <= 300 * 1024 * 1024 ? "ok" : "MISSED"}`,
    },
  ];
}

/** 1M approved ledger lines; report timings on PostgreSQL, then on PGlite (targets x3). */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const admin = new pg.Client({ connectionString: PG_URL });
  let connected = true;
  try {
    await admin.connect();
  } catch (error) {
    connected = false;
    figures.push({
      bench: "reports",
      measure: "PostgreSQL",
      value: "skipped",
      target: `no server at ${PG_URL}: ${String(error)}`,
    });
  }
  if (connected) {
    const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const postgres = await openPostgres(url.toString());
    try {
      figures.push(...(await measure(postgres, "PostgreSQL", 1)));
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  const pglite = await openPglite({});
  try {
    figures.push(...(await measure(pglite, "PGlite", 3)));
  } finally {
    await pglite.close();
  }
  return figures;
}
