import { describe, expect, it } from "vitest";
import { COUPON_MESSAGES, couponFormOf, couponInputSchema } from "./coupons";

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
