import type { KdsTicket } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kdsEvents, kitchenTickets, posOrders } from "../../db/schema/index";
import { voidReason } from "../../test/pos-fixtures";
import { type Api, addLine, newOrder, ok, supervisorToken, uuid } from "../pos-orders/pos-orders.test-helpers";
import { kdsLiveOf } from "./kds.routes";
import { type KdsTest, openStream, startKdsTest } from "./kds.test-support";

let setup: KdsTest["setup"];
let menu: KdsTest["menu"];
let cook: Api;
let cookToken: string;
let base: string;
let manager: KdsTest["manager"];

beforeAll(async () => {
  ({ setup, menu, cook, cookToken, base, manager } = await startKdsTest());
});
afterAll(async () => {
  await setup.t.close();
});

/** A take-away order of a burger, fries and a cola, fired. */
async function firedOrder() {
  const { api, pos } = setup;
  const order = await ok(
    newOrder(api, pos.counterId, [
      addLine(menu.burger.variantId),
      addLine(menu.fries.variantId, 2),
      addLine(menu.cola.variantId),
      { opUuid: uuid(), kind: "fire" },
    ]),
  );
  return order;
}

const ticketsOf = (orderId: number) =>
  setup.t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, orderId));

const snapshot = async (query = "") => {
  const response = await cook("GET", `/api/kds/ticket${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ serverTime: string; tickets: KdsTicket[] }>();
};

const act = async (ticketId: number, action: string) => {
  const response = await cook("POST", `/api/kds/ticket/${ticketId}/${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<KdsTicket>();
};

const kitchenStatus = async (orderId: number) =>
  (await setup.t.db.select({ s: posOrders.kitchenStatus }).from(posOrders).where(eq(posOrders.id, orderId)))[0]?.s;

describe("kitchen tickets (WP4 API acceptance 1, 2)", () => {
  it("a burger (Grill), fries (Fry) and a cola not sent to the kitchen make exactly 2 tickets, on the screens", async () => {
    const order = await firedOrder();
    const tickets = await ticketsOf(order.id);
    expect(tickets.map((ticket) => [ticket.stationId, ticket.kind, ticket.status]).sort()).toEqual(
      [
        [menu.grill.id, "new", "new"],
        [menu.fry.id, "new", "new"],
      ].sort(),
    );
    const grill = await snapshot(`?stationId=${menu.grill.id}`);
    const card = grill.tickets.find((ticket) => ticket.orderId === order.id);
    expect(card).toMatchObject({
      stationName: menu.grill.name,
      kind: "new",
      status: "new",
      token: order.token,
      orderType: "take_away",
      targetMinutes: 8,
      alertMinutes: 4,
      items: [expect.objectContaining({ name: expect.stringContaining("Burger"), qty: 1, voidedQty: 0 })],
    });
    expect(Date.parse(grill.serverTime)).not.toBeNaN();
    const expo = await snapshot();
    expect(expo.tickets.filter((ticket) => ticket.orderId === order.id)).toHaveLength(2);
    const stats = await cook("GET", `/api/kds/stats?stationId=${menu.fry.id}`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json<{ pending: { variantId: number; qty: number }[] }>().pending).toContainEqual(
      expect.objectContaining({ variantId: menu.fries.variantId, qty: 2 }),
    );
    expect((await cook("GET", "/api/kds/ticket?stationId=999999")).statusCode).toBe(400);
    expect((await cook("GET", "/api/kds/stats?date=2026-02-30")).statusCode).toBe(400);
  });

  it("a line added later makes an addition ticket with only that line; a void after firing a void ticket", async () => {
    const { api } = setup;
    const order = await firedOrder();
    const more = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [addLine(menu.burger.variantId, 3), { opUuid: uuid(), kind: "fire" }],
      }),
    );
    const added = (await ticketsOf(order.id)).filter((ticket) => ticket.kind === "addition");
    expect(added.map((ticket) => ticket.stationId)).toEqual([menu.grill.id]);
    const [card] = (await snapshot(`?stationId=${menu.grill.id}`)).tickets.filter((t) => t.id === added[0]?.id);
    expect(card?.items.map((item) => item.qty)).toEqual([3]);

    const fries = more.lines.find((line) => line.variantId === menu.fries.variantId);
    const approval = await supervisorToken(api, manager, "void_after_fire");
    await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: more.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "void_line",
            lineUuid: fries?.lineUuid,
            reasonId: await voidReason(setup.t.db, false),
            supervisorToken: approval,
          },
        ],
      }),
    );
    const voids = (await ticketsOf(order.id)).filter((ticket) => ticket.kind === "void");
    expect(voids.map((ticket) => ticket.stationId)).toEqual([menu.fry.id]);
  });
});

describe("ticket actions (WP4 API acceptance 5)", () => {
  it("start, bump, a second bump that changes nothing, recall, serve; kitchen_status follows", async () => {
    const order = await firedOrder();
    const [grill, fry] = (await ticketsOf(order.id)).sort((a, b) => (a.stationId === menu.grill.id ? -1 : b.id - a.id));
    if (!grill || !fry) throw new Error("two tickets expected");
    const eventsOf = async () =>
      (await setup.t.db.select().from(kdsEvents).where(eq(kdsEvents.orderId, order.id))).filter(
        (event) => event.kind !== "ticket_created",
      ).length;
    expect(await kitchenStatus(order.id)).toBe("new");
    expect(await act(grill.id, "start")).toMatchObject({ status: "preparing", startedAt: expect.any(String) });
    expect(await kitchenStatus(order.id)).toBe("new");
    await act(fry.id, "start");
    expect(await kitchenStatus(order.id)).toBe("preparing");
    const bumped = await act(grill.id, "bump");
    expect(bumped).toMatchObject({ status: "ready", readyAt: expect.any(String) });
    expect(bumped.items.every((item) => item.doneAt !== null)).toBe(true);
    const events = await eventsOf();
    expect(await act(grill.id, "bump")).toEqual(bumped);
    expect(await eventsOf()).toBe(events);
    await act(fry.id, "bump");
    expect(await kitchenStatus(order.id)).toBe("ready");
    expect(await act(grill.id, "recall")).toMatchObject({ status: "preparing", recalledCount: 1, readyAt: null });
    expect(await kitchenStatus(order.id)).toBe("preparing");
    await act(grill.id, "bump");
    await act(grill.id, "serve");
    expect(await kitchenStatus(order.id)).toBe("ready");
    await act(fry.id, "serve");
    expect(await kitchenStatus(order.id)).toBe("served");
    expect((await snapshot()).tickets.some((ticket) => ticket.orderId === order.id)).toBe(false);
    // Served tickets leave the screen but stay on Recall's list: the last bumped, newest first.
    const recent = (await snapshot(`?status=recent&stationId=${grill.stationId}`)).tickets;
    expect(recent.find((ticket) => ticket.id === grill.id)).toMatchObject({ status: "served", recalledCount: 1 });
    expect(recent.every((ticket) => ticket.stationId === grill.stationId && ticket.kind !== "void")).toBe(true);
    const readyTimes = recent.map((ticket) => Date.parse(ticket.readyAt ?? ""));
    expect(readyTimes).toEqual([...readyTimes].sort((a, b) => b - a));
    const everywhere = (await snapshot("?status=recent")).tickets.map((ticket) => ticket.id);
    expect(everywhere).toEqual(expect.arrayContaining([grill.id, fry.id]));

    const pinned = await act(fry.id, "priority");
    expect(pinned.priority).toBe(true);
    expect((await act(fry.id, "priority")).priority).toBe(false);
  });

  it("answers 409 for a move its state does not allow, 404 for a missing ticket or item, and item done once", async () => {
    const order = await firedOrder();
    const [ticket] = await ticketsOf(order.id);
    if (!ticket) throw new Error("ticket expected");
    const serve = await cook("POST", `/api/kds/ticket/${ticket.id}/serve`);
    expect(serve.statusCode).toBe(409);
    expect(serve.json()).toMatchObject({ code: "KDS_TICKET_STATE", message: "A new ticket cannot be served" });
    expect((await cook("POST", `/api/kds/ticket/${ticket.id}/recall`)).statusCode).toBe(409);
    const missing = await cook("POST", "/api/kds/ticket/2147483000/bump");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "No such kitchen ticket" });
    expect((await cook("POST", "/api/kds/item/2147483000/done")).statusCode).toBe(404);
    expect((await cook("POST", "/api/kds/ticket/abc/bump")).statusCode).toBe(400);

    const [card] = (await snapshot()).tickets.filter((entry) => entry.id === ticket.id);
    const itemId = card?.items[0]?.id ?? 0;
    const done = await cook("POST", `/api/kds/item/${itemId}/done`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<KdsTicket>().items[0]?.doneAt).toEqual(expect.any(String));
    const count = await setup.t.db.$count(kdsEvents, eq(kdsEvents.kind, "item_done"));
    expect((await cook("POST", `/api/kds/item/${itemId}/done`)).statusCode).toBe(200);
    expect(await setup.t.db.$count(kdsEvents, eq(kdsEvents.kind, "item_done"))).toBe(count);
  });
});

describe("the event stream (WP4 API acceptance 6)", () => {
  it("says hello with the server time, then sends fires and actions live, a station only its own", async () => {
    const grill = await openStream(base, cookToken, `?stationId=${menu.grill.id}`);
    const expo = await openStream(base, cookToken);
    expect(grill.response.status).toBe(200);
    expect(grill.response.headers.get("content-type")).toContain("text/event-stream");
    const [hello] = await grill.waitFor(1, ["hello"]);
    expect(Date.parse(String((hello?.data as { serverTime?: string } | undefined)?.serverTime))).not.toBeNaN();
    await expo.waitFor(1, ["hello"]);
    const order = await firedOrder();
    const created = await grill.waitFor(1, ["ticket_created"]);
    expect(created[0]?.data).toMatchObject({ orderId: order.id, stationId: menu.grill.id });
    expect(created[0]?.id).toBe(String((created[0]?.data as { id?: number } | undefined)?.id));
    await expo.waitFor(2, ["ticket_created"]);
    const [ticket] = (await ticketsOf(order.id)).filter((entry) => entry.stationId === menu.grill.id);
    await act(ticket?.id ?? 0, "start");
    const updated = await grill.waitFor(1, ["ticket_updated"]);
    expect(updated[0]?.data).toMatchObject({ kind: "ticket_updated", payload: { status: "preparing" } });
    await expo.waitFor(1, ["ticket_updated"]);
    expect(grill.messages.filter((message) => message.event === "ticket_created")).toHaveLength(1);
    await grill.close();
    await expo.close();
  });

  it("replays exactly the events missed since Last-Event-ID, and answers reset for an id no longer kept", async () => {
    const first = await openStream(base, cookToken);
    await first.waitFor(1, ["hello"]);
    await firedOrder();
    const seen = await first.waitFor(2, ["ticket_created"]);
    const last = seen.at(-1)?.id ?? "0";
    await first.close();
    // Disconnected: 3 tickets are fired (a burger twice to Grill and fries to Fry).
    const { api, pos } = setup;
    const a = await ok(
      newOrder(api, pos.counterId, [addLine(menu.burger.variantId), { opUuid: uuid(), kind: "fire" }]),
    );
    const b = await firedOrder();
    const again = await openStream(base, cookToken, "", { "last-event-id": last });
    const replayed = await again.waitFor(3, ["ticket_created"]);
    expect(replayed.map((message) => (message.data as { orderId: number }).orderId).sort()).toEqual(
      [a.id, b.id, b.id].sort(),
    );
    expect(again.messages.map((message) => message.event)).toEqual(["hello", ...replayed.map(() => "ticket_created")]);
    await again.close();
    // The fetch reader's query parameter resumes the same way.
    const byQuery = await openStream(base, cookToken, `?lastEventId=${last}`);
    expect(await byQuery.waitFor(3, ["ticket_created"])).toHaveLength(3);
    await byQuery.close();

    // An event older than the keeping time after the screen's id: it cannot resume, it reloads.
    await setup.t.db.execute(sql`UPDATE kds_events SET at = now() - interval '4 days' WHERE id = ${Number(last) + 1}`);
    const stale = await openStream(base, cookToken, `?lastEventId=${last}`);
    const [reset] = await stale.waitFor(1, ["reset"]);
    expect(reset?.data).toMatchObject({ reason: "too_old" });
    expect(stale.messages.some((message) => message.event === "ticket_created")).toBe(false);
    await stale.close();
    await setup.t.db.execute(sql`UPDATE kds_events SET at = now() WHERE id = ${Number(last) + 1}`);
    const future = await openStream(base, cookToken, "?lastEventId=999999999");
    await future.waitFor(1, ["reset"]);
    await future.close();
    const bad = await fetch(`${base}/api/kds/stream`, {
      headers: { authorization: `Bearer ${cookToken}`, "last-event-id": "x1" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ message: "Last-Event-ID: Last-Event-ID must be a whole number" });
    for (const query of ["?stationId=abc", "?stationId=2147483647", "?lastEventId=-1", "?lastEventId=1.5"]) {
      const refused = await fetch(`${base}/api/kds/stream${query}`, {
        headers: { authorization: `Bearer ${cookToken}` },
      });
      expect(refused.status, query).toBe(400);
      expect(await refused.json(), query).toMatchObject({ message: expect.stringMatching(/stationId|lastEventId/) });
    }
  });

  it("leaves no listener behind when screens disconnect, and refuses without a token", async () => {
    const live = kdsLiveOf(setup.t.app);
    const before = live?.live.listenerCount ?? -1;
    const streams = await Promise.all(Array.from({ length: 5 }, () => openStream(base, cookToken)));
    await Promise.all(streams.map((stream) => stream.waitFor(1, ["hello"])));
    expect(live?.live.listenerCount).toBe(before + 5);
    await Promise.all(streams.map((stream) => stream.close()));
    await expect.poll(() => live?.live.listenerCount).toBe(before);
    expect(live?.streams.size).toBe(before);
    expect((await fetch(`${base}/api/kds/stream`)).status).toBe(401);
  });
});
