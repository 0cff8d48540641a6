import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, rowsOf } from "../lib/sql";
import { createTestApp, type TestApp } from "../test/harness";
import { connectionOptions, type Db, openPostgres } from "./client";

describe("PostgreSQL connection options", () => {
  it("turn parallel workers off, with PGOPTIONS after them so the operator's own settings win", () => {
    expect(connectionOptions(undefined)).toBe("-c max_parallel_workers_per_gather=0");
    expect(connectionOptions("-c max_parallel_workers_per_gather=2 -c work_mem=8MB")).toBe(
      "-c max_parallel_workers_per_gather=0 -c max_parallel_workers_per_gather=2 -c work_mem=8MB",
    );
  });
});

describe.runIf(process.env.DATABASE_URL)("the app's PostgreSQL connections", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const workers = async (db: Db) =>
    rowsOf(
      z.object({ workers: col.text }),
      await db.execute(sql`select current_setting('max_parallel_workers_per_gather') as workers`),
    )[0]?.workers;

  it("start no parallel workers, whatever the server's default", async () => {
    expect(await workers(app.db)).toBe("0");
  });

  it("take the operator's PGOPTIONS over that", async () => {
    const before = process.env.PGOPTIONS;
    process.env.PGOPTIONS = "-c max_parallel_workers_per_gather=3";
    const own = await openPostgres(app.url ?? "");
    try {
      expect(await workers(own.db)).toBe("3");
    } finally {
      await own.close();
      if (before === undefined) delete process.env.PGOPTIONS;
      else process.env.PGOPTIONS = before;
    }
  });
});
