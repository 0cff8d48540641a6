import { randomUUID } from "node:crypto";
import { perm } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, halls } from "../../db/schema/index";
import { createUser, loginCargo } from "../../test/harness";
import { openStream } from "../kds/kds.test-support";
import { addLine, newOrder, ok, payOp, uuid } from "../pos-orders/pos-orders.test-helpers";
import { send, startTableTest, type TableTest } from "./pos-tables.test-support";

/** GET /api/pos/stream: the floor plan's live events (design 5.4 item 49, 6.2 step 1). */
let tt: TableTest;
let waiterToken: string;
let otherHallId: number;

beforeAll(async () => {
  tt = await startTableTest();
  const waiter = await createUser(tt.setup.t.db, { permissions: [perm("Table Order")] });
  waiterToken = await loginCargo(tt.setup.t.app, waiter.email, waiter.password);
  const [other] = await tt.setup.t.db
    .insert(halls)
    .values({ outletId: 1, name: `Terrace ${randomUUID().slice(0, 6)}` })
    .returning();
  otherHallId = other?.id ?? 0;
  await tt.setup.t.db.insert(diningTables).values({ hallId: otherHallId, name: "X1", qrToken: randomUUID() });
});
afterAll(() => tt.setup.t.close());

const floorStream = (query: string, token = waiterToken) => openStream(tt.base, token, query, {}, "/api/pos/stream");

describe("the floor plan's event stream", () => {
  it("tells the hall's floor that a check opened, changed and was paid at a table, and not another hall's", async () => {
    const hall = await floorStream(`?hallId=${tt.hall.id}`);
    const other = await floorStream(`?hallId=${otherHallId}`);
    const kitchen = await openStream(tt.base, tt.cookToken);
    await Promise.all([hall.waitFor(1, ["hello"]), other.waitFor(1, ["hello"]), kitchen.waitFor(1, ["hello"])]);
    expect(hall.messages[0]?.data).toMatchObject({ hallId: tt.hall.id, serverTime: expect.any(String) });

    const table = tt.table("T5").id;
    const order = await ok(
      newOrder(tt.api, tt.setup.pos.counterId, [addLine(tt.menu.cola.variantId, 1)], {
        orderType: "dine_in",
        tableId: table,
        guests: 2,
      }),
    );
    const [opened] = await hall.waitFor(1, ["table_changed"]);
    expect(opened?.data).toMatchObject({
      kind: "table_changed",
      orderId: order.id,
      stationId: null,
      payload: { tableId: table, oldTableId: null, status: "open" },
    });

    const paid = await tt.api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [payOp([{ methodId: tt.setup.pos.cashId, amount: order.total }], { total: order.total })],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidAt = () =>
      hall.messages.filter(
        (message) =>
          message.event === "table_changed" &&
          (message.data as { payload: { status: string; tableId: number } }).payload.status === "paid",
      );
    await expect.poll(() => paidAt().length, { timeout: 10_000 }).toBe(1);
    expect(paidAt()[0]?.data).toMatchObject({ orderId: order.id, payload: { tableId: table } });
    // One row per check and transaction, carrying its last state: the opening, then the payment.
    const rows = await tt.eventsAfter(0);
    expect(
      rows
        .filter((event) => event.kind === "table_changed" && event.orderId === order.id)
        .map((event) => event.payload),
    ).toEqual([
      { tableId: table, oldTableId: null, status: "open" },
      { tableId: table, oldTableId: table, status: "paid" },
    ]);

    // The other hall's floor and the kitchen screens heard none of it.
    const late = await floorStream(`?hallId=${otherHallId}`);
    await late.waitFor(1, ["hello"]);
    expect(other.messages.filter((message) => message.event === "table_changed")).toEqual([]);
    expect(kitchen.messages.filter((message) => message.event.startsWith("table_"))).toEqual([]);
    await Promise.all([hall.close(), other.close(), kitchen.close(), late.close()]);
  });

  it("writes nothing for a take-away sale", async () => {
    const before = await tt.lastEventId();
    await ok(
      newOrder(tt.api, tt.setup.pos.counterId, [addLine(tt.menu.cola.variantId, 1), { opUuid: uuid(), kind: "fire" }]),
    );
    const written = await tt.eventsAfter(before);
    expect(written.filter((event) => event.kind === "table_changed")).toEqual([]);
  });

  it("resumes after Last-Event-ID with the floor's events only", async () => {
    const from = await tt.lastEventId();
    const order = await tt.seat("T9");
    const kinds = (await tt.eventsAfter(from)).map((event) => event.kind);
    expect(kinds).toContain("table_changed");
    expect(kinds).toContain("ticket_created");
    const resumed = await floorStream(`?hallId=${tt.hall.id}&lastEventId=${from}`);
    const replayed = await resumed.waitFor(3, ["table_changed", "ticket_created"]);
    expect(replayed.every((message) => (message.data as { orderId: number }).orderId === order.id)).toBe(true);
    await resumed.close();
  });

  it("tells the table's floor who is editing a check, not the kitchen; a paid check or an unknown one is refused", async () => {
    const hall = await floorStream(`?hallId=${tt.hall.id}`);
    const other = await floorStream(`?hallId=${otherHallId}`);
    const kitchen = await openStream(tt.base, tt.cookToken);
    await Promise.all([hall.waitFor(1, ["hello"]), other.waitFor(1, ["hello"]), kitchen.waitFor(1, ["hello"])]);
    const order = await tt.seat("T7");
    const before = Date.now();
    const marked = await send(tt, "POST", `/api/pos/order/${order.id}/editing`, { deviceId: "tablet-7" }, waiterToken);
    expect(marked.statusCode, marked.body).toBe(200);
    const editing = marked.json<{
      orderId: number;
      tableId: number;
      userName: string;
      deviceId: string;
      until: string;
    }>();
    expect(editing).toMatchObject({ orderId: order.id, tableId: tt.table("T7").id, deviceId: "tablet-7" });
    expect(editing.userName).not.toBe("");
    expect(Date.parse(editing.until) - before).toBeGreaterThanOrEqual(29_000);
    const [heard] = await hall.waitFor(1, ["order_editing"]);
    expect(heard?.data).toMatchObject({ kind: "order_editing", orderId: order.id, stationId: null, payload: editing });

    const paid = await tt.api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [payOp([{ methodId: tt.setup.pos.cashId, amount: order.total }], { total: order.total })],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const closed = await send(tt, "POST", `/api/pos/order/${order.id}/editing`, {}, waiterToken);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ code: "POS_ORDER_CLOSED" });
    const unknown = await send(tt, "POST", "/api/pos/order/999999999/editing", {}, waiterToken);
    expect(unknown.statusCode).toBe(404);
    const long = await send(
      tt,
      "POST",
      `/api/pos/order/${order.id}/editing`,
      { deviceId: "x".repeat(101) },
      waiterToken,
    );
    expect(long.statusCode).toBe(400);

    const late = await floorStream(`?hallId=${otherHallId}`);
    await late.waitFor(1, ["hello"]);
    expect(other.messages.filter((message) => message.event === "order_editing")).toEqual([]);
    expect(kitchen.messages.filter((message) => message.event === "order_editing")).toEqual([]);
    await Promise.all([hall.close(), other.close(), kitchen.close(), late.close()]);
  });

  it("refuses an unknown hall with 400, a user without Table Order or POS with 403, and no token with 401", async () => {
    const unknown = await tt.setup.t.app.inject({
      method: "GET",
      url: "/api/pos/stream?hallId=999999",
      headers: { authorization: `Bearer ${waiterToken}` },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "hallId: Hall must be one of this outlet's halls" });
    const cook = await tt.setup.t.app.inject({
      method: "GET",
      url: "/api/pos/stream",
      headers: { authorization: `Bearer ${tt.cookToken}` },
    });
    expect(cook.statusCode).toBe(403);
    expect((await tt.setup.t.app.inject({ method: "GET", url: "/api/pos/stream" })).statusCode).toBe(401);
  });
});
