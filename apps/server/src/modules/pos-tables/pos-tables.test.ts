import { type PosFloorTable, type PosOrder, perm } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, halls } from "../../db/schema/index";
import { createUser, loginCargo } from "../../test/harness";
import { openStream } from "../kds/kds.test-support";
import { type Api, apiAs, ok, payOp, uuid } from "../pos-orders/pos-orders.test-helpers";
import { send, startTableTest, type TableTest } from "./pos-tables.test-support";

let tt: TableTest;
let waiter: Api;
let waiterToken: string;
let cookToken: string;

beforeAll(async () => {
  tt = await startTableTest();
  const user = await createUser(tt.setup.t.db, { permissions: [perm("Table Order")] });
  waiterToken = await loginCargo(tt.setup.t.app, user.email, user.password);
  waiter = apiAs(tt.setup.t, () => waiterToken);
  cookToken = tt.cookToken;
});
afterAll(async () => {
  await tt.setup.t.close();
});

const tableOf = (tables: PosFloorTable[], name: string) => tables.find((table) => table.name === name);

describe("the floor and a table's status (design 4.8)", () => {
  it("shows free tables, then a check's guests, total, time and checks; billed; ready; reserved and cleaning", async () => {
    const before = await tt.floor(waiter);
    expect(before.hallId).toBe(tt.hall.id);
    expect(before.tables.map((table) => [table.name, table.state])).toEqual([
      ["T5", "free"],
      ["T7", "free"],
      ["T9", "free"],
    ]);

    const order = await tt.seat("T5", 4);
    const seated = tableOf((await tt.floor(waiter)).tables, "T5");
    expect(seated).toMatchObject({
      state: "occupied",
      guests: 4,
      total: order.total,
      orderIds: [order.id],
      ready: false,
      late: false,
      billPrinted: false,
    });
    expect(seated?.elapsedSeconds).toBeGreaterThanOrEqual(0);
    expect(seated?.openedAt).toBe(new Date(order.openedAt).toISOString());

    await ok(tt.api("POST", `/api/pos/order/${order.id}/bill`, {}));
    const [grillTicket] = (await tt.ticketsOf([order.id])).filter((ticket) => ticket.stationId === tt.menu.grill.id);
    const bump = await tt.cook("POST", `/api/kds/ticket/${grillTicket?.id}/bump`);
    expect(bump.statusCode, bump.body).toBe(200);
    expect(tableOf((await tt.floor(waiter)).tables, "T5")).toMatchObject({
      state: "billed",
      billPrinted: true,
      ready: true,
    });

    const since = await tt.lastEventId();
    const reserved = await send(
      tt,
      "PUT",
      `/api/pos/table/${tt.table("T9").id}/status`,
      { override: "reserved" },
      waiterToken,
    );
    expect(reserved.statusCode, reserved.body).toBe(200);
    expect(reserved.json()).toMatchObject({ name: "T9", state: "reserved", override: "reserved" });
    const cleaning = await send(tt, "PUT", `/api/pos/table/${tt.table("T9").id}/status`, { override: "cleaning" });
    expect(cleaning.json()).toMatchObject({ state: "cleaning" });
    const events = await tt.movesAfter(since);
    expect(events.map((event) => [event.kind, event.stationId, (event.payload as PosFloorTable).state])).toEqual([
      ["table_status", null, "reserved"],
      ["table_status", null, "cleaning"],
    ]);
    const cleared = await send(tt, "PUT", `/api/pos/table/${tt.table("T9").id}/status`, { override: "none" });
    expect(cleared.json()).toMatchObject({ state: "free", override: null });
    // An override does not hide a seated table: T5 stays billed.
    await send(tt, "PUT", `/api/pos/table/${tt.table("T5").id}/status`, { override: "cleaning" });
    expect(tableOf((await tt.floor()).tables, "T5")).toMatchObject({ state: "billed", override: "cleaning" });
    await send(tt, "PUT", `/api/pos/table/${tt.table("T5").id}/status`, { override: "none" });
  });

  it("refuses a bad status, an unknown table or hall, naming the field", async () => {
    const bad = await send(tt, "PUT", `/api/pos/table/${tt.table("T9").id}/status`, { override: "dirty" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: expect.stringContaining("Status is reserved, cleaning or none") });
    const missing = await send(tt, "PUT", "/api/pos/table/999999/status", { override: "reserved" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND", message: "No such table" });
    const hall = await tt.api("GET", "/api/pos/floor?hallId=999999");
    expect(hall.statusCode).toBe(400);
    expect(hall.json()).toMatchObject({
      message: "No such hall",
      details: [{ field: "hallId", message: "No such hall" }],
    });
  });
});

describe("transfer (design 6.2 step 6)", () => {
  it("moves only the table: tickets relabelled, order_moved per station on the stream, table_status for both, nothing fired", async () => {
    const order = await tt.seat("T5");
    const tickets = await tt.ticketsOf([order.id]);
    expect(tickets).toHaveLength(2);
    const stream = await openStream(tt.base, cookToken);
    await stream.waitFor(1, ["hello"]);
    const since = await tt.lastEventId();
    const moved = await ok(waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: tt.table("T9").id }));
    expect(moved.table).toMatchObject({ id: tt.table("T9").id, name: "T9" });
    expect(moved.version).toBe(order.version + 1);
    expect(moved.total).toBe(order.total);
    expect(moved.lines.map((line) => [line.id, line.status])).toEqual(
      order.lines.map((line) => [line.id, line.status]),
    );

    const after = await tt.ticketsOf([order.id]);
    expect(after.map((ticket) => ticket.id).sort()).toEqual(tickets.map((ticket) => ticket.id).sort());
    expect(after.every((ticket) => ticket.tableLabel === "T9")).toBe(true);
    const events = await tt.eventsAfter(since);
    expect(events.filter((event) => event.kind === "ticket_created")).toEqual([]);
    const movedEvents = events.filter((event) => event.kind === "order_moved");
    expect(movedEvents.map((event) => event.stationId).sort()).toEqual([tt.menu.grill.id, tt.menu.fry.id].sort());
    expect(movedEvents[0]?.payload).toMatchObject({ move: "transfer", fromTable: "T5", tableLabel: "T9" });
    const statuses = events.filter((event) => event.kind === "table_status").map((event) => event.payload);
    expect(statuses).toEqual([
      expect.objectContaining({ name: "T5" }),
      expect.objectContaining({ name: "T9", state: "occupied", orderIds: [order.id] }),
    ]);
    const live = await stream.waitFor(2, ["order_moved"]);
    expect(live.map((message) => (message.data as { orderId: number }).orderId)).toEqual([order.id, order.id]);
    await stream.close();
    const log = (await tt.opsOf(order.id)).filter((op) => op.kind === "transfer");
    expect(log).toEqual([
      expect.objectContaining({ payload: { fromTableId: tt.table("T5").id, tableId: tt.table("T9").id } }),
    ]);
  });

  it("refuses an unknown table, the same table and a paid check, and writes nothing", async () => {
    const order = await tt.seat("T7");
    const since = await tt.lastEventId();
    const unknown = await waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ details: [{ field: "tableId", message: "No such table" }] });
    const same = await waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: tt.table("T7").id });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      details: [{ field: "tableId", message: "The order is already on this table" }],
    });
    const noTable = await waiter("POST", `/api/pos/order/${order.id}/transfer`, {});
    expect(noTable.statusCode).toBe(400);
    expect(noTable.json()).toMatchObject({ message: expect.stringContaining("Choose a table") });
    expect((await tt.orderRow(order.id)).version).toBe(order.version);

    const paid = await ok(
      tt.api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [payOp([{ methodId: tt.setup.pos.cashId, amount: order.total }])],
      }),
    );
    const refused = await waiter("POST", `/api/pos/order/${paid.id}/transfer`, { tableId: tt.table("T9").id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "POS_ORDER_CLOSED",
      message: "This order is paid, voided or merged: it cannot change",
    });
    expect((await tt.orderRow(order.id)).tableId).toBe(tt.table("T7").id);
    expect(await tt.movesAfter(since)).toEqual([]);
  });

  it("a transfer sent again with the same opUuid is answered without moving again; on another check it is refused", async () => {
    const order = await tt.seat("T7");
    const opUuid = uuid();
    const first = await ok(
      waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: tt.table("T5").id, opUuid }),
    );
    const again = await ok(
      waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: tt.table("T9").id, opUuid }),
    );
    expect(again.table?.name).toBe("T5");
    expect(again.version).toBe(first.version);
    const other = await tt.seat("T7");
    const reused = await waiter("POST", `/api/pos/order/${other.id}/transfer`, { tableId: tt.table("T9").id, opUuid });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: "CLIENT_UUID_REUSED",
      message: "This opUuid was already used for a change of another order",
    });
    expect((await tt.orderRow(other.id)).tableId).toBe(tt.table("T7").id);
  });
});

describe("transfer across halls", () => {
  it("takes the new hall's own service charge: the check is priced again, its lines unchanged", async () => {
    const { t } = tt.setup;
    const [garden] = await t.db
      .insert(halls)
      .values({ outletId: 1, name: `Garden ${uuid().slice(0, 6)}`, serviceChargeBp: 0 })
      .returning();
    const [g1] = await t.db
      .insert(diningTables)
      .values({ hallId: garden?.id ?? 0, name: "G1", qrToken: uuid() })
      .returning();
    const order = await tt.seat("T5");
    expect(order.serviceCharge).toBeGreaterThan(0);
    const moved = await ok(waiter("POST", `/api/pos/order/${order.id}/transfer`, { tableId: g1?.id }));
    expect(moved.serviceCharge).toBe(0);
    expect(Math.round(moved.total * 100)).toBe(Math.round((order.total - order.serviceCharge) * 100));
    expect(moved.lines.map((line) => [line.id, line.qty, line.net])).toEqual(
      order.lines.map((line) => [line.id, line.qty, line.net]),
    );
  });
});

describe("permissions", () => {
  it("no token 401; a cook (Kitchen Display System only) 403 on the floor, status, transfer, merge and split", async () => {
    const order: PosOrder = await tt.seat("T9");
    const calls: ["GET" | "PUT" | "POST", string, object][] = [
      ["GET", `/api/pos/floor?hallId=${tt.hall.id}`, {}],
      ["PUT", `/api/pos/table/${tt.table("T9").id}/status`, { override: "reserved" }],
      ["POST", `/api/pos/order/${order.id}/transfer`, { tableId: tt.table("T5").id }],
      ["POST", `/api/pos/order/${order.id}/merge`, { intoOrderId: order.id }],
      ["POST", `/api/pos/order/${order.id}/split`, { parts: [] }],
    ];
    for (const [method, url, payload] of calls) {
      const withBody = method === "GET" ? {} : { payload };
      const anonymous = await tt.setup.t.app.inject({ method, url, ...withBody });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const cook = await tt.setup.t.app.inject({
        method,
        url,
        ...withBody,
        headers: { authorization: `Bearer ${cookToken}` },
      });
      expect(cook.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await tt.orderRow(order.id)).version).toBe(order.version);
  });
});
