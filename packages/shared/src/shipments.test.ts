import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  chargeableWeight,
  dimensionalWeight,
  type ItemDraft,
  isTrackingFormat,
  isValidTrackingId,
  itemRowIncomplete,
  luhnDigit,
  normalizeDimension,
  packageWeights,
  resizePackages,
  round2,
  type ShipmentDraft,
  shipmentSaveBlockers,
  totalChargeableWeight,
  trackingIdFor,
} from "./shipments";

describe("package weights", () => {
  it("replaces a dimension of 0 or less (or not a number) by 0.1", () => {
    expect(normalizeDimension(0)).toBe(0.1);
    expect(normalizeDimension(-4)).toBe(0.1);
    expect(normalizeDimension(Number.NaN)).toBe(0.1);
    expect(normalizeDimension(12.5)).toBe(12.5);
  });

  it("computes the dimensional weight as L x W x H / 5000 with 2 decimals", () => {
    expect(dimensionalWeight(30, 20, 10)).toBe(1.2);
    expect(dimensionalWeight(50, 40, 30)).toBe(12);
    expect(dimensionalWeight(33, 33, 33)).toBe(7.19); // 7.1874
    expect(dimensionalWeight(10.5, 10.5, 10.5)).toBe(0.23); // 0.231525
    expect(dimensionalWeight(0, 10, 10)).toBe(0); // 0.1 x 10 x 10 / 5000 = 0.002
  });

  it("charges the larger of actual and dimensional weight, rounded up to a whole kg", () => {
    expect(chargeableWeight(2.5, 1.2)).toBe(3);
    expect(chargeableWeight(1, 12)).toBe(12);
    expect(chargeableWeight(3, 2.99)).toBe(3);
    expect(chargeableWeight(3.01, 0)).toBe(4);
    expect(chargeableWeight(0.1, 0.05)).toBe(1);
    // Float noise does not push a whole weight up a kg.
    expect(chargeableWeight(0.1 + 0.2 + 2.7, 0)).toBe(3);
    expect(packageWeights({ weight: 2.5, length: 30, width: 20, height: 10 })).toEqual({ accWeight: 1.2, chWeight: 3 });
  });

  it("totals the chargeable weights of the rows", () => {
    expect(
      totalChargeableWeight([
        { weight: 2.5, length: 30, width: 20, height: 10 },
        { weight: 1, length: 50, width: 40, height: 30 },
      ]),
    ).toBe(15);
    expect(totalChargeableWeight([])).toBe(0);
  });

  it("never charges less than the actual or dimensional weight, nor a whole kg more (property)", () => {
    const dimension = fc.double({ min: 1, max: 300, noNaN: true }).map(round2);
    fc.assert(
      fc.property(
        fc.double({ min: 0.1, max: 500, noNaN: true }).map(round2),
        dimension,
        dimension,
        dimension,
        (w, l, wi, h) => {
          const { accWeight, chWeight } = packageWeights({ weight: w, length: l, width: wi, height: h });
          const larger = Math.max(w, accWeight);
          expect(Number.isInteger(chWeight)).toBe(true);
          expect(chWeight).toBeGreaterThanOrEqual(larger);
          expect(chWeight - larger).toBeLessThan(1);
        },
      ),
    );
  });

  it("resizes package rows to the count, at least 1, named BOX 1..n", () => {
    const blank = () => ({ name: "", weight: 0 });
    expect(resizePackages([], 3, blank).map((row) => row.name)).toEqual(["BOX 1", "BOX 2", "BOX 3"]);
    const kept = resizePackages(
      [
        { name: "X", weight: 7 },
        { name: "Y", weight: 8 },
      ],
      1,
      blank,
    );
    expect(kept).toEqual([{ name: "BOX 1", weight: 7 }]);
    expect(resizePackages([], 0, blank)).toHaveLength(1);
    expect(resizePackages([], -2, blank)).toHaveLength(1);
    expect(resizePackages([], Number.NaN, blank)).toHaveLength(1);
    expect(resizePackages([], 2.7, blank)).toHaveLength(2);
  });
});

describe("tracking ids", () => {
  it("appends the Luhn check digit to the serial", () => {
    expect(luhnDigit("7992739871")).toBe(3); // the textbook Luhn example
    expect(trackingIdFor(100000000)).toBe("1000000008");
    expect(trackingIdFor("100000001")).toBe("1000000016");
    expect(trackingIdFor(100000000n)).toHaveLength(10);
  });

  it("accepts only numbers of at least 10 digits", () => {
    expect(isTrackingFormat("1000000008")).toBe(true);
    expect(isTrackingFormat("100000000")).toBe(false);
    expect(isTrackingFormat("10000000a8")).toBe(false);
    expect(isTrackingFormat(" 1000000008")).toBe(false);
    expect(isTrackingFormat("")).toBe(false);
  });

  it("rejects a wrong check digit, and any single changed digit or swapped neighbours (property)", () => {
    expect(isValidTrackingId("1000000008")).toBe(true);
    expect(isValidTrackingId("1000000009")).toBe(false);
    expect(isValidTrackingId("100000008")).toBe(false);
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000_000, max: 999_999_999 }),
        fc.nat(9),
        fc.integer({ min: 1, max: 9 }),
        (serial, at, delta) => {
          const id = trackingIdFor(serial);
          expect(isValidTrackingId(id)).toBe(true);
          const digits = [...id];
          digits[at] = String((Number(digits[at]) + delta) % 10);
          expect(isValidTrackingId(digits.join(""))).toBe(false);
          const swapped = [...id];
          const [a, b] = [swapped[at], swapped[at + 1]];
          if (
            a !== undefined &&
            b !== undefined &&
            a !== b &&
            !((a === "0" && b === "9") || (a === "9" && b === "0"))
          ) {
            [swapped[at], swapped[at + 1]] = [b, a];
            expect(isValidTrackingId(swapped.join(""))).toBe(false);
          }
        },
      ),
    );
  });
});

const line = (overrides: Partial<ItemDraft> = {}): ItemDraft => ({
  desc: "COTTON SHIRTS",
  code: "62052000",
  quantity: 2,
  uom_id: 1,
  currency_id: 5,
  value: 12.5,
  country_id: 162,
  ...overrides,
});
const party = { name: "BILAL", company: "AHMED TEXTILES", address: "PLOT 22", phone: "03001234567", country_id: 162 };
const draft = (overrides: Partial<ShipmentDraft> = {}): ShipmentDraft => ({
  sender: party,
  receiver: { ...party, country_id: 826 },
  shipmentType: "Pack",
  shipmentPurpose: 0,
  serviceType: 1,
  taxType: 1,
  estimatedDeliveryDate: "2030-01-01",
  instrument: 0,
  lines: [line()],
  packages: [{ weight: 2, length: 10, width: 10, height: 10 }],
  ...overrides,
});

describe("shipmentSaveBlockers (the spec's Save conditions)", () => {
  it("enables Save for a complete draft", () => {
    expect(shipmentSaveBlockers(draft())).toEqual([]);
    expect(shipmentSaveBlockers(draft({ shipmentType: "Doc", lines: [] }))).toEqual([]);
  });

  it("blocks on an unset service type or tax payer", () => {
    expect(shipmentSaveBlockers(draft({ serviceType: "" }))).toEqual(["service type"]);
    expect(shipmentSaveBlockers(draft({ serviceType: 0 }))).toEqual(["service type"]);
    expect(shipmentSaveBlockers(draft({ taxType: "" }))).toEqual(["tax payer"]);
    expect(shipmentSaveBlockers(draft({ taxType: 0 }))).toEqual(["tax payer"]);
  });

  it("blocks on an empty estimated delivery date", () => {
    expect(shipmentSaveBlockers(draft({ estimatedDeliveryDate: "" }))).toEqual(["estimated delivery date"]);
  });

  it("blocks when any package row has an empty width, length, height or weight", () => {
    for (const key of ["width", "length", "height", "weight"] as const) {
      const packages = [
        { weight: 1, length: 1, width: 1, height: 1 },
        { weight: 1, length: 1, width: 1, height: 1, [key]: "" },
      ];
      expect(shipmentSaveBlockers(draft({ packages })), key).toEqual(["package dimensions"]);
    }
  });

  it("blocks on an empty financial instrument choice (0 is a choice)", () => {
    expect(shipmentSaveBlockers(draft({ instrument: "" }))).toEqual(["financial instrument"]);
    expect(shipmentSaveBlockers(draft({ instrument: 1 }))).toEqual([]);
  });

  it("blocks a Pack with purpose 0 when any item row has an empty cell, 0 quantity, 0 value or no origin", () => {
    const incomplete: Partial<ItemDraft>[] = [
      { desc: "  " },
      { quantity: "" },
      { quantity: 0 },
      { uom_id: "" },
      { currency_id: "" },
      { value: "" },
      { value: 0 },
      { country_id: 0 },
    ];
    for (const change of incomplete) {
      expect(itemRowIncomplete(line(change)), JSON.stringify(change)).toBe(true);
      expect(shipmentSaveBlockers(draft({ lines: [line(), line(change)] })), JSON.stringify(change)).toEqual([
        "item rows",
      ]);
      // A purpose, or a Doc, does not look at the rows.
      expect(shipmentSaveBlockers(draft({ shipmentPurpose: 2, lines: [line(change)] }))).toEqual([]);
      expect(shipmentSaveBlockers(draft({ shipmentType: "Doc", lines: [line(change)] }))).toEqual([]);
    }
    expect(itemRowIncomplete(line())).toBe(false);
  });

  it("blocks when the sender or receiver has an empty company, name, address or phone, or country 0", () => {
    for (const key of ["company", "name", "address", "phone"] as const) {
      expect(shipmentSaveBlockers(draft({ sender: { ...party, [key]: " " } })), key).toEqual(["sender"]);
      expect(shipmentSaveBlockers(draft({ receiver: { ...party, country_id: 826, [key]: "" } })), key).toEqual([
        "receiver",
      ]);
    }
    expect(shipmentSaveBlockers(draft({ sender: { ...party, country_id: 0 } }))).toEqual(["sender"]);
    expect(shipmentSaveBlockers(draft({ receiver: { ...party, country_id: 0 } }))).toEqual(["receiver"]);
  });

  it("lists every reason at once", () => {
    const everything = draft({
      serviceType: "",
      taxType: "",
      estimatedDeliveryDate: "",
      instrument: "",
      lines: [line({ desc: "" })],
      packages: [{ weight: "", length: 1, width: 1, height: 1 }],
      sender: { ...party, name: "" },
      receiver: { ...party, country_id: 0 },
    });
    expect(shipmentSaveBlockers(everything)).toEqual([
      "service type",
      "tax payer",
      "estimated delivery date",
      "package dimensions",
      "financial instrument",
      "item rows",
      "sender",
      "receiver",
    ]);
  });
});
