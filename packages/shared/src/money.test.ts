import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor, fromMinor, toMinor } from "./money";

describe("money", () => {
  it("converts decimals to minor units exactly", () => {
    expect(toMinor(12.34)).toBe(1234);
    expect(toMinor("12.3")).toBe(1230);
    expect(toMinor(0.1)).toBe(10);
    expect(toMinor(1e6)).toBe(100_000_000);
    expect(toMinor("-5.05")).toBe(-505);
    expect(toMinor(0)).toBe(0);
  });

  it("refuses more than two decimals and garbage", () => {
    expect(toMinor(0.1 + 0.2)).toBeNull();
    expect(toMinor("1.234")).toBeNull();
    expect(toMinor("abc")).toBeNull();
    expect(toMinor(Number.NaN)).toBeNull();
    expect(toMinor(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it("round-trips every amount of minor units (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (minor) => {
        expect(toMinor(fromMinor(minor))).toBe(minor);
        expect(toMinor(formatMinor(minor).replaceAll(",", ""))).toBe(minor);
      }),
    );
  });

  it("formats with separators", () => {
    expect(formatMinor(1234567)).toBe("12,345.67");
    expect(formatMinor(-5)).toBe("-0.05");
  });
});
