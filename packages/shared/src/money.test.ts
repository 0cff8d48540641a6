import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatMinor,
  fromMinor,
  isExactAmount,
  MAX_LINE_MINOR,
  MONEY_MESSAGES,
  minorToAmount,
  minorToDecimal,
  moneyAmount,
  parseMinor,
  sumMinor,
  toMinor,
} from "./money";

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

  it("parses amounts from their decimal text, never through a float multiply", () => {
    // 1.005 * 100 is 100.49999999999999 and 4.35 * 100 is 434.99999999999994 in floats.
    expect(parseMinor(4.35)).toBe(435n);
    expect(parseMinor(1.1)).toBe(110n);
    expect(parseMinor(1.005)).toBeNull();
    expect(parseMinor(1e-7)).toBeNull();
    expect(parseMinor(1e21)).toBe(10n ** 23n);
    expect(parseMinor("90071992547409.93")).toBe(9_007_199_254_740_993n);
    expect(parseMinor(-0)).toBe(0n);
    expect(toMinor("90071992547409.93")).toBeNull();
  });

  it("gives the API exact decimal numbers for every amount below 10^15 minor units (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (minor) => {
        expect(isExactAmount(minor)).toBe(true);
        const json = JSON.stringify(minorToAmount(minor));
        expect(parseMinor(json)).toBe(minor);
        expect(parseMinor(JSON.parse(json))).toBe(minor);
      }),
    );
  });

  it("keeps equal BigInt sums equal at the edge even past 2^53, where number sums drift", () => {
    const lines = [9_007_199_254_740_993n, 1n, 3n, 4_503_599_627_370_497n];
    const total = sumMinor(lines);
    expect(total).toBe(13_510_798_882_111_494n);
    const floatTotal = lines.map(Number).reduce((sum, line) => sum + line, 0);
    expect(BigInt(floatTotal)).not.toBe(total);
    expect(minorToAmount(total)).toBe(minorToAmount(sumMinor([total])));
    expect(formatMinor(total)).toBe("135,107,988,821,114.94");
  });

  it("refuses an amount above the maximum per line with its own message", () => {
    const schema = moneyAmount("Amount must be more than 0", 1);
    expect(schema.safeParse(MAX_LINE_MINOR / 100).success).toBe(true);
    const tooLarge = schema.safeParse(MAX_LINE_MINOR / 100 + 0.01);
    expect(tooLarge.success ? [] : tooLarge.error.issues.map((issue) => issue.message)).toEqual([
      MONEY_MESSAGES.tooLarge,
    ]);
    const zero = schema.safeParse(0);
    expect(zero.success ? [] : zero.error.issues.map((issue) => issue.message)).toEqual(["Amount must be more than 0"]);
    expect(moneyAmount("m", 0).safeParse(0).success).toBe(true);
    expect(schema.safeParse(0.1 + 0.2).success).toBe(false);
  });

  it("formats BigInt amounts digit for digit", () => {
    expect(formatMinor(123_456_789_012_345_678n)).toBe("1,234,567,890,123,456.78");
    expect(formatMinor(-1n)).toBe("-0.01");
    expect(minorToDecimal(-123_456n)).toBe("-1234.56");
  });
});
