import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { createTestApp, type TestApp } from "../test/harness";
import { METRICS_CONTENT_TYPE } from "./metrics";

const TOKEN = "metrics-token-for-the-test";

describe("GET /metrics, off (no METRICS_TOKEN)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 404 as an unknown route does, token or not, also where the web app answers other paths", async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), "cargodesk-dist-"));
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>CargoDesk</title>");
    const web = await buildApp({ config: t.config, database: t.database, tokens: t.tokens, webDist: dist });
    try {
      for (const app of [t.app, web]) {
        for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
          const response = await app.inject({ method: "GET", url: "/metrics", headers });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ code: "NOT_FOUND" });
        }
      }
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});

describe("GET /metrics, on", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(() => t.close());

  it("answers 401 without the token or with another", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token-of-some-length" }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: "UNAUTHENTICATED" });
    }
  });

  it("counts requests by route pattern, method and status class, and reports the pools and the event loop", async () => {
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/health" });
    await t.app.inject({ method: "GET", url: "/api/shipment/12345" });
    await t.app.inject({ method: "GET", url: "/api/no/such/route" });
    const response = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe(METRICS_CONTENT_TYPE);
    const text = response.body;
    expect(text).toContain(
      'cargodesk_http_request_duration_seconds_count{route="/api/health",method="GET",status="2xx"} 2\n',
    );
    // The pattern, not the id: one series however many shipments are asked for.
    expect(text).toContain(
      'cargodesk_http_request_duration_seconds_count{route="/api/shipment/:id",method="GET",status="4xx"} 1\n',
    );
    expect(text).toContain(
      'cargodesk_http_request_duration_seconds_count{route="(unmatched)",method="GET",status="4xx"} 1\n',
    );
    expect(text).toMatch(
      /cargodesk_http_request_duration_seconds_bucket\{route="\/api\/health",method="GET",status="2xx",le="\+Inf"\} 2\n/,
    );
    expect(text).toContain(`cargodesk_database_info{kind="${t.database.kind}"} 1\n`);
    if (t.database.kind === "postgres") expect(text).toMatch(/cargodesk_db_pool_connections\{state="total"\} \d+\n/);
    expect(text).toContain('cargodesk_worker_pool_jobs{state="running"} 0\n');
    expect(text).toContain('cargodesk_worker_pool_jobs{state="queued"} 0\n');
    expect(text).toMatch(/nodejs_eventloop_lag_seconds\{quantile="0.99"\} [\d.e-]+\n/);
    expect(text).toMatch(/process_resident_memory_bytes \d+\n/);
  });
});
