import type { PosOrder, PosOrderLine } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import {
  type Draft,
  type DraftAction,
  draftReducer,
  draftSchema,
  emptyDraft,
  heldCourses,
  type NewLine,
  sendableLines,
} from "./draft";
import { createBody, toOps } from "./draft-ops";

const zingerL: NewLine = {
  lineUuid: "l1",
  variantId: 11,
  dealId: null,
  picks: [],
  name: "Zinger",
  detail: "L",
  categoryId: 3,
  taxVariantId: 11,
  unitPriceMinor: 65_050,
};
const cola: NewLine = {
  ...zingerL,
  lineUuid: "l2",
  variantId: 21,
  taxVariantId: 21,
  name: "Cola",
  detail: "",
  unitPriceMinor: 20_000,
};

const run = (actions: DraftAction[], start: Draft = emptyDraft("order-0001", "take_away")): Draft =>
  actions.reduce(draftReducer, start);

/** Ids op-1, op-2 ... in the order asked for. */
const counter = () => {
  let next = 0;
  return () => `op-${++next}`;
};

const serverLine = (line: Partial<PosOrderLine> & Pick<PosOrderLine, "id" | "lineUuid">): PosOrderLine => ({
  variantId: 11,
  dealId: null,
  dealParentLineId: null,
  name: "Zinger",
  sizeName: "L",
  flavourName: null,
  categoryId: 3,
  qty: 1,
  unitPrice: 650.5,
  gross: 650.5,
  discount: 0,
  net: 650.5,
  taxRateBp: 1600,
  tax: 104.08,
  serviceCharge: 0,
  course: 1,
  note: "",
  status: "pending",
  voidedQty: 0,
  refundedQty: 0,
  refundOfLineId: null,
  ...line,
});

const serverOrder = (lines: PosOrderLine[], extra: Partial<PosOrder> = {}): PosOrder => ({
  id: 7,
  clientUuid: "order-0001",
  number: null,
  token: 4,
  orderType: "take_away",
  table: null,
  guests: null,
  waiter: null,
  customer: null,
  status: "open",
  kitchenStatus: "none",
  version: 2,
  businessDayId: 1,
  businessDate: "2026-11-24",
  counterId: 1,
  sessionId: 1,
  subtotal: 0,
  discount: 0,
  serviceCharge: 0,
  tax: 0,
  rounding: 0,
  total: 0,
  paid: 0,
  change: 0,
  late: false,
  refundOfId: null,
  couponCode: null,
  lines,
  discounts: [],
  payments: [],
  openedAt: "2026-11-24T10:00:00.000Z",
  paidAt: null,
  pickedUpAt: null,
  salesVoucher: null,
  ...extra,
});

describe("the register's order draft", () => {
  it("adds items; the same plain item again adds to its line", () => {
    const draft = run([
      { type: "add", line: zingerL },
      { type: "add", line: cola },
      { type: "add", line: { ...zingerL, lineUuid: "l3" } },
    ]);
    expect(draft.lines.map((line) => [line.lineUuid, line.qty])).toEqual([
      ["l1", 2],
      ["l2", 1],
    ]);
  });

  it("a line with a note or a discount is not merged into", () => {
    const draft = run([
      { type: "add", line: zingerL },
      { type: "note", lineUuid: "l1", note: " no mayo " },
      { type: "add", line: { ...zingerL, lineUuid: "l3" } },
    ]);
    expect(draft.lines.map((line) => [line.lineUuid, line.note])).toEqual([
      ["l1", "no mayo"],
      ["l3", ""],
    ]);
  });

  it("sets quantities (never to 0) and removes pending lines", () => {
    const draft = run([
      { type: "add", line: zingerL },
      { type: "add", line: cola },
      { type: "qty", lineUuid: "l1", qty: 3 },
      { type: "qty", lineUuid: "l2", qty: 0 },
    ]);
    expect(draft.lines.map((line) => line.qty)).toEqual([3, 1]);
    expect(run([{ type: "remove", lineUuid: "l2" }], draft).lines.map((line) => line.lineUuid)).toEqual(["l1"]);
  });

  it("a fired line keeps its quantity and cannot be removed here (it is voided with a reason)", () => {
    const sent = run([
      { type: "synced", order: serverOrder([serverLine({ id: 1, lineUuid: "l1", status: "fired" })]) },
    ]);
    const after = run(
      [
        { type: "qty", lineUuid: "l1", qty: 5 },
        { type: "remove", lineUuid: "l1" },
      ],
      sent,
    );
    expect(after.lines).toEqual(sent.lines);
  });

  it("keeps line and order discounts, and takes them off again", () => {
    const draft = run([
      { type: "add", line: zingerL },
      { type: "lineDiscount", lineUuid: "l1", discount: { percent: 10, amount: null } },
      { type: "orderDiscount", discount: { percent: null, amount: 50, supervisorToken: "tok", approvedBy: "Maria" } },
    ]);
    expect(draft.lines[0]?.discount).toEqual({ percent: 10, amount: null });
    expect(draft.orderDiscount?.approvedBy).toBe("Maria");
    expect(run([{ type: "orderDiscount", discount: null }], draft).orderDiscount).toBeNull();
  });

  it("the order type changes only before the server has the order; leaving dine-in drops the table", () => {
    const dineIn = run([
      { type: "orderType", orderType: "dine_in" },
      { type: "table", tableId: 5 },
      { type: "guests", guests: 4 },
    ]);
    expect([dineIn.tableId, dineIn.guests]).toEqual([5, 4]);
    const takeAway = run([{ type: "orderType", orderType: "take_away" }], dineIn);
    expect([takeAway.tableId, takeAway.guests]).toEqual([null, null]);
    const held = run([{ type: "synced", order: serverOrder([]) }]);
    expect(run([{ type: "orderType", orderType: "delivery" }], held).orderType).toBe("take_away");
  });
});

describe("the draft as operations", () => {
  it("a new order: each line, its discount, the order discount and the coupon", () => {
    const draft = run([
      { type: "add", line: zingerL },
      { type: "add", line: cola },
      { type: "note", lineUuid: "l2", note: "no ice" },
      { type: "lineDiscount", lineUuid: "l1", discount: { percent: 20, amount: null, supervisorToken: "sup-1" } },
      { type: "orderDiscount", discount: { percent: null, amount: 25.5 } },
      { type: "coupon", coupon: { code: "SAVE10", name: "Save 10", discountMinor: 1_000 } },
    ]);
    expect(toOps(draft, counter())).toEqual([
      {
        opUuid: "op-1",
        kind: "add_line",
        lineUuid: "l1",
        variantId: 11,
        picks: [],
        qty: 1,
        unitPrice: 650.5,
        note: "",
        course: 1,
      },
      {
        opUuid: "op-2",
        kind: "add_line",
        lineUuid: "l2",
        variantId: 21,
        picks: [],
        qty: 1,
        unitPrice: 200,
        note: "no ice",
        course: 1,
      },
      { opUuid: "op-3", kind: "discount", lineUuid: "l1", percent: 20, reason: "", supervisorToken: "sup-1" },
      { opUuid: "op-4", kind: "discount", lineUuid: null, amount: 25.5, reason: "" },
      { opUuid: "op-5", kind: "coupon", code: "SAVE10" },
    ]);
  });

  it("a deal goes as its deal id with the picked options", () => {
    const draft = run([{ type: "add", line: { ...zingerL, variantId: null, dealId: 4, picks: [9, 12] } }]);
    expect(toOps(draft, counter())[0]).toMatchObject({ kind: "add_line", dealId: 4, picks: [9, 12] });
  });

  it("against the server's order: only what changed, and a pending line taken off is voided freely", () => {
    const order = serverOrder(
      [
        serverLine({ id: 1, lineUuid: "l1", qty: 1 }),
        serverLine({ id: 2, lineUuid: "l2", variantId: 21, name: "Cola", unitPrice: 200 }),
        serverLine({ id: 3, lineUuid: "l3", status: "fired" }),
      ],
      {
        discounts: [
          {
            id: 1,
            lineId: 2,
            source: "manual",
            couponId: null,
            code: null,
            percent: 10,
            amount: null,
            allocated: 20,
            reason: "",
            approvedBy: null,
          },
        ],
      },
    );
    const draft = run([
      { type: "synced", order },
      { type: "qty", lineUuid: "l1", qty: 2 },
      { type: "remove", lineUuid: "l2" },
      { type: "add", line: { ...cola, lineUuid: "l4" } },
      { type: "customer", customer: { id: 3, name: "Ali", phone: "03001234567", discountPercent: 0 } },
    ]);
    expect(toOps(draft, counter()).map((op) => [op.kind, "lineUuid" in op ? op.lineUuid : null])).toEqual([
      ["set_qty", "l1"],
      ["add_line", "l4"],
      ["void_line", "l2"],
      ["set_customer", null],
    ]);
  });

  it("nothing changed since the server answered: no operations", () => {
    const order = serverOrder([serverLine({ id: 1, lineUuid: "l1", qty: 2, voidedQty: 1, status: "fired" })]);
    const draft = run([{ type: "synced", order }]);
    expect(draft.lines[0]?.qty).toBe(1);
    expect(toOps(draft, counter())).toEqual([]);
  });

  it("a removed discount is a 0% discount", () => {
    const order = serverOrder([serverLine({ id: 1, lineUuid: "l1" })], {
      discounts: [
        {
          id: 1,
          lineId: null,
          source: "manual",
          couponId: null,
          code: null,
          percent: null,
          amount: 50,
          allocated: 50,
          reason: "",
          approvedBy: null,
        },
      ],
    });
    const draft = run([
      { type: "synced", order },
      { type: "orderDiscount", discount: null },
    ]);
    expect(toOps(draft, counter())).toEqual([
      { opUuid: "op-1", kind: "discount", lineUuid: null, percent: 0, reason: "" },
    ]);
  });

  it("the create request carries the type, table, guests and customer with the operations and a pay", () => {
    const draft = run([
      { type: "orderType", orderType: "dine_in" },
      { type: "table", tableId: 5 },
      { type: "guests", guests: 2 },
      { type: "customer", customer: { id: 3, name: "Ali", phone: "03001234567", discountPercent: 5 } },
      { type: "add", line: zingerL },
    ]);
    const body = createBody(draft, 2, "device-1", counter(), [{ opUuid: "pay-1", kind: "bill" }]);
    expect(body).toMatchObject({ clientUuid: "order-0001", counterId: 2, orderType: "dine_in", tableId: 5, guests: 2 });
    expect(body.customerId).toBe(3);
    expect((body.ops ?? []).map((op) => op.kind)).toEqual(["add_line", "bill"]);
  });
});

describe("courses (design 6.2 step 3)", () => {
  const dineIn = (actions: DraftAction[]) => run([{ type: "orderType", orderType: "dine_in" }, ...actions]);

  it("items go to the course picked when they are added, and the same item in another course is its own line", () => {
    const draft = dineIn([
      { type: "add", line: zingerL },
      { type: "course", course: 2 },
      { type: "add", line: { ...zingerL, lineUuid: "l3" } },
      { type: "add", line: cola },
    ]);
    expect(draft.lines.map((line) => [line.lineUuid, line.course, line.qty])).toEqual([
      ["l1", 1, 1],
      ["l3", 2, 1],
      ["l2", 2, 1],
    ]);
    expect(toOps(draft, counter()).map((op) => (op.kind === "add_line" ? op.course : null))).toEqual([1, 2, 2]);
  });

  it("Send fires course 1 only while course 2 is held; all of it when one course is on the order", () => {
    const oneCourse = dineIn([{ type: "add", line: zingerL }]);
    expect(sendableLines(oneCourse)).toBeNull();
    expect(heldCourses(oneCourse)).toEqual([]);
    const two = dineIn([
      { type: "add", line: zingerL },
      { type: "course", course: 2 },
      { type: "add", line: cola },
    ]);
    expect(sendableLines(two)).toEqual(["l1"]);
    expect(heldCourses(two)).toEqual([2]);
    const onlyLater = dineIn([
      { type: "course", course: 3 },
      { type: "add", line: cola },
    ]);
    expect(sendableLines(onlyLater)).toEqual([]);
    expect(heldCourses(onlyLater)).toEqual([3]);
  });

  it("a course already started goes with Send: a course-2 line added after Fire course 2 is not held", () => {
    const order = serverOrder([
      serverLine({ id: 1, lineUuid: "l1", status: "fired" }),
      serverLine({ id: 2, lineUuid: "l2", status: "fired", course: 2, variantId: 21, name: "Cola" }),
    ]);
    const draft = run([
      { type: "synced", order },
      { type: "course", course: 2 },
      { type: "add", line: { ...zingerL, lineUuid: "l4" } },
    ]);
    expect(draft.lines.map((line) => line.course)).toEqual([1, 2, 2]);
    expect(heldCourses(draft)).toEqual([]);
    expect(sendableLines(draft)).toBeNull();
  });

  it("a draft saved before courses existed reads as course 1", () => {
    const { course: _course, ...old } = dineIn([{ type: "add", line: zingerL }]);
    const parsed = draftSchema.parse({ ...old, lines: old.lines.map(({ course: _line, ...line }) => line) });
    expect(parsed.course).toBe(1);
    expect(parsed.lines[0]?.course).toBe(1);
  });
});
