/**
 * Documents off the request thread (issue 19): a started server renders four large ledger PDFs
 * at once while /api/health and a signed-in shipment list page are asked for at a steady pace;
 * their p50 and p99 show whether the documents block other requests. Then a ledger XLSX and the
 * server's peak memory.
 *
 * The server runs as its own process from the sources (`node --import tsx apps/server/src/main.ts`,
 * so the figures are of the code in the tree, never of a stale build) on a PostgreSQL database made
 * here (BENCH_DATABASE_URL's server), then on a PGlite data directory (BENCH_ONLY=postgres or pglite
 * runs one); BENCH_SERVER_DIR runs the server of another checkout instead, e.g. a worktree of the
 * commit before a change, for a before-and-after. BENCH_DOCUMENT_LINES approved ledger lines give the busy account about one fortieth of
 * them as its ledger (360,000: about 9,000 rows, the size issue 19 names).
 *
 * First, in this process: a ledger XLSX of BENCH_XLSX_ROWS rows (100,000) made by the worker pool
 * and streamed, with the memory it took.
 */
import { randomBytes } from "node:crypto";
import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client";
import { seedDatabase } from "../apps/server/src/db/seed";
import type { Ledger } from "../apps/server/src/modules/reports/ledger";
import { tableXlsx } from "../apps/server/src/modules/reports/render";
import { ledgerTable } from "../apps/server/src/modules/reports/report-views";
import { loadLedger } from "./ledger-data";
import { type Figure, ms, ROOT, startGroup, stopGroup, tempDir, waitHealthy } from "./lib";
import { loadShipments } from "./shipment-data";

const LINES = Number(process.env.BENCH_DOCUMENT_LINES ?? 360_000);
const SHIPMENTS = Number(process.env.BENCH_DOCUMENT_SHIPMENTS ?? 20_000);
const PORT = process.env.BENCH_DOCUMENTS_PORT ?? "3420";
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ADMIN = { userName: "admin", email: "admin@bench.local", password: "Admin@12345" };
const BASE = `http://127.0.0.1:${PORT}`;
/** One probe of each kind every this many milliseconds, whether or not the last one has answered. */
const PROBE_EVERY_MS = Number(process.env.BENCH_PROBE_MS ?? 100);
const PARALLEL_PDFS = 4;
const XLSX_ROWS = Number(process.env.BENCH_XLSX_ROWS ?? 100_000);
const SERVER_MAIN = path.join(process.env.BENCH_SERVER_DIR ?? ROOT, "apps/server/src/main.ts");

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], p: number) => values[Math.min(values.length - 1, Math.floor(p * values.length))] ?? 0;

/** The ledger the PDFs ask for: the busy account over the whole loaded period. */
interface AskedLedger {
  accountId: number;
  from: string;
  to: string;
}

/** The data the server will serve: the seeded books, a big ledger and a shipment book. */
async function fill(database: Database): Promise<{ ledger: AskedLedger; lines: number }> {
  await database.migrate();
  await seedDatabase(database.db, ADMIN);
  const loaded = await loadLedger(database.db, LINES);
  await loadShipments(database.db, SHIPMENTS, 10_000);
  return {
    ledger: { accountId: loaded.busyAccountId, from: loaded.firstDay, to: loaded.lastDay },
    lines: loaded.lines,
  };
}

/** Peak resident memory (VmHWM) of the largest process in the server's process group, in MB. */
async function peakRssMb(groupId: number): Promise<number> {
  let peak = 0;
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = await readFile(`/proc/${entry}/stat`, "utf8");
      // Fields after the command's closing parenthesis: state, ppid, pgrp ...
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) !== groupId) continue;
      const status = await readFile(`/proc/${entry}/status`, "utf8");
      peak = Math.max(peak, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // the process ended meanwhile
    }
  }
  return peak;
}

/** Asks `url` every PROBE_EVERY_MS until `until` settles; each probe's time counts from when it was due. */
async function probe(url: string, headers: Record<string, string>, until: Promise<unknown>) {
  const times: number[] = [];
  const failures: string[] = [];
  const pending: Promise<void>[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const started = performance.now();
  for (let index = 0; !done; index += 1) {
    const due = started + index * PROBE_EVERY_MS;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      fetch(url, { headers }).then(
        async (response) => {
          await response.arrayBuffer();
          times.push(performance.now() - due);
          if (!response.ok) failures.push(String(response.status));
        },
        (error: unknown) => {
          // A refused or timed-out connection counts as what it cost, not as a gap in the figures.
          times.push(performance.now() - due);
          failures.push(String((error as { cause?: unknown }).cause ?? error));
        },
      ),
    );
  }
  await Promise.all(pending);
  return { times: sorted(times), failures };
}

async function signIn(): Promise<Record<string, string>> {
  const response = await fetch(`${BASE}/api/user_cargo/cargo_login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
  });
  if (!response.ok) throw new Error(`bench sign-in: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

async function ledgerFile(headers: Record<string, string>, ledger: AskedLedger, format: "pdf" | "xlsx" | "json") {
  const started = performance.now();
  const url =
    format === "pdf"
      ? `${BASE}/api/levelFour/account_ledger_pdf`
      : `${BASE}/api/levelFour/account_ledger?format=${format}`;
  const response = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({ levelFourId: ledger.accountId, startDate: ledger.from, endDate: ledger.to }),
  });
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`ledger ${format}: ${response.status} ${body.toString("utf8").slice(0, 200)}`);
  return { ms: performance.now() - started, bytes: body.length };
}

async function scenario(label: string, env: Record<string, string>, ledger: AskedLedger, lines: number) {
  const stale = await fetch(`${BASE}/api/health`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`something already answers on port ${PORT}; stop it first`);
  const profile = process.env.BENCH_CPU_PROF;
  const server = startGroup(
    process.execPath,
    [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), "--import", "tsx", SERVER_MAIN],
    {
      ...env,
      PORT,
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      JWT_SECRET: "d".repeat(40),
      PUBLIC_URL: BASE,
    },
  );
  const figures: Figure[] = [];
  const add = (measure: string, value: string, target?: string) =>
    figures.push({ bench: "documents", measure: `${label}: ${measure}`, value, ...(target ? { target } : {}) });
  try {
    await waitHealthy(`${BASE}/api/health`, server);
    const headers = await signIn();
    const list = `${BASE}/api/shipment?size=10&page=1`;
    // Warm: the first PDF loads the document code (and starts a worker), the list its queries.
    const warm = await ledgerFile(headers, ledger, "pdf");
    await fetch(list, { headers }).then((response) => response.arrayBuffer());

    const quiet = new Promise((resolve) => setTimeout(resolve, 3000));
    const [idleHealth, idleList] = await Promise.all([
      probe(`${BASE}/api/health`, {}, quiet),
      probe(list, headers, quiet),
    ]);

    /** `format` ledgers asked for at once, with both probes running until they are all answered. */
    const atOnce = async (format: "pdf" | "json") => {
      const started = performance.now();
      const files = Promise.all(Array.from({ length: PARALLEL_PDFS }, () => ledgerFile(headers, ledger, format)));
      const [health, shipments, done] = await Promise.all([
        probe(`${BASE}/api/health`, {}, files),
        probe(list, headers, files),
        files,
      ]);
      return { health, shipments, done, allMs: performance.now() - started };
    };
    const pdfs = await atOnce("pdf");
    // The same ledgers as JSON: the queries and the request thread's own work, no document at all.
    const json = await atOnce("json");

    const line = (name: string, result: { times: number[]; failures: string[] }, limit?: number) => {
      const p99 = at(result.times, 0.99);
      add(
        `${name}: p50 / p99 / max (${result.times.length} requests${result.failures.length ? `, ${result.failures.length} failed: ${result.failures[0]}` : ""})`,
        `${ms(at(result.times, 0.5))} / ${ms(p99)} / ${ms(result.times.at(-1) ?? 0)}`,
        limit === undefined
          ? undefined
          : `p99 <= ${limit} ms ${p99 <= limit && !result.failures.length ? "ok" : "MISSED"}`,
      );
    };
    add(`ledger: ${lines} lines loaded; one ledger PDF alone`, `${ms(warm.ms)} (${(warm.bytes / 1024).toFixed(0)} KB)`);
    line("/api/health, nothing else running", idleHealth);
    line("shipment list page, nothing else running", idleList);
    add(`${PARALLEL_PDFS} ledger PDFs at once: all done`, ms(pdfs.allMs));
    add(`${PARALLEL_PDFS} ledger PDFs at once: each`, pdfs.done.map((file) => ms(file.ms)).join(", "));
    line(`/api/health during ${PARALLEL_PDFS} ledger PDFs`, pdfs.health, 100);
    line(`shipment list page during ${PARALLEL_PDFS} ledger PDFs`, pdfs.shipments, 100);
    add(`${PARALLEL_PDFS} ledgers as JSON at once (no document): all done`, ms(json.allMs));
    line(`/api/health during ${PARALLEL_PDFS} JSON ledgers`, json.health);
    line(`shipment list page during ${PARALLEL_PDFS} JSON ledgers`, json.shipments);

    const xlsx = await ledgerFile(headers, ledger, "xlsx");
    add("the same ledger as XLSX", `${ms(xlsx.ms)} (${(xlsx.bytes / 1024).toFixed(0)} KB)`);
    if (server.pid) add("server peak RSS over all of it", `${(await peakRssMb(server.pid)).toFixed(0)} MB`);
  } finally {
    await stopGroup(server);
  }
  return figures;
}

async function onPostgres(): Promise<Figure[]> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch (error) {
    return [
      { bench: "documents", measure: "PostgreSQL", value: "skipped", target: `no server at ${PG_URL}: ${error}` },
    ];
  }
  const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(PG_URL);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString());
    const { ledger, lines } = await fill(database).finally(() => database.close());
    const dataDir = await tempDir("cargodesk-bench-documents-pg-");
    try {
      return await scenario("PostgreSQL", { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, ledger, lines);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function onPglite(): Promise<Figure[]> {
  const dataDir = await tempDir("cargodesk-bench-documents-");
  try {
    const database = await openPglite({ dataDir: path.join(dataDir, "pgdata") });
    const { ledger, lines } = await fill(database).finally(() => database.close());
    return await scenario("PGlite", { DATA_DIR: dataDir }, ledger, lines);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A ledger of `rows` lines as buildLedger answers it, without a database. */
function syntheticLedger(rows: number): Ledger {
  const lines = Array.from({ length: rows }, (_, n) => ({
    voucherId: n + 1,
    date: `2025-${String((n % 12) + 1).padStart(2, "0")}-15`,
    voucherNumber: `JV-2025-B${String(n + 1).padStart(6, "0")}`,
    voucherTypeId: 5,
    lineNo: 1,
    description: `BENCH LINE ${n + 1} RECEIVED AGAINST INVOICE`,
    billNumber: `B-${n + 1}`,
    debit: BigInt(n % 2 ? 125_000 + n : 0),
    credit: BigInt(n % 2 ? 0 : 99_000 + n),
    balance: BigInt(n * 1000),
  }));
  const account = { id: 1, name: "BENCH ACCOUNT", allLevelKey: "1-01-001-0001" };
  return {
    account,
    from: "2025-01-01",
    to: "2025-12-31",
    opening: 0n,
    debit: 0n,
    credit: 0n,
    closing: 0n,
    count: rows,
    lines,
    counter: false,
  };
}

/** The large XLSX: made in a worker, streamed here; the process's resident memory sampled meanwhile. */
async function largeXlsx(): Promise<Figure[]> {
  const report = ledgerTable(syntheticLedger(XLSX_ROWS));
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of await tableXlsx(report)) bytes += (chunk as Buffer).length;
  const elapsed = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;
  const measure = `ledger XLSX of ${XLSX_ROWS} rows (worker, streamed)`;
  return [
    { bench: "documents", measure: `${measure}: time, size`, value: `${ms(elapsed)}, ${(bytes / 1024).toFixed(0)} KB` },
    {
      bench: "documents",
      measure: `${measure}: peak RSS growth (the rows, the worker, the file)`,
      value: mb(peak - before),
      target: `<= 300 MB ${peak - before <= 300 * 1024 * 1024 ? "ok" : "MISSED"}`,
    },
  ];
}

export async function run(): Promise<Figure[]> {
  const only = process.env.BENCH_ONLY;
  return [
    ...(XLSX_ROWS > 0 ? await largeXlsx() : []),
    ...(only === "pglite" ? [] : await onPostgres()),
    ...(only === "postgres" ? [] : await onPglite()),
  ];
}
