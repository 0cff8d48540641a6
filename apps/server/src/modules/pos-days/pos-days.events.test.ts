import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../lib/dates";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { appWithLogCapture } from "../../test/log-capture";
import { openDayWithA01, register } from "./pos-days.test-helpers";

let t: TestApp;
let app: FastifyInstance;
let events: (name: string) => Record<string, unknown>[];
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ app, events } = await appWithLogCapture(t));
  token = await adminToken(app);
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe("Day Open and Day Close in the log", () => {
  it("logs the day opened, the counter counted and the day closed, after each commits", async () => {
    const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
      app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(token) });
    const { admin, cash, card } = await register(t);
    const today = todayIn(t.config.APP_TZ);
    const { day, session } = await openDayWithA01(api, t, today, 0);
    expect(events("day.opened")).toEqual([
      expect.objectContaining({ dayId: day.dayId, businessDate: today, counters: ["A01"], by: admin.id }),
    ]);
    const counted = await api("POST", `/api/setting/day_close/session/${session.id}`, {
      counted: { [cash.id]: 0, [card.id]: 0 },
    });
    expect(counted.statusCode, counted.body).toBe(200);
    expect(events("day.session_closed")).toEqual([
      expect.objectContaining({ sessionId: session.id, counter: "A01", overShortMinor: 0, by: admin.id }),
    ]);
    const refused = await api("POST", "/api/setting/day_close", { dayId: 999_999 });
    expect(refused.statusCode).toBe(404);
    const closed = await api("POST", "/api/setting/day_close", { dayId: day.dayId });
    expect(closed.statusCode, closed.body).toBe(200);
    // A day with nothing sold posts no voucher.
    expect(closed.json()).toMatchObject({ salesVoucherNo: null, cogsVoucherNo: null });
    expect(events("day.closed")).toEqual([
      expect.objectContaining({
        dayId: day.dayId,
        businessDate: today,
        zNumber: `Z-A-${today.slice(0, 4)}-00001`,
        salesVoucherId: null,
        cogsVoucherId: null,
        by: admin.id,
      }),
    ]);
  });
});
