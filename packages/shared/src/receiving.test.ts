import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { receivingCreateSchema } from "./receiving";
import { costReceiving, spreadByWeight, taxRateBp } from "./receiving-cost";

const line = (qtyMicro: bigint, unitCostMinor: bigint, discountMinor = 0n, taxRateBp = 0) => ({
  qtyMicro,
  unitCostMinor,
  discountMinor,
  taxRateBp,
});

describe("spreadByWeight", () => {
  it("gives the odd paisa to the largest remainders, earlier lines first on a tie", () => {
    expect(spreadByWeight(10_000n, [10_000n, 10_000n, 10_000n])).toEqual([3_334n, 3_333n, 3_333n]);
    expect(spreadByWeight(100n, [1n, 2n])).toEqual([33n, 67n]);
    expect(spreadByWeight(5n, [0n, 0n])).toEqual([3n, 2n]);
    expect(spreadByWeight(0n, [4n, 5n])).toEqual([0n, 0n]);
  });

  it("always adds up to the total, never negative, in proportion within a paisa", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 12n }),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          const parts = spreadByWeight(total, weights);
          expect(parts.reduce((sum, part) => sum + part, 0n)).toBe(total);
          const sum = weights.reduce((acc, weight) => acc + weight, 0n);
          parts.forEach((part, index) => {
            expect(part >= 0n).toBe(true);
            if (sum > 0n) {
              const exact = (total * (weights[index] ?? 0n)) / sum;
              expect(part - exact >= 0n && part - exact <= 1n).toBe(true);
            }
          });
        },
      ),
    );
  });
});

describe("costReceiving", () => {
  it("costs the worked example and 100.00 freight over two lines", () => {
    const cost = costReceiving([line(10_000_000n, 20_000n), line(5_000_000n, 26_000n)], [10_000n], true);
    expect(cost.lines.map((entry) => entry.chargeMinor)).toEqual([6_061n, 3_939n]);
    expect(cost).toMatchObject({ subtotalMinor: 330_000n, chargesMinor: 10_000n, totalMinor: 340_000n });
    expect(cost.landedMinor).toBe(340_000n);
  });

  it("keeps recoverable tax out of the landed cost and puts unrecoverable tax in", () => {
    const lines = [line(2_000_000n, 10_000n, 1_000n, 1_600)];
    expect(costReceiving(lines, [], true).lines[0]).toMatchObject({
      netMinor: 19_000n,
      taxMinor: 3_040n,
      landedMinor: 19_000n,
    });
    expect(costReceiving(lines, [], false).lines[0]?.landedMinor).toBe(22_040n);
  });

  it("balances: landed + recoverable tax = total owed, for any lines and charges", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            qty: fc.bigInt({ min: 1n, max: 10n ** 9n }),
            cost: fc.bigInt({ min: 0n, max: 10n ** 7n }),
            rate: fc.integer({ min: 0, max: 10_000 }),
          }),
          { minLength: 1, maxLength: 20 },
        ),
        fc.array(fc.bigInt({ min: 1n, max: 10n ** 8n }), { maxLength: 4 }),
        fc.boolean(),
        (rows, charges, recoverable) => {
          const cost = costReceiving(
            rows.map((row) => line(row.qty, row.cost, 0n, row.rate)),
            charges,
            recoverable,
          );
          expect(cost.landedMinor + (recoverable ? cost.taxMinor : 0n)).toBe(cost.totalMinor);
          expect(cost.subtotalMinor - cost.discountMinor + cost.taxMinor + cost.chargesMinor).toBe(cost.totalMinor);
        },
      ),
    );
  });
});

describe("the request schema", () => {
  const base = {
    vendorId: 1,
    businessDate: "2026-11-02",
    payment: "credit",
    lines: [{ storeProductId: 1, qty: 1, uomId: 1, unitCost: 10 }],
  };
  it("reads percents with 2 decimals as basis points and refuses more", () => {
    expect(taxRateBp(16)).toBe(1_600);
    expect(taxRateBp(12.75)).toBe(1_275);
    expect(taxRateBp(12.755)).toBeNull();
    expect(taxRateBp(101)).toBeNull();
  });
  it("names the line field of a zero cost without the free tick, and of a discount past the line", () => {
    const free = receivingCreateSchema.safeParse({ ...base, lines: [{ ...base.lines[0], unitCost: 0 }] });
    expect(free.error?.issues.map((issue) => issue.path.join("."))).toEqual(["lines.0.unitCost"]);
    const ticked = receivingCreateSchema.safeParse({ ...base, lines: [{ ...base.lines[0], unitCost: 0, free: true }] });
    expect(ticked.success).toBe(true);
    const discount = receivingCreateSchema.safeParse({ ...base, lines: [{ ...base.lines[0], discount: 10.01 }] });
    expect(discount.error?.issues.map((issue) => issue.path.join("."))).toEqual(["lines.0.discount"]);
  });
});
