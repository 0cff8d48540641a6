import { describe, expect, it } from "vitest";
import { discountText, needsApproval } from "./discount-rules";

describe("discounts that need a supervisor", () => {
  it("a percentage above the outlet's limit does; at the limit it does not", () => {
    expect(needsApproval({ percent: 20, amount: null }, 100_000n, 1_000)).toBe(true);
    expect(needsApproval({ percent: 10, amount: null }, 100_000n, 1_000)).toBe(false);
    expect(needsApproval({ percent: 10.01, amount: null }, 100_000n, 1_000)).toBe(true);
  });

  it("an amount is judged as its share of what it comes off", () => {
    expect(needsApproval({ percent: null, amount: 100 }, 100_000n, 1_000)).toBe(false);
    expect(needsApproval({ percent: null, amount: 100.01 }, 100_000n, 1_000)).toBe(true);
  });

  it("with no limit set (0) every discount does", () => {
    expect(needsApproval({ percent: 1, amount: null }, 100_000n, 0)).toBe(true);
    expect(needsApproval({ percent: 0, amount: null }, 100_000n, 0)).toBe(false);
  });

  it("says what is approved", () => {
    expect(discountText({ percent: 20, amount: null }, "the order")).toBe("20% off the order");
    expect(discountText({ percent: null, amount: 150 }, "Zinger")).toBe("150.00 off Zinger");
  });
});
