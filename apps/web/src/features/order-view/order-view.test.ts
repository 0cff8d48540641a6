import type { PosOrder, PosOrderLine, PosOrderRow } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { describeOp } from "./op-text";
import { pickupBoard, refundableLines, refundableQty, refundEstimateMinor, refundQtyProblem } from "./refund";

const line = (id: number, over: Partial<PosOrderLine> = {}): PosOrderLine => ({
  id,
  lineUuid: `l${id}`,
  variantId: id,
  dealId: null,
  dealParentLineId: null,
  name: `Item ${id}`,
  sizeName: null,
  flavourName: null,
  categoryId: 1,
  qty: 2,
  unitPrice: 500,
  gross: 1000,
  discount: 0,
  net: 1000,
  taxRateBp: 1600,
  tax: 160,
  serviceCharge: 0,
  course: 1,
  note: "",
  status: "fired",
  voidedQty: 0,
  refundedQty: 0,
  refundOfLineId: null,
  ...over,
});

const order = {
  total: 2320,
  lines: [line(1, { name: "Zinger Burger", sizeName: "L" }), line(2, { qty: 1, net: 1000, gross: 1000 })],
  payments: [
    {
      id: 1,
      methodId: 7,
      methodName: "Cash",
      methodKind: "cash",
      amount: 2320,
      tendered: 2500,
      change: 180,
      base: 2000,
      tax: 320,
      reference: "",
      at: "2026-11-24T10:00:00Z",
    },
  ],
} satisfies Pick<PosOrder, "lines" | "payments" | "total">;

describe("the operation log in words", () => {
  it("names the line an operation touched from the order's lines", () => {
    expect(describeOp({ kind: "add_line", payload: { lineUuid: "l1", qty: 2 } }, order)).toBe(
      "Added 2 × Zinger Burger (L)",
    );
    expect(describeOp({ kind: "void_line", payload: { lineUuid: "l2", qty: 1, reasonName: "Burnt" } }, order)).toBe(
      "Voided 1 × Item 2 (Burnt)",
    );
    expect(describeOp({ kind: "set_qty", payload: { lineUuid: "gone", qty: 1.5 } }, order)).toBe(
      "Changed an item to 1.5",
    );
  });

  it("says what a discount, a payment and the plain operations did", () => {
    expect(describeOp({ kind: "discount", payload: { lineUuid: null, percent: 20 } }, order)).toBe(
      "Discount 20% on the order",
    );
    expect(describeOp({ kind: "discount", payload: { lineUuid: "l1", amount: 50.5 } }, order)).toBe(
      "Discount 50.50 on Zinger Burger (L)",
    );
    expect(describeOp({ kind: "discount", payload: { lineUuid: null, percent: 0 } }, order)).toBe(
      "Removed the discount on the order",
    );
    expect(describeOp({ kind: "pay", payload: { payments: [{ methodId: 7, amount: 2320 }] } }, order)).toBe(
      "Paid 2,320.00 cash",
    );
    expect(describeOp({ kind: "fire", payload: {} }, order)).toBe("Sent to the kitchen");
    expect(describeOp({ kind: "picked_up", payload: {} }, order)).toBe("Marked picked up");
    expect(describeOp({ kind: "something_new", payload: {} }, order)).toBe("something new");
  });
});

describe("refunds", () => {
  it("leaves what was voided or refunded already, and skips a deal's parts", () => {
    expect(refundableQty(line(1, { qty: 2, refundedQty: 0.7, voidedQty: 0.3 }))).toBe(1);
    expect(refundableQty(line(1, { qty: 1, refundedQty: 1 }))).toBe(0);
    const withDeal = { lines: [line(1), line(2, { dealParentLineId: 1 }), line(3, { refundedQty: 2 })] };
    expect(refundableLines(withDeal).map((candidate) => candidate.id)).toEqual([1]);
  });

  it("refuses more than is left, nothing, and a fourth decimal", () => {
    const sold = line(1, { qty: 2 });
    expect(refundQtyProblem(sold, 1)).toBeNull();
    expect(refundQtyProblem(sold, 3)).toBe("At most 2");
    expect(refundQtyProblem(sold, 0)).toBe("Enter a quantity above 0");
    expect(refundQtyProblem(sold, 0.0005)).toBe("At most 3 decimals");
  });

  it("estimates the money back as the lines' share of the total", () => {
    // 1 of the 2 Zingers: a quarter of the net (500 of 2,000), so a quarter of 2,320.00.
    expect(refundEstimateMinor(order, new Map([[1, { qty: 1, backToStock: false }]]))).toBe(58_000);
    expect(refundEstimateMinor(order, new Map())).toBe(0);
  });
});

describe("the pickup board", () => {
  const row = (token: number, over: Partial<PosOrderRow>): PosOrderRow =>
    ({ token, status: "paid", orderType: "take_away", pickedUpAt: null, kitchenStatus: "new", ...over }) as PosOrderRow;
  it("shows paid take-aways not picked up, preparing and ready, by token", () => {
    const board = pickupBoard([
      row(5, { kitchenStatus: "ready" }),
      row(3, { kitchenStatus: "preparing" }),
      row(1, {}),
      row(2, { pickedUpAt: "2026-11-24T10:00:00Z", kitchenStatus: "ready" }),
      row(4, { orderType: "dine_in" }),
      row(6, { status: "open" }),
      row(7, { kitchenStatus: "served" }),
    ]);
    expect(board).toEqual({ preparing: [1, 3], ready: [5] });
  });
});
