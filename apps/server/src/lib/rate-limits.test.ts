import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitCounters, unknownSignIns } from "../db/schema/index";
import { createTestApp, type TestApp } from "../test/harness";
import { countHit, removeOldCounters, windowCounter } from "./rate-limits";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The window of `key` ends now, as if its time had passed. */
const endWindow = (key: string) =>
  t.db
    .update(rateLimitCounters)
    .set({ windowEndsAt: sql`now() - interval '1 second'` })
    .where(eq(rateLimitCounters.key, key));

describe("windowCounter", () => {
  it("allows max events per window over all callers and servers, then refuses until the window ends", async () => {
    // Two counters of one name stand for two app servers.
    const here = windowCounter(t.db, "test-window", 2);
    const there = windowCounter(t.db, "test-window", 2);
    expect((await here.take()).allowed).toBe(true);
    expect((await there.take()).allowed).toBe(true);
    const refused = await here.take();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await windowCounter(t.db, "another-window", 2).take()).allowed).toBe(true);
    await endWindow("window:test-window");
    expect((await there.take()).allowed).toBe(true);
  });

  it("counts concurrent hits exactly, one upsert each", async () => {
    const counts = await Promise.all(Array.from({ length: 20 }, () => countHit(t.db, "test-concurrent", 60_000)));
    expect(counts.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe("old counters", () => {
  it("are removed once their window ended, and unknown names a day after their last try", async () => {
    await countHit(t.db, "test-ended", 60_000);
    await countHit(t.db, "test-current", 60_000);
    await endWindow("test-ended");
    await t.db.insert(unknownSignIns).values([
      {
        key: "test:stale",
        failures: 2,
        waitUntil: sql`now() - interval '2 days'`,
        lastTryAt: sql`now() - interval '2 days'`,
      },
      { key: "test:recent", failures: 2, waitUntil: sql`now()`, lastTryAt: sql`now() - interval '1 hour'` },
    ]);
    const removed = await removeOldCounters(t.db);
    expect(removed.counters).toBeGreaterThanOrEqual(1);
    const keys = (await t.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((row) => row.key);
    expect(keys).toContain("test-current");
    expect(keys).not.toContain("test-ended");
    const names = (await t.db.select({ key: unknownSignIns.key }).from(unknownSignIns)).map((row) => row.key);
    expect(names).toContain("test:recent");
    expect(names).not.toContain("test:stale");
  });
});
