import { luhnDigit, perm, ROLE, SHIPMENT_MESSAGES, type ShipmentSummary, type ShipmentView } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, insertRateSheet } from "../../test/shipment-fixtures";
import { TRACKING_RATE_LIMIT } from "./shipments.actions.routes";
import { COUNT_CAP } from "./shipments.queries";

let t: TestApp;
let admin: string;
let alice: Awaited<ReturnType<typeof createCustomer>>;
let bob: Awaited<ReturnType<typeof createCustomer>>;
let aliceShipment: ShipmentView;
let bobShipment: ShipmentView;
let staffShipment: ShipmentView;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  await insertRateSheet(t.db, { serviceTypeId: 1, shipmentType: "Doc", effectiveDate: "2020-01-01" }, [
    { countryId: await countryId(t.app, "GB"), minKg: 0, maxKg: 30, flat: 500000 },
  ]);
  aliceShipment = await bookShipment(t.app, alice.token, {
    sender: { name: "Zarina Qureshi", company: "Qureshi Carpets" },
    receiver: { name: "Harold Finch", company: "Finch Rugs Ltd" },
  });
  bobShipment = await bookShipment(t.app, bob.token, {
    sender: { name: "Kamran Malik", company: "Malik Sports" },
    receiver: { name: "Harold Wright", company: "Wright Goods" },
  });
  staffShipment = await bookShipment(t.app, admin, { customer_user_id: alice.id, amount: 10 });
});
afterAll(() => t.close());

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const ids = (body: { data: ShipmentSummary[] }) => body.data.map((s) => s.shipment_id);

describe("lists", () => {
  it("pages newest first with page, total_results and total_pages; staff see everyone's", async () => {
    const body = (await get("/api/shipment?size=2&page=1")).json();
    expect(body).toMatchObject({ page: 1, total_results: 3, total_pages: 2 });
    expect(ids(body)).toEqual([staffShipment.shipment_id, bobShipment.shipment_id]);
    expect(ids((await get("/api/shipment?size=2&page=2")).json())).toEqual([aliceShipment.shipment_id]);
    const row = body.data[1];
    expect(row).toMatchObject({
      tracking_id: bobShipment.tracking_id,
      service_type: { name: "DHL EXPRESS" },
      total_amount: 5000,
      currency: { id: 1, code: "PKR" },
      customer_user_id: bob.id,
      shipment_senders: [{ name: "KAMRAN MALIK", company: "MALIK SPORTS", city: "KARACHI" }],
      shipment_receivers: [{ name: "HAROLD WRIGHT", company: "WRIGHT GOODS", city: "LONDON" }],
    });
    expect(row.shipment_senders[0]).not.toHaveProperty("phone");
    expect((await get("/api/shipment?size=1001")).statusCode).toBe(400);
    expect((await get("/api/shipment?page=0")).statusCode).toBe(400);
  });

  it("searches name and company word prefixes, tracking-id prefixes and the customer's name", async () => {
    const search = async (term: string, token = admin) =>
      ids((await get(`/api/shipment?search=${encodeURIComponent(term)}`, token)).json()).sort();
    expect(await search("harold")).toEqual([aliceShipment.shipment_id, bobShipment.shipment_id].sort());
    expect(await search("HAR fin")).toEqual([aliceShipment.shipment_id]);
    expect(await search("rugs")).toEqual([aliceShipment.shipment_id]);
    expect(await search("malik")).toEqual([bobShipment.shipment_id]);
    expect(await search(bobShipment.tracking_id.slice(0, 9))).toEqual([bobShipment.shipment_id]);
    expect(await search("nobody")).toEqual([]);
    expect(await search("%")).toHaveLength(3);
    const aliceName = (await get(`/api/shipment/${aliceShipment.shipment_id}`)).json().data[0].customer_name;
    expect(await search(aliceName)).toEqual([aliceShipment.shipment_id, staffShipment.shipment_id].sort());
    const counted = (await get("/api/shipment?search=harold&size=1")).json();
    expect(counted).toMatchObject({ total_results: 2, total_pages: 2 });
  });

  it("stops counting a broad search at the cap, still paging newest first", async () => {
    await t.db.execute(sql`insert into shipment_search_terms (shipment_id, customer_user_id, term)
      select ${bobShipment.shipment_id}, ${bob.id}, w || g from generate_series(1, ${COUNT_CAP + 1}) g,
        unnest(array['zeta', 'omega']) w`);
    const broad = (await get("/api/shipment?search=zeta&size=5")).json();
    expect(broad).toMatchObject({ total_results: COUNT_CAP, total_capped: true, total_pages: COUNT_CAP / 5 });
    expect(ids(broad)).toEqual([bobShipment.shipment_id]);
    // Every word common: the newest matches page, the count stops at the cap.
    const common = (await get("/api/shipment?search=zeta%20omega")).json();
    expect(common).toMatchObject({ total_results: COUNT_CAP, total_capped: true });
    expect(ids(common)).toEqual([bobShipment.shipment_id]);
    expect(ids((await get("/api/shipment?search=zeta%20harold%20omega")).json())).toEqual([bobShipment.shipment_id]);
    // One rare word drives and the count is exact.
    const exact = (await get("/api/shipment?search=zeta%20wright")).json();
    expect(exact).toMatchObject({ total_results: 1, total_capped: false });
    expect(ids(exact)).toEqual([bobShipment.shipment_id]);
    expect((await get("/api/shipment?search=zeta%20finch")).json()).toMatchObject({ data: [], total_results: 0 });
    await t.db.execute(sql`delete from shipment_search_terms where term like 'zeta%' or term like 'omega%'`);
  });

  it("shows customers only their own shipments, in lists, searches, dates and status lists", async () => {
    const own = (await get("/api/shipment?size=10&page=1", alice.token)).json();
    expect(ids(own).sort()).toEqual([aliceShipment.shipment_id, staffShipment.shipment_id].sort());
    expect(own.total_results).toBe(2);
    expect(ids((await get("/api/shipment?search=harold", alice.token)).json())).toEqual([aliceShipment.shipment_id]);
    expect(ids((await get("/api/shipment?search=malik", alice.token)).json())).toEqual([]);
    const today = aliceShipment.shipment_date;
    const dated = await t.app.inject({
      method: "POST",
      url: "/api/shipment/get_shipment_with_dates?page=1&size=100",
      headers: bearer(bob.token),
      payload: { startedDate: today, endDate: today, customer_user_id: alice.id },
    });
    expect(ids(dated.json())).toEqual([bobShipment.shipment_id]);
    const byStatus = (await get("/api/shipment/get_shipment_with_statusId/1", bob.token)).json();
    expect(ids(byStatus)).toEqual([bobShipment.shipment_id]);
  });

  it("lists by booking dates, all in range without a paging query, and a chosen customer for staff", async () => {
    const today = aliceShipment.shipment_date;
    const post = (payload: object, query = "") =>
      t.app.inject({
        method: "POST",
        url: `/api/shipment/get_shipment_with_dates${query}`,
        headers: bearer(admin),
        payload,
      });
    expect((await post({ startedDate: today, endDate: today })).json().total_results).toBe(3);
    const forAlice = await post({ startedDate: today, endDate: today, customer_user_id: alice.id }, "?page=1&size=1");
    expect(forAlice.json()).toMatchObject({ total_results: 2, total_pages: 2 });
    expect((await post({ startedDate: "2000-01-01", endDate: "2000-01-31" })).json().data).toEqual([]);
    const backwards = await post({ startedDate: today, endDate: "2000-01-01" });
    expect(backwards.json().details).toEqual([
      { field: "endDate", message: "The end date cannot be before the start date" },
    ]);
    expect((await post({ startedDate: "yesterday", endDate: today })).statusCode).toBe(400);
  });

  it("needs a sign-in and a shipment permission", async () => {
    expect((await get("/api/shipment", null)).statusCode).toBe(401);
    const clerk = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Sender", "Sender View")] });
    const token = await loginCargo(t.app, clerk.email, clerk.password);
    expect((await get("/api/shipment", token)).statusCode).toBe(403);
    expect((await get(`/api/shipment/${aliceShipment.shipment_id}`, token)).statusCode).toBe(403);
    const poster = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Shipment", "Shipment Post")] });
    expect((await get("/api/shipment", await loginCargo(t.app, poster.email, poster.password))).statusCode).toBe(200);
  });
});

describe("reading one shipment", () => {
  it("answers data[0] with everything, and 404 for another customer's shipment", async () => {
    const own = (await get(`/api/shipment/${aliceShipment.shipment_id}`, alice.token)).json();
    expect(own.data).toHaveLength(1);
    expect(own.data[0]).toMatchObject({
      tracking_id: aliceShipment.tracking_id,
      shipment_tax_type: { name: "SENDER (DDP)" },
      shipment_senders: [expect.objectContaining({ phone: "03001234567", email: "bilal@example.com" })],
    });
    expect((await get(`/api/shipment/${bobShipment.shipment_id}`, alice.token)).statusCode).toBe(404);
    expect((await get("/api/shipment/999999")).statusCode).toBe(404);
  });

  it("looks up a C/N: the shipment, or empty data when unknown or another customer's", async () => {
    const url = (cn: string) => `/api/shipment/shipment_with_trackingId/${cn}`;
    expect((await get(url(aliceShipment.tracking_id), alice.token)).json().data[0].shipment_id).toBe(
      aliceShipment.shipment_id,
    );
    expect((await get(url(bobShipment.tracking_id), alice.token)).json()).toEqual({ data: [] });
    expect((await get(url("1234567890"))).json()).toEqual({ data: [] });
    const complaints = await createUser(t.db, {
      roleId: ROLE.employee,
      permissions: [perm("Complain", "Complaint Add")],
    });
    const token = await loginCargo(t.app, complaints.email, complaints.password);
    expect((await get(url(bobShipment.tracking_id), token)).json().data).toHaveLength(1);
    expect((await get(url(bobShipment.tracking_id), null)).statusCode).toBe(401);
  });
});

describe("public tracking", () => {
  const track = (id: string) => get(`/api/shipment/shipment_tracking_history/${id}`, null);

  it("answers the history with cities and countries only, no names, phones, addresses or e-mails", async () => {
    const response = await track(aliceShipment.tracking_id);
    expect(response.statusCode).toBe(200);
    const entries = response.json();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      status: "BOOKED",
      status_location: expect.stringContaining("KARACHI"),
      shipment: {
        tracking_id: aliceShipment.tracking_id,
        expected_delivery_date: aliceShipment.expected_delivery_date,
        track_status: "BOOKED",
        shipment_type: "Doc",
        service_type: { name: "DHL EXPRESS" },
        total_packages: 1,
        origin: { city: "KARACHI", country: expect.stringContaining("Pakistan") },
        destination: { city: "LONDON", country: expect.stringContaining("United Kingdom") },
      },
    });
    const text = response.body.toUpperCase();
    for (const secret of [
      "ZARINA",
      "QURESHI",
      "HAROLD",
      "FINCH",
      "03001234567",
      "07400123456",
      "DOWNING",
      "PLOT 22",
      "@",
      "74900",
    ])
      expect(text, secret).not.toContain(secret);
  });

  it("rejects a malformed number (400) and a bad check digit or unknown number (404)", async () => {
    for (const bad of ["12345", "12345abcde", "%20"]) {
      const response = await track(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message, bad).toBe(`trackingId: ${SHIPMENT_MESSAGES.trackingFormat}`);
    }
    const id = aliceShipment.tracking_id;
    const wrongDigit = `${id.slice(0, -1)}${(Number(id.at(-1)) + 1) % 10}`;
    const unknownSerial = "999999999";
    for (const missing of [wrongDigit, `${unknownSerial}${luhnDigit(unknownSerial)}`]) {
      const response = await track(missing);
      expect(response.statusCode, missing).toBe(404);
      expect(response.json().message).toBe(SHIPMENT_MESSAGES.trackingNotFound);
    }
  });

  it("is rate-limited per address", async () => {
    let limited = null;
    for (let i = 0; i <= TRACKING_RATE_LIMIT && !limited; i += 1) {
      const response = await track(bobShipment.tracking_id);
      if (response.statusCode === 429) limited = response.json();
    }
    expect(limited).toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("tracking") });
  });
});

describe("currencies in use", () => {
  it("refuses to delete a currency a shipment or a rate sheet uses", async () => {
    await insertRateSheet(t.db, { serviceTypeId: 4, shipmentType: "Doc", effectiveDate: "2020-01-01" }, [
      { countryId: await countryId(t.app, "GB"), minKg: 0, maxKg: 30, flat: 100, currencyId: 3 },
    ]);
    const gbp = await t.app.inject({ method: "DELETE", url: "/api/currency/3", headers: bearer(admin) });
    expect(gbp.statusCode).toBe(409);
    const pkr = await t.app.inject({ method: "DELETE", url: "/api/currency/1", headers: bearer(admin) });
    expect(pkr.statusCode).toBe(409);
    expect(pkr.json().message).toContain("shipments or rate sheets use this currency");
    const unused = await t.app.inject({ method: "DELETE", url: "/api/currency/9", headers: bearer(admin) });
    expect(unused.statusCode).toBe(200);
  });
});
