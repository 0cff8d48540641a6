import { createHash, timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { errorBody, errorBodySchema } from "@cargodesk/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import pg from "pg";
import type { Database } from "../db/client";
import { AppError } from "../lib/app-error";
import { createHistogram, family, type Sample } from "../lib/prometheus-text";
import { fileAnswer } from "../lib/route-schemas";
import { workerPool } from "../lib/worker-pool";
import { access } from "./access";

/** Request latency buckets, in seconds. */
const LATENCY_BOUNDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export interface WorkerStats {
  running: number;
  queued: number;
  workers: number;
  size: number;
}

export interface MetricsOptions {
  /** METRICS_TOKEN. Unset: GET /metrics answers 404 as an unknown route would, and nothing is measured. */
  token: string | undefined;
  database: Database;
  /** The pool whose documents are counted: the server's own unless a test gives another. */
  workers?: { stats(): WorkerStats };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** A bearer token equal to the configured one, compared in constant time. */
function holdsToken(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), expected);
}

/** node-postgres pools report their connections; PGlite is one connection inside the process. */
function databaseFamilies(database: Database): string {
  const info = family("cargodesk_database_info", "gauge", "The database CargoDesk runs on", [
    { labels: { kind: database.kind }, value: 1 },
  ]);
  const client: unknown = Reflect.get(database.db, "$client");
  if (!(client instanceof pg.Pool)) return info;
  return (
    info +
    family("cargodesk_db_pool_connections", "gauge", "PostgreSQL pool connections, open in all and idle", [
      { labels: { state: "total" }, value: client.totalCount },
      { labels: { state: "idle" }, value: client.idleCount },
    ]) +
    family("cargodesk_db_pool_waiting", "gauge", "Queries waiting for a free PostgreSQL pool connection", [
      { value: client.waitingCount },
    ])
  );
}

function workerFamilies(stats: WorkerStats): string {
  return (
    family("cargodesk_worker_pool_jobs", "gauge", "Documents and sheets in the worker pool, by state", [
      { labels: { state: "running" }, value: stats.running },
      { labels: { state: "queued" }, value: stats.queued },
    ]) +
    family("cargodesk_worker_pool_workers", "gauge", "Worker threads started, and the most the pool starts", [
      { labels: { state: "started" }, value: stats.workers },
      { labels: { state: "limit" }, value: stats.size },
    ])
  );
}

/** Event-loop delay since the previous scrape (the monitor restarts after each), in seconds. */
function eventLoopFamilies(loop: ReturnType<typeof monitorEventLoopDelay>): string {
  const seconds = (nanoseconds: number) => nanoseconds / 1e9;
  const quantiles: Sample[] = [0.5, 0.9, 0.99].map((quantile) => ({
    labels: { quantile: String(quantile) },
    value: seconds(loop.percentile(quantile * 100)),
  }));
  const text =
    family(
      "nodejs_eventloop_lag_seconds",
      "gauge",
      "Event-loop delay since the previous scrape, by quantile",
      quantiles,
    ) +
    family("nodejs_eventloop_lag_max_seconds", "gauge", "Longest event-loop delay since the previous scrape", [
      { value: seconds(loop.max) },
    ]);
  loop.reset();
  return text;
}

function processFamilies(): string {
  const memory = process.memoryUsage();
  return (
    family("process_resident_memory_bytes", "gauge", "Resident memory", [{ value: memory.rss }]) +
    family("nodejs_heap_used_bytes", "gauge", "V8 heap in use", [{ value: memory.heapUsed }]) +
    family("process_start_time_seconds", "gauge", "Start of the process, in seconds since the Unix epoch", [
      { value: Math.round((Date.now() - process.uptime() * 1000) / 1000) },
    ])
  );
}

/**
 * GET /metrics in the Prometheus text format: request rate and latency by route pattern, method and
 * status class, the database pool, event-loop delay, the worker pool and memory. Off unless
 * METRICS_TOKEN is set; then only a caller sending it as a bearer token gets them (401 otherwise).
 * Outside /api and the OpenAPI document: it is for the scraper, not for the app's clients.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { token, database } = options;
  const workers = options.workers ?? workerPool;
  const requests = createHistogram(
    "cargodesk_http_request_duration_seconds",
    "Time to answer a request, by route pattern, method and status class",
    LATENCY_BOUNDS,
  );
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const expected = token === undefined ? null : digest(token);

  if (expected) {
    loop.enable();
    app.addHook("onClose", async () => loop.disable());
    app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
      requests.observe(
        {
          route: request.routeOptions.url ?? "(unmatched)",
          method: request.method,
          status: `${Math.floor(reply.statusCode / 100)}xx`,
        },
        reply.elapsedTime / 1000,
      );
    });
  }

  app.get(
    "/metrics",
    {
      config: { access: access.public },
      schema: {
        hide: true,
        response: {
          200: fileAnswer(METRICS_CONTENT_TYPE, "Prometheus metrics"),
          401: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (!expected) return reply.status(404).send(errorBody("NOT_FOUND", `No such route: GET ${request.url}`));
      if (!holdsToken(request, expected)) {
        throw new AppError("UNAUTHENTICATED", "GET /metrics needs METRICS_TOKEN as a bearer token");
      }
      const text =
        requests.text() +
        databaseFamilies(database) +
        workerFamilies(workers.stats()) +
        eventLoopFamilies(loop) +
        processFamilies();
      return reply.type(METRICS_CONTENT_TYPE).send(Buffer.from(text));
    },
  );
}
