import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStream } from "../kds/kds.test-support";
import { detail, ok, payOp } from "../pos-orders/pos-orders.test-helpers";
import { startTableTest, type TableTest } from "./pos-tables.test-support";

let tt: TableTest;

beforeAll(async () => {
  tt = await startTableTest();
});
afterAll(async () => {
  await tt.setup.t.close();
});

const minor = (amount: number) => Math.round(amount * 100);

describe("merge (WP4 API acceptance 3)", () => {
  it("merging T5 into T7: ticket count unchanged, every table_label T7, order_moved sent, T5 merged", async () => {
    const t5 = await tt.seat("T5", 2);
    const t7 = await tt.seat("T7", 3);
    const ticketsBefore = await tt.ticketsOf([t5.id, t7.id]);
    expect(ticketsBefore).toHaveLength(4);
    const stream = await openStream(tt.base, tt.cookToken, `?stationId=${tt.menu.grill.id}`);
    await stream.waitFor(1, ["hello"]);
    const since = await tt.lastEventId();

    const merged = await ok(tt.api("POST", `/api/pos/order/${t5.id}/merge`, { intoOrderId: t7.id }));
    expect(merged.id).toBe(t7.id);
    expect(merged.table?.name).toBe("T7");
    expect(merged.lines).toHaveLength(t5.lines.length + t7.lines.length);
    expect(minor(merged.total)).toBe(minor(t5.total) + minor(t7.total));
    expect(merged.guests).toBe(5);
    expect(merged.kitchenStatus).toBe("new");

    const ticketsAfter = await tt.ticketsOf([t5.id, t7.id]);
    expect(ticketsAfter).toHaveLength(ticketsBefore.length);
    expect(ticketsAfter.every((ticket) => ticket.orderId === t7.id && ticket.tableLabel === "T7")).toBe(true);
    const source = await tt.orderRow(t5.id);
    expect(source).toMatchObject({ status: "merged", mergedIntoId: t7.id, totalMinor: 0n, version: t5.version + 1 });
    expect((await tt.opsOf(t5.id)).map((op) => op.kind)).toContain("merge");
    expect((await tt.opsOf(t7.id)).map((op) => op.kind)).toContain("merge");

    const events = await tt.eventsAfter(since);
    expect(events.filter((event) => event.kind === "ticket_created")).toEqual([]);
    const moved = events.filter((event) => event.kind === "order_moved");
    expect(moved.map((event) => event.stationId).sort()).toEqual([tt.menu.grill.id, tt.menu.fry.id].sort());
    expect(moved[0]?.payload).toMatchObject({
      move: "merge",
      fromOrderId: t5.id,
      orderId: t7.id,
      fromTable: "T5",
      tableLabel: "T7",
    });
    expect(events.filter((event) => event.kind === "table_status").map((event) => event.payload)).toEqual([
      expect.objectContaining({ name: "T5", state: "free" }),
      expect.objectContaining({ name: "T7", state: "occupied", orderIds: [t7.id] }),
    ]);
    const live = await stream.waitFor(1, ["order_moved"]);
    expect(live[0]?.data).toMatchObject({ kind: "order_moved", stationId: tt.menu.grill.id, orderId: t7.id });
    await stream.close();

    const snapshot = await tt.cook("GET", `/api/kds/ticket?stationId=${tt.menu.grill.id}`);
    const cards = snapshot.json<{ tickets: { orderId: number; tableLabel: string | null }[] }>().tickets;
    expect(cards.filter((card) => card.orderId === t7.id).map((card) => card.tableLabel)).toEqual(["T7", "T7"]);
  });

  it("refuses merging into itself, into an unknown or paid check, and a paid check, writing nothing", async () => {
    const a = await tt.seat("T9");
    const b = await tt.seat("T9");
    const since = await tt.lastEventId();
    const self = await tt.api("POST", `/api/pos/order/${a.id}/merge`, { intoOrderId: a.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      details: [{ field: "intoOrderId", message: "A check cannot be merged into itself" }],
    });
    const unknown = await tt.api("POST", `/api/pos/order/${a.id}/merge`, { intoOrderId: 999_999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      details: [{ field: "intoOrderId", message: "No such check to merge into" }],
    });
    await ok(
      tt.api("POST", `/api/pos/order/${b.id}/ops`, {
        expectedVersion: b.version,
        ops: [payOp([{ methodId: tt.setup.pos.cashId, amount: b.total }])],
      }),
    );
    const intoPaid = await tt.api("POST", `/api/pos/order/${a.id}/merge`, { intoOrderId: b.id });
    expect(intoPaid.statusCode).toBe(409);
    expect(intoPaid.json()).toMatchObject({
      code: "POS_ORDER_CLOSED",
      message: "The check to merge into is paid, voided or merged: it cannot take lines",
    });
    const paidSource = await tt.api("POST", `/api/pos/order/${b.id}/merge`, { intoOrderId: a.id });
    expect(paidSource.statusCode).toBe(409);
    expect(paidSource.json()).toMatchObject({
      code: "POS_ORDER_CLOSED",
      message: "This order is paid, voided or merged: it cannot change",
    });
    expect((await tt.orderRow(a.id)).version).toBe(a.version);
    expect((await detail(tt.api, a.id)).lines).toHaveLength(a.lines.length);
    expect(await tt.movesAfter(since)).toEqual([]);
  });
});
