import type { Coupon } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { conditionsText, scopeText, stateOf, usesText, valueText, windowText } from "./coupon-text";

const coupon = (overrides: Partial<Coupon>): Coupon => ({
  id: 1,
  code: "SAVE10",
  name: "Save ten",
  kind: "percent",
  value: 10,
  maxDiscount: null,
  minOrder: 0,
  scope: "order",
  scopeIds: [],
  scopeNames: [],
  orderTypes: 7,
  validFrom: null,
  validTo: null,
  weekdays: 127,
  timeFrom: null,
  timeTo: null,
  usageLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
  autoApply: false,
  priority: 0,
  stackable: false,
  active: true,
  ...overrides,
});

describe("how the coupon list reads a coupon", () => {
  it("writes the value with its cap and minimum", () => {
    expect(valueText(coupon({}))).toBe("10%");
    expect(valueText(coupon({ kind: "amount", value: 1500.5 }))).toBe("1,500.50 off");
    expect(conditionsText(coupon({ maxDiscount: 500, minOrder: 1000 }))).toBe("at most 500.00, orders from 1,000.00");
    expect(conditionsText(coupon({}))).toBe("");
  });

  it("writes the scope, the happy-hour window and the uses", () => {
    expect(scopeText(coupon({}))).toBe("Whole order");
    const names = ["Drinks", "Tea", "Juice", "Shakes"];
    expect(scopeText(coupon({ scope: "category", scopeIds: [1, 2, 3, 4], scopeNames: names }))).toBe(
      "Categories: Drinks, Tea, Juice +1",
    );
    expect(windowText(coupon({ weekdays: 0b0011111, timeFrom: "17:00", timeTo: "19:00", validTo: "2026-12-31" }))).toBe(
      "Mon-Fri 17:00-19:00, until 2026-12-31",
    );
    expect(windowText(coupon({ validFrom: "2026-12-01", validTo: "2026-12-31" }))).toBe(
      "Every day, 2026-12-01 to 2026-12-31",
    );
    expect(usesText(coupon({ usedCount: 3, usageLimit: 100, perCustomerLimit: 1 }))).toBe("3 / 100 (1 per customer)");
    expect(usesText(coupon({ usedCount: 3 }))).toBe("3 / no limit");
  });

  it("tells active, inactive, scheduled, expired and used-up coupons apart on the company's date", () => {
    const today = "2026-11-24";
    expect(stateOf(coupon({}), today).label).toBe("Active");
    expect(stateOf(coupon({ active: false, validTo: "2026-01-01" }), today).label).toBe("Inactive");
    expect(stateOf(coupon({ validTo: "2026-11-23" }), today).label).toBe("Expired");
    expect(stateOf(coupon({ validTo: today }), today).label).toBe("Active");
    expect(stateOf(coupon({ validFrom: "2026-11-25" }), today).label).toBe("Scheduled");
    expect(stateOf(coupon({ usageLimit: 2, usedCount: 2 }), today).label).toBe("Used up");
  });
});
