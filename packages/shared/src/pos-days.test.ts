import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  businessDateAt,
  dayListQuerySchema,
  dayOpenSchema,
  denominationsMinor,
  POS_DAY_MESSAGES,
  sessionCloseSchema,
  sharePercent,
  zReportNumber,
} from "./pos-days";

const opening = { counterId: 1, cashierId: 2, openingFloat: 5000 };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("Z numbers", () => {
  it("reads Z-A-2026-00042: the outlet's letter, the year, the day's place in it", () => {
    expect(zReportNumber(1, 2026, 42)).toBe("Z-A-2026-00042");
    expect(zReportNumber(2, 2027, 1)).toBe("Z-B-2027-00001");
    expect(zReportNumber(27, 2026, 3)).toBe("Z-27-2026-00003");
  });
});

describe("the business date at an instant", () => {
  it("is the day before until the outlet's cut-off, in the company's time zone", () => {
    // 2026-11-22 20:30 UTC is 01:30 on the 23rd in Karachi (UTC+5): still the evening of the 22nd.
    expect(businessDateAt(new Date("2026-11-22T20:30:00Z"), "Asia/Karachi", "04:00")).toBe("2026-11-22");
    // 23:00 UTC is 04:00 in Karachi: the cut-off itself starts the new day.
    expect(businessDateAt(new Date("2026-11-22T23:00:00Z"), "Asia/Karachi", "04:00")).toBe("2026-11-23");
    expect(businessDateAt(new Date("2026-03-01T01:00:00Z"), "Asia/Karachi", "00:00")).toBe("2026-03-01");
    // Across a month and a year end.
    expect(businessDateAt(new Date("2026-12-31T21:00:00Z"), "Asia/Karachi", "04:00")).toBe("2026-12-31");
    expect(businessDateAt(new Date("2027-01-01T00:30:00Z"), "UTC", "04:00")).toBe("2026-12-31");
  });

  it("is never after the calendar date, and at most one day before it", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2020-01-01"), max: new Date("2035-01-01"), noInvalidDate: true }),
        fc.integer({ min: 0, max: 23 * 60 + 59 }),
        (at, cutoffMinutes) => {
          const cutoff = `${String(Math.floor(cutoffMinutes / 60)).padStart(2, "0")}:${String(cutoffMinutes % 60).padStart(2, "0")}`;
          const calendar = businessDateAt(at, "Asia/Karachi", "00:00");
          const business = businessDateAt(at, "Asia/Karachi", cutoff);
          const dayBefore = new Date(`${calendar}T00:00:00Z`);
          dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
          expect([calendar, dayBefore.toISOString().slice(0, 10)]).toContain(business);
        },
      ),
    );
  });
});

describe("food cost", () => {
  it("is part / whole in percent with one decimal, half up; none without sales", () => {
    expect(sharePercent(6_600n, 200_000n)).toBe(3.3);
    expect(sharePercent(1n, 3n)).toBe(33.3);
    expect(sharePercent(2n, 3n)).toBe(66.7);
    expect(sharePercent(5n, 0n)).toBeNull();
  });
});

describe("Day Open requests", () => {
  it("takes a float counted note by note only when the notes add up to it", () => {
    const grid = [
      { denomination: 1000, count: 4 },
      { denomination: 500, count: 1 },
      { denomination: 0.5, count: 1000 },
    ];
    expect(denominationsMinor(grid)).toBe(500_000n);
    expect(
      dayOpenSchema.safeParse({ businessDate: "2026-11-22", counters: [{ ...opening, denominations: grid }] }).success,
    ).toBe(true);
    const short = dayOpenSchema.safeParse({
      businessDate: "2026-11-22",
      counters: [{ ...opening, denominations: grid.slice(0, 2) }],
    });
    expect(issues(short)).toEqual([["counters.0.denominations", POS_DAY_MESSAGES.denominationsTotal]]);
  });

  it("names each bad field: a second row of one counter, a negative float, no counters, a bad date", () => {
    expect(issues(dayOpenSchema.safeParse({ businessDate: "2026-11-22", counters: [opening, opening] }))).toEqual([
      ["counters.1.counterId", POS_DAY_MESSAGES.counterTwice],
    ]);
    expect(
      issues(dayOpenSchema.safeParse({ businessDate: "2026-11-22", counters: [{ ...opening, openingFloat: -5 }] })),
    ).toEqual([["counters.0.openingFloat", POS_DAY_MESSAGES.openingFloat]]);
    expect(issues(dayOpenSchema.safeParse({ businessDate: "2026-11-22", counters: [] }))).toEqual([
      ["counters", POS_DAY_MESSAGES.counters],
    ]);
    expect(issues(dayOpenSchema.safeParse({ businessDate: "22-11-2026", counters: [opening] }))).toEqual([
      ["businessDate", POS_DAY_MESSAGES.businessDate],
    ]);
  });
});

describe("Day Close requests", () => {
  it("takes counted amounts keyed by payment method id, 0 or more with at most 2 decimals", () => {
    expect(sessionCloseSchema.parse({ counted: { "1": 6150, "2": 1050.5 } })).toEqual({
      counted: { "1": 6150, "2": 1050.5 },
      notes: "",
    });
    expect(issues(sessionCloseSchema.safeParse({ counted: { cash: 10 } }))[0]?.[1]).toBe(
      POS_DAY_MESSAGES.countedMethod,
    );
    expect(issues(sessionCloseSchema.safeParse({ counted: { "1": -1 } }))).toEqual([
      ["counted.1", POS_DAY_MESSAGES.counted],
    ]);
  });

  it("lists days between two dates in order", () => {
    expect(dayListQuerySchema.parse({ from: "2026-11-01", to: "2026-11-30" })).toMatchObject({ size: 50, page: 1 });
    expect(issues(dayListQuerySchema.safeParse({ from: "2026-11-30", to: "2026-11-01" }))).toEqual([
      ["to", POS_DAY_MESSAGES.dateOrder],
    ]);
  });
});
