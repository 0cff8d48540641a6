/**
 * HTTP load against the real server process (issue 19): autocannon drives `/api/health` and the
 * signed-in shipment list at 50 connections, the one-year trial balance at 10, and then measures
 * health and a list page at a low rate while four large ledger PDFs are generated.
 * `BENCH_LOAD_SECONDS` sets each run's length (default 10, after a 3 s warm-up).
 */
import os from "node:os";
import autocannon from "autocannon";
import { type Figure, ms } from "./lib";
import { dropData, type LoadData, prepareData, type RunningServer, startServer } from "./load-server";
import { backendPids, cpuMs } from "./process-cpu";

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const LIST_URL = "/api/shipment?size=10&page=1";
const PDFS = 4;

interface Target {
  path: string;
  method?: "GET" | "POST";
  body?: object;
  signedIn?: boolean;
}

const optionsFor = (server: RunningServer, target: Target) => ({
  url: `${server.base}${target.path}`,
  method: target.method ?? "GET",
  headers: {
    ...(target.signedIn ? server.headers : {}),
    ...(target.body ? { "content-type": "application/json" } : {}),
  },
  ...(target.body ? { body: JSON.stringify(target.body) } : {}),
});

/** Requests that were not answered with a 2xx (autocannon times only the 2xx ones). */
const failures = (result: autocannon.Result) => result.non2xx + result.errors;
const latency = (result: autocannon.Result) =>
  `p50 ${ms(result.latency.p50)}, p99 ${ms(result.latency.p99)}, max ${ms(result.latency.max)}`;
const failed = (result: autocannon.Result) => (failures(result) > 0 ? `; ${failures(result)} failed` : "");

/**
 * Requests per second at a fixed number of connections, after a warm-up run, with the CPU time the
 * server process and its PostgreSQL connections spent per request (steadier than requests/s when
 * other work shares the machine).
 */
async function throughput(server: RunningServer, data: LoadData, target: Target, connections: number) {
  const options = { ...optionsFor(server, target), connections };
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const serverPid = [server.child.pid ?? 0];
  const backends = await backendPids(data.url);
  const before = { server: await cpuMs(serverPid), postgres: await cpuMs(backends) };
  const result = await autocannon({ ...options, duration: SECONDS });
  const served = Math.max(1, result.requests.total);
  // A connection closed during the run takes its CPU with it: never below zero.
  const perRequest = (used: number) => `${(Math.max(0, used) / served).toFixed(2)} ms`;
  const postgres = backends.length > 0 ? perRequest((await cpuMs(backends)) - before.postgres) : "none";
  const cpu = `CPU a request: server ${perRequest((await cpuMs(serverPid)) - before.server)}, PostgreSQL ${postgres}`;
  return { result, cpu };
}

/** One check that the target answers as the scenario expects before it is loaded. */
async function expectAnswer(server: RunningServer, target: Target, check: (body: unknown) => boolean) {
  const options = optionsFor(server, target);
  const response = await fetch(options.url, options);
  const body: unknown = response.headers.get("content-type")?.includes("json") ? await response.json() : null;
  if (!response.ok || !check(body)) throw new Error(`${target.path}: ${response.status} ${JSON.stringify(body)}`);
}

const hasRows = (body: unknown) =>
  typeof body === "object" && body !== null && "data" in body && Array.isArray(body.data) && body.data.length > 0;

/** Four ledger PDFs at once, while health and a list page are called at a low, fixed rate. */
async function documentsInFlight(server: RunningServer, data: LoadData) {
  const slow = (target: Target, overallRate: number) => {
    let instance: autocannon.Instance | undefined;
    const result = new Promise<autocannon.Result>((resolve, reject) => {
      const options = { ...optionsFor(server, target), connections: 4, overallRate, duration: 600 };
      instance = autocannon(options, (error: unknown, done) => (error ? reject(error) : resolve(done)));
    });
    return { stop: () => instance?.stop(), result };
  };
  const health = slow({ path: "/api/health" }, 20);
  const list = slow({ path: LIST_URL, signedIn: true }, 10);
  const ledger = optionsFor(server, {
    path: "/api/levelFour/account_ledger_pdf",
    method: "POST",
    body: { levelFourId: data.busyAccountId, startDate: data.yearFrom, endDate: data.lastDay },
    signedIn: true,
  });
  const started = performance.now();
  let pdfs: number[];
  try {
    pdfs = await Promise.all(
      Array.from({ length: PDFS }, async () => {
        const response = await fetch(ledger.url, ledger);
        const bytes = (await response.arrayBuffer()).byteLength;
        if (!response.ok || response.headers.get("content-type") !== "application/pdf") {
          throw new Error(`ledger PDF: ${response.status} ${response.headers.get("content-type")}`);
        }
        return bytes;
      }),
    );
  } finally {
    health.stop();
    list.stop();
  }
  const elapsed = performance.now() - started;
  return { elapsed, bytes: pdfs[0] ?? 0, health: await health.result, list: await list.result };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(", ");

const figure = (measure: string, value: string, target?: string): Figure => ({
  bench: "load",
  measure,
  value,
  ...(target ? { target } : {}),
});

const LIST: Target = { path: LIST_URL, signedIn: true };
const trialOf = (data: LoadData): Target => ({
  path: "/api/reports/trail_balance",
  method: "POST",
  body: { startedDate: data.yearFrom, endDate: data.lastDay },
  signedIn: true,
});

type Scenario = (server: RunningServer, data: LoadData) => Promise<Figure[]>;

/** The scenarios in the order they run; `BENCH_LOAD_ONLY=list,trial` runs some of them. */
const SCENARIOS: Record<string, Scenario> = {
  health: async (server, data) => {
    const { result: health, cpu } = await throughput(server, data, { path: "/api/health" }, 50);
    const rate = `${health.requests.average} req/s`;
    return [figure("GET /api/health, 50 connections", rate, `${latency(health)}${failed(health)}; ${cpu}`)];
  },
  list: async (server, data) => {
    await expectAnswer(server, LIST, hasRows);
    const { result: page, cpu } = await throughput(server, data, LIST, 50);
    const enough = page.requests.average >= 300 && failures(page) === 0;
    return [
      figure(
        `GET ${LIST_URL} signed in, 50 connections`,
        `${page.requests.average} req/s`,
        `>= 300 ${enough ? "ok" : "MISSED"}; ${latency(page)}${failed(page)}; ${cpu}`,
      ),
    ];
  },
  trial: async (server, data) => {
    await expectAnswer(server, trialOf(data), hasRows);
    const { result: balance, cpu } = await throughput(server, data, trialOf(data), 10);
    return [
      figure(
        "POST /api/reports/trail_balance, one year, 10 connections",
        `${balance.requests.average} req/s`,
        `${latency(balance)}${failed(balance)}; ${cpu}`,
      ),
    ];
  },
  documents: async (server, data) => {
    const documents = await documentsInFlight(server, data);
    const megabytes = (documents.bytes / 1024 / 1024).toFixed(1);
    const figures = [
      figure(`${PDFS} ledger PDFs at once (${data.busyLines} rows, ${megabytes} MB each)`, ms(documents.elapsed)),
    ];
    for (const [name, result] of [
      ["GET /api/health at 20/s meanwhile", documents.health],
      [`GET ${LIST_URL} at 10/s meanwhile`, documents.list],
    ] as const) {
      const ok = result.latency.p99 < 100 && failures(result) === 0;
      figures.push(
        figure(
          name,
          `p99 ${ms(result.latency.p99)}`,
          `< 100 ms ${ok ? "ok" : "MISSED"}; p50 ${ms(result.latency.p50)}, max ${ms(result.latency.max)}, ${result.requests.total} calls${failed(result)}`,
        ),
      );
    }
    return figures;
  },
};

async function measure(server: RunningServer, data: LoadData): Promise<Figure[]> {
  const only = process.env.BENCH_LOAD_ONLY?.split(",").map((name) => name.trim());
  const unknown = only?.filter((name) => !(name in SCENARIOS)) ?? [];
  if (unknown.length > 0) throw new Error(`BENCH_LOAD_ONLY: no scenario ${unknown.join(", ")}`);
  const figures = [
    figure("server", server.how),
    figure("load average (1, 5, 15 min) at the start", loadAverage()),
    figure(
      `books: ${data.shipments} shipments, ${data.ledgerLines} ledger lines, busy account ${data.busyLines} in the year`,
      data.made ? ms(data.loadMs) : "reused",
    ),
  ];
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    if (!only || only.includes(name)) figures.push(...(await scenario(server, data)));
  }
  figures.push(figure("load average (1, 5, 15 min) at the end", loadAverage()));
  return figures;
}

/** The real server on a loaded PostgreSQL database, driven over HTTP. */
export async function run(): Promise<Figure[]> {
  const data = await prepareData();
  try {
    const server = await startServer(data.url);
    try {
      return await measure(server, data);
    } finally {
      await server.stop();
    }
  } finally {
    await dropData(data);
  }
}
