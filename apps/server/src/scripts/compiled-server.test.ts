import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { readinessSchema } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { z } from "zod";
import { latestMigration } from "../modules/health/health.service";
import { createDatabaseFromTemplate, dropDatabase, TEST_ADMIN, withDatabase } from "../test/template";
import { SERVER_DIR } from "./build-inputs.mjs";
import { bundleServer } from "./bundle-server";

/**
 * The compiled server (npm start): esbuild's bundle in a folder of apps/server, run by plain node
 * in production mode, on a fresh embedded database (or a copy of the PostgreSQL template), with a
 * loader hook that fails any import of tsx, in the server and its worker threads alike.
 */

// The template on PostgreSQL already holds TEST_ADMIN; on a fresh embedded database the seed creates them.
const ADMIN = { email: TEST_ADMIN.email, password: TEST_ADMIN.password };
const NO_TSX_HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === "tsx" || specifier.startsWith("tsx/")) throw new Error("tsx imported at run time: " + specifier);
  return next(specifier, context);
}
`;

interface Server {
  child: ChildProcess;
  base: string;
  /** Resolves with the first log line whose message matches. */
  logged(pattern: RegExp): Promise<string>;
  exited: Promise<number | null>;
  /** Everything it logged so far, and its standard error: shown when an expectation on it fails. */
  output(): string;
}

let outDir: string;
let dataDir: string;
let databaseUrl: string | undefined;
let dropName: string | null = null;

/** Starts `node <outDir>/main.js` on a port it picks, and resolves once it listens. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ["--import", path.join(outDir, "no-tsx.mjs"), path.join(outDir, "main.js")], {
    cwd: SERVER_DIR,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      PUBLIC_URL: "https://cargo.example.com",
      ADMIN_USERNAME: TEST_ADMIN.userName,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: "info",
      WEB_DIST: path.join(outDir, "no-web"),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const messages: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const lines = createInterface({ input: child.stdout });
  lines.on("line", (line) => {
    const message = z.object({ msg: z.string() }).safeParse(JSON.parse(line));
    if (!message.success) return;
    messages.push(message.data.msg);
    for (const wait of waiting.filter((candidate) => candidate.pattern.test(message.data.msg))) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve(message.data.msg);
    }
  });
  let errors = "";
  child.stderr.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  // "close": the exit code once every line it wrote has been read.
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const logged = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const seen = messages.find((message) => pattern.test(message));
      if (seen) return resolve(seen);
      waiting.push({ pattern, resolve });
      void exited.then((code) => reject(new Error(`server exited (${code}) before logging ${pattern}: ${errors}`)));
    });
  const listening = await logged(/^Server listening at /);
  const output = () => [...messages, errors].join("\n");
  return { child, base: listening.replace("Server listening at ", ""), logged, exited, output };
}

/** The length of the first whole HTTP answer at the start of `raw`, or null while it is incomplete. */
function firstAnswerLength(raw: string): number | null {
  const headEnd = raw.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const length = Number(/\r\ncontent-length: (\d+)/i.exec(raw.slice(0, headEnd))?.[1] ?? 0);
  return raw.length >= headEnd + 4 + length ? headEnd + 4 + length : null;
}

/**
 * A raw connection holding a request that the test finishes later. A health check goes first on
 * the same connection: once its answer is back, the server has read the held request's first bytes
 * too, so the connection counts as busy (a shutdown waits for it) rather than idle (closed at once).
 */
async function openRequest(base: string, head: string): Promise<{ finish(rest: string): Promise<string> }> {
  const { hostname, port } = new URL(base);
  const socket = net.connect(Number(port), hostname);
  let raw = "";
  let onData = () => {};
  socket.on("data", (chunk: Buffer) => {
    raw += chunk.toString();
    onData();
  });
  const ended = new Promise<string>((resolve) => socket.on("close", () => resolve(raw)));
  socket.write(`GET /api/health HTTP/1.1\r\nHost: cargodesk\r\n\r\n${head}`);
  const healthLength = await new Promise<number>((resolve) => {
    onData = () => {
      const length = firstAnswerLength(raw);
      if (length !== null) resolve(length);
    };
  });
  return {
    async finish(rest: string) {
      socket.write(rest);
      return (await ended).slice(healthLength);
    },
  };
}

const jsonOf = (answer: string): unknown => JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
const signInHead = (body: string) =>
  `POST /api/user_cargo/cargo_login HTTP/1.1\r\nHost: cargodesk\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(SERVER_DIR, "dist-test-"));
  await bundleServer(outDir);
  await writeFile(path.join(outDir, "no-tsx-hooks.mjs"), NO_TSX_HOOKS);
  await writeFile(
    path.join(outDir, "no-tsx.mjs"),
    `import { register } from "node:module";\nregister("./no-tsx-hooks.mjs", import.meta.url);\n`,
  );
  dataDir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-compiled-"));
  const url = process.env.DATABASE_URL;
  if (url) {
    dropName = await createDatabaseFromTemplate(url, inject("postgresTemplate"));
    databaseUrl = withDatabase(url, dropName);
  }
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL && dropName) await dropDatabase(process.env.DATABASE_URL, dropName);
});

describe("the compiled server", () => {
  it("bundles the server and the worker tasks, with the files they read beside them", async () => {
    const files = await readdir(outDir, { recursive: true });
    expect(files).toEqual(
      expect.arrayContaining([
        "main.js",
        "workers/tasks.js",
        "workers/worker-entry.mjs",
        "db/migrations/meta/_journal.json",
      ]),
    );
    const bundle = await readFile(path.join(outDir, "main.js"), "utf8");
    // Dependencies stay imports of node_modules; the shared package is inside.
    expect(bundle).toMatch(/from "fastify"/);
    expect(bundle).not.toMatch(/from "@cargodesk\/shared"/);
  });

  it("serves, reads sheets in its worker pool, and drains on SIGTERM: ready says 503, the request in flight finishes", async () => {
    const server = await startServer({});
    const health = await fetch(`${server.base}/api/health`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(readinessSchema.parse(await ready.json())).toMatchObject({
      status: "ready",
      reason: null,
      migration: latestMigration().tag,
    });

    const login = await fetch(`${server.base}/api/user_cargo/cargo_login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = z.object({ token: z.string() }).parse(await login.json());
    const form = new FormData();
    form.append("file", new Blob(["name,stock_uom\nCompiled flour,kg\n"]), "products.csv");
    const upload = await fetch(`${server.base}/api/inventory/store_product/upload?dryRun=1`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    // The sheet was read by a worker running the bundled tasks.js (the loader hook refuses tsx).
    expect(upload.status).toBe(200);
    expect(JSON.stringify(await upload.json())).toContain("Compiled flour");
    // Documents are drawn (pdfkit) and written (exceljs) by those workers too.
    for (const [format, magic] of [
      ["pdf", "%PDF"],
      ["xlsx", "PK"],
    ] as const) {
      const report = await fetch(`${server.base}/api/chart_of_account/chart_of_account_report?format=${format}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(report.status).toBe(200);
      expect(
        Buffer.from(await report.arrayBuffer())
          .subarray(0, magic.length)
          .toString(),
      ).toBe(magic);
    }

    // In flight: a sign-in whose body has not all arrived, and a readiness check not yet sent whole.
    const body = JSON.stringify(ADMIN);
    const slow = await openRequest(server.base, signInHead(body) + body.slice(0, 10));
    const readyLater = await openRequest(server.base, "GET /api/ready HTTP/1.1\r\nHost: cargodesk\r\n");
    server.child.kill("SIGTERM");
    await server.logged(/^SIGTERM: draining/);

    const draining = await readyLater.finish("Connection: close\r\n\r\n");
    expect(draining).toMatch(/^HTTP\/1\.1 503 /);
    expect(readinessSchema.parse(jsonOf(draining))).toMatchObject({
      status: "not_ready",
      reason: expect.stringMatching(/shutting down/),
    });

    const finished = await slow.finish(body.slice(10));
    expect(finished).toMatch(/^HTTP\/1\.1 200 /);
    expect(jsonOf(finished)).toMatchObject({ token: expect.any(String) });
    expect({ code: await server.exited, output: server.output() }).toMatchObject({
      code: 0,
      output: expect.stringMatching(/\nStopped\n/),
    });
  }, 120_000);

  it("exits 1 with a log line when requests are still open after SHUTDOWN_TIMEOUT_MS", async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_MS: "200" });
    const body = JSON.stringify(ADMIN);
    await openRequest(server.base, signInHead(body) + body.slice(0, 10));
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(1);
    expect(await server.logged(/SHUTDOWN_TIMEOUT_MS/)).toMatch(/exiting with requests still open/);
  }, 120_000);
});
