import type { Database } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import { addDays } from "../apps/server/src/lib/dates";
import { buildAging } from "../apps/server/src/modules/reports/aging";
import { buildLedger } from "../apps/server/src/modules/reports/ledger";
import { tablePdf } from "../apps/server/src/modules/reports/render";
import { ledgerTable } from "../apps/server/src/modules/reports/report-views";
import { buildTrialBalance, trialHierarchy } from "../apps/server/src/modules/reports/trial-balance";
import { type LoadedLedger, loadLedger } from "./ledger-data";
import type { Figure } from "./lib";
import { median, ms, onEachDatabase, withinTarget } from "./lib";

const LINES = Number(process.env.BENCH_LEDGER_LINES ?? 1_000_000);

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

  const target = (value: number, limit: number) => withinTarget(value, limit, factor);
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
export function run(): Promise<Figure[]> {
  return onEachDatabase("reports", measure);
}
