import { describe, expect, it } from "vitest";
import { editorOf, hintOf } from "./editing";

const NOW = Date.parse("2026-11-24T12:00:00Z");
const event = (payload: object) => ({ kind: "order_editing", orderId: 7, payload });
const editing = {
  orderId: 7,
  tableId: 5,
  userName: "Ali Khan",
  deviceId: "tablet-2",
  until: "2026-11-24T12:00:30.000Z",
};

describe("the being-edited-by hint of an order_editing event", () => {
  it("names who edits which check of which table, until the server's until", () => {
    expect(hintOf(event(editing), "tablet-1", NOW)).toEqual({
      tableId: 5,
      hint: { orderId: 7, userName: "Ali Khan", untilMs: NOW + 30_000 },
    });
  });

  it("is none for this device's own editing, a lapsed (replayed) event, a check without a table, or bad data", () => {
    expect(hintOf(event(editing), "tablet-2", NOW)).toBeNull();
    expect(hintOf(event({ ...editing, until: "2026-11-24T11:59:59.000Z" }), "tablet-1", NOW)).toBeNull();
    expect(hintOf(event({ ...editing, tableId: null }), "tablet-1", NOW)).toBeNull();
    expect(hintOf(event({ orderId: "7" }), "tablet-1", NOW)).toBeNull();
    expect(hintOf(null, "tablet-1", NOW)).toBeNull();
  });

  it("lasts at most 30 seconds from now when this device's clock is behind the server's", () => {
    const ahead = { ...editing, until: "2026-11-24T12:05:00.000Z" };
    expect(hintOf(event(ahead), "tablet-1", NOW)?.hint.untilMs).toBe(NOW + 30_000);
  });

  it("shows on the check it is about, not on the table's other checks", () => {
    const hints = new Map([[5, { orderId: 7, userName: "Ali Khan", untilMs: NOW }]]);
    expect(editorOf(hints, 5, 7)).toBe("Ali Khan");
    expect(editorOf(hints, 5, 8)).toBeNull();
    expect(editorOf(hints, 9, 7)).toBeNull();
  });
});
