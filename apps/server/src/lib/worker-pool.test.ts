import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { createWorkerPool } from "./worker-pool";
import type { tasks } from "./worker-pool.fixture";

const pool = createWorkerPool<typeof tasks>({
  tasksUrl: new URL("./worker-pool.fixture.ts", import.meta.url),
  size: 1,
});
afterAll(() => pool.close());

const slow = new AppError("VALIDATION", "file: The file took too long to read");
const options = { timeoutMs: 10_000, timeoutError: () => slow };

describe("the worker pool", () => {
  it("runs tasks in a worker, one after another on a pool of one", async () => {
    expect(await Promise.all([pool.run("double", 21, options), pool.run("double", 4, options)])).toEqual([42, 8]);
  });

  it("hands back a task's AppError as the same 400", async () => {
    const error = await pool.run("refuse", "Too many rows", options).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, message: "file: Too many rows", details: [{ field: "file" }] });
  });

  it("stops a job past its time limit while the request thread stays free, then carries on", async () => {
    let ticks = 0;
    const interval = setInterval(() => {
      ticks += 1;
    }, 5);
    const error = await pool
      .run("spin", Number.MAX_SAFE_INTEGER, { ...options, timeoutMs: 300 })
      .catch((caught) => caught);
    clearInterval(interval);
    expect(error).toBe(slow);
    // a job on this thread would have let no timer fire until it ended (never)
    expect(ticks).toBeGreaterThan(5);
    expect(pool.busy()).toBe(0);
    expect(await pool.run("double", 5, options)).toBe(10);
  });

  it("fails a job whose worker dies, and replaces the worker", async () => {
    await expect(pool.run("exit", 3, options)).rejects.toThrow("Worker stopped (exit code 3)");
    expect(await pool.run("double", 1, options)).toBe(2);
  });
});
