import type { PosOrder, PosSplitResult } from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  dealComponentOptions,
  dealComponents,
  deals,
  kitchenTicketItems,
  posOrderLines,
  posOrders,
} from "../../db/schema/index";
import { dish } from "../../test/pos-fixtures";
import { addLine, detail, newOrder, ok, payOp, supervisorToken, uuid } from "../pos-orders/pos-orders.test-helpers";
import { startTableTest, type TableTest } from "./pos-tables.test-support";

let tt: TableTest;

beforeAll(async () => {
  tt = await startTableTest();
});
afterAll(async () => {
  await tt.setup.t.close();
});

const minor = (amount: number) => Math.round(amount * 100);
const itemsOf = (orderIds: number[]) =>
  tt.setup.t.db
    .select({
      id: kitchenTicketItems.id,
      ticketId: kitchenTicketItems.ticketId,
      lineId: kitchenTicketItems.orderLineId,
      qty: kitchenTicketItems.qtyMicro,
      voided: kitchenTicketItems.voidedQtyMicro,
    })
    .from(kitchenTicketItems)
    .innerJoin(posOrderLines, eq(posOrderLines.id, kitchenTicketItems.orderLineId))
    .where(inArray(posOrderLines.orderId, orderIds))
    .orderBy(kitchenTicketItems.id);

describe("split (WP4 API acceptance 4)", () => {
  it("splitting 3 of 5 items: the two totals add up to the original and the kitchen items are unchanged", async () => {
    const order = await tt.seat("T9", 4);
    const burgers = order.lines.find((line) => line.variantId === tt.menu.burger.variantId);
    const fries = order.lines.find((line) => line.variantId === tt.menu.fries.variantId);
    if (!burgers || !fries) throw new Error("lines missing");
    const itemsBefore = await itemsOf([order.id]);
    const since = await tt.lastEventId();
    const ticketsBefore = await tt.ticketsOf([order.id]);

    const response = await tt.api("POST", `/api/pos/order/${order.id}/split`, {
      parts: [
        {
          lines: [
            { lineId: burgers.id, qty: 1 },
            { lineId: fries.id, qty: 2 },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { orderId, newOrderIds } = response.json<PosSplitResult>();
    expect(orderId).toBe(order.id);
    expect(newOrderIds).toHaveLength(1);
    const original = await detail(tt.api, order.id);
    const check = await detail(tt.api, newOrderIds[0] ?? 0);
    expect(minor(original.total) + minor(check.total)).toBe(minor(order.total));
    expect(minor(original.tax) + minor(check.tax)).toBe(minor(order.tax));
    expect(minor(original.serviceCharge) + minor(check.serviceCharge)).toBe(minor(order.serviceCharge));
    expect(original.version).toBe(order.version + 1);

    // Burgers were split in two (2 stay, 1 moves as a new line); the fries moved whole with their id.
    expect(original.lines.map((line) => [line.id, line.qty])).toEqual([
      [burgers.id, 2],
      [order.lines[2]?.id, 1],
    ]);
    const movedFries = check.lines.find((line) => line.id === fries.id);
    const splitBurger = check.lines.find((line) => line.variantId === tt.menu.burger.variantId);
    expect(check.lines).toHaveLength(2);
    expect(movedFries).toMatchObject({ id: fries.id, qty: 2, status: "fired" });
    expect(splitBurger).toMatchObject({ variantId: tt.menu.burger.variantId, qty: 1, status: "fired" });
    const stored = await tt.setup.t.db
      .select()
      .from(posOrderLines)
      .where(inArray(posOrderLines.id, [splitBurger?.id ?? 0, burgers.id]));
    const [kept, split] = [
      stored.find((line) => line.id === burgers.id),
      stored.find((line) => line.id !== burgers.id),
    ];
    expect(split?.splitFromLineId).toBe(burgers.id);
    // Added and fired in one batch, the line has its fire time; the split-off part keeps it.
    expect(kept?.firedAt).toBeInstanceOf(Date);
    expect([split?.status, split?.firedAt, split?.stationId]).toEqual([kept?.status, kept?.firedAt, kept?.stationId]);
    const [newRow] = await tt.setup.t.db.select().from(posOrders).where(eq(posOrders.id, check.id));
    expect(newRow).toMatchObject({
      splitFromId: order.id,
      tableId: tt.table("T9").id,
      status: "open",
      kitchenStatus: "new",
    });

    const itemsAfter = await tt.setup.t.db
      .select({
        id: kitchenTicketItems.id,
        ticketId: kitchenTicketItems.ticketId,
        lineId: kitchenTicketItems.orderLineId,
        qty: kitchenTicketItems.qtyMicro,
        voided: kitchenTicketItems.voidedQtyMicro,
      })
      .from(kitchenTicketItems)
      .where(
        inArray(
          kitchenTicketItems.id,
          itemsBefore.map((item) => item.id),
        ),
      )
      .orderBy(kitchenTicketItems.id);
    expect(itemsAfter).toEqual(itemsBefore);
    expect(await tt.ticketsOf([order.id])).toEqual(ticketsBefore);
    const statuses = await tt.movesAfter(since);
    expect(statuses.map((event) => event.kind)).toEqual(["table_status"]);
    expect(statuses[0]?.payload).toMatchObject({ name: "T9", orderIds: expect.arrayContaining([order.id, check.id]) });
    const floor = await tt.floor();
    expect(floor.tables.find((table) => table.name === "T9")?.orderIds).toEqual(
      expect.arrayContaining([order.id, check.id]),
    );

    // Paying the new check leaves the table occupied by the original.
    await ok(
      tt.api("POST", `/api/pos/order/${check.id}/ops`, {
        expectedVersion: check.version,
        ops: [payOp([{ methodId: tt.setup.pos.cashId, amount: check.total }])],
      }),
    );
    const t9 = (await tt.floor()).tables.find((table) => table.name === "T9");
    expect(t9?.orderIds).toContain(order.id);
    expect(t9?.orderIds).not.toContain(check.id);
  });

  it("refuses an empty split, unknown lines, too much of a line and moving everything, writing nothing", async () => {
    const order: PosOrder = await tt.seat("T5");
    const [first] = order.lines;
    const tries: [object, string, string][] = [
      [{ parts: [] }, "parts", "Send from 1 to 20 parts"],
      [{ parts: [{ lines: [] }] }, "parts.0.lines", "Each part needs from 1 to 200 lines"],
      [{ parts: [{ lines: [{ lineId: 999_999, qty: 1 }] }] }, "parts.0.lines.0.lineId", "No such line on this order"],
      [
        { parts: [{ lines: [{ lineId: first?.id, qty: 2 }] }, { lines: [{ lineId: first?.id, qty: 2 }] }] },
        "parts.1.lines.0.qty",
        "Move at most the line's quantity that is not voided",
      ],
      [
        { parts: [{ lines: order.lines.map((line) => ({ lineId: line.id, qty: line.qty })) }] },
        "parts",
        "Leave at least one item on the original check",
      ],
    ];
    for (const [body, field, message] of tries) {
      const response = await tt.api("POST", `/api/pos/order/${order.id}/split`, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details: { field: string; message: string }[] }>().details).toContainEqual({
        field,
        message,
      });
    }
    expect((await tt.orderRow(order.id)).version).toBe(order.version);
    expect(await tt.setup.t.db.select().from(posOrders).where(eq(posOrders.splitFromId, order.id))).toEqual([]);
  });

  it("a split sent again with the same opUuid answers the same new checks", async () => {
    const order = await tt.seat("T5");
    const body = { opUuid: uuid(), parts: [{ lines: [{ lineId: order.lines[0]?.id, qty: 1 }] }] };
    const first = await tt.api("POST", `/api/pos/order/${order.id}/split`, body);
    const again = await tt.api("POST", `/api/pos/order/${order.id}/split`, body);
    expect(again.json()).toEqual(first.json());
    expect(await tt.setup.t.db.select().from(posOrders).where(eq(posOrders.splitFromId, order.id))).toHaveLength(1);
  });

  it("moves a deal whole with its items, refuses a deal's item or part of a deal, and refuses a discounted check", async () => {
    const { t, pos } = tt.setup;
    const tea = await dish(t, { name: `Tea ${uuid().slice(0, 5)}`, priceMinor: 10_000n, taxClassId: pos.foodTaxId });
    const [deal] = await t.db
      .insert(deals)
      .values({ code: `D-${uuid().slice(0, 6)}`, name: "Lunch Deal", priceMinor: 60_000n })
      .returning({ id: deals.id });
    const [fixed] = await t.db
      .insert(dealComponents)
      .values({ dealId: deal?.id ?? 0, kind: "fixed" })
      .returning();
    await t.db.insert(dealComponentOptions).values([
      { componentId: fixed?.id ?? 0, variantId: tt.menu.burger.variantId },
      { componentId: fixed?.id ?? 0, variantId: tea.variantId },
    ]);
    const dealLine = { opUuid: uuid(), kind: "add_line", lineUuid: uuid(), dealId: deal?.id, qty: 2 };
    const order = await ok(
      newOrder(tt.api, pos.counterId, [dealLine, addLine(tt.menu.fries.variantId, 1)], {
        orderType: "dine_in",
        tableId: tt.table("T7").id,
        guests: 2,
      }),
    );
    const header = order.lines.find((line) => line.dealId !== null && line.dealParentLineId === null);
    const part = order.lines.find((line) => line.dealParentLineId === header?.id);
    if (!header || !part) throw new Error("deal lines missing");
    const refusals: [object, string, string][] = [
      [{ lineId: part.id, qty: 1 }, "parts.0.lines.0.lineId", "Move the deal's line, not its parts"],
      [{ lineId: header.id, qty: 1 }, "parts.0.lines.0.qty", "Move a deal whole: its full quantity, with its items"],
    ];
    for (const [line, field, message] of refusals) {
      const response = await tt.api("POST", `/api/pos/order/${order.id}/split`, { parts: [{ lines: [line] }] });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ field, message }] });
    }
    const split = await tt.api("POST", `/api/pos/order/${order.id}/split`, {
      parts: [{ lines: [{ lineId: header.id, qty: 2 }] }],
    });
    expect(split.statusCode, split.body).toBe(200);
    const [checkId] = split.json<PosSplitResult>().newOrderIds;
    const check = await detail(tt.api, checkId ?? 0);
    const original = await detail(tt.api, order.id);
    expect(check.lines.map((line) => line.id).sort()).toEqual(
      order.lines
        .filter((line) => line.id === header.id || line.dealParentLineId === header.id)
        .map((line) => line.id)
        .sort(),
    );
    expect(original.lines.map((line) => line.variantId)).toEqual([tt.menu.fries.variantId]);
    expect(minor(original.total) + minor(check.total)).toBe(minor(order.total));

    // A check with an order discount is neither split nor merged until the discount is removed.
    const discounted = await ok(
      tt.api("POST", `/api/pos/order/${original.id}/ops`, {
        expectedVersion: original.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "discount",
            lineUuid: null,
            percent: 10,
            supervisorToken: await supervisorToken(tt.api, tt.manager, "discount"),
          },
        ],
      }),
    );
    const noSplit = await tt.api("POST", `/api/pos/order/${original.id}/split`, {
      parts: [{ lines: [{ lineId: original.lines[0]?.id, qty: 0.5 }] }],
    });
    expect(noSplit.statusCode).toBe(409);
    expect(noSplit.json()).toMatchObject({
      code: "CONFLICT",
      message: "Remove the check's discounts and coupon before splitting it",
    });
    const noMerge = await tt.api("POST", `/api/pos/order/${original.id}/merge`, { intoOrderId: check.id });
    expect(noMerge.statusCode).toBe(409);
    expect(noMerge.json()).toMatchObject({
      code: "CONFLICT",
      message: "Remove this check's order discount or coupon before merging it",
    });
    expect((await tt.orderRow(original.id)).version).toBe(discounted.version);
  });
});
