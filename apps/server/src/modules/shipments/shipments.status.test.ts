import { perm, ROLE, SHIPMENT_MESSAGES, type ShipmentView } from "@cargodesk/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipmentStatusHistory } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, daysFromNow } from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let customer: Awaited<ReturnType<typeof createCustomer>>;
let _pk: number;
let _us: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customer = await createCustomer(t);
  _pk = await countryId(t.app, "PK");
  _us = await countryId(t.app, "US");
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

describe("statuses", () => {
  it("lists the statuses to anyone signed in", async () => {
    const response = await api("GET", "/api/shipment/shipment_status", undefined, customer.token);
    expect(response.json()).toContainEqual({ id: 1, name: "BOOKED" });
    expect((await api("GET", "/api/shipment/shipment_status", undefined, null)).statusCode).toBe(401);
  });

  it("appends a status, and replaces the history keeping the old rows for audit", async () => {
    const booked = await book();
    const url = `/api/shipment/add_shipment_status/${booked.shipment_id}`;
    const added = await api("POST", url, { data: { status: "in transit", status_location: "dubai, uae" } });
    expect(added.json()).toEqual({ message: "Status added successfully" });
    let view = (await api("GET", `/api/shipment/${booked.shipment_id}`)).json().data[0];
    expect(view.track_status).toBe("IN TRANSIT");
    expect(view.history.map((h: { status: string }) => h.status)).toEqual(["BOOKED", "IN TRANSIT"]);
    const bad = await api("POST", url, { data: { status: "", status_location: "" } });
    expect(bad.json().details).toEqual([
      { field: "data.status", message: SHIPMENT_MESSAGES.statusRequired },
      { field: "data.status_location", message: SHIPMENT_MESSAGES.locationRequired },
    ]);

    const replace = `/api/shipment/shipment_status_update/${booked.shipment_id}`;
    const replaced = await api("POST", replace, {
      data: [
        { status: "BOOKED", status_location: "KARACHI, PAKISTAN", status_date: "2026-01-01T10:00:00+05:00" },
        { status: "DELIVERED", status_location: "LONDON", status_date: "2026-01-05T10:00:00Z" },
      ],
      date: null,
    });
    expect(replaced.json()).toEqual({ message: "Status updated successfully" });
    view = (await api("GET", `/api/shipment/${booked.shipment_id}`)).json().data[0];
    expect(view).toMatchObject({ track_status: "DELIVERED", expected_delivery_date: null });
    expect(view.history.map((h: { status: string }) => h.status)).toEqual(["BOOKED", "DELIVERED"]);
    const superseded = await t.db
      .select()
      .from(shipmentStatusHistory)
      .where(
        and(eq(shipmentStatusHistory.shipmentId, booked.shipment_id), isNotNull(shipmentStatusHistory.supersededAt)),
      );
    expect(superseded.map((row) => [row.status, row.supersededBy])).toEqual([
      ["BOOKED", 1],
      ["IN TRANSIT", 1],
    ]);
    const empty = await api("POST", replace, { data: [], date: daysFromNow(2) });
    expect(empty.json().details).toEqual([{ field: "data", message: SHIPMENT_MESSAGES.historyEmpty }]);
    const past = await api("POST", replace, { data: [{ status: "X", status_location: "Y" }], date: daysFromNow(-2) });
    expect(past.json().details).toEqual([
      { field: "expected_delivery_date", message: SHIPMENT_MESSAGES.deliveryDatePast },
    ]);
  });

  it("needs Shipment Edit Status; customers may not change statuses", async () => {
    const booked = await book();
    const body = { data: { status: "ON HOLD", status_location: "KARACHI" } };
    const url = `/api/shipment/add_shipment_status/${booked.shipment_id}`;
    expect((await api("POST", url, body, null)).statusCode).toBe(401);
    expect((await api("POST", url, body, customer.token)).statusCode).toBe(403);
    expect((await api("POST", url, body, await staffWith("Shipment Edit"))).statusCode).toBe(403);
    expect((await api("POST", url, body, await staffWith("Shipment Edit Status"))).statusCode).toBe(200);
    const byStatus = await api("GET", "/api/shipment/get_shipment_with_statusId/11?size=5&page=1");
    expect(byStatus.json().data.map((s: ShipmentView) => s.shipment_id)).toContain(booked.shipment_id);
    expect(byStatus.json().data.every((s: ShipmentView) => s.track_status === "ON HOLD")).toBe(true);
    expect((await api("GET", "/api/shipment/get_shipment_with_statusId/999")).statusCode).toBe(404);
  });
});
