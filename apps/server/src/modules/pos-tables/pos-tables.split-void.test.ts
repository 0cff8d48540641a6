import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenTicketItems } from "../../db/schema/index";
import { voidReason } from "../../test/pos-fixtures";
import { detail, ok, supervisorToken, uuid } from "../pos-orders/pos-orders.test-helpers";
import { startTableTest, type TableTest } from "./pos-tables.test-support";

let tt: TableTest;

beforeAll(async () => {
  tt = await startTableTest();
});
afterAll(async () => {
  await tt.setup.t.close();
});

describe("a void after a split (design 6.2 steps 4 and 8)", () => {
  it("strikes the split-off part through on the original kitchen card", async () => {
    const order = await tt.seat("T7");
    const burgers = order.lines.find((line) => line.variantId === tt.menu.burger.variantId);
    if (!burgers) throw new Error("no burgers");
    const split = await tt.api("POST", `/api/pos/order/${order.id}/split`, {
      parts: [{ lines: [{ lineId: burgers.id, qty: 1 }] }],
    });
    expect(split.statusCode, split.body).toBe(200);
    const [checkId] = split.json<{ newOrderIds: number[] }>().newOrderIds;
    const check = await detail(tt.api, checkId ?? 0);
    const part = check.lines.find((line) => line.variantId === tt.menu.burger.variantId);
    const approval = await supervisorToken(tt.api, tt.manager, "void_after_fire");
    await ok(
      tt.api("POST", `/api/pos/order/${check.id}/ops`, {
        expectedVersion: check.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "void_line",
            lineUuid: part?.lineUuid,
            reasonId: await voidReason(tt.setup.t.db, false),
            supervisorToken: approval,
          },
        ],
      }),
    );
    // The original card holds the 3 burgers on the original line: 1 of them is struck through.
    const items = await tt.setup.t.db
      .select({ qty: kitchenTicketItems.qtyMicro, voided: kitchenTicketItems.voidedQtyMicro })
      .from(kitchenTicketItems)
      .where(eq(kitchenTicketItems.orderLineId, burgers.id));
    expect(items).toEqual([{ qty: 3_000_000n, voided: 1_000_000n }]);
    const voids = (await tt.ticketsOf([check.id])).filter((ticket) => ticket.kind === "void");
    expect(voids.map((ticket) => ticket.stationId)).toEqual([tt.menu.grill.id]);
  });
});
