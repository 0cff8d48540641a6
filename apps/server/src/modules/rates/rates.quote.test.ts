import { execFileSync } from "node:child_process";
import { RATE_MESSAGES, type RateQuote } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serviceTypes } from "../../db/schema/index";
import { adminToken, createTestApp, type TestApp } from "../../test/harness";
import { chargeFor, chargesFor, requireCharge } from "./charge";
import { countryId, dayAfter, rateCall, sample, sampleFile, today, uploadSheet } from "./rates.test-helpers";

let t: TestApp;
let gb: number;
const pdfText = (payload: Buffer) => execFileSync("pdftotext", ["-layout", "-", "-"], { input: payload }).toString();
/** The Pack sample with every amount doubled: UPS's sheet for service 11, and service 1's next sheet. */
const doubled = sample("rates-pack.csv")
  .toString()
  .replace(/(\d+\.\d\d|,95,|,110,|,35$)/gm, (match) => match.replace(/\d+(\.\d\d)?/, (n) => String(Number(n) * 2)));

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app);
  gb = await countryId(t, "GB");
  const pack = (service: number, extra: object = {}) => ({
    date: today(t),
    service_type_id: service,
    shipment_type: "Pack",
    ...extra,
  });
  const uploads = [
    uploadSheet(t, admin, pack(1), sampleFile("rates-pack.csv")),
    uploadSheet(t, admin, pack(1, { date: dayAfter(t, 10) }), { name: "later.csv", content: doubled }),
    uploadSheet(t, admin, pack(3), sampleFile("rates-pack.xlsx")),
    uploadSheet(t, admin, pack(11, { type: "DHL" }), sampleFile("rates-pack.csv")),
    uploadSheet(t, admin, pack(11, { type: "ups" }), { name: "ups.csv", content: doubled }),
    uploadSheet(t, admin, pack(16), sampleFile("rates-zip.csv")),
  ];
  for (const upload of uploads) expect((await upload).statusCode).toBe(200);
});
afterAll(() => t.close());

const calculate = async (body: object, status = 200) => {
  const response = await rateCall(t, "/api/rate/calculate_rate", body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
};
const quotes = async (body: object): Promise<RateQuote[]> => (await calculate(body)).slice(1);
const pairs = (rows: RateQuote[]) => rows.map((row) => [row.service, row.rate]);

describe("public rate calculator", () => {
  it("answers every active service that has a rate when no service is chosen", async () => {
    const answer = await calculate({ weight: 2.5, country_id: gb });
    expect(answer[0]).toMatchObject({ date: today(t), country_id: gb, weight: 2.5, service_type_id: "ALL" });
    expect(pairs(answer.slice(1))).toEqual([
      ["DHL EXPRESS", 47],
      ["UPS EXPRESS SAVER", 47],
      ["UK DHL/UPS (VAT PAID) (DHL)", 47],
      ["UK DHL/UPS (VAT PAID) (UPS)", 94],
    ]);
    expect(pairs(await quotes({ weight: 2.5, country_id: gb, service_type_id: "ALL", type2: "DHL" }))).toEqual([
      ["DHL EXPRESS", 47],
      ["UPS EXPRESS SAVER", 47],
      ["UK DHL/UPS (VAT PAID) (DHL)", 47],
    ]);
    await t.db.update(serviceTypes).set({ active: false }).where(eq(serviceTypes.serviceTypeId, 3));
    try {
      expect(pairs(await quotes({ weight: 2.5, country_id: gb, type2: "DHL" }))).toEqual([
        ["DHL EXPRESS", 47],
        ["UK DHL/UPS (VAT PAID) (DHL)", 47],
      ]);
      expect((await calculate({ weight: 2.5, country_id: gb, service_type_id: 3 }, 404)).message).toBe(
        RATE_MESSAGES.noRate,
      );
    } finally {
      await t.db.update(serviceTypes).set({ active: true }).where(eq(serviceTypes.serviceTypeId, 3));
    }
  });

  it("needs DHL or UPS for service 11 and prices each by its own sheet", async () => {
    expect((await calculate({ weight: 1, service_type_id: 11, country_id: gb }, 400)).details).toEqual([
      { field: "type2", message: RATE_MESSAGES.type2 },
    ]);
    expect(pairs(await quotes({ weight: 1, service_type_id: 11, country_id: gb, type2: "UPS" }))).toEqual([
      ["UK DHL/UPS (VAT PAID) (UPS)", 60],
    ]);
  });

  it("prices service 16 by the longest matching zip prefix", async () => {
    const zipRate = async (zip: string, weight = 0.5) => (await quotes({ weight, service_type_id: 16, zip }))[0];
    expect(await zipRate("10001")).toMatchObject({ rate: 27, zip: "10001" });
    expect(await zipRate("100 01", 3)).toMatchObject({ rate: 32 + 2 * 5.5 });
    expect(await zipRate("10002")).toMatchObject({ rate: 30, zip: "100" });
    expect(await zipRate("94105")).toMatchObject({ rate: 34, zip: "9" });
    expect((await calculate({ weight: 1, service_type_id: 16, zip: "20001" }, 404)).message).toBe(RATE_MESSAGES.noRate);
  });

  it("lists every destination when no country is given", async () => {
    const rows = await quotes({ weight: 0.5, service_type_id: 1 });
    expect(rows.map((row) => [row.country, row.rate, row.currency])).toEqual([
      ["Canada", 36, "CAD"],
      ["Germany", 22, "EUR"],
      ["United Arab Emirates", 95, "AED"],
      ["United Kingdom", 25, "USD"],
      ["United States of America", 28, "USD"],
    ]);
    const all = await quotes({ weight: 0.5, type2: "DHL" });
    expect(all.filter((row) => row.service_type_id === 16).map((row) => row.zip)).toEqual(["100", "10001", "9"]);
    expect(all).toHaveLength(5 * 3 + 3);
  });

  it("uses the newest sheet dated on or before the date", async () => {
    expect(pairs(await quotes({ weight: 2.5, service_type_id: 1, country_id: gb, date: dayAfter(t, 9) }))).toEqual([
      ["DHL EXPRESS", 47],
    ]);
    expect(pairs(await quotes({ weight: 2.5, service_type_id: 1, country_id: gb, date: dayAfter(t, 10) }))).toEqual([
      ["DHL EXPRESS", 94],
    ]);
    const before = await calculate({ weight: 2.5, service_type_id: 1, country_id: gb, date: dayAfter(t, -1) }, 404);
    expect(before.message).toBe(RATE_MESSAGES.noRate);
  });

  it("answers a clear no-rate 404, and 400 for bad input", async () => {
    const fr = await countryId(t, "FR");
    expect((await calculate({ weight: 1, country_id: fr }, 404)).message).toBe(RATE_MESSAGES.noRate);
    expect((await calculate({ weight: 1, shipment_type: "Doc", country_id: gb }, 404)).message).toBe(
      RATE_MESSAGES.noRate,
    );
    expect((await calculate({ weight: 0 }, 400)).details).toEqual([{ field: "weight", message: RATE_MESSAGES.weight }]);
    expect((await calculate({ weight: 1, country_id: 999999 }, 400)).details).toEqual([
      { field: "country_id", message: RATE_MESSAGES.countryUnknown },
    ]);
    expect((await calculate({ weight: 1, service_type_id: 999 }, 400)).details).toEqual([
      { field: "service_type_id", message: RATE_MESSAGES.serviceUnknown },
    ]);
  });
});

describe("rate inquiry and quotation slip", () => {
  it("adds the profit rounded up to a whole unit, without signing in", async () => {
    const response = await rateCall(t, "/api/rate/rate_inquiry", {
      weight: 2.5,
      serviceId: 1,
      country_id: gb,
      shipment_type: "Pack",
      profit: 10,
    });
    expect(response.statusCode).toBe(200);
    const [echo, quote] = response.json();
    expect(echo).toMatchObject({ date: today(t), country_id: gb, weight: 2.5, profit: 10 });
    expect(quote).toMatchObject({ service: "DHL EXPRESS", base_rate: 47, rate: 52 }); // 47 + ceil(4.7)
    const bad = await rateCall(t, "/api/rate/rate_inquiry", { weight: 0.5, serviceId: 16, shipment_type: "Pack" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([
      { field: "weight", message: RATE_MESSAGES.weightMin1 },
      { field: "zip", message: RATE_MESSAGES.zip },
    ]);
    const noProfit = await rateCall(t, "/api/rate/rate_inquiry", {
      weight: 2,
      country_id: gb,
      shipment_type: "Pack",
      profit: 0,
    });
    expect(noProfit.json().details).toEqual([{ field: "profit", message: RATE_MESSAGES.profit }]);
    const badToken = await rateCall(
      t,
      "/api/rate/rate_inquiry",
      { weight: 2, country_id: gb, shipment_type: "Pack" },
      "x",
    );
    expect(badToken.statusCode).toBe(401);
  });

  it("prints the QUOTATION SLIP with the request and the RATE LIST", async () => {
    const response = await rateCall(t, "/api/rate/quotation_pdf", {
      weight: 2.5,
      country_id: gb,
      type2: "DHL",
      profit: 10,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toBe(`attachment; filename="quotation-slip-${today(t)}.pdf"`);
    const text = pdfText(response.rawPayload);
    expect(text).toContain("QUOTATION SLIP");
    expect(text).toMatch(/Destination:\s+United Kingdom/);
    expect(text).toMatch(/Weight:\s+2\.5 kg/);
    expect(text).toContain("RATE LIST");
    expect(text).toMatch(/DHL EXPRESS\s+USD\s+52\.00/);
    expect(text).toMatch(/UK DHL\/UPS \(VAT PAID\) \(DHL\)\s+USD\s+52\.00/);
    const none = await rateCall(t, "/api/rate/quotation_pdf", { weight: 2.5, country_id: await countryId(t, "FR") });
    expect(none.statusCode).toBe(404);
  });
});

describe("the one charge function", () => {
  it("agrees with the listing for every destination and weight, and never charges 0", async () => {
    for (const weight of [0.5, 0.501, 1, 9.999, 10, 10.001, 20]) {
      const listed = await chargesFor(t.db, {
        serviceTypeId: 1,
        shipmentType: "Pack",
        type2: "",
        weightKg: weight,
        date: today(t),
      });
      expect(listed.length).toBeGreaterThan(0);
      for (const row of listed) {
        const single = await chargeFor(t.db, {
          serviceTypeId: 1,
          shipmentType: "Pack",
          type2: "DHL", // ignored outside service 11
          countryId: row.countryId,
          weightKg: weight,
          date: today(t),
        });
        const { serviceTypeId, service, type2, countryId, country, zipPrefix, ...charge } = row;
        expect(single).toEqual(charge);
        expect(single?.amountMinor).toBeGreaterThan(0);
      }
    }
    const query = { serviceTypeId: 1, shipmentType: "Pack" as const, type2: "", countryId: gb, date: today(t) };
    expect(await chargeFor(t.db, { ...query, weightKg: 31 })).toBeNull();
    expect(await chargeFor(t.db, { ...query, weightKg: 0 })).toBeNull();
    await expect(requireCharge(t.db, { ...query, weightKg: 31 })).rejects.toMatchObject({
      code: "RATE_NOT_AVAILABLE",
      message: RATE_MESSAGES.noRate,
    });
    expect(await requireCharge(t.db, { ...query, weightKg: 3 })).toMatchObject({
      amountMinor: 4700,
      weightChargesMinor: 4700,
      rateFirstKgMinor: 3000,
      rateAddKgMinor: 850,
      rateFlatMinor: null,
      currency: { code: "USD", rate: "280.000000" },
    });
  });
});

describe("rate limits and documentation", () => {
  it("limits the public rate calls per address", async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: "1" });
    try {
      const statuses: number[] = [];
      for (let index = 0; index < 7; index += 1)
        statuses.push((await rateCall(limited, "/api/rate/calculate_rate", { weight: 1 })).statusCode);
      expect(statuses).toEqual([404, 404, 404, 404, 404, 404, 429]);
      const inquiry = await rateCall(limited, "/api/rate/rate_inquiry", {
        weight: 1,
        country_id: 1,
        shipment_type: "Pack",
      });
      expect(inquiry.statusCode).toBe(429);
      expect(inquiry.json().message).toBe("Too many rate requests from this address. Please wait a minute.");
    } finally {
      await limited.close();
    }
  });

  it("documents the rate calls in OpenAPI", async () => {
    const spec = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const route of ["calculate_rate", "rate_inquiry", "quotation_pdf", "upload_rate_file", "get_rate_logs"])
      expect(Object.keys(spec.paths)).toContain(`/api/rate/${route}`);
  });
});
