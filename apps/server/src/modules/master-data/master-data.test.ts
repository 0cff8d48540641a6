import { MASTER_MESSAGES, perm, ROLE } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countries, senders } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, createCustomer, itemLine } from "../../test/shipment-fixtures";

let t: TestApp;
let token: string;
let pk: number;
let us: number;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  pk = (await t.db.select().from(countries).where(eq(countries.iso2, "PK")))[0]?.countryId ?? 0;
  us = (await t.db.select().from(countries).where(eq(countries.iso2, "US")))[0]?.countryId ?? 0;
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });
const sender = (overrides: object = {}) => ({
  name: "Bilal Ahmed",
  company: "Ahmed Textiles",
  country_id: pk,
  address: "Plot 22, Sector 7, Korangi",
  address_2: "",
  address_3: "Near the fire station, a long landmark description that has no limit at all",
  postal_code: "74900",
  city: "Karachi",
  state: "Sindh",
  email: "Bilal@Example.com",
  phone: "03001234567",
  gst: "",
  ntn: "7654321-0",
  cnic: "4210112345671",
  ...overrides,
});

describe("senders and receivers", () => {
  it("adds a sender upper-casing everything but the e-mail, and lists it with its country", async () => {
    const created = await api("POST", "/api/sender", sender());
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      name: "BILAL AHMED",
      company: "AHMED TEXTILES",
      email: "bilal@example.com",
      city: "KARACHI",
      country: { name: "Pakistan" },
    });
    const list = (await api("GET", "/api/sender?size=20&page=1&search=ahmed")).json();
    expect(list.total_results).toBe(1);
    expect(list.data[0].sender_id).toBe(created.json().data.sender_id);
  });

  it("changes a sender with the spec's PUT fields, NTN left out keeping the stored one; POST still requires it", async () => {
    const created = (await api("POST", "/api/sender", sender({ name: "Spec Put Sender" }))).json().data;
    const { ntn: _left, ...withoutNtn } = sender({ name: "Spec Put Renamed", city: "Lahore" });
    const changed = await api("PUT", `/api/sender/${created.sender_id}`, withoutNtn);
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: "SPEC PUT RENAMED", city: "LAHORE", ntn: "7654321-0" });
    const withNtn = await api("PUT", `/api/sender/${created.sender_id}`, sender({ ntn: "1111111-1" }));
    expect(withNtn.json().data.ntn).toBe("1111111-1");
    const blankNtn = await api("PUT", `/api/sender/${created.sender_id}`, sender({ ntn: "" }));
    expect(blankNtn.statusCode).toBe(400);
    const postWithout = await api("POST", "/api/sender", withoutNtn);
    expect(postWithout.statusCode).toBe(400);
  });

  it("checks every field with the spec's messages, and the phone against the country", async () => {
    const response = await api(
      "POST",
      "/api/sender",
      sender({ name: "Ali", company: "Abc", address: "x".repeat(45), email: "nope", cnic: "42101-12345", ntn: "" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([
        { field: "name", message: MASTER_MESSAGES.name4 },
        { field: "company", message: MASTER_MESSAGES.company4 },
        { field: "address", message: MASTER_MESSAGES.address },
        { field: "email", message: MASTER_MESSAGES.email },
        { field: "cnic", message: MASTER_MESSAGES.cnic },
        { field: "ntn", message: MASTER_MESSAGES.ntn },
      ]),
    );
    const badPhone = await api("POST", "/api/receiver", { ...sender({ phone: "12345" }), ntn: undefined });
    expect(badPhone.json().details).toEqual([{ field: "phone", message: MASTER_MESSAGES.cell }]);
    const usElevenDigits = await api("POST", "/api/receiver", sender({ country_id: us, phone: "12025550123" }));
    expect(usElevenDigits.json().details).toEqual([{ field: "phone", message: MASTER_MESSAGES.cell }]);
    const usTen = await api("POST", "/api/receiver", sender({ country_id: us, phone: "2025550123" }));
    expect(usTen.statusCode).toBe(200);
    expect(usTen.json().data.vat).toBe("00000");
  });

  it("keeps each customer's address book to themself", async () => {
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const mine = await loginCargo(t.app, customer.email, customer.password);
    const own = (await api("POST", "/api/sender", sender({ name: "Own Sender" }), mine)).json().data;
    const list = (await api("GET", "/api/sender", undefined, mine)).json();
    expect(list.data.map((row: { sender_id: number }) => row.sender_id)).toEqual([own.sender_id]);
    const staffOnes = (await api("GET", "/api/sender")).json().data;
    const other = staffOnes.find((row: { sender_id: number }) => row.sender_id !== own.sender_id);
    expect((await api("GET", `/api/sender/${other.sender_id}`, undefined, mine)).statusCode).toBe(404);
    expect((await api("PUT", `/api/sender/${other.sender_id}`, sender(), mine)).statusCode).toBe(404);
    expect((await api("DELETE", `/api/sender/${own.sender_id}`, undefined, mine)).statusCode).toBe(403);
    const [stored] = await t.db.select().from(senders).where(eq(senders.senderId, own.sender_id));
    expect(stored?.ownerUserId).toBe(customer.id);
  });
});

describe("countries, packages, services and currencies", () => {
  it("adds, edits and deletes a country, refusing one that is in use", async () => {
    const created = (await api("POST", "/api/country", { name: "Atlantis", code: "999" })).json().data;
    expect(created).toMatchObject({ name: "ATLANTIS", code: "999" });
    expect((await api("POST", "/api/country", { name: "Atl", code: "x1" })).json().details).toEqual([
      { field: "name", message: MASTER_MESSAGES.country },
      { field: "code", message: MASTER_MESSAGES.countryCode },
    ]);
    expect((await api("POST", "/api/country", { name: "Duplicate", code: "999" })).statusCode).toBe(409);
    expect(
      (await api("PUT", `/api/country/${created.country_id}`, { name: "Atlantis Two", code: "998" })).json().data.name,
    ).toBe("ATLANTIS TWO");
    expect((await api("DELETE", `/api/country/${created.country_id}`)).statusCode).toBe(200);
    const inUse = await api("DELETE", `/api/country/${pk}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().code).toBe("RECORD_IN_USE");
    expect(inUse.json().message).toContain(MASTER_MESSAGES.inUse);
  });

  it("reads a code of four digits as ISO's three when it has leading zeros, and as no ISO code past 999", async () => {
    // "0040" is Austria's 040, which is seeded: the same code again.
    const austria = await api("POST", "/api/country", { name: "Austria Again", code: "0040" });
    expect(austria.statusCode).toBe(409);
    expect(austria.json().details).toEqual({ field: "code" });
    const made = (await api("POST", "/api/country", { name: "Hyperborea", code: "1234" })).json().data;
    expect(made).toMatchObject({ name: "HYPERBOREA", code: "1234", iso2: null, dial_code: null });
  });

  it("refuses to delete a country that only a shipment's item line names", async () => {
    const made = (await api("POST", "/api/country", { name: "Lemuria", code: "997" })).json().data;
    const customer = await createCustomer(t);
    await bookShipment(t.app, token, {
      shipment_type: "Pack",
      shipment_purpose_id: 1,
      data: [itemLine(made.country_id)],
      customer_user_id: customer.id,
      amount: 1500,
    });
    const refused = await api("DELETE", `/api/country/${made.country_id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(MASTER_MESSAGES.inUse);
    expect((await api("GET", "/api/country")).json().some((c: { code: string }) => c.code === "997")).toBe(true);
  });

  it("gives a new country its ISO alpha-2 and dial code, so its phones can be checked", async () => {
    const tuvalu = await api("GET", "/api/country");
    const existing = tuvalu.json().find((c: { iso2: string }) => c.iso2 === "TV");
    await api("DELETE", `/api/country/${existing.country_id}`);
    const added = (await api("POST", "/api/country", { name: "Tuvalu", code: "798" })).json().data;
    expect(added).toMatchObject({ code: "798", iso2: "TV", dial_code: "+688" });
    expect((await api("POST", "/api/country", { name: "Afghanistan Again", code: "4" })).statusCode).toBe(409);
    expect((await api("GET", "/api/sender?search=_")).json().total_results).toBe(0);
  });

  it("keeps packages, services and currencies", async () => {
    const box = (
      await api("POST", "/api/package", { name: "Small Box", weight: 0.5, length: 30, width: 20, height: 10 })
    ).json().data;
    expect(box).toMatchObject({ name: "SMALL BOX", weight: 0.5 });
    expect(
      (await api("POST", "/api/package", { name: "Box", weight: 0, length: 0, width: 1, height: 1 }))
        .json()
        .details.map((d: { field: string }) => d.field),
    ).toEqual(["name", "weight", "length"]);
    expect((await api("GET", "/api/rate/get_weight")).json()).toContainEqual({
      id: box.package_id,
      weight: 0.5,
      name: "SMALL BOX",
    });
    const service = (await api("POST", "/api/cargo_company", { name: "dh" })).json().data;
    expect(service.name).toBe("DH");
    expect((await api("POST", "/api/cargo_company", { name: "d" })).json().details[0].message).toBe(
      MASTER_MESSAGES.serviceName,
    );
    expect(
      (await api("PUT", `/api/cargo_company/${service.id}`, { name: "DHL", code: "dhl" })).json().data,
    ).toMatchObject({ name: "DHL", code: "DHL" });
    const currency = (await api("POST", "/api/currency", { name: "Yen", sign: "¥", code: "jpy", rate: 1.9 })).json()
      .data;
    expect(currency).toMatchObject({ name: "YEN", code: "JPY", rate: 1.9 });
    expect(
      (await api("GET", "/api/currency?size=1000&page=1")).json().data.map((c: { code: string }) => c.code),
    ).toContain("JPY");
    expect((await api("DELETE", "/api/currency/5")).statusCode).toBe(409);
    expect((await api("DELETE", `/api/currency/${currency.id}`)).statusCode).toBe(200);
  });

  it("serves the lookups", async () => {
    expect((await api("GET", "/api/uom")).json()[0]).toEqual({
      uomId: 1,
      uomName: "PCS",
      symbol: "pcs",
      dimension: "count",
      factor: 1,
    });
    expect((await api("GET", "/api/shipment/shipment_purpose")).json().length).toBeGreaterThan(0);
    expect((await api("GET", "/api/shipment/shipment_tax_type")).json().length).toBeGreaterThan(0);
    const services = await t.app.inject({ method: "GET", url: "/api/service_type/get_service_type" });
    expect(services.json().find((s: { service_type_id: number }) => s.service_type_id === 11).name).toBe(
      "UK DHL/UPS (VAT PAID)",
    );
  });

  it("enforces edit and delete permissions on the server", async () => {
    const viewer = await createUser(t.db, {
      permissions: [
        perm("Country", "Country View"),
        perm("Packages", "Packages View"),
        perm("Currency", "Currency View"),
      ],
    });
    const viewerToken = await loginCargo(t.app, viewer.email, viewer.password);
    expect((await api("POST", "/api/country", { name: "Nowhere", code: "997" }, viewerToken)).statusCode).toBe(403);
    expect((await api("DELETE", `/api/country/${us}`, undefined, viewerToken)).statusCode).toBe(403);
    expect((await api("GET", "/api/package", undefined, viewerToken)).statusCode).toBe(200);
    expect(
      (await api("POST", "/api/package", { name: "Huge Box", weight: 5, length: 5, width: 5, height: 5 }, viewerToken))
        .statusCode,
    ).toBe(403);
    expect(
      (await api("PUT", "/api/currency/1", { name: "Rupee", sign: "Rs", code: "PKR", rate: 1 }, viewerToken))
        .statusCode,
    ).toBe(403);
    expect((await api("GET", "/api/sender", undefined, viewerToken)).statusCode).toBe(403);
  });
});
