import { rm } from "node:fs/promises";
import { readinessSchema } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { dropDatabase } from "../../test/template";
import { latestMigration, readinessCheck } from "./health.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ready = async () => {
  const response = await t.app.inject({ method: "GET", url: "/api/ready" });
  return { status: response.statusCode, body: readinessSchema.parse(response.json()) };
};

describe("GET /api/ready", () => {
  it("answers 200 when the database answers and holds the newest migration", async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: "ready", reason: null, database: t.database.kind, migration: latestMigration().tag },
    });
  });

  it("answers 503 while the server drains", async () => {
    const check = readinessCheck({ db: t.db, dbKind: t.database.kind, draining: () => true });
    expect(await check()).toMatchObject({ status: "not_ready", reason: expect.stringMatching(/^shutting down/) });
  });

  it("answers 503 when the database does not answer in time", async () => {
    const check = readinessCheck({ db: t.db, dbKind: t.database.kind, draining: () => false, timeoutMs: 50 });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The readiness query reads this table: while another transaction holds it, the query waits.
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await held;
    });
    await lockTaken;
    const answer = await check();
    release();
    await holder;
    expect(answer).toMatchObject({
      status: "not_ready",
      reason: "database unreachable: database did not answer within 50 ms",
    });
    expect((await ready()).status).toBe(200);
  });

  it("answers 503 naming the migration the database lacks", async () => {
    const latest = latestMigration();
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
    expect(await ready()).toMatchObject({
      status: 503,
      body: { status: "not_ready", reason: `migrations pending: the database does not have ${latest.tag} yet` },
    });
  });
});

describe("GET /api/health", () => {
  it("stays 200 without asking the database, while ready answers 503", async () => {
    const other = await createTestApp();
    await other.database.close();
    try {
      const health = await other.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      const answer = await other.app.inject({ method: "GET", url: "/api/ready" });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        status: "not_ready",
        reason: expect.stringMatching(/^database unreachable/),
      });
    } finally {
      // Its database is closed already: the rest of other.close() by hand.
      await other.app.close();
      const server = process.env.DATABASE_URL;
      if (server && other.url) await dropDatabase(server, new URL(other.url).pathname.slice(1));
      await rm(other.config.DATA_DIR, { recursive: true, force: true });
    }
  });
});
