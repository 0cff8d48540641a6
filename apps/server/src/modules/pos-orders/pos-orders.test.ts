import { POS_ORDER_MESSAGES, perm } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  businessDays,
  kitchenTickets,
  posCounters,
  posOrderOps,
  posPayments,
  printers,
  printJobs,
  stockMoves,
} from "../../db/schema/index";
import { createUser, loginCargo, type TestApp } from "../../test/harness";
import { dish, type PosSetup, setOutlet } from "../../test/pos-fixtures";
import { KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";
import {
  type Api,
  addLine,
  apiAs,
  detail,
  newOrder,
  ok,
  payOp,
  startOrderTest,
  supervisorToken,
  uuid,
} from "./pos-orders.test-helpers";

let t: TestApp;
let api: Api;
let pos: PosSetup;
let zinger: { variantId: number };
let chicken: { id: number };

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
  chicken = await stockProduct(t.db, "Chicken breast");
  await receiveStock(t.db, chicken.id, kg(100), 2_200_000n, pos.businessDate, KITCHEN);
  zinger = await dish(t, {
    name: "Zinger Burger",
    sizeName: "L",
    priceMinor: 100_000n,
    taxClassId: pos.foodTaxId,
    stationId: pos.stationId,
    recipe: [{ storeProductId: chicken.id, qtyMicro: kg(0.15) }],
  });
});
afterAll(() => t.close());

describe("POST /api/pos/order: a take-away sale in one request", () => {
  it("pays 1,160.00 cash for 1,000.00 of food at 16%: invoice number, token, stock through the recipe, kitchen ticket", async () => {
    const order = await ok(
      newOrder(api, pos.counterId, [
        addLine(zinger.variantId, 1, { unitPrice: 1000 }),
        payOp([{ methodId: pos.cashId, amount: 2000 }], { total: 1160 }),
      ]),
    );
    expect(order).toMatchObject({
      status: "paid",
      subtotal: 1000,
      tax: 160,
      total: 1160,
      paid: 1160,
      change: 840,
      kitchenStatus: "new",
      businessDayId: pos.dayId,
      sessionId: pos.sessionId,
    });
    expect(order.number).toMatch(new RegExp(`^A01-${pos.businessDate.slice(0, 4)}-\\d{6}$`));
    expect(order.token).toBeGreaterThan(0);
    expect(order.payments).toEqual([
      expect.objectContaining({ methodName: "Cash", amount: 1160, tendered: 2000, change: 840, base: 1000, tax: 160 }),
    ]);
    const moves = await t.db.select().from(stockMoves).where(eq(stockMoves.docId, order.id));
    expect(moves.map((move) => [move.docType, move.qtyMicro, move.valueMinor, move.posOrderLineId])).toEqual([
      ["pos_sale", -kg(0.15), -3_300n, order.lines[0]?.id],
    ]);
    const [cost] = await t.db
      .execute(sql`SELECT cost_minor::int AS cost, recipe_version_id FROM pos_order_lines WHERE order_id = ${order.id}`)
      .then((result) => (result as unknown as { rows: { cost: number; recipe_version_id: number | null }[] }).rows);
    expect(cost?.cost).toBe(3_300);
    expect(cost?.recipe_version_id).not.toBeNull();
    const tickets = await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
    expect(tickets).toEqual([expect.objectContaining({ kind: "new", stationId: pos.stationId, token: order.token })]);
  });

  it("queues the receipt for the counter's network printer with the payment, opening the drawer for cash", async () => {
    const [printer] = await t.db
      .insert(printers)
      .values({ name: `Till printer ${uuid().slice(0, 5)}`, kind: "network_escpos", host: "127.0.0.1", port: 9 })
      .returning({ id: printers.id });
    if (!printer) throw new Error("no printer");
    await t.db.update(posCounters).set({ receiptPrinterId: printer.id }).where(eq(posCounters.id, pos.counterId));
    try {
      const order = await ok(
        newOrder(api, pos.counterId, [
          addLine(zinger.variantId, 1, { unitPrice: 1000 }),
          payOp([{ methodId: pos.cashId, amount: 1160 }], { total: 1160 }),
        ]),
      );
      const jobs = await t.db.select().from(printJobs).where(eq(printJobs.refId, order.id));
      expect(jobs.map((job) => [job.printerId, job.kind, job.refType, job.status])).toEqual([
        [printer.id, "receipt", "pos_order", "queued"],
      ]);
      const text = Buffer.from(jobs[0]?.payload ?? []).toString("latin1");
      expect(text).toContain(order.number ?? "-");
      // ESC p: the drawer kick, sent because cash was taken.
      expect(text).toContain("\x1bp");
    } finally {
      await t.db.update(posCounters).set({ receiptPrinterId: null }).where(eq(posCounters.id, pos.counterId));
    }
  });

  it("acceptance 10: 580.00 cash + 525.00 card on 1,000.00 of food -> tax 80.00 + 25.00 = 105.00, total 1,105.00", async () => {
    const order = await ok(
      newOrder(api, pos.counterId, [
        addLine(zinger.variantId),
        payOp([
          { methodId: pos.cashId, amount: 580 },
          { methodId: pos.cardId, amount: 525, reference: "1234" },
        ]),
      ]),
    );
    expect(order).toMatchObject({ status: "paid", tax: 105, total: 1105, paid: 1105, change: 0 });
    expect(order.payments.map((payment) => [payment.methodName, payment.amount, payment.base, payment.tax])).toEqual([
      ["Cash", 580, 500, 80],
      ["Card", 525, 500, 25],
    ]);
  });

  it("acceptance 3: the same clientUuid twice is the same order, one set of moves, one payment", async () => {
    const body = {
      clientUuid: uuid(),
      counterId: pos.counterId,
      orderType: "take_away",
      ops: [addLine(zinger.variantId), payOp([{ methodId: pos.cardId, amount: 1050 }])],
    };
    const first = await ok(api("POST", "/api/pos/order", body));
    const lastToken = () => t.db.select({ last: businessDays.lastToken }).from(businessDays);
    const tokensBefore = await lastToken();
    const again = await ok(api("POST", "/api/pos/order", body));
    expect(again.id).toBe(first.id);
    expect(again.number).toBe(first.number);
    // The replay took no pickup token.
    expect(await lastToken()).toEqual(tokensBefore);
    expect(await t.db.$count(stockMoves, eq(stockMoves.docId, first.id))).toBe(1);
    expect(await t.db.$count(posPayments, eq(posPayments.orderId, first.id))).toBe(1);
    // The payment sent again by itself is a replay of the same operation: nothing new.
    const [payment] = await t.db.select().from(posPayments).where(eq(posPayments.orderId, first.id));
    const replay = await api("POST", `/api/pos/order/${first.id}/pay`, {
      clientUuid: (body.ops[1] as { clientUuid: string }).clientUuid,
      payments: [{ methodId: pos.cardId, amount: 1050 }],
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(await t.db.$count(posPayments, eq(posPayments.orderId, first.id))).toBe(1);
    expect(payment?.clientUuid).toMatch(/:0$/);
  });

  it("refuses what the rules refuse, naming the field, and writes nothing", async () => {
    const cases: [object[], number, string][] = [
      [[addLine(zinger.variantId), payOp([{ methodId: pos.cardId, amount: 1051 }])], 400, POS_ORDER_MESSAGES.overDue],
      [[addLine(zinger.variantId), payOp([{ methodId: pos.cashId, amount: 1000 }])], 400, POS_ORDER_MESSAGES.underpaid],
      [[payOp([{ methodId: pos.cashId, amount: 10 }])], 400, POS_ORDER_MESSAGES.noLines],
      [[addLine(zinger.variantId, 1, { unitPrice: 900 })], 409, POS_ORDER_MESSAGES.pricesChanged],
      [
        [addLine(zinger.variantId), payOp([{ methodId: pos.cashId, amount: 1160 }], { total: 1100 })],
        409,
        POS_ORDER_MESSAGES.pricesChanged,
      ],
      [[addLine(999_999)], 400, POS_ORDER_MESSAGES.variant],
      [[payOp([{ methodId: pos.cashId, amount: 1 }]), addLine(zinger.variantId)], 400, POS_ORDER_MESSAGES.payLast],
    ];
    const before = await t.db.$count(posOrderOps);
    for (const [ops, status, message] of cases) {
      const response = await newOrder(api, pos.counterId, ops);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
    expect(await t.db.$count(posOrderOps)).toBe(before);
  });

  it("needs an open session for the counter (409 naming Day Open)", async () => {
    const [other] = await t.db
      .execute(sql`INSERT INTO pos_counters (outlet_id, code, name, cash_account_id)
                   SELECT 1, 'Z9', 'Spare', cash_account_id FROM pos_counters WHERE code = 'A01' RETURNING id`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    const response = await newOrder(api, other?.id ?? 0, [addLine(zinger.variantId)]);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({ code: "SESSION_NOT_OPEN" });
    expect(response.json<{ message: string }>().message).toContain("Day Open");
  });
});

describe("operations on a stored order", () => {
  it("acceptance 4: two devices add lines with stale versions -> all lines, one version per batch; a changed line conflicts", async () => {
    const order = await ok(newOrder(api, pos.counterId, []));
    const v = order.version;
    const a = addLine(zinger.variantId);
    const b = addLine(zinger.variantId, 2);
    const first = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, { expectedVersion: v, ops: [a] }, { "x-device-id": "tab-1" }),
    );
    const second = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, { expectedVersion: v, ops: [b] }, { "x-device-id": "tab-2" }),
    );
    expect(first.version).toBe(v + 1);
    expect(second.version).toBe(v + 2);
    expect(second.lines.map((line) => line.lineUuid).sort()).toEqual([a.lineUuid, b.lineUuid].sort());
    // A replayed batch is skipped: same answer, same version.
    const replay = await ok(api("POST", `/api/pos/order/${order.id}/ops`, { expectedVersion: v, ops: [b] }));
    expect(replay.version).toBe(v + 2);
    // Device 1 changes line b, which device 2 changed after device 1's version: 409 with the current order.
    const setB = { opUuid: uuid(), kind: "set_qty", lineUuid: b.lineUuid, qty: 3 };
    const stale = await api("POST", `/api/pos/order/${order.id}/ops`, { expectedVersion: v + 1, ops: [setB] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ code: string; details: { order: { version: number } } }>()).toMatchObject({
      code: "POS_VERSION_CONFLICT",
      details: { order: { version: v + 2 } },
    });
    // Line a was not changed since v + 1: its change commutes.
    const setA = { opUuid: uuid(), kind: "set_qty", lineUuid: a.lineUuid, qty: 2 };
    const fine = await ok(api("POST", `/api/pos/order/${order.id}/ops`, { expectedVersion: v + 1, ops: [setA] }));
    expect(fine.lines.find((line) => line.lineUuid === a.lineUuid)?.qty).toBe(2);
    const log = await detail(api, order.id);
    expect(log.ops.map((op) => [op.kind, op.device, op.versionAfter])).toEqual([
      ["add_line", "tab-1", v + 1],
      ["add_line", "tab-2", v + 2],
      ["set_qty", null, v + 3],
    ]);
  });

  it("a discount above the threshold needs the supervisor, and the log names the manager", async () => {
    await setOutlet(t.db, { supervisorRules: { maxDiscountBpWithoutApproval: 1000 } });
    const manager = await createUser(t.db, { permissions: [perm("Setting", "Day Close")] });
    const order = await ok(newOrder(api, pos.counterId, [addLine(zinger.variantId)]));
    const discount = (extra: object) => ({ opUuid: uuid(), kind: "discount", lineUuid: null, percent: 20, ...extra });
    const refused = await api("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [discount({})],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe("POS_SUPERVISOR_REQUIRED");
    const approval = await supervisorToken(api, manager, "discount");
    const done = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [discount({ supervisorToken: approval })],
      }),
    );
    expect(done).toMatchObject({ subtotal: 1000, discount: 200, tax: 128, total: 928 });
    expect(done.discounts).toEqual([
      expect.objectContaining({
        source: "manual",
        percent: 20,
        allocated: 200,
        approvedBy: expect.objectContaining({ id: manager.id }),
      }),
    ]);
    const log = await detail(api, order.id);
    const op = log.ops.find((entry) => entry.kind === "discount");
    expect(op?.approvedBy?.id).toBe(manager.id);
    expect(op?.payload).not.toHaveProperty("supervisorToken");
    // 10% is within the threshold.
    const small = await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: done.version,
        ops: [discount({ percent: 10 })],
      }),
    );
    expect(small.discount).toBe(100);
    await setOutlet(t.db, { supervisorRules: {} });
  });

  it("acceptance 11: a Table Order-only user adds items but gets 403 on pay", async () => {
    const waiter = await createUser(t.db, { permissions: [perm("Table Order")] });
    const waiterApi = apiAs(t, () => waiterToken);
    const waiterToken = await loginCargo(t.app, waiter.email, waiter.password);
    const order = await ok(newOrder(waiterApi, pos.counterId, [addLine(zinger.variantId)]));
    const pay = await waiterApi("POST", `/api/pos/order/${order.id}/pay`, {
      clientUuid: uuid(),
      payments: [{ methodId: pos.cashId, amount: 1160 }],
    });
    expect(pay.statusCode).toBe(403);
    const inOps = await waiterApi("POST", `/api/pos/order/${order.id}/ops`, {
      expectedVersion: order.version,
      ops: [payOp([{ methodId: pos.cashId, amount: 1160 }])],
    });
    expect(inOps.statusCode).toBe(403);
    expect((await detail(api, order.id)).status).toBe("open");
  });

  it("bill, pay through /pay, pick up; the list finds it by token and number", async () => {
    const order = await ok(newOrder(api, pos.counterId, [addLine(zinger.variantId, 2)]));
    const billed = await ok(api("POST", `/api/pos/order/${order.id}/bill`, {}));
    expect(billed.status).toBe("billed");
    const paid = await ok(
      api("POST", `/api/pos/order/${order.id}/pay`, {
        clientUuid: uuid(),
        payments: [{ methodId: pos.cardId, amount: 2100 }],
      }),
    );
    expect(paid).toMatchObject({ status: "paid", total: 2100, tax: 100 });
    const picked = await ok(api("POST", `/api/pos/order/${order.id}/picked_up`, {}));
    expect(picked.kitchenStatus).toBe("served");
    expect(picked.pickedUpAt).not.toBeNull();
    const byToken = await api("GET", `/api/pos/order?q=${paid.token}`);
    expect(byToken.json<{ data: { id: number }[] }>().data.map((row) => row.id)).toContain(order.id);
    const byNumber = await api("GET", `/api/pos/order?q=${paid.number}&status=paid`);
    expect(byNumber.json<{ data: { id: number }[]; total_results: number }>()).toMatchObject({
      total_results: 1,
      data: [{ id: order.id }],
    });
  });
});

describe("GET /api/pos/void_reason", () => {
  it("lists the active reasons a fresh install starts with, waste ones marked", async () => {
    const response = await api("GET", "/api/pos/void_reason");
    expect(response.statusCode).toBe(200);
    const reasons = response.json<{ data: { name: string; isWaste: boolean }[] }>().data;
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "Dropped or spoiled", isWaste: true }),
        expect.objectContaining({ name: "Entered by mistake", isWaste: false }),
      ]),
    );
  });
});
