import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allocateDeal, DEAL_MESSAGES, dealInputSchema, weekdaysText } from "./deals";

describe("allocateDeal", () => {
  it("spreads 900.00 over Zinger L 1,000.00 and a drink 200.00 as 750.00 / 150.00 (WP2 acceptance 5)", () => {
    expect(allocateDeal(90_000n, [100_000n, 20_000n])).toEqual([75_000n, 15_000n]);
  });

  it("puts the whole rounding remainder on the largest line, the first of equals", () => {
    expect(allocateDeal(10_000n, [1n, 1n, 1n])).toEqual([3_334n, 3_333n, 3_333n]);
    expect(allocateDeal(10_000n, [200n, 300n, 200n])).toEqual([2_857n, 4_286n, 2_857n]);
    expect(allocateDeal(100n, [3n, 2n, 2n])).toEqual([44n, 28n, 28n]);
  });

  it("splits evenly over lines all priced 0", () => {
    expect(allocateDeal(1_000n, [0n, 0n, 0n])).toEqual([334n, 333n, 333n]);
  });

  it("always adds up to the price, each share within the line count of its exact part", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 10n }), { minLength: 1, maxLength: 30 }),
        (price, lines) => {
          const shares = allocateDeal(price, lines);
          expect(shares.reduce((sum, share) => sum + share, 0n)).toBe(price);
          expect(shares.every((share) => share >= 0n)).toBe(true);
        },
      ),
    );
  });
});

describe("weekdaysText", () => {
  it("names runs of three days or more as a range", () => {
    expect(weekdaysText(127)).toBe("Every day");
    expect(weekdaysText(0b0011111)).toBe("Mon-Fri");
    expect(weekdaysText(0b1100000)).toBe("Sat, Sun");
    expect(weekdaysText(0b1010111)).toBe("Mon-Wed, Fri, Sun");
  });
});

describe("dealInputSchema", () => {
  const base = { name: "Lunch", categoryId: 1, price: 900, fixed: [{ variantId: 1, qty: 1 }] };
  const issues = (body: object) => {
    const parsed = dealInputSchema.safeParse(body);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
  };

  it("needs a price above 0 and at least one component", () => {
    expect(issues({ ...base, price: 0 })).toContainEqual({ path: "price", message: DEAL_MESSAGES.price });
    expect(issues({ ...base, fixed: [] })).toContainEqual({ path: "fixed", message: DEAL_MESSAGES.oneComponent });
  });

  it("checks a choice group's picks and defaults, naming the group's field", () => {
    const group = (minChoose: number, maxChoose: number, defaults: boolean[]) => ({
      ...base,
      choices: [
        {
          label: "Drink",
          minChoose,
          maxChoose,
          options: defaults.map((isDefault, index) => ({ variantId: index + 2, isDefault })),
        },
      ],
    });
    expect(issues(group(1, 1, [true, false]))).toEqual([]);
    expect(issues(group(2, 1, [true, false]))).toContainEqual({
      path: "choices.0.minChoose",
      message: DEAL_MESSAGES.minAboveMax,
    });
    expect(issues(group(1, 1, [false, false]))).toContainEqual({
      path: "choices.0.options",
      message: DEAL_MESSAGES.defaults,
    });
    expect(issues(group(1, 2, [true, true, true]))).toContainEqual({
      path: "choices.0.options",
      message: DEAL_MESSAGES.defaults,
    });
  });

  it("wants both ends of a time window and real dates in order", () => {
    expect(issues({ ...base, timeFrom: "12:00" })).toContainEqual({ path: "timeTo", message: DEAL_MESSAGES.timePair });
    expect(issues({ ...base, timeFrom: "12:00", timeTo: "24:00" })).toContainEqual({
      path: "timeTo",
      message: DEAL_MESSAGES.time,
    });
    expect(issues({ ...base, validFrom: "2026-05-02", validTo: "2026-05-01" })).toContainEqual({
      path: "validTo",
      message: DEAL_MESSAGES.validOrder,
    });
    expect(issues({ ...base, timeFrom: "12:00", timeTo: "15:00", validFrom: "", validTo: null })).toEqual([]);
  });
});
