import { RATE_MESSAGES, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, insertRateSheet, itemLine } from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let us: number;
let gb: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customer = await createCustomer(t);
  us = await countryId(t.app, "US");
  gb = await countryId(t.app, "GB");
  await insertRateSheet(t.db, { serviceTypeId: 2, shipmentType: "Pack", effectiveDate: "2020-01-01" }, [
    { countryId: us, minKg: 0, maxKg: 5, currencyId: 5, firstKg: 2000, addKg: 550 },
    { countryId: us, minKg: 5, maxKg: 50, currencyId: 5, flat: 9999 },
  ]);
});
afterAll(() => t.close());

const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  service_type_id: 2,
  shipment_type: "Pack",
  receiver_country_id: us,
  receiver_postal_code: "20500",
  packages: [{ weight: "2,5", length: 30, width: 20, height: 10 }],
  ...overrides,
});
const quote = (payload: object, token: string | null = admin) =>
  t.app.inject({
    method: "POST",
    url: "/api/shipment/quote",
    payload,
    headers: token ? bearer(token) : {},
  });

describe("POST /api/shipment/quote", () => {
  it("answers the charge and its breakdown that booking then stores", async () => {
    const response = await quote(quoteBody(), customer.token);
    expect(response.statusCode, response.body).toBe(200);
    // 2.5 kg -> 3 kg chargeable: 20.00 + 2 x 5.50 = 31.00 USD; x 280 = 8,680.00 PKR
    expect(response.json()).toEqual({
      chargeable_weight: 3,
      rate: {
        currency: { id: 5, code: "USD" },
        amount_minor: 3100,
        base_amount_minor: 868000,
        weight_charges_minor: 3100,
        rate_first_kg_minor: 2000,
        rate_add_kg_minor: 550,
        rate_flat_minor: null,
      },
      message: null,
    });
    const booked = await bookShipment(t.app, customer.token, {
      shipment_type: "Pack",
      service_type_id: 2,
      shipment_purpose_id: 1,
      shipment_desc: "",
      receiver: { country_id: us, phone: "2025550123", postal_code: "20500" },
      packages: [{ weight: 2.5, length: 30, width: 20, height: 10 }],
      data: [itemLine(await countryId(t.app, "PK"))],
    });
    expect(booked).toMatchObject({ total_weight: 3, total_amount: 31, base_amount: 8680, rate_first_kg: 20 });
  });

  it("says no rate, as an answer rather than an error, where no sheet covers the shipment", async () => {
    const response = await quote(quoteBody({ receiver_country_id: gb }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ chargeable_weight: 3, rate: null, message: RATE_MESSAGES.noRate });
  });

  it("names the field of bad input: a size of 0, DHL or UPS missing for service 11", async () => {
    const zero = await quote(quoteBody({ packages: [{ weight: 1, length: 0, width: 1, height: 1 }] }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details).toContainEqual({ field: "packages.0.length", message: SHIPMENT_MESSAGES.dimension });
    const type2 = await quote(quoteBody({ service_type_id: 11 }));
    expect(type2.statusCode).toBe(400);
    expect(type2.json().details).toContainEqual({ field: "type", message: SHIPMENT_MESSAGES.type2 });
  });

  it("needs a sign-in (401) and Shipment Add (403)", async () => {
    expect((await quote(quoteBody(), null)).statusCode).toBe(401);
    const clerk = await createUser(t.db);
    const token = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await quote(quoteBody(), token)).statusCode).toBe(403);
  });
});
