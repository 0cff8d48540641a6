import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idSchema, isCalendarDate, isoDateSchema, MAX_ID, nulFieldOf } from "./input";

describe("shared input rules", () => {
  it("an id is a whole number from 1 to 2147483647, text included", () => {
    expect(idSchema().parse("2147483647")).toBe(MAX_ID);
    for (const bad of ["2147483648", 2 ** 53 + 2, 0, -1, 1.5, "abc", "", null, Number.POSITIVE_INFINITY]) {
      expect(idSchema().safeParse(bad).success, String(bad)).toBe(false);
    }
  });

  it("a date is a real calendar day written YYYY-MM-DD", () => {
    expect(["2024-02-29", "2026-12-31", "1900-01-01"].every(isCalendarDate)).toBe(true);
    expect(
      ["2026-02-30", "2025-02-29", "2026-13-01", "2026-04-31", "0000-01-01", "2026-1-01", "20260101"].some(
        isCalendarDate,
      ),
    ).toBe(false);
    expect(isoDateSchema("bad").safeParse("2026-02-30").error?.issues[0]?.message).toBe("bad");
  });

  it("every day of every year is a date, and round-trips through Date", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("9999-12-31T00:00:00Z"), noInvalidDate: true }),
        (date) => isCalendarDate(date.toISOString().slice(0, 10)),
      ),
    );
  });

  it("finds the path of the first NUL, in keys as well as values", () => {
    expect(nulFieldOf({ a: "ok", b: [{ c: "x\u0000" }] })).toBe("b.0.c");
    expect(nulFieldOf({ "k\u0000": 1 })).toBe("k\\u0000");
    expect(nulFieldOf("\u0000")).toBe("body");
    expect(nulFieldOf({ a: "fine", n: 1, z: null, list: [true] })).toBeNull();
  });
});
