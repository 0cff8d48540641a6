import { AUTH_MESSAGES } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { createTestApp, type TestApp } from "../test/harness";

/** A sign-in with empty fields: refused with 400, but counted by the per-address limit like any try. */
const attempt = (t: TestApp, headers: Record<string, string>, remoteAddress = "127.0.0.1") =>
  t.app.inject({ method: "POST", url: "/api/users/login", payload: {}, headers, remoteAddress });

async function withApp(env: Record<string, string>, run: (t: TestApp) => Promise<void>) {
  const t = await createTestApp({ LOGIN_RATE_LIMIT: "3", ...env });
  try {
    await run(t);
  } finally {
    await t.close();
  }
}

describe("TRUST_PROXY", () => {
  it("is off by default, and takes addresses, CIDRs and proxy-addr's range names", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "off" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: " 127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback" }).TRUST_PROXY).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
      "loopback",
    ]);
    for (const bad of ["true", "*", "10.0.0.0/33", "example.com", "127.0.0.1,,"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });

  it("unset: a made-up X-Forwarded-For does not reset the per-address sign-in limit", async () => {
    await withApp({}, async (t) => {
      const statuses: number[] = [];
      for (let i = 1; i <= 5; i += 1) {
        statuses.push((await attempt(t, { "x-forwarded-for": `203.0.113.${i}` })).statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
      const refused = await attempt(t, { "x-forwarded-for": "198.51.100.7" });
      expect(refused.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    });
  });

  it("set to the proxy's address: the forwarded client address counts, from that proxy only", async () => {
    await withApp({ TRUST_PROXY: "127.0.0.1" }, async (t) => {
      for (let i = 1; i <= 5; i += 1) {
        expect((await attempt(t, { "x-forwarded-for": `203.0.113.${i}` })).statusCode).toBe(400);
      }
      const same = [];
      for (let i = 0; i < 4; i += 1) same.push((await attempt(t, { "x-forwarded-for": "198.51.100.7" })).statusCode);
      expect(same).toEqual([400, 400, 400, 429]);
      // A client that is not the trusted proxy cannot pick its address either.
      const direct = [];
      for (let i = 1; i <= 4; i += 1) {
        direct.push((await attempt(t, { "x-forwarded-for": `203.0.113.${50 + i}` }, "192.0.2.9")).statusCode);
      }
      expect(direct).toEqual([400, 400, 400, 429]);
    });
  });
});
