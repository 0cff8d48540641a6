import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bandCharge,
  bandMatches,
  calculateRateSchema,
  normalizeZip,
  RATE_MESSAGES,
  rateInquirySchema,
  rateUploadFieldsSchema,
  rateWithProfit,
  rateWithProfitMinor,
} from "./rates";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`) ?? [];

describe("band matching: min_kg < weight <= max_kg", () => {
  it("excludes exactly min, includes exactly max, excludes just above max", () => {
    expect(bandMatches(0.5, 1, 0.5)).toBe(false);
    expect(bandMatches(0.5, 1, 0.501)).toBe(true);
    expect(bandMatches(0.5, 1, 1)).toBe(true);
    expect(bandMatches(0.5, 1, 1.001)).toBe(false);
    expect(bandMatches(0, 0.5, 0)).toBe(false);
    expect(bandMatches(0, 0.5, 0.001)).toBe(true);
  });

  it("puts every weight of contiguous bands in exactly one band", () => {
    const edges = [0, 0.5, 1, 2, 5, 10, 30];
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 30, noNaN: true }), (weight) => {
        const hits = edges.slice(1).filter((max, index) => bandMatches(edges[index] ?? 0, max, weight));
        return hits.length === 1;
      }),
    );
  });
});

describe("band charge", () => {
  const perKg = { flatMinor: null, firstKgMinor: 1500, addKgMinor: 400 };

  it("charges a flat band its flat amount whatever the weight", () => {
    expect(bandCharge({ flatMinor: 2500, firstKgMinor: null, addKgMinor: null }, 0.3)).toBe(2500);
    expect(bandCharge({ flatMinor: 2500, firstKgMinor: null, addKgMinor: null }, 7.9)).toBe(2500);
  });

  it("charges first + ceil(weight - 1) x additional", () => {
    expect(bandCharge(perKg, 0.5)).toBe(1500);
    expect(bandCharge(perKg, 1)).toBe(1500);
    expect(bandCharge(perKg, 1.001)).toBe(1900);
    expect(bandCharge(perKg, 2)).toBe(1900);
    expect(bandCharge(perKg, 2.5)).toBe(2300);
    expect(bandCharge(perKg, 10)).toBe(1500 + 9 * 400);
  });

  it("ignores float noise in the weight (3.0000000001 kg is 3 kg)", () => {
    expect(bandCharge(perKg, 0.1 + 0.2 + 2.7)).toBe(1500 + 2 * 400);
    expect(bandCharge(perKg, 3.0000000001)).toBe(1500 + 2 * 400);
  });
});

describe("rate with profit: rate + ceil(profit% x rate / 100)", () => {
  it("rounds the profit up to a whole unit", () => {
    expect(rateWithProfit(100, 10)).toBe(110);
    expect(rateWithProfit(99, 10)).toBe(109); // 99 + ceil(9.9)
    expect(rateWithProfit(101, 1)).toBe(103); // 101 + ceil(1.01)
    expect(rateWithProfit(50, 1)).toBe(51); // 50 + ceil(0.5)
  });

  it("does not round up an exact profit because of float drift", () => {
    expect(rateWithProfit(70, 10)).toBe(77); // 7.000000000000001 is 7
    expect(rateWithProfitMinor(7000, 10)).toBe(7700);
  });

  it("works on minor units the same way", () => {
    expect(rateWithProfitMinor(1250, 10)).toBe(1250 + 200); // 12.50 + ceil(1.25)
    expect(rateWithProfitMinor(10000, 10)).toBe(11000);
    expect(rateWithProfitMinor(9900, 10)).toBe(9900 + 1000);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_00 }), fc.integer({ min: 1, max: 500 }), (rate, profit) => {
        const shown = rateWithProfitMinor(rate, profit);
        const exact = (rate * profit) / 10_000;
        return shown % 100 === rate % 100 && shown - rate >= exact * 100 - 1e-6 && shown - rate < exact * 100 + 100;
      }),
    );
  });
});

describe("calculator payload", () => {
  it("defaults to every service, Pack and no destination", () => {
    const parsed = calculateRateSchema.parse({ weight: "2.5" });
    expect(parsed).toMatchObject({ weight: 2.5, service_type_id: "ALL", shipment_type: "Pack" });
    expect(parsed.country_id).toBeUndefined();
    expect(calculateRateSchema.parse({ weight: 1, service_type_id: "" }).service_type_id).toBe("ALL");
    expect(calculateRateSchema.parse({ weight: 1, service_type_id: "all" }).service_type_id).toBe("ALL");
  });

  it("normalizes zip, shipment type and DHL/UPS", () => {
    const parsed = calculateRateSchema.parse({
      weight: 1,
      service_type_id: "11",
      zip: " 100 01 ",
      shipment_type: "doc",
      type2: "ups",
      country_id: "",
    });
    expect(parsed).toMatchObject({ service_type_id: 11, zip: "10001", shipment_type: "Doc", type2: "UPS" });
    expect(normalizeZip("sw1a 1aa")).toBe("SW1A1AA");
  });

  it("refuses a weight of 0, service 11 without DHL/UPS, and a bad zip", () => {
    expect(messages(calculateRateSchema.safeParse({ weight: 0 }))).toEqual([`weight: ${RATE_MESSAGES.weight}`]);
    expect(messages(calculateRateSchema.safeParse({ weight: "x" }))).toEqual([`weight: ${RATE_MESSAGES.weight}`]);
    expect(messages(calculateRateSchema.safeParse({ weight: 1, service_type_id: 11 }))).toEqual([
      `type2: ${RATE_MESSAGES.type2}`,
    ]);
    expect(messages(calculateRateSchema.safeParse({ weight: 1, zip: "10%" }))).toEqual([
      `zip: ${RATE_MESSAGES.zipFormat}`,
    ]);
  });
});

describe("inquiry payload", () => {
  it("needs weight and profit of at least 1, a shipment type and a destination", () => {
    expect(
      messages(rateInquirySchema.safeParse({ weight: 0.5, profit: 0, shipment_type: "Pack", country_id: 1 })),
    ).toEqual([`weight: ${RATE_MESSAGES.weightMin1}`, `profit: ${RATE_MESSAGES.profit}`]);
    expect(messages(rateInquirySchema.safeParse({ weight: 2, serviceId: 3, country_id: 4 }))).toEqual([
      `shipment_type: ${RATE_MESSAGES.shipmentType}`,
    ]);
    expect(messages(rateInquirySchema.safeParse({ weight: 2, serviceId: 3, shipment_type: "Pack" }))).toEqual([
      `country_id: ${RATE_MESSAGES.country}`,
    ]);
    // For every service a zip alone is enough (it prices service 16).
    expect(rateInquirySchema.safeParse({ weight: 2, zip: "10001", shipment_type: "Pack" }).success).toBe(true);
    expect(messages(rateInquirySchema.safeParse({ weight: 2, serviceId: 16, shipment_type: "Doc" }))).toEqual([
      `zip: ${RATE_MESSAGES.zip}`,
    ]);
  });

  it("takes service_type_id for serviceId", () => {
    const parsed = rateInquirySchema.parse({ weight: 2, service_type_id: 5, country_id: 7, shipment_type: "Pack" });
    expect(parsed).toMatchObject({ serviceId: 5, country_id: 7, weight: 2 });
    expect(parsed.profit).toBeUndefined();
  });
});

describe("upload fields", () => {
  it("needs date, service and shipment type, and DHL/UPS for service 11", () => {
    expect(messages(rateUploadFieldsSchema.safeParse({}))).toEqual([
      `date: ${RATE_MESSAGES.date}`,
      `service_type_id: ${RATE_MESSAGES.service}`,
      `shipment_type: ${RATE_MESSAGES.shipmentType}`,
    ]);
    expect(
      messages(rateUploadFieldsSchema.safeParse({ date: "2030-01-01", service_type_id: "11", shipment_type: "Pack" })),
    ).toEqual([`type: ${RATE_MESSAGES.type2}`]);
    expect(
      rateUploadFieldsSchema.parse({ date: "2030-01-01", service_type_id: "3", shipment_type: "Pack", type: "" }),
    ).toEqual({ date: "2030-01-01", service_type_id: 3, shipment_type: "Pack", type: undefined });
  });
});
