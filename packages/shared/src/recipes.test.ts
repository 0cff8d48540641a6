import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type ConvertibleUnit,
  cannotConvert,
  convertibleUnitIds,
  foodCostBp,
  lineCostMinor,
  portionQtyMicro,
  RECIPE_MESSAGES,
  recipeInputSchema,
  scaledQty,
  unitRatio,
  yieldMilli,
} from "./recipes";

const KG: ConvertibleUnit = { id: 2, dimension: "mass", factor: "1000" };
const G: ConvertibleUnit = { id: 9, dimension: "mass", factor: "1" };
const ML: ConvertibleUnit = { id: 11, dimension: "volume", factor: "1" };
const L: ConvertibleUnit = { id: 8, dimension: "volume", factor: "1000" };
const PCS: ConvertibleUnit = { id: 1, dimension: "count", factor: "1" };

describe("recipe arithmetic", () => {
  it("converts 150 g of a kg product to 0.15 kg and costs it at 220.00 a kg as 33.00, 3.3% of 1,000.00", () => {
    const ratio = unitRatio(G, KG, null);
    expect(ratio).toEqual({ num: 1_000_000n, den: 1_000_000_000n });
    const qty = portionQtyMicro(150_000_000n, ratio ?? { num: 0n, den: 1n }, 0, 1000n);
    expect(qty).toBe(150_000n);
    // The Kitchen bin: 3 kg worth 660.00.
    const cost = lineCostMinor(qty, { num: 66_000n, den: 3_000_000n });
    expect(cost).toBe(3_300n);
    expect(foodCostBp(cost ?? 0n, 100_000n)).toBe(330n);
  });

  it("refuses ml for a kg product unless the product has a pack for it", () => {
    expect(unitRatio(ML, KG, null)).toBeNull();
    expect(unitRatio(ML, KG, 1_000n)).toEqual({ num: 1_000n, den: 1_000_000n });
    expect(cannotConvert("ml", "kg")).toBe("cannot convert ml to kg");
    expect(convertibleUnitIds([KG, G, ML, L, PCS], KG, [])).toEqual([2, 9]);
    expect(convertibleUnitIds([KG, G, ML, L, PCS], KG, [11])).toEqual([2, 9, 11]);
  });

  it("grosses up for waste and divides by the yield: 150 g at 25% waste over 2 portions takes 0.1 kg each", () => {
    expect(portionQtyMicro(150_000_000n, { num: 1n, den: 1000n }, 2500, 2000n)).toBe(100_000n);
    expect(portionQtyMicro(1_000_000n, { num: 1n, den: 1n }, 0, 3000n)).toBe(333_333n);
    expect(portionQtyMicro(2_000_000n, { num: 1n, den: 1n }, 0, 3000n)).toBe(666_667n);
  });

  it("rounds the exact quotient half up, once", () => {
    const arbitraryRatio = fc.record({ num: fc.bigInt(1n, 10n ** 12n), den: fc.bigInt(1n, 10n ** 12n) });
    fc.assert(
      fc.property(
        fc.bigInt(1n, 10n ** 15n),
        arbitraryRatio,
        fc.integer({ min: 0, max: 9_999 }),
        fc.bigInt(1n, 10n ** 8n),
        (entered, ratio, waste, portions) => {
          const q = portionQtyMicro(entered, ratio, waste, portions);
          const num = entered * ratio.num * 10_000n * 1000n;
          const den = ratio.den * BigInt(10_000 - waste) * portions;
          // |q - num/den| <= 1/2, and exactly half rounds up.
          expect(2n * q * den - 2n * num <= den).toBe(true);
          expect(2n * num - 2n * q * den < den).toBe(true);
        },
      ),
    );
  });

  it("takes more with more waste and less with more portions", () => {
    fc.assert(
      fc.property(
        fc.bigInt(1_000n, 10n ** 12n),
        fc.integer({ min: 0, max: 9_998 }),
        fc.bigInt(1n, 10n ** 6n),
        (entered, waste, portions) => {
          const one = { num: 1n, den: 1n };
          expect(portionQtyMicro(entered, one, waste + 1, portions)).toBeGreaterThanOrEqual(
            portionQtyMicro(entered, one, waste, portions),
          );
          expect(portionQtyMicro(entered, one, waste, portions + 1n)).toBeLessThanOrEqual(
            portionQtyMicro(entered, one, waste, portions),
          );
        },
      ),
    );
  });

  it("a unit converts to itself and back through its dimension without loss", () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 12n), (entered) => {
        expect(portionQtyMicro(entered, unitRatio(KG, KG, null) ?? { num: 0n, den: 1n }, 0, 1000n)).toBe(entered);
        const grams = portionQtyMicro(entered * 1000n, unitRatio(G, KG, null) ?? { num: 0n, den: 1n }, 0, 1000n);
        expect(grams).toBe(entered);
      }),
    );
  });

  it("costs a line at the bin average exactly as a sale's move would take it", () => {
    fc.assert(
      fc.property(fc.bigInt(1n, 10n ** 12n), fc.bigInt(0n, 10n ** 10n), (binQty, binValue) => {
        expect(lineCostMinor(binQty, { num: binValue, den: binQty })).toBe(binValue);
      }),
    );
    expect(lineCostMinor(1n, null)).toBeNull();
  });

  it("scales a copied line to 6 decimals and reads yields to 3", () => {
    expect(scaledQty(0.15, 1.3)).toBe(0.195);
    expect(scaledQty(1, 0)).toBeNull();
    expect(scaledQty(0.000001, 0.5)).toBe(0.000001);
    expect(yieldMilli(1)).toBe(1000n);
    expect(yieldMilli(0.0005)).toBeNull();
    expect(yieldMilli(0)).toBeNull();
  });

  it("refuses a repeated store product and an empty recipe, naming the field", () => {
    const repeated = recipeInputSchema.safeParse({
      variantId: 1,
      lines: [
        { storeProductId: 5, qty: 1, uomId: 2 },
        { storeProductId: 5, qty: 2, uomId: 2 },
      ],
    });
    expect(repeated.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["lines.1.storeProductId", RECIPE_MESSAGES.productRepeated],
    ]);
    const empty = recipeInputSchema.safeParse({ variantId: 1, lines: [] });
    expect(empty.error?.issues[0]?.message).toBe(RECIPE_MESSAGES.lines);
    const zero = recipeInputSchema.safeParse({ variantId: 1, lines: [{ storeProductId: 5, qty: 0, uomId: 2 }] });
    expect(zero.error?.issues[0]?.path.join(".")).toBe("lines.0.qty");
  });
});
