import { isValidTrackingId, perm, RATE_MESSAGES, ROLE, SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, rowsOf } from "../../lib/sql";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import {
  bookShipment,
  countryId,
  createCustomer,
  daysFromNow,
  insertRateSheet,
  itemLine,
  validShipmentPayload,
} from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let pk: number;
let gb: number;
let us: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customer = await createCustomer(t);
  pk = await countryId(t.app, "PK");
  gb = await countryId(t.app, "GB");
  us = await countryId(t.app, "US");
});
afterAll(() => t.close());

const post = (payload: object, token = admin) =>
  t.app.inject({ method: "POST", url: "/api/shipment", payload, headers: bearer(token) });
const count = async (table: string) =>
  Number(
    rowsOf(z.object({ n: col.int }), await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]?.n,
  );
const counts = async () =>
  Promise.all(
    ["shipments", "shipment_parties", "shipment_lines", "shipment_packages", "shipment_status_history"].map(count),
  );

describe("POST /api/shipment", () => {
  it("books a staff shipment for a customer with a manual amount, recomputing weights and totals", async () => {
    const payload = await validShipmentPayload(t.app, {
      customer_user_id: customer.id,
      amount: 1500.5,
      total_weight: 999,
      total_packages: 99,
      packages: [
        { weight: 2.5, length: 30, width: 20, height: 10 },
        { weight: 1, length: 50, width: 40, height: 30 },
      ],
    });
    const response = await post(payload);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe("Shipment added successfully");
    const view = body.shipment_data[0];
    expect(isValidTrackingId(view.tracking_id)).toBe(true);
    expect(view.tracking_id).toMatch(/^\d{10}$/);
    expect(view).toMatchObject({
      shipment_type: "Doc",
      shipment_desc: "CONTRACT PAPERS",
      total_packages: 2,
      // 30x20x10/5000 = 1.2 -> max(2.5, 1.2) = 2.5 -> 3; 50x40x30/5000 = 12 -> 12
      total_weight: 15,
      total_amount: 1500.5,
      base_amount: 1500.5,
      currency: { id: 1, code: "PKR" },
      rate_manual: 1,
      track_status: "BOOKED",
      customer_user_id: customer.id,
      shipment_purpose_id: null,
      shipment_data: [],
    });
    expect(view.shipment_packages).toEqual([
      expect.objectContaining({ name: "BOX 1", weight: 2.5, accWeight: 1.2, chWeight: 3 }),
      expect.objectContaining({ name: "BOX 2", weight: 1, accWeight: 12, chWeight: 12 }),
    ]);
    expect(view.shipment_senders[0]).toMatchObject({ name: "BILAL AHMED", city: "KARACHI", country: { iso2: "PK" } });
    expect(view.shipment_receivers[0]).toMatchObject({ name: "OLIVER SMITH", country: { iso2: "GB" } });
    expect(view.history).toEqual([
      expect.objectContaining({ status: "BOOKED", status_location: expect.stringMatching(/^KARACHI, .*PAKISTAN/) }),
    ]);
  });

  it("gives unique, sequential tracking ids with a valid check digit", async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await bookShipment(t.app, admin, { customer_user_id: customer.id, amount: 100 })).tracking_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(isValidTrackingId(id)).toBe(true);
    const serials = ids.map((id) => Number(id.slice(0, -1)));
    expect(serials[1]).toBe((serials[0] ?? 0) + 1);
  });

  it("charges from the rate sheet in its currency and converts to the base currency", async () => {
    await insertRateSheet(t.db, { serviceTypeId: 2, shipmentType: "Pack", effectiveDate: "2020-01-01" }, [
      { countryId: us, minKg: 0, maxKg: 5, currencyId: 5, firstKg: 2000, addKg: 550 },
      { countryId: us, minKg: 5, maxKg: 50, currencyId: 5, flat: 9999 },
    ]);
    const view = await bookShipment(t.app, customer.token, {
      shipment_type: "Pack",
      service_type_id: 2,
      shipment_purpose_id: 1,
      shipment_desc: "",
      receiver: { country_id: us, phone: "2025550123", postal_code: "20500" },
      data: [itemLine(pk)],
      amount: 1, // ignored: a rate exists (and customers cannot set amounts)
    });
    // 3 kg: 20.00 + 2 x 5.50 = 31.00 USD; x 280 = 8,680.00 PKR
    expect(view).toMatchObject({
      total_weight: 3,
      total_amount: 31,
      currency: { id: 5, code: "USD" },
      base_amount: 8680,
      rate_first_kg: 20,
      rate_add_kg: 5.5,
      rate_flat: null,
      weight_charges: 31,
      rate_manual: 0,
      customer_user_id: customer.id,
      shipment_purpose: { purpose: "GIFT" },
    });
    expect(view.shipment_data).toEqual([
      expect.objectContaining({ desc: "COTTON SHIRTS", code: "62052000", quantity: 2, value: 12.5, total: 25 }),
    ]);
    expect(view.shipment_data[0]).toMatchObject({ uom: { uomName: "PCS" }, currency: { code: "USD" } });
  });

  it("prices service 16 by the receiver's postal code", async () => {
    await insertRateSheet(t.db, { serviceTypeId: 16, shipmentType: "Doc", effectiveDate: "2020-01-01" }, [
      { zipPrefix: "100", minKg: 0, maxKg: 10, currencyId: 5, flat: 4500 },
      { zipPrefix: "9", minKg: 0, maxKg: 10, currencyId: 5, flat: 9900 },
    ]);
    const view = await bookShipment(t.app, customer.token, {
      service_type_id: 16,
      receiver: { country_id: us, phone: "2025550123", postal_code: "10001" },
    });
    expect(view).toMatchObject({ total_amount: 45, base_amount: 12600, rate_flat: 45, currency: { code: "USD" } });
  });

  it("refuses a customer when no rate covers the shipment, and staff without an amount", async () => {
    const before = await counts();
    const own = await post(await validShipmentPayload(t.app, { service_type_id: 9, amount: 500 }), customer.token);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(`amount: ${RATE_MESSAGES.noRate}`);
    const staff = await post(await validShipmentPayload(t.app, { service_type_id: 9, customer_user_id: customer.id }));
    expect(staff.json().details).toEqual([{ field: "amount", message: RATE_MESSAGES.noRate }]);
    expect(await counts()).toEqual(before);
  });

  it("books a customer's shipment as their own whatever customer_user_id says", async () => {
    await insertRateSheet(t.db, { serviceTypeId: 3, shipmentType: "Doc", effectiveDate: "2020-01-01" }, [
      { countryId: gb, minKg: 0, maxKg: 10, flat: 250000 },
    ]);
    const other = await createCustomer(t);
    const view = await bookShipment(t.app, customer.token, { service_type_id: 3, customer_user_id: other.id });
    expect(view.customer_user_id).toBe(customer.id);
    expect(view.total_amount).toBe(2500);
  });

  it("rejects bad input with the field named and writes nothing", async () => {
    const before = await counts();
    const cases: [object, string, string][] = [
      [
        { customer_user_id: customer.id, amount: 1, receiver: { country_id: pk, phone: "03001234567" } },
        "receiver.country_id",
        SHIPMENT_MESSAGES.sameCountry,
      ],
      [{ customer_user_id: customer.id, amount: 1, shipment_desc: "" }, "shipment_desc", SHIPMENT_MESSAGES.description],
      [{ customer_user_id: customer.id, amount: 1, shipment_type: "Pack", data: [] }, "data", SHIPMENT_MESSAGES.lines],
      [{ customer_user_id: customer.id, amount: 1, service_type_id: 11 }, "type", SHIPMENT_MESSAGES.type2],
      [
        { customer_user_id: customer.id, amount: 1, expected_delivery_date: daysFromNow(-3) },
        "expected_delivery_date",
        SHIPMENT_MESSAGES.deliveryDatePast,
      ],
      [
        { customer_user_id: customer.id, amount: 1, sender: { phone: "12345" } },
        "sender.phone",
        "Please Enter Valid Cell Number",
      ],
      [
        { customer_user_id: customer.id, amount: 1, receiver: { country_id: us, phone: "12025550123" } },
        "receiver.phone",
        "Please Enter Valid Cell Number",
      ],
      [{ amount: 1 }, "customer_user_id", SHIPMENT_MESSAGES.customer],
      [{ customer_user_id: 1, amount: 1 }, "customer_user_id", SHIPMENT_MESSAGES.customer],
      [
        { customer_user_id: customer.id, amount: 1, shipment_tax_id: 99 },
        "shipment_tax_id",
        "No such entry; choose one from the list",
      ],
      [{ customer_user_id: customer.id, amount: 1.005 }, "amount", "Use at most 2 decimals"],
      [
        { customer_user_id: customer.id, amount: 1, sender_id: 999999 },
        "sender_id",
        "No such sender in your address book",
      ],
      [{ customer_user_id: customer.id, amount: 1, sender: { name: "Al" } }, "sender.name", SHIPMENT_MESSAGES.name3],
      [{ customer_user_id: customer.id, amount: 1, packages: [] }, "packages", SHIPMENT_MESSAGES.packages],
      [
        { customer_user_id: customer.id, amount: 1, packages: [{ weight: 0.05, length: 1, width: 1, height: 1 }] },
        "packages.0.weight",
        SHIPMENT_MESSAGES.weight,
      ],
      [
        { customer_user_id: customer.id, amount: 1, shipment_type: "Pack", data: [itemLine(pk, { code: "1234" })] },
        "data.0.code",
        SHIPMENT_MESSAGES.code8,
      ],
      [
        { customer_user_id: customer.id, amount: 1, shipment_type: "Pack", data: [itemLine(pk, { quantity: 0 })] },
        "data.0.quantity",
        SHIPMENT_MESSAGES.quantity,
      ],
      [
        { customer_user_id: customer.id, amount: 1, shipment_type: "Pack", data: [itemLine(pk, { uom_id: 999 })] },
        "data.0.uom_id",
        "No such entry; choose one from the list",
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post(await validShipmentPayload(t.app, overrides));
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual({ field, message });
    }
    expect(await counts()).toEqual(before);
  });

  it("takes Doc without purpose or lines even when they are sent, and Pack with item lines", async () => {
    const doc = await bookShipment(t.app, admin, {
      customer_user_id: customer.id,
      amount: 10,
      shipment_purpose_id: 2,
      data: [itemLine(pk)],
    });
    expect(doc.shipment_purpose_id).toBeNull();
    expect(doc.shipment_data).toEqual([]);
    const pack = await bookShipment(t.app, admin, {
      customer_user_id: customer.id,
      amount: 10,
      shipment_type: "Pack",
      shipment_purpose_id: 0,
      data: [itemLine(pk), itemLine(gb, { code: "85171300", quantity: 1, value: 300 })],
      financial_instruments: 1,
      financial_instruments_no: "lc-123",
      financial_instruments_bank: "hbl",
      rebate: 1,
      sro_number: "sro 9",
      service_type_id: 11,
      type: "UPS",
    });
    expect(pack).toMatchObject({
      shipment_purpose_id: null,
      financial_instruments_no: "LC-123",
      financial_instruments_bank: "HBL",
      sro_number: "SRO 9",
      type: "UPS",
    });
    expect(pack.shipment_data.map((line) => line.country.name)).toHaveLength(2);
  });

  it("checks address-book ids against the caller's own book", async () => {
    const staffSender = await t.app.inject({
      method: "POST",
      url: "/api/sender",
      headers: bearer(admin),
      payload: { ...(await validShipmentPayload(t.app)).sender, name: "Company Sender", company: "Company Sender" },
    });
    const senderId = staffSender.json().data.sender_id;
    const refused = await post(await validShipmentPayload(t.app, { sender_id: senderId }), customer.token);
    expect(refused.json().details).toEqual([{ field: "sender_id", message: "No such sender in your address book" }]);
    const taken = await bookShipment(t.app, admin, { customer_user_id: customer.id, amount: 5, sender_id: senderId });
    expect(taken.sender_id).toBe(senderId);
  });

  it("needs a sign-in and the Shipment Add permission", async () => {
    const payload = await validShipmentPayload(t.app, { customer_user_id: customer.id, amount: 1 });
    expect((await t.app.inject({ method: "POST", url: "/api/shipment", payload })).statusCode).toBe(401);
    const viewer = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Shipment", "Shipment View")] });
    expect((await post(payload, await loginCargo(t.app, viewer.email, viewer.password))).statusCode).toBe(403);
    const adder = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Shipment", "Shipment Add")] });
    expect((await post(payload, await loginCargo(t.app, adder.email, adder.password))).statusCode).toBe(200);
  });
});
