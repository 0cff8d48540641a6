import { describe, expect, it } from "vitest";
import { windowCounter } from "./rate-limits";

describe("windowCounter", () => {
  it("allows max events per window over all callers, then refuses until the window ends", () => {
    let now = 1_000_000;
    const counter = windowCounter(2, 60_000, () => now);
    expect([counter.take(), counter.take()].map((taken) => taken.allowed)).toEqual([true, true]);
    now += 15_000;
    expect(counter.take()).toEqual({ allowed: false, retryAfterSeconds: 45 });
    now += 45_000;
    expect(counter.take().allowed).toBe(true);
  });
});
