import { perm, ROLE, SHIPMENT_MESSAGES, type ShipmentView } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, ledgerEntries, shipments, users, voucherLines, vouchers } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, daysFromNow, itemLine } from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let pk: number;
let us: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customer = await createCustomer(t);
  pk = await countryId(t.app, "PK");
  us = await countryId(t.app, "US");
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PUT" | "DELETE";
const api = (method: Method, url: string, payload?: object, token: string | null = admin) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const book = (overrides: Parameters<typeof bookShipment>[2] = {}) =>
  bookShipment(t.app, admin, { customer_user_id: customer.id, amount: 2500, ...overrides });
const staffWith = async (...cats: string[]) => {
  const user = await createUser(t.db, { roleId: ROLE.employee, permissions: cats.map((c) => perm("Shipment", c)) });
  return loginCargo(t.app, user.email, user.password);
};

describe("updating a shipment", () => {
  it("takes the list screen's variant: detail fields with data as item lines, upper-casing instrument fields", async () => {
    const booked = await book();
    const response = await api("PUT", `/api/shipment/${booked.shipment_id}`, {
      shipment_type: "Pack",
      shipment_desc: "",
      shipment_purpose_id: 3,
      service_type_id: booked.service_type_id,
      shipment_tax_id: 2,
      expected_delivery_date: daysFromNow(10),
      data: [itemLine(pk), itemLine(pk, { desc: "socks", code: "61159500", quantity: 10, value: 1.2 })],
      rebate: 1,
      sro_number: "sro 57",
      financial_instruments: 1,
      financial_instruments_no: "fi-88",
      financial_instruments_bank: "meezan bank",
    });
    expect(response.statusCode).toBe(200);
    const view: ShipmentView = response.json().data[0];
    expect(view).toMatchObject({
      shipment_type: "Pack",
      shipment_purpose: { purpose: "COMMERCIAL" },
      shipment_tax_id: 2,
      sro_number: "SRO 57",
      financial_instruments_no: "FI-88",
      financial_instruments_bank: "MEEZAN BANK",
      total_amount: 2500,
    });
    expect(view.shipment_data.map((line) => [line.desc, line.total])).toEqual([
      ["COTTON SHIRTS", 25],
      ["SOCKS", 12],
    ]);
    const back = await api("PUT", `/api/shipment/${booked.shipment_id}`, {
      shipment_type: "Doc",
      shipment_desc: "letters",
      shipment_purpose_id: null,
      data: [],
      financial_instruments: 0,
    });
    expect(back.json().data[0]).toMatchObject({
      shipment_type: "Doc",
      shipment_desc: "LETTERS",
      shipment_purpose_id: null,
      shipment_data: [],
      financial_instruments_no: null,
    });
  });

  it("takes data rows with dimensions as packages, and the edit screen's variant with parties", async () => {
    const booked = await book();
    const asPackages = await api("PUT", `/api/shipment/${booked.shipment_id}`, {
      data: [{ weight: 4.2, length: 10, width: 10, height: 10, quantity: 2 }],
    });
    expect(asPackages.json().data[0]).toMatchObject({ total_packages: 2, total_weight: 10 });
    const edit = await api("PUT", `/api/shipment/${booked.shipment_id}`, {
      receiver: { ...booked.shipment_receivers[0], country_id: us, phone: "2025550123", name: "new name" },
      amount: 7000,
    });
    expect(edit.statusCode).toBe(200);
    const view = edit.json().data[0];
    expect(view.shipment_receivers[0]).toMatchObject({ name: "NEW NAME", country: { iso2: "US" } });
    // The destination changed and no sheet covers it: staff's amount is used.
    expect(view).toMatchObject({ total_amount: 7000, rate_manual: 1 });
    const found = await api("GET", "/api/shipment?search=new%20nam");
    expect(found.json().data.map((s: ShipmentView) => s.shipment_id)).toContain(booked.shipment_id);
  });

  it("refuses bad changes with the field named and changes nothing", async () => {
    const booked = await book();
    const cases: [object, string, string][] = [
      [{ expected_delivery_date: daysFromNow(-1) }, "expected_delivery_date", SHIPMENT_MESSAGES.deliveryDatePast],
      [{ shipment_type: "Pack", data: [] }, "data", SHIPMENT_MESSAGES.lines],
      [{ data: [itemLine(pk, { code: "12" })] }, "data.0.code", SHIPMENT_MESSAGES.code8],
      [{ data: [{ weight: 0, length: 1, width: 1, height: 1 }] }, "data.0.weight", SHIPMENT_MESSAGES.weight],
      [{ service_type_id: 11 }, "type", SHIPMENT_MESSAGES.type2],
      [
        { receiver: { ...booked.shipment_receivers[0], country_id: pk, phone: "03001234567" } },
        "receiver.country_id",
        SHIPMENT_MESSAGES.sameCountry,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api("PUT", `/api/shipment/${booked.shipment_id}`, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual({ field, message });
    }
    const after = (await api("GET", `/api/shipment/${booked.shipment_id}`)).json().data[0];
    expect({ ...after, history: undefined }).toEqual({ ...booked, history: undefined });
  });

  it("refuses a change of charge once posted, but allows other fields", async () => {
    const booked = await book();
    expect((await api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`)).statusCode).toBe(200);
    const heavier = await api("PUT", `/api/shipment/${booked.shipment_id}`, {
      packages: [{ weight: 40, length: 10, width: 10, height: 10 }],
    });
    expect(heavier.statusCode).toBe(409);
    expect(heavier.json().message).toBe(SHIPMENT_MESSAGES.postedChange);
    const ref = await api("PUT", `/api/shipment/${booked.shipment_id}`, { shipment_ref: "po 1" });
    expect(ref.json().data[0]).toMatchObject({ shipment_ref: "PO 1", total_amount: 2500 });
  });

  it("is for Shipment Edit holders; a customer edits only their own, and only until the charge is posted", async () => {
    const booked = await book();
    expect((await api("PUT", `/api/shipment/${booked.shipment_id}`, {}, null)).statusCode).toBe(401);
    const own = await api("PUT", `/api/shipment/${booked.shipment_id}`, { shipment_ref: "my ref" }, customer.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data[0]).toMatchObject({ shipment_ref: "MY REF", total_amount: 2500 });
    const other = await createCustomer(t);
    expect((await api("PUT", `/api/shipment/${booked.shipment_id}`, {}, other.token)).statusCode).toBe(404);
    expect((await api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`)).statusCode).toBe(200);
    const posted = await api("PUT", `/api/shipment/${booked.shipment_id}`, { shipment_ref: "again" }, customer.token);
    expect(posted.statusCode).toBe(409);
    expect(posted.json().message).toBe(SHIPMENT_MESSAGES.postedCustomerEdit);
    expect(
      (await api("PUT", `/api/shipment/${booked.shipment_id}`, {}, await staffWith("Shipment View"))).statusCode,
    ).toBe(403);
    expect(
      (await api("PUT", `/api/shipment/${booked.shipment_id}`, {}, await staffWith("Shipment Edit"))).statusCode,
    ).toBe(200);
    expect((await api("PUT", "/api/shipment/999999", {})).statusCode).toBe(404);
  });
});

describe("deleting a shipment", () => {
  it("soft-deletes with an audit row; the shipment disappears from lists, reads and tracking", async () => {
    const booked = await book();
    const before = (await api("GET", "/api/shipment?size=1000")).json().total_results;
    const response = await api("DELETE", `/api/shipment/${booked.shipment_id}`);
    expect(response.statusCode).toBe(200);
    const [row] = await t.db.select().from(shipments).where(eq(shipments.shipmentId, booked.shipment_id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(1);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, "shipment.delete"));
    expect(audits.map((a) => a.details)).toContainEqual(
      expect.objectContaining({ shipment_id: booked.shipment_id, tracking_id: booked.tracking_id }),
    );
    expect((await api("GET", "/api/shipment?size=1000")).json().total_results).toBe(before - 1);
    expect((await api("GET", `/api/shipment/${booked.shipment_id}`)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/shipment/${booked.shipment_id}`)).statusCode).toBe(404);
    const tracked = await api("GET", `/api/shipment/shipment_tracking_history/${booked.tracking_id}`, undefined, null);
    expect(tracked.statusCode).toBe(404);
  });

  it("refuses a posted shipment (409) and needs Shipment Delete", async () => {
    const booked = await book();
    expect((await api("DELETE", `/api/shipment/${booked.shipment_id}`, undefined, customer.token)).statusCode).toBe(
      403,
    );
    expect(
      (await api("DELETE", `/api/shipment/${booked.shipment_id}`, undefined, await staffWith("Shipment Edit")))
        .statusCode,
    ).toBe(403);
    await api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`);
    const refused = await api(
      "DELETE",
      `/api/shipment/${booked.shipment_id}`,
      undefined,
      await staffWith("Shipment Delete"),
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "SHIPMENT_POSTED", message: SHIPMENT_MESSAGES.postedDelete });
  });
});

describe("posting the charge", () => {
  it("posts an approved JV to the customer's receivable and freight revenue with the cargo columns, once", async () => {
    const booked = await book({ amount: 4321.5 });
    const response = await api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`);
    expect(response.statusCode).toBe(200);
    const number: string = response.json().voucher_number;
    expect(number).toMatch(/^JV-\d{4}-\d{5}$/);
    expect(response.json().message).toContain(number);
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.number, number));
    expect(voucher).toMatchObject({ status: "Approve", source: "shipment", totalMinor: 432150n, voucherTypeId: 5 });
    const [user] = await t.db.select().from(users).where(eq(users.id, customer.id));
    const revenue = await accountId(t.db, "INTERNATIONAL FREIGHT REVENUE");
    const entries = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.voucherId, voucher?.id ?? 0));
    expect(entries.map((e) => [e.accountId, e.debitMinor, e.creditMinor])).toEqual([
      [user?.receivableAccountId, 432150n, 0n],
      [revenue, 0n, 432150n],
    ]);
    const lines = await t.db
      .select()
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, voucher?.id ?? 0));
    for (const line of lines)
      expect(line).toMatchObject({
        shipmentId: booked.shipment_id,
        trackingNo: booked.tracking_id,
        destination: expect.stringMatching(/^LONDON, UNITED KINGDOM/),
        packages: 1,
        weight: "3.00",
        weightChargesMinor: 432150,
        billNumber: booked.tracking_id,
        description: expect.stringMatching(new RegExp(`^C/N ${booked.tracking_id} LONDON`)),
        service: "DHL EXPRESS",
      });
    const view = (await api("GET", `/api/shipment/${booked.shipment_id}`)).json().data[0];
    expect(view).toMatchObject({ voucher_id: voucher?.id, voucher_number: number });
    const again = await api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "SHIPMENT_POSTED", message: SHIPMENT_MESSAGES.posted });
  });

  it("posts once even when two posts race", async () => {
    const booked = await book();
    const results = await Promise.all([
      api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`),
      api("GET", `/api/shipment/shipment_post_voucher/${booked.shipment_id}`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const posted = await t.db.select().from(voucherLines).where(eq(voucherLines.shipmentId, booked.shipment_id));
    expect(posted).toHaveLength(2);
  });

  it("refuses a zero charge and a customer without a receivable account; needs Shipment Post", async () => {
    // Booking refuses a charge of 0 now; an older shipment may still carry one.
    const free = await book();
    await t.db
      .update(shipments)
      .set({ amountMinor: 0, baseAmountMinor: 0, weightChargesMinor: 0 })
      .where(eq(shipments.shipmentId, free.shipment_id));
    const zero = await api("GET", `/api/shipment/shipment_post_voucher/${free.shipment_id}`);
    expect([zero.statusCode, zero.json().message]).toEqual([409, SHIPMENT_MESSAGES.noCharge]);
    const unaccounted = await createCustomer(t);
    await t.db.update(users).set({ receivableAccountId: null }).where(eq(users.id, unaccounted.id));
    const orphan = await book({ customer_user_id: unaccounted.id });
    const none = await api("GET", `/api/shipment/shipment_post_voucher/${orphan.shipment_id}`);
    expect([none.statusCode, none.json().message]).toEqual([409, SHIPMENT_MESSAGES.noReceivable]);
    const bare = await book();
    expect(
      (await api("GET", `/api/shipment/shipment_post_voucher/${bare.shipment_id}`, undefined, customer.token))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await api(
          "GET",
          `/api/shipment/shipment_post_voucher/${bare.shipment_id}`,
          undefined,
          await staffWith("Shipment Post"),
        )
      ).statusCode,
    ).toBe(200);
  });
});
