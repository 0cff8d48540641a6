import type { PosFloorTable } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { applyTableStatus, concernsHall } from "./live";
import { elapsedText, hasLayout } from "./states";

const table = (id: number, change: Partial<PosFloorTable> = {}): PosFloorTable => ({
  id,
  hallId: 1,
  hallName: "Main",
  name: `T${id}`,
  seats: 4,
  shape: "square",
  x: 0,
  y: 0,
  w: 80,
  h: 80,
  state: "free",
  override: null,
  guests: null,
  openedAt: null,
  elapsedSeconds: null,
  total: 0,
  orderIds: [],
  ready: false,
  late: false,
  billPrinted: false,
  ...change,
});

describe("the floor", () => {
  const hall = [table(5, { orderIds: [40, 41], state: "occupied" }), table(9)];

  it("hears an event about one of the hall's tables or checks, and no other", () => {
    const event = (orderId: number | null, payload: Record<string, unknown>) => ({ kind: "x", orderId, payload });
    expect(concernsHall(event(null, { id: 9, hallId: 1 }), 1, hall)).toBe(true);
    expect(concernsHall(event(77, { tableId: 9, oldTableId: null }), 1, hall)).toBe(true);
    // A check moved out of the hall: its old table is here.
    expect(concernsHall(event(77, { tableId: 300, oldTableId: 5 }), 1, hall)).toBe(true);
    // A kitchen ticket of a check at T5.
    expect(concernsHall(event(41, { ticketId: 3 }), 1, hall)).toBe(true);
    expect(concernsHall(event(99, { ticketId: 3 }), 1, hall)).toBe(false);
    expect(concernsHall(event(null, { id: 300, hallId: 2 }), 1, hall)).toBe(false);
    // An event it cannot read: the floor reads again rather than miss a change.
    expect(concernsHall("not an event", 1, hall)).toBe(true);
  });

  it("writes the elapsed time as minutes and seconds, with hours past the hour", () => {
    expect([0, 5, 65, 600, 3599, 3600, 3725, -3].map(elapsedText)).toEqual([
      "0:00",
      "0:05",
      "1:05",
      "10:00",
      "59:59",
      "1:00:00",
      "1:02:05",
      "0:00",
    ]);
  });

  it("shows a hall as laid out once one table left the canvas origin", () => {
    expect(hasLayout([table(1), table(2)])).toBe(false);
    expect(hasLayout([table(1), table(2, { x: 120 })])).toBe(true);
  });

  it("puts a table_status event's table on the floor at once, the others' clocks moved on", () => {
    const floor = { serverTime: "", hallId: 1, tables: hall };
    const seated = table(9, { state: "reserved", override: "reserved" });
    const next = applyTableStatus(floor, { kind: "table_status", orderId: null, payload: seated }, 4);
    expect(next?.tables.map((known) => [known.id, known.state, known.elapsedSeconds])).toEqual([
      [5, "occupied", null],
      [9, "reserved", null],
    ]);
    const timed = { ...floor, tables: [table(5, { elapsedSeconds: 60 }), table(9)] };
    expect(applyTableStatus(timed, { payload: seated }, 4)?.tables[0]?.elapsedSeconds).toBe(64);
    // Another hall's table, an unknown table or a payload that is not a table: the floor is read again instead.
    expect(applyTableStatus(floor, { payload: table(9, { hallId: 2 }) }, 0)).toBeNull();
    expect(applyTableStatus(floor, { payload: table(300) }, 0)).toBeNull();
    expect(applyTableStatus(floor, { payload: { id: 9 } }, 0)).toBeNull();
    expect(applyTableStatus(undefined, { payload: seated }, 0)).toBeNull();
  });
});
