import { afterEach, describe, expect, it, vi } from "vitest";
import { createTokenService } from "./tokens";
import { rememberVerified } from "./verified-tokens";

const tokens = createTokenService("a-secret-that-is-long-enough-for-hs256!", "1h");

/** The remembering verify, and how many times it asked the real one. */
function counted(limit?: number) {
  let calls = 0;
  const verify = rememberVerified(async (token) => {
    calls += 1;
    return tokens.verify(token);
  }, limit);
  return { verify, calls: () => calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("rememberVerified", () => {
  it("checks a good token's signature once and answers the same after", async () => {
    const token = await tokens.sign(7, 3);
    const { verify, calls } = counted();
    expect(await verify(token)).toEqual({ userId: 7, version: 3 });
    expect(await verify(token)).toEqual({ userId: 7, version: 3 });
    expect(calls()).toBe(1);
  });

  it("refuses a remembered token once its expiry passes, as jose does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T10:00:00Z"));
    const token = await tokens.sign(7);
    const { verify } = counted();
    expect(await verify(token)).toEqual({ userId: 7, version: 0 });
    vi.setSystemTime(new Date("2026-01-01T10:59:59Z"));
    expect(await verify(token)).toEqual({ userId: 7, version: 0 });
    vi.setSystemTime(new Date("2026-01-01T11:00:00Z"));
    expect(await tokens.verify(token)).toEqual({ expired: true });
    expect(await verify(token)).toEqual({ expired: true });
  });

  it("keeps no forged or expired token: each is checked and refused every time", async () => {
    const token = await tokens.sign(7);
    const forged = `${token.slice(0, -2)}xx`;
    const { verify, calls } = counted();
    expect(await verify(forged)).toBeNull();
    expect(await verify(forged)).toBeNull();
    expect(await verify("not-a-token")).toBeNull();
    expect(calls()).toBe(3);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T10:00:00Z"));
    const old = await tokens.sign(8);
    vi.setSystemTime(new Date("2026-01-01T12:00:00Z"));
    expect(await verify(old)).toEqual({ expired: true });
    expect(await verify(old)).toEqual({ expired: true });
    expect(calls()).toBe(5);
  });

  it("forgets the oldest token past its limit", async () => {
    const [first, second, third] = await Promise.all([tokens.sign(1), tokens.sign(2), tokens.sign(3)]);
    const { verify, calls } = counted(2);
    for (const token of [first, second, third]) await verify(token);
    expect(calls()).toBe(3);
    await verify(third);
    await verify(second);
    expect(calls()).toBe(3);
    expect(await verify(first)).toEqual({ userId: 1, version: 0 });
    expect(calls()).toBe(4);
  });
});
