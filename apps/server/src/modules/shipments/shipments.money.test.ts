import { formatMinor } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { declaredValue } from "../../lib/documents/shipment-parts";
import { shipmentViewFixture } from "./shipments.pdf-fixture";

describe("a shipment's declared value", () => {
  it("is summed exactly from decimal values, however large value x quantity grows", () => {
    const base = shipmentViewFixture();
    const [first] = base.shipment_data;
    if (!first) throw new Error("the fixture has item lines");
    const view = shipmentViewFixture({
      shipment_data: [
        // 4.35 x 100 is 434.99999999999994 as a float; 9,999,999,999.99 x 1,000,000 passes 2^53 paisa.
        { ...first, value: 4.35, quantity: 3 },
        { ...first, value: 9_999_999_999.99, quantity: 1_000_000 },
      ],
    });
    const value = declaredValue(view);
    expect(value?.minor).toBe(1305n + 999_999_999_999n * 1_000_000n);
    expect(formatMinor(value?.minor ?? 0n)).toBe("9,999,999,999,990,013.05");
  });
});
