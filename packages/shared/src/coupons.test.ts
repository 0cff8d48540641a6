import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUPON_MESSAGES, couponFormOf, couponInputSchema } from "./coupons";
import { applyCoupons, type CouponRule, couponRefusal, eligibleSubtotal, type PricedLine } from "./pricing";

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

const tuesday = { date: "2026-11-24", weekday: 1, minutes: 18 * 60 };
const lines: PricedLine[] = [
  { variantId: 1, categoryId: 3, amountMinor: 100_000n },
  { variantId: 2, categoryId: 7, amountMinor: 20_000n },
];

describe("couponRefusal", () => {
  it("names why a coupon does not apply, in the order the till checks", () => {
    expect(couponRefusal(rule({}), lines, "dine_in", tuesday)).toBeNull();
    expect(couponRefusal(rule({ orderTypes: 2 }), lines, "dine_in", tuesday)).toBe("order_type");
    expect(couponRefusal(rule({ validFrom: "2026-11-25" }), lines, "dine_in", tuesday)).toBe("not_started");
    expect(couponRefusal(rule({ validTo: "2026-11-23" }), lines, "dine_in", tuesday)).toBe("expired");
    expect(couponRefusal(rule({ weekdays: 0b1100000 }), lines, "dine_in", tuesday)).toBe("outside_window");
    expect(couponRefusal(rule({ timeFrom: "17:00", timeTo: "18:00" }), lines, "dine_in", tuesday)).toBe(
      "outside_window",
    );
    expect(couponRefusal(rule({ minOrderMinor: 120_001n }), lines, "dine_in", tuesday)).toBe("minimum");
    expect(couponRefusal(rule({ scope: "category", scopeIds: [9] }), lines, "dine_in", tuesday)).toBe("not_in_scope");
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
      tuesday,
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
          const applied = applyCoupons(rules, order, "dine_in", tuesday, withCode ? "C" : null);
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

describe("couponInputSchema", () => {
  it("stores codes upper-case, makes a code-less coupon an automatic promotion, and clears scope ids of a whole-order coupon", () => {
    const parsed = couponInputSchema.parse({ code: " save-5 ", name: "Save", kind: "amount", value: 5, scopeIds: [3] });
    expect(parsed).toMatchObject({ code: "SAVE-5", autoApply: false, scopeIds: [], weekdays: 127, orderTypes: 7 });
    expect(couponInputSchema.parse({ name: "Happy", kind: "percent", value: 12.5 }).autoApply).toBe(true);
    const result = couponInputSchema.safeParse({ code: "SAVE 5", name: "Save", kind: "amount", value: 5 });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["code", COUPON_MESSAGES.code],
    ]);
  });

  it("reads back a stored coupon as the form's values", () => {
    const form = couponFormOf({
      id: 4,
      code: null,
      name: "Happy",
      kind: "percent",
      value: 50,
      maxDiscount: null,
      minOrder: 0,
      scope: "category",
      scopeIds: [7],
      scopeNames: ["Drinks"],
      orderTypes: 7,
      validFrom: null,
      validTo: null,
      weekdays: 31,
      timeFrom: "17:00",
      timeTo: "19:00",
      usageLimit: null,
      perCustomerLimit: null,
      usedCount: 3,
      autoApply: true,
      priority: 1,
      stackable: false,
      active: true,
    });
    expect(couponInputSchema.parse(form)).toMatchObject({ code: "", scopeIds: [7], weekdays: 31, timeTo: "19:00" });
  });
});
