import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../apps/server/src/app";
import { loadConfig } from "../apps/server/src/config";
import { type Database, openPglite, openPostgres } from "../apps/server/src/db/client";
import { createTokenService } from "../apps/server/src/lib/tokens";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** One line of the printed table. */
export interface Figure {
  bench: string;
  measure: string;
  value: string;
  target?: string;
}

export const tempDir = (prefix: string) => mkdtemp(path.join(os.tmpdir(), prefix));

/** Starts a command in its own process group, so stopping it stops its children too. */
export function startGroup(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  return child;
}

export function stopGroup(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || !child.pid) return resolve();
    child.once("exit", () => resolve());
    const signal = (name: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, name);
      } catch {
        // the group is already gone
      }
    };
    signal("SIGTERM");
    setTimeout(() => {
      if (child.exitCode === null) signal("SIGKILL");
    }, 5000).unref();
  });
}

/**
 * Milliseconds until GET url answers 200, polling every 50 ms; fails at once when the server's
 * process has ended (not built, port taken) instead of waiting out the timeout.
 */
export async function waitHealthy(url: string, server: ChildProcess, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server for ${url} ended (${server.exitCode ?? server.signalCode}) before it answered`);
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} not healthy after ${timeoutMs} ms`);
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `measure` on a fresh PostgreSQL database (made and dropped here; skipped with a line saying
 * why when no server answers), then on an in-memory PGlite whose targets are 3x looser.
 */
export async function onEachDatabase(
  bench: string,
  measure: (database: Database, label: string, factor: number) => Promise<Figure[]>,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  const only = process.env.BENCH_ONLY;
  const admin = new pg.Client({ connectionString: BENCH_PG_URL });
  let connected = only !== "pglite";
  try {
    if (connected) await admin.connect();
  } catch (error) {
    connected = false;
    figures.push({
      bench,
      measure: "PostgreSQL",
      value: "skipped",
      target: `no server at ${BENCH_PG_URL}: ${String(error)}`,
    });
  }
  if (connected) {
    const name = `cargodesk_bench_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(BENCH_PG_URL);
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
  if (only === "postgres") return figures;
  const pglite = await openPglite({});
  try {
    figures.push(...(await measure(pglite, "PGlite", 3)));
  } finally {
    await pglite.close();
  }
  return figures;
}

/** Median of 5 warm runs (one more run first to warm caches). */
export async function median(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[2] ?? 0;
}

/** "<= 30 ms ok" or "<= 30 ms MISSED" for a value against a limit scaled by the database's factor. */
export const withinTarget = (value: number, limit: number, factor: number) =>
  `<= ${ms(limit * factor)} ${value <= limit * factor ? "ok" : "MISSED"}`;

/**
 * The app on a seeded database with the admin signed in: what a benchmark of the whole request path
 * (routing, access, schemas, the answer) drives with `inject`. Close `app` when done.
 */
export async function signedInApp(database: Database, admin: { email: string; password: string }) {
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    JWT_SECRET: "b".repeat(40),
    PUBLIC_URL: "http://localhost:3000",
  });
  const app = await buildApp({ config, database, tokens: createTokenService("b".repeat(40), "1h") });
  await app.ready();
  const login = await app.inject({
    method: "POST",
    url: "/api/user_cargo/cargo_login",
    payload: { email: admin.email, password: admin.password },
  });
  if (login.statusCode !== 200) throw new Error(`bench sign-in: ${login.statusCode} ${login.body}`);
  const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
  return { app, config, headers };
}
