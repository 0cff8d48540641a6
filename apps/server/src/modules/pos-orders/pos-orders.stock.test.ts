import { POS_ORDER_MESSAGES, perm } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTickets, stockExceptions, stockMoves } from "../../db/schema/index";
import { createUser, type TestApp } from "../../test/harness";
import { closeDay, dish, openSession, type PosSetup, setOutlet, voidReason } from "../../test/pos-fixtures";
import { binOf, KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";
import {
  type Api,
  addLine,
  detail,
  newOrder,
  ok,
  payOp,
  startOrderTest,
  supervisorToken,
  uuid,
} from "./pos-orders.test-helpers";

/** Stock through recipes at payment, waste on a void after firing, refunds (WP3 acceptance 6-9). */
let t: TestApp;
let api: Api;
let pos: PosSetup;
let manager: { userName: string; password: string; id: number };

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
  manager = await createUser(t.db, { permissions: [perm("Setting", "Day Close")] });
});
afterAll(() => t.close());

const movesOf = (orderId: number, docType: string) =>
  t.db
    .select()
    .from(stockMoves)
    .where(and(eq(stockMoves.docId, orderId), eq(stockMoves.docType, docType)));

describe("acceptance 6: the Kitchen's negative-stock policy at payment", () => {
  it("block: 0.10 kg of chicken for a 0.15 kg Zinger is 409 naming both; allow_flag: paid, with an exception of the day", async () => {
    const chicken = await stockProduct(t.db, "Chicken breast");
    await receiveStock(t.db, chicken.id, kg(0.1), 2_200n, pos.businessDate, KITCHEN);
    const zinger = await dish(t, {
      name: `Zinger Burger ${uuid().slice(0, 6)}`,
      sizeName: "L",
      priceMinor: 100_000n,
      taxClassId: pos.foodTaxId,
      recipe: [{ storeProductId: chicken.id, qtyMicro: kg(0.15) }],
    });
    await setOutlet(t.db, { kitchenNegativePolicy: "block" });
    const refused = await newOrder(api, pos.counterId, [
      addLine(zinger.variantId),
      payOp([{ methodId: pos.cashId, amount: 1160 }]),
    ]);
    expect(refused.statusCode).toBe(409);
    const body = refused.json<{ code: string; message: string; details: { shortages: { dishes: string[] }[] } }>();
    expect(body.code).toBe("POS_SOLD_OUT");
    expect(body.message).toMatch(/^Chicken breast .* is short for Zinger Burger .* \(L\)$/);
    expect(await binOf(t.db, chicken.id, KITCHEN)).toEqual({ qty: kg(0.1), value: 2_200n });

    await setOutlet(t.db, { kitchenNegativePolicy: "allow_flag" });
    const paid = await ok(
      newOrder(api, pos.counterId, [addLine(zinger.variantId), payOp([{ methodId: pos.cashId, amount: 1160 }])]),
    );
    expect(paid.status).toBe("paid");
    expect((await binOf(t.db, chicken.id, KITCHEN)).qty).toBe(-kg(0.05));
    const exceptions = await t.db.select().from(stockExceptions).where(eq(stockExceptions.storeProductId, chicken.id));
    expect(exceptions).toEqual([
      expect.objectContaining({ businessDayId: pos.dayId, shortMicro: kg(0.05), resolvedAt: null }),
    ]);
  });
});

describe("acceptance 7: voids", () => {
  it("a fired line voided for a waste reason needs the supervisor, sends a void ticket and writes waste moves", async () => {
    const beef = await stockProduct(t.db, "Beef");
    await receiveStock(t.db, beef.id, kg(10), 1_000_000n, pos.businessDate, KITCHEN);
    const burger = await dish(t, {
      name: `Beef Burger ${uuid().slice(0, 6)}`,
      priceMinor: 80_000n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
      recipe: [{ storeProductId: beef.id, qtyMicro: kg(0.2) }],
    });
    const line = addLine(burger.variantId, 2);
    const order = await ok(newOrder(api, pos.counterId, [line, { opUuid: uuid(), kind: "fire" }]));
    expect(order.lines[0]?.status).toBe("fired");
    const waste = await voidReason(t.db, true);
    const voidOp = (extra: object) => ({
      opUuid: uuid(),
      kind: "void_line",
      lineUuid: line.lineUuid,
      qty: 1,
      reasonId: waste,
      ...extra,
    });
    const noReason = await api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [voidOp({ reasonId: undefined })],
    });
    expect(noReason.statusCode).toBe(400);
    const noSupervisor = await api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [voidOp({})],
    });
    expect(noSupervisor.statusCode).toBe(403);
    const approval = await supervisorToken(api, manager, "void_after_fire");
    const voided = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [voidOp({ supervisorToken: approval })],
      }),
    );
    expect(voided.lines[0]).toMatchObject({ status: "fired", qty: 2, voidedQty: 1, net: 800 });
    expect(voided.total).toBe(928);
    const moves = await movesOf(order.id, "pos_waste");
    expect(moves.map((move) => [move.qtyMicro, move.valueMinor])).toEqual([[-kg(0.2), -20_000n]]);
    const tickets = await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
    expect(tickets.map((ticket) => ticket.kind).sort()).toEqual(["new", "void"]);
    const log = await detail(api, order.id);
    expect(log.ops.find((op) => op.kind === "void_line")?.approvedBy?.id).toBe(manager.id);
  });

  it("a pending line goes freely; a whole order with a fired line needs the supervisor", async () => {
    const burger = await dish(t, {
      name: `Wrap ${uuid().slice(0, 6)}`,
      priceMinor: 50_000n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
    });
    const first = addLine(burger.variantId);
    const order = await ok(newOrder(api, pos.counterId, [first, addLine(burger.variantId)]));
    const removed = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [{ opUuid: uuid(), kind: "void_line", lineUuid: first.lineUuid }],
      }),
    );
    expect(removed.lines[0]).toMatchObject({ status: "voided", voidedQty: 1, net: 0 });
    expect(removed.subtotal).toBe(500);
    const fired = await ok(api("POST", `/api/pos/order/${order.id}/fire`, {}));
    const reason = await voidReason(t.db, false);
    const refused = await api("POST", `/api/pos/order/${order.id}/void`, { reasonId: reason });
    expect(refused.statusCode).toBe(403);
    const approval = await supervisorToken(api, manager, "void_order");
    const voided = await ok(
      api("POST", `/api/pos/order/${order.id}/void`, { reasonId: reason, supervisorToken: approval }),
    );
    expect(voided).toMatchObject({ status: "voided", total: 0, version: fired.version + 1 });
    const after = await api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: voided.version,
      ops: [addLine(burger.variantId)],
    });
    expect(after.statusCode).toBe(409);
    expect(after.json<{ code: string }>().code).toBe("POS_ORDER_CLOSED");
  });
});

describe("acceptance 8: refunds", () => {
  it("refunding 1 of 2 makes a refund order; 3 of 2 is 400 naming the line; a direct item ticked goes back to stock", async () => {
    const cola = await stockProduct(t.db, "Cola can");
    await receiveStock(t.db, cola.id, kg(10), 100_000n, pos.businessDate, KITCHEN);
    const drink = await dish(t, {
      name: `Cola ${uuid().slice(0, 6)}`,
      priceMinor: 10_000n,
      taxClassId: pos.foodTaxId,
      direct: { storeProductId: cola.id, qtyMicro: kg(1) },
    });
    const sale = await ok(
      newOrder(api, pos.counterId, [addLine(drink.variantId, 2), payOp([{ methodId: pos.cashId, amount: 232 }])]),
    );
    const lineId = sale.lines[0]?.id ?? 0;
    const refund = (qty: number, extra: object = {}) =>
      api("POST", `/api/pos/order/${sale.id}/refund`, {
        clientUuid: uuid(),
        lines: [{ lineId, qty, backToStock: true }],
        methodId: pos.cashId,
        reasonId: extraReason,
        ...extra,
      });
    const extraReason = await voidReason(t.db, false);
    const tooMany = await refund(3, { supervisorToken: await supervisorToken(api, manager, "refund") });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ details: { field: string; message: string }[] }>().details).toEqual([
      { field: "lines.0.qty", message: POS_ORDER_MESSAGES.refundQty },
    ]);
    expect((await refund(1)).statusCode).toBe(403);
    const done = await ok(refund(1, { supervisorToken: await supervisorToken(api, manager, "refund") }));
    expect(done).toMatchObject({ status: "refund", refundOfId: sale.id, total: -116, paid: -116, tax: -16 });
    expect(done.lines[0]).toMatchObject({ qty: -1, refundOfLineId: lineId, net: -100 });
    expect(done.payments[0]).toMatchObject({ amount: -116, base: -100, tax: -16 });
    expect(done.number).toMatch(/^A01-/);
    const back = await movesOf(done.id, "pos_refund");
    expect(back.map((move) => [move.qtyMicro, move.valueMinor])).toEqual([[kg(1), 10_000n]]);
    const original = await detail(api, sale.id);
    expect(original.lines[0]?.refundedQty).toBe(1);
    expect(original.ops.at(-1)).toMatchObject({ kind: "refund", payload: { refundOrderId: done.id } });
  });
});

describe("acceptance 9: an order of a closed day", () => {
  it("is refused with 409 day closed; a paid sale of that day is still refunded into today's session", async () => {
    const item = await dish(t, { name: `Fries ${uuid().slice(0, 6)}`, priceMinor: 20_000n, taxClassId: pos.foodTaxId });
    const open = await ok(newOrder(api, pos.counterId, [addLine(item.variantId)]));
    const sold = await ok(
      newOrder(api, pos.counterId, [addLine(item.variantId), payOp([{ methodId: pos.cardId, amount: 210 }])]),
    );
    await closeDay(t.db, pos.dayId);
    const late = await api("POST", `/api/pos/order/${open.id}/ops`, {
      expectedVersion: open.version,
      ops: [addLine(item.variantId)],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; message: string }>()).toMatchObject({
      code: "POS_DAY_CLOSED",
      message: POS_ORDER_MESSAGES.dayClosed,
    });
    expect(late.json<{ message: string }>().message).toContain("day closed");
    const next = new Date(`${pos.businessDate}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const today = await openSession(t.db, pos.counterId, next.toISOString().slice(0, 10));
    await setOutlet(t.db, { supervisorRules: { refundNeedsSupervisor: false } });
    const reason = await voidReason(t.db, false);
    const refund = await ok(
      api("POST", `/api/pos/order/${sold.id}/refund`, {
        clientUuid: uuid(),
        lines: [{ lineId: sold.lines[0]?.id, qty: 1 }],
        methodId: pos.cardId,
        reasonId: reason,
      }),
    );
    expect(refund).toMatchObject({ businessDayId: today.dayId, sessionId: today.sessionId, total: -210 });
  });
});
