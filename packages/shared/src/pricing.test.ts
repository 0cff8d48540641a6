import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  applyCoupons,
  type CouponRule,
  couponDiscount,
  couponRefusal,
  ean13CheckDigit,
  eligibleSubtotal,
  inStoreEan13,
  isValidEan13,
  isWithinWindow,
  localMoment,
  type PricedLine,
} from "./pricing";

const rule = (overrides: Partial<CouponRule>): CouponRule => ({
  id: 1,
  code: null,
  kind: "percent",
  value: 5000n,
  maxDiscountMinor: null,
  minOrderMinor: 0n,
  scope: "order",
  scopeIds: [],
  orderTypes: 7,
  autoApply: true,
  priority: 0,
  stackable: false,
  validFrom: null,
  validTo: null,
  weekdays: 127,
  timeFrom: null,
  timeTo: null,
  ...overrides,
});

const DRINKS = 7;
const lines: PricedLine[] = [
  { variantId: 1, categoryId: 3, amountMinor: 100_000n },
  { variantId: 2, categoryId: DRINKS, amountMinor: 20_000n },
];

describe("allocate", () => {
  it("spreads a deal's price over its components by list price (the design's example)", () => {
    expect(allocate(90_000n, [100_000n, 20_000n])).toEqual([75_000n, 15_000n]);
  });

  it("gives the rounding remainder to the largest remainders, and the parts add up", () => {
    expect(allocate(10_000n, [1n, 1n, 1n])).toEqual([3_334n, 3_333n, 3_333n]);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
          const sum = weights.reduce((acc, weight) => acc + weight, 0n);
          if (sum > 0n) {
            parts.forEach((part, index) => {
              // Within one minor unit of the exact share.
              const exact = (total * (weights[index] ?? 0n) * 1000n) / sum;
              const diff = part * 1000n - exact;
              expect(diff < 1000n && diff > -1000n).toBe(true);
            });
          }
        },
      ),
    );
  });
});

describe("time windows in the company's time zone", () => {
  const happyHour = rule({
    scope: "category",
    scopeIds: [DRINKS],
    weekdays: 0b0011111,
    timeFrom: "17:00",
    timeTo: "19:00",
  });
  // 2026-11-24 is a Tuesday. 18:00 and 19:01 in Karachi are 13:00 and 14:01 UTC.
  const at = (iso: string) => localMoment(new Date(iso), "Asia/Karachi");

  it("applies 50% off drinks on a Tuesday at 18:00 and not at 19:01", () => {
    expect(at("2026-11-24T13:00:00Z")).toEqual({ date: "2026-11-24", weekday: 1, minutes: 18 * 60 });
    expect(couponDiscount(happyHour, lines, "dine_in", at("2026-11-24T13:00:00Z"))).toBe(10_000n);
    expect(couponDiscount(happyHour, lines, "dine_in", at("2026-11-24T14:01:00Z"))).toBe(0n);
  });

  it("is off on the weekend and before its start date", () => {
    expect(couponDiscount(happyHour, lines, "dine_in", at("2026-11-28T13:00:00Z"))).toBe(0n);
    const later = { ...happyHour, validFrom: "2026-12-01" };
    expect(couponDiscount(later, lines, "dine_in", at("2026-11-24T13:00:00Z"))).toBe(0n);
  });

  it("runs a window past midnight on the day it starts", () => {
    const lateNight = { validFrom: null, validTo: null, weekdays: 0b0010000, timeFrom: "22:00", timeTo: "02:00" };
    expect(isWithinWindow(lateNight, { date: "2026-11-27", weekday: 4, minutes: 23 * 60 })).toBe(true);
    expect(isWithinWindow(lateNight, { date: "2026-11-28", weekday: 5, minutes: 60 })).toBe(true);
    expect(isWithinWindow(lateNight, { date: "2026-11-28", weekday: 5, minutes: 23 * 60 })).toBe(false);
  });
});

describe("the discount engine", () => {
  const tuesday = { date: "2026-11-24", weekday: 1, minutes: 600 };

  it("caps a discount and never takes more than the eligible subtotal", () => {
    expect(couponDiscount(rule({ maxDiscountMinor: 5_000n }), lines, "take_away", tuesday)).toBe(5_000n);
    expect(
      couponDiscount(
        rule({ kind: "amount", value: 90_000n, scope: "variant", scopeIds: [2] }),
        lines,
        "take_away",
        tuesday,
      ),
    ).toBe(20_000n);
    expect(couponDiscount(rule({ minOrderMinor: 500_000n }), lines, "take_away", tuesday)).toBe(0n);
    expect(couponDiscount(rule({ orderTypes: 1 }), lines, "take_away", tuesday)).toBe(0n);
  });

  it("applies the highest-priority promotion, then one code; stackable ones add up", () => {
    const rules = [
      rule({ id: 1, value: 1000n, priority: 1 }),
      rule({ id: 2, value: 2000n, priority: 0 }),
      rule({ id: 3, code: "SAVE100", kind: "amount", value: 10_000n, autoApply: false }),
    ];
    expect(applyCoupons(rules, lines, "dine_in", tuesday, "save100")).toEqual([
      { couponId: 1, amountMinor: 12_000n },
      { couponId: 3, amountMinor: 10_000n },
    ]);
    const stacking = [rule({ id: 4, value: 1000n, stackable: true }), rule({ id: 5, value: 500n, stackable: true })];
    expect(applyCoupons(stacking, lines, "dine_in", tuesday, null).map((entry) => entry.couponId)).toEqual([4, 5]);
  });

  it("never discounts more than the order's subtotal", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom("percent" as const, "amount" as const),
            value: fc.bigInt({ min: 1n, max: 10_000n }),
            stackable: fc.boolean(),
            priority: fc.integer({ min: 0, max: 3 }),
          }),
          { maxLength: 6 },
        ),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 8 }),
        (specs, amounts) => {
          const rules = specs.map((spec, index) => rule({ id: index + 1, ...spec }));
          const order = amounts.map((amountMinor, index) => ({ variantId: index, categoryId: 1, amountMinor }));
          const subtotal = amounts.reduce((sum, amount) => sum + amount, 0n);
          const total = applyCoupons(rules, order, "dine_in", tuesday, null).reduce(
            (sum, entry) => sum + entry.amountMinor,
            0n,
          );
          expect(total <= subtotal && total >= 0n).toBe(true);
        },
      ),
    );
  });
});

describe("EAN-13", () => {
  it("computes check digits and makes in-store codes with prefix 2", () => {
    expect(ean13CheckDigit("400638133393")).toBe(1);
    expect(isValidEan13("4006381333931")).toBe(true);
    expect(isValidEan13("4006381333932")).toBe(false);
    const code = inStoreEan13(42);
    expect(code).toMatch(/^2\d{12}$/);
    expect(isValidEan13(code)).toBe(true);
  });
});

const tuesdayAt18 = { date: "2026-11-24", weekday: 1, minutes: 18 * 60 };

describe("couponRefusal", () => {
  it("names why a coupon does not apply, in the order the till checks", () => {
    expect(couponRefusal(rule({}), lines, "dine_in", tuesdayAt18)).toBeNull();
    expect(couponRefusal(rule({ orderTypes: 2 }), lines, "dine_in", tuesdayAt18)).toBe("order_type");
    expect(couponRefusal(rule({ validFrom: "2026-11-25" }), lines, "dine_in", tuesdayAt18)).toBe("not_started");
    expect(couponRefusal(rule({ validTo: "2026-11-23" }), lines, "dine_in", tuesdayAt18)).toBe("expired");
    expect(couponRefusal(rule({ weekdays: 0b1100000 }), lines, "dine_in", tuesdayAt18)).toBe("outside_window");
    expect(couponRefusal(rule({ timeFrom: "17:00", timeTo: "18:00" }), lines, "dine_in", tuesdayAt18)).toBe(
      "outside_window",
    );
    expect(couponRefusal(rule({ minOrderMinor: 120_001n }), lines, "dine_in", tuesdayAt18)).toBe("minimum");
    expect(couponRefusal(rule({ scope: "category", scopeIds: [9] }), lines, "dine_in", tuesdayAt18)).toBe(
      "not_in_scope",
    );
  });
});

describe("applyCoupons on the same lines", () => {
  it("takes each discount from what the earlier ones left: 50% then 50% of drinks is 75%, not 100%", () => {
    const drinks = { scope: "category" as const, scopeIds: [7], stackable: true };
    const applied = applyCoupons(
      [
        rule({ id: 1, ...drinks }),
        rule({ id: 2, ...drinks }),
        rule({ id: 3, code: "X", kind: "amount", value: 10n ** 9n, ...drinks }),
      ],
      lines,
      "dine_in",
      tuesdayAt18,
      "x",
    );
    expect(applied).toEqual([
      { couponId: 1, amountMinor: 10_000n },
      { couponId: 2, amountMinor: 5_000n },
      { couponId: 3, amountMinor: 5_000n },
    ]);
  });

  it("never takes more off a scope's lines than they are worth, however coupons stack", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            kind: fc.constantFrom("percent" as const, "amount" as const),
            value: fc.bigInt({ min: 1n, max: 10_000n }),
            stackable: fc.boolean(),
            priority: fc.integer({ min: 0, max: 3 }),
            maxDiscountMinor: fc.option(fc.bigInt({ min: 1n, max: 5_000n }), { nil: null }),
          }),
          { maxLength: 6 },
        ),
        fc.array(
          fc.record({
            categoryId: fc.integer({ min: 1, max: 3 }),
            amountMinor: fc.bigInt({ min: 0n, max: 10n ** 7n }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        fc.boolean(),
        (specs, drafts, withCode) => {
          const rules = specs.map((spec, index) =>
            rule({
              id: index + 1,
              scope: "category",
              scopeIds: [1],
              ...spec,
              code: withCode && index === 0 ? "C" : null,
            }),
          );
          const order = drafts.map((draft, index) => ({ variantId: index + 1, ...draft }));
          const applied = applyCoupons(rules, order, "dine_in", tuesdayAt18, withCode ? "C" : null);
          const total = applied.reduce((sum, entry) => sum + entry.amountMinor, 0n);
          expect(
            total >= 0n && total <= eligibleSubtotal(rules[0] ?? rule({ scope: "category", scopeIds: [1] }), order),
          ).toBe(true);
          expect(applied.filter((entry) => rules[entry.couponId - 1]?.code !== null).length).toBeLessThanOrEqual(1);
          for (const entry of applied) {
            const cap = rules[entry.couponId - 1]?.maxDiscountMinor;
            if (cap != null) expect(entry.amountMinor <= cap).toBe(true);
          }
        },
      ),
    );
  });
});
