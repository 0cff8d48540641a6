import { type DaySummary, POS_ORDER_MESSAGES } from "@cargodesk/shared";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  coupons,
  dealComponentOptions,
  dealComponents,
  deals,
  diningTables,
  halls,
  kitchenStations,
  kitchenTickets,
  paymentMethods,
  stockMoves,
} from "../../db/schema/index";
import type { TestApp } from "../../test/harness";
import { dish, type PosSetup, setCategory, setOutlet, voidReason } from "../../test/pos-fixtures";
import { KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";
import { type Api, addLine, newOrder, ok, payOp, startOrderTest, uuid } from "./pos-orders.test-helpers";

/** Deals, coupons and promotions, the customer's discount, house accounts, service charge, rounding, firing. */
let t: TestApp;
let api: Api;
let pos: PosSetup;

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
});
afterAll(() => t.close());

const ops = (orderId: number, version: number, list: object[]) =>
  api("POST", `/api/pos/order/${orderId}/ops`, { expectedVersion: version, ops: list });

describe("deals", () => {
  it("the header carries the price and the picks' extras; its parts share it by list price and take their own stock", async () => {
    const bun = await stockProduct(t.db, "Bun");
    await receiveStock(t.db, bun.id, kg(10), 100_000n, pos.businessDate, KITCHEN);
    const burger = await dish(t, {
      name: `Deal Burger ${uuid().slice(0, 5)}`,
      priceMinor: 90_000n,
      taxClassId: pos.foodTaxId,
      recipe: [{ storeProductId: bun.id, qtyMicro: kg(0.1) }],
    });
    const cola = await dish(t, {
      name: `Deal Cola ${uuid().slice(0, 5)}`,
      priceMinor: 20_000n,
      taxClassId: pos.foodTaxId,
    });
    const tea = await dish(t, {
      name: `Deal Tea ${uuid().slice(0, 5)}`,
      priceMinor: 10_000n,
      taxClassId: pos.foodTaxId,
    });
    const [deal] = await t.db
      .insert(deals)
      .values({ code: `D-${uuid().slice(0, 6)}`, name: "Lunch Deal", priceMinor: 100_000n })
      .returning({ id: deals.id });
    const [fixed] = await t.db
      .insert(dealComponents)
      .values({ dealId: deal?.id ?? 0, kind: "fixed" })
      .returning();
    const [choice] = await t.db
      .insert(dealComponents)
      .values({ dealId: deal?.id ?? 0, kind: "choice", label: "Drink" })
      .returning();
    await t.db.insert(dealComponentOptions).values({ componentId: fixed?.id ?? 0, variantId: burger.variantId });
    const options = await t.db
      .insert(dealComponentOptions)
      .values([
        { componentId: choice?.id ?? 0, variantId: cola.variantId, extraPriceMinor: 5_000n },
        { componentId: choice?.id ?? 0, variantId: tea.variantId, isDefault: true },
      ])
      .returning({ id: dealComponentOptions.id });
    const line = {
      opUuid: uuid(),
      kind: "add_line",
      lineUuid: uuid(),
      dealId: deal?.id,
      picks: [options[0]?.id],
      qty: 1,
    };
    const badPick = await newOrder(api, pos.counterId, [{ ...line, opUuid: uuid(), picks: [999_999] }]);
    expect(badPick.statusCode).toBe(400);
    const summary = async () => {
      const preview = await api("GET", `/api/setting/day_close/preview?dayId=${pos.dayId}`);
      expect(preview.statusCode, preview.body).toBe(200);
      const { byCategory, byTax } = preview.json<{ summary: DaySummary }>().summary;
      const add = (values: number[]) => Math.round(values.reduce((acc, value) => acc + value * 100, 0));
      return { net: add(byCategory.map((row) => row.net)), tax: add(byTax.map((row) => row.tax)) };
    };
    const before = await summary();
    const order = await ok(newOrder(api, pos.counterId, [line, payOp([{ methodId: pos.cashId, amount: 1218 }])]));
    expect(order).toMatchObject({ subtotal: 1050, tax: 168, total: 1218 });
    // Day Close counts the deal once: revenue from its parts, tax from its header.
    const after = await summary();
    expect({ net: after.net - before.net, tax: after.tax - before.tax }).toEqual({ net: 105_000, tax: 16_800 });
    const [header, burgerPart, colaPart] = order.lines;
    expect(header).toMatchObject({ dealId: deal?.id, variantId: null, net: 1050, tax: 168, unitPrice: 1050 });
    // 1,050.00 over list prices 900 : 200, rounded down, the remainder on the largest part.
    expect([burgerPart?.net, colaPart?.net]).toEqual([859.1, 190.9]);
    expect([burgerPart?.dealParentLineId, colaPart?.dealParentLineId]).toEqual([header?.id, header?.id]);
    const moves = await t.db.select().from(stockMoves).where(eq(stockMoves.docId, order.id));
    expect(moves.map((move) => [move.posOrderLineId, move.qtyMicro])).toEqual([[burgerPart?.id, -kg(0.1)]]);
  });
});

describe("coupons, promotions and the customer's discount", () => {
  it("a code given at payment and an automatic promotion are applied and redeemed; the customer's % follows", async () => {
    const item = await dish(t, {
      name: `Promo Pizza ${uuid().slice(0, 5)}`,
      priceMinor: 100_000n,
      taxClassId: pos.foodTaxId,
    });
    const code = `SAVE${uuid().slice(0, 4).toUpperCase()}`;
    const coupon = await api("POST", "/api/inventory/coupon", { code, name: "Save 100", kind: "amount", value: 100 });
    expect(coupon.statusCode, coupon.body).toBe(200);
    const promotion = await api("POST", "/api/inventory/coupon", {
      name: `Ten off ${code}`,
      kind: "percent",
      value: 10,
      autoApply: true,
      stackable: true,
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    const customer = await api("POST", "/api/inventory/customer", {
      name: "Regular Guest",
      phone: `0300${String(Date.now()).slice(-7)}`,
      discountPercent: 5,
    });
    expect(customer.statusCode, customer.body).toBe(200);
    const customerId = customer.json<{ data: { id: number } }>().data.id;
    const unknown = await newOrder(api, pos.counterId, [
      addLine(item.variantId),
      payOp([{ methodId: pos.cashId, amount: 2000 }], { couponCode: "NOPE" }),
    ]);
    expect(unknown.json<{ message: string }>().message).toBe(POS_ORDER_MESSAGES.couponUnknown);
    // 1,000.00 - 10% = 900.00 - 100.00 = 800.00 - 5% = 760.00; + 16% = 881.60.
    const order = await ok(
      newOrder(
        api,
        pos.counterId,
        [addLine(item.variantId), payOp([{ methodId: pos.cashId, amount: 881.6 }], { couponCode: code.toLowerCase() })],
        {
          customerId,
        },
      ),
    );
    expect(order).toMatchObject({ subtotal: 1000, discount: 240, tax: 121.6, total: 881.6, couponCode: code });
    expect(order.discounts.map((entry) => [entry.source, entry.allocated]).sort()).toEqual([
      ["coupon", 100],
      ["customer", 40],
      ["promotion", 100],
    ]);
    const used = await api("GET", `/api/inventory/coupon/${coupon.json<{ data: { id: number } }>().data.id}`);
    expect(used.json<{ usedCount: number }>().usedCount).toBe(1);
    // Later tests price without the promotion.
    await t.db.update(coupons).set({ active: false }).where(isNull(coupons.code));
  });
});

describe("house accounts", () => {
  it("on account needs a customer with credit, within the limit", async () => {
    const [account] = await t.db
      .insert(paymentMethods)
      .values({ name: `House ${uuid().slice(0, 4)}`, kind: "on_account", countedAtClose: false })
      .returning({ id: paymentMethods.id });
    const item = await dish(t, {
      name: `Tab Soup ${uuid().slice(0, 5)}`,
      priceMinor: 50_000n,
      taxClassId: pos.foodTaxId,
    });
    const onAccount = [{ methodId: account?.id, amount: 580 }];
    const walkIn = await newOrder(api, pos.counterId, [addLine(item.variantId), payOp(onAccount)]);
    expect(walkIn.statusCode).toBe(400);
    expect(walkIn.json<{ message: string }>().message).toBe(POS_ORDER_MESSAGES.onAccountCustomer);
    const created = await api("POST", "/api/inventory/customer", {
      name: "Office Account",
      phone: `0301${String(Date.now()).slice(-7)}`,
      creditAllowed: true,
      creditLimit: 1000,
    });
    expect(created.statusCode, created.body).toBe(200);
    const customerId = created.json<{ data: { id: number } }>().data.id;
    const first = await ok(newOrder(api, pos.counterId, [addLine(item.variantId), payOp(onAccount)], { customerId }));
    expect(first.status).toBe("paid");
    const over = await newOrder(api, pos.counterId, [addLine(item.variantId), payOp(onAccount)], { customerId });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ code: string }>().code).toBe("POS_CREDIT_LIMIT");
  });
});

describe("dine-in: service charge, cash rounding, firing by station", () => {
  it("5% service charge untaxed, cash rounded to 1.00; fire sends new then addition tickets per station, skipping a category not sent", async () => {
    await setOutlet(t.db, { serviceChargeBp: 500, serviceChargeTypes: 1, cashRoundingMinor: 100 });
    const [hall] = await t.db
      .insert(halls)
      .values({ outletId: 1, name: `Hall ${uuid().slice(0, 4)}` })
      .returning();
    const [table] = await t.db
      .insert(diningTables)
      .values({ hallId: hall?.id ?? 0, name: "T5", qrToken: uuid() })
      .returning();
    const [bar] = await t.db
      .insert(kitchenStations)
      .values({ outletId: 1, name: `Bar ${uuid().slice(0, 4)}` })
      .returning();
    const karahi = await dish(t, {
      name: `Karahi ${uuid().slice(0, 5)}`,
      priceMinor: 100_020n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
    });
    const lassi = await dish(t, {
      name: `Lassi ${uuid().slice(0, 5)}`,
      priceMinor: 20_000n,
      taxClassId: pos.foodTaxId,
      stationId: bar?.id ?? null,
    });
    const water = await dish(t, {
      name: `Water ${uuid().slice(0, 5)}`,
      priceMinor: 5_000n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
    });
    await setCategory(t.db, water.categoryId, { sendToKitchen: false });
    const noTable = await newOrder(api, pos.counterId, [], { orderType: "dine_in" });
    expect(noTable.statusCode).toBe(400);
    const order = await ok(
      newOrder(api, pos.counterId, [addLine(karahi.variantId), addLine(water.variantId)], {
        orderType: "dine_in",
        tableId: table?.id,
        guests: 4,
      }),
    );
    // 1,050.20 net; service 52.51; tax 168.03 at 16%.
    expect(order).toMatchObject({
      subtotal: 1050.2,
      serviceCharge: 52.51,
      tax: 168.03,
      total: 1270.74,
      table: { name: "T5" },
    });
    const fired = await ok(api("POST", `/api/pos/order/${order.id}/fire`, {}));
    expect(fired.lines.map((line) => line.status)).toEqual(["fired", "pending"]);
    const more = await ok(ops(order.id, fired.version, [addLine(karahi.variantId), addLine(lassi.variantId)]));
    await ok(api("POST", `/api/pos/order/${order.id}/fire`, { lineIds: more.lines.slice(2).map((line) => line.id) }));
    const tickets = await t.db.select().from(kitchenTickets).where(eq(kitchenTickets.orderId, order.id));
    expect(tickets.map((ticket) => [ticket.fireSeq, ticket.stationId, ticket.kind, ticket.tableLabel]).sort()).toEqual(
      [
        [1, pos.stationId, "new", "T5"],
        [2, pos.stationId, "addition", "T5"],
        [2, bar?.id, "new", "T5"],
      ].sort(),
    );
    // 2,250.40 net; service 112.52; tax 360.06.
    const billed = await ok(api("POST", `/api/pos/order/${order.id}/bill`, {}));
    expect(billed).toMatchObject({ status: "billed", total: 2722.98, rounding: 0 });
    const paid = await ok(
      api("POST", `/api/pos/order/${order.id}/pay`, {
        clientUuid: uuid(),
        payments: [{ methodId: pos.cashId, amount: 3000 }],
      }),
    );
    expect(paid).toMatchObject({ total: 2723, rounding: 0.02, change: 277, status: "paid" });
    // A hall with its own 10% service charge replaces the outlet's 5%.
    const [roof] = await t.db
      .insert(halls)
      .values({ outletId: 1, name: `Roof ${uuid().slice(0, 4)}`, serviceChargeBp: 1000 })
      .returning();
    const [t9] = await t.db
      .insert(diningTables)
      .values({ hallId: roof?.id ?? 0, name: "T9", qrToken: uuid() })
      .returning();
    const onRoof = await ok(
      newOrder(api, pos.counterId, [addLine(lassi.variantId)], { orderType: "dine_in", tableId: t9?.id, guests: 2 }),
    );
    expect(onRoof).toMatchObject({ subtotal: 200, serviceCharge: 20 });
    await ok(api("POST", `/api/pos/order/${onRoof.id}/void`, { reasonId: await voidReason(t.db, false) }));
    await setOutlet(t.db, { serviceChargeBp: 0, cashRoundingMinor: 0 });
    expect(
      await t.db.$count(kitchenTickets, and(eq(kitchenTickets.orderId, order.id), eq(kitchenTickets.kind, "void"))),
    ).toBe(0);
  });
});
