import type { DeviceToken, SyncAnswer } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, rowsOf } from "../../lib/sql";
import type { TestApp } from "../../test/harness";
import { closeDay, dish, openSession, type PosSetup } from "../../test/pos-fixtures";
import { type Api, addLine, payOp, startOrderTest, uuid } from "./pos-orders.test-helpers";

/**
 * WP5's API acceptance (design 6.7, D8, D12): device tokens bound to the counter session, the sync of
 * orders made offline with the invoice numbers the device issued, replays, and late orders that go to
 * a rescue session without touching the closed day.
 */
let t: TestApp;
let api: Api;
let pos: PosSetup;
let burger: number;

const DEVICE = "till-sync-test";

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
  burger = (await dish(t, { name: "Sync Burger", priceMinor: 100_000n, taxClassId: pos.foodTaxId })).variantId;
});
afterAll(() => t.close());

async function claim(counterId = pos.counterId): Promise<DeviceToken> {
  const response = await api("POST", "/api/pos/device_token", { counterId }, { "x-device-id": DEVICE });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<DeviceToken>();
}

/** The device's numbering: the counter's code, the year and the next of its sequence. */
const numberAfter = (token: DeviceToken, step: number) =>
  `${token.counterCode}-${token.invoice.year}-${String(token.invoice.last + step).padStart(6, "0")}`;

const offlineOrder = (token: DeviceToken, step: number, extra: object = {}) => ({
  clientUuid: uuid(),
  counterId: token.counterId,
  sessionId: token.sessionId,
  orderType: "take_away",
  openedAt: new Date(Date.now() - 3_600_000 + step * 1000).toISOString(),
  invoiceNo: numberAfter(token, step),
  ops: [addLine(burger, 1, { unitPrice: 1000 }), payOp([{ methodId: pos.cashId, amount: 2000 }])],
  ...extra,
});

/** The sync as the register sends it: the device token, and a cashier's sign-in that ran out. */
const sync = (token: string, orders: object[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/pos/sync",
    payload: { orders },
    headers: { "x-device-token": token, authorization: "Bearer expired.sign.in", ...headers },
  });

const count = async (query: ReturnType<typeof sql>) => {
  const [row] = rowsOf(z.object({ n: col.int }), await t.db.execute(query));
  return row?.n ?? 0;
};

describe("device token", () => {
  it("is issued for the counter's open session with its last invoice number, and only its hash is kept", async () => {
    const token = await claim();
    expect(token).toMatchObject({ counterId: pos.counterId, sessionId: pos.sessionId });
    expect(token.token.length).toBeGreaterThan(30);
    expect(await count(sql`SELECT count(*)::int AS n FROM pos_device_tokens WHERE token_hash = ${token.token}`)).toBe(
      0,
    );
  });

  it("needs POS: the heartbeat without a device token is 401, with one it records the outbox", async () => {
    const token = await claim();
    const bare = await api("POST", "/api/pos/heartbeat", { waiting: 3 });
    expect(bare.statusCode, bare.body).toBe(401);
    const beat = await t.app.inject({
      method: "POST",
      url: "/api/pos/heartbeat",
      payload: { waiting: 3 },
      headers: { "x-device-token": token.token },
    });
    expect(beat.statusCode, beat.body).toBe(200);
    expect(await count(sql`SELECT waiting AS n FROM pos_device_tokens WHERE device_id = ${DEVICE}`)).toBe(3);
    // Day Close lists the register with what its heartbeat said waited, and warns.
    const preview = await api("GET", `/api/setting/day_close/preview?dayId=${pos.dayId}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const checks = preview.json<{ devices: { deviceId: string; waiting: number }[]; warnings: string[] }>();
    expect(checks.devices).toContainEqual(expect.objectContaining({ deviceId: DEVICE, waiting: 3 }));
    expect(checks.warnings).toContain(`${DEVICE} said 3 orders were waiting to sync`);
  });

  it("an unknown device token is 401", async () => {
    const response = await sync("not-a-token", [offlineOrder(await claim(), 1)]);
    expect(response.statusCode, response.body).toBe(401);
  });
});

describe("sync", () => {
  it("stores 50 offline orders once: the same batch again answers the first results", async () => {
    const token = await claim();
    const before = await count(sql`SELECT count(*)::int AS n FROM pos_orders`);
    const orders = Array.from({ length: 50 }, (_, index) => offlineOrder(token, index + 1));
    const first = await sync(token.token, orders);
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json<SyncAnswer>().results;
    expect(results.every((result) => result.ok && !result.replay && !result.late)).toBe(true);
    expect(results.map((result) => (result.ok ? result.number : null))).toEqual(orders.map((order) => order.invoiceNo));

    const again = await sync(token.token, orders);
    expect(again.statusCode, again.body).toBe(200);
    const replayed = again.json<SyncAnswer>().results;
    expect(replayed.every((result) => result.ok && result.replay)).toBe(true);
    expect(replayed.map((result) => (result.ok ? result.orderId : 0))).toEqual(
      results.map((result) => (result.ok ? result.orderId : 0)),
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM pos_orders`)).toBe(before + 50);
    // The orders keep the device's times, not the sync's.
    const [one] = orders;
    const [stored] = rowsOf(
      z.object({ opened_at: col.text, device_id: col.text }),
      await t.db.execute(
        sql`SELECT opened_at::text, device_id FROM pos_orders WHERE client_uuid = ${one?.clientUuid ?? ""}`,
      ),
    );
    expect(new Date(stored?.opened_at ?? "").toISOString()).toBe(one?.openedAt);
    expect(stored?.device_id).toBe(DEVICE);
  });

  it("refuses an invoice number that is not the next one with 409 and writes nothing; the right one is taken", async () => {
    const token = await claim();
    const skipping = offlineOrder(token, 2);
    const refused = await sync(token.token, [skipping]);
    expect(refused.statusCode, refused.body).toBe(200);
    const [result] = refused.json<SyncAnswer>().results;
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      code: "POS_INVOICE_NOT_NEXT",
      message: "This invoice number is not the counter's next one",
      retry: false,
    });
    expect(await count(sql`SELECT count(*)::int AS n FROM pos_orders WHERE client_uuid = ${skipping.clientUuid}`)).toBe(
      0,
    );
    const next = offlineOrder(token, 1);
    const taken = await sync(token.token, [next]);
    expect(taken.json<SyncAnswer>().results[0]).toMatchObject({ ok: true, number: next.invoiceNo });
  });

  it("takes a price the device sold at when the menu changed, and flags the order", async () => {
    const token = await claim();
    const order = offlineOrder(token, 1, {
      ops: [addLine(burger, 1, { unitPrice: 900 }), payOp([{ methodId: pos.cashId, amount: 2000 }])],
    });
    const response = await sync(token.token, [order]);
    const [result] = response.json<SyncAnswer>().results;
    expect(result, response.body).toMatchObject({ ok: true });
    const [row] = rowsOf(
      z.object({ price_flag: col.bool, subtotal_minor: col.minor }),
      await t.db.execute(
        sql`SELECT price_flag, subtotal_minor FROM pos_orders WHERE client_uuid = ${order.clientUuid}`,
      ),
    );
    expect(row).toEqual({ price_flag: true, subtotal_minor: 90_000n });
  });

  it("a device token works only for its own counter (403)", async () => {
    const token = await claim();
    const [other] = rowsOf(
      z.object({ id: col.int }),
      await t.db.execute(sql`
        INSERT INTO pos_counters (outlet_id, code, name, cash_account_id)
        SELECT outlet_id, 'SYN', 'Sync counter', cash_account_id FROM pos_counters WHERE id = ${pos.counterId}
        RETURNING id`),
    );
    const response = await sync(token.token, [offlineOrder(token, 1, { counterId: other?.id })]);
    expect(response.json<SyncAnswer>().results[0]).toMatchObject({
      ok: false,
      status: 403,
      code: "POS_DEVICE_COUNTER",
    });
  });

  it("refuses a batch with no invoice number with 400 naming the field", async () => {
    const token = await claim();
    const { invoiceNo: _dropped, ...bare } = offlineOrder(token, 1);
    const response = await sync(token.token, [bare]);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("invoiceNo");
  });
});

describe("late orders and the token's life", () => {
  it("an order synced after its day closed goes to the rescue session of the next open day, flagged late, and the closed day stays as it was", async () => {
    const token = await claim();
    const early = offlineOrder(token, 1);
    const closedDay = async () =>
      rowsOf(
        z.object({ day: z.unknown(), orders: col.int, total: col.text, vouchers: col.int }),
        await t.db.execute(sql`
          SELECT (SELECT row_to_json(d) FROM business_days d WHERE d.id = ${pos.dayId}) AS day,
            (SELECT count(*)::int FROM pos_orders WHERE business_day_id = ${pos.dayId}) AS orders,
            (SELECT coalesce(sum(total_minor), 0)::text FROM pos_orders WHERE business_day_id = ${pos.dayId}) AS total,
            (SELECT count(*)::int FROM vouchers) AS vouchers`),
      );
    await closeDay(t.db, pos.dayId);
    const before = await closedDay();

    // No day open: the order waits on the device.
    const waiting = await sync(token.token, [early]);
    expect(waiting.json<SyncAnswer>().results[0]).toMatchObject({ ok: false, code: "POS_SYNC_NO_DAY", retry: true });

    const next = await openSession(t.db, pos.counterId, "2099-01-02");
    const late = await sync(token.token, [early]);
    const [result] = late.json<SyncAnswer>().results;
    expect(result, late.body).toMatchObject({ ok: true, late: true, number: early.invoiceNo });
    const [row] = rowsOf(
      z.object({ business_day_id: col.int, rescue: col.bool, session_id: col.int, opened_at: col.text }),
      await t.db.execute(sql`
        SELECT o.business_day_id, s.rescue, s.id AS session_id, o.opened_at::text
        FROM pos_orders o JOIN pos_sessions s ON s.id = o.session_id WHERE o.client_uuid = ${early.clientUuid}`),
    );
    expect(row).toMatchObject({ business_day_id: next.dayId, rescue: true });
    expect(row?.session_id).not.toBe(next.sessionId);
    expect(new Date(row?.opened_at ?? "").toISOString()).toBe(early.openedAt);
    expect(await closedDay()).toEqual(before);

    // A second late order joins the same rescue session.
    const second = offlineOrder(token, 2);
    const joined = await sync(token.token, [second]);
    expect(joined.json<SyncAnswer>().results[0]).toMatchObject({ ok: true, late: true });
    expect(
      await count(sql`SELECT count(*)::int AS n FROM pos_sessions WHERE rescue AND business_day_id = ${next.dayId}`),
    ).toBe(1);

    // 24 h after the session closed, the token is dead.
    await t.db.execute(
      sql`UPDATE pos_sessions SET closed_at = now() - interval '25 hours' WHERE id = ${pos.sessionId}`,
    );
    const dead = await sync(token.token, [offlineOrder(token, 3)]);
    expect(dead.statusCode, dead.body).toBe(401);
    expect(dead.json<{ code: string }>().code).toBe("DEVICE_TOKEN_EXPIRED");
  });
});
