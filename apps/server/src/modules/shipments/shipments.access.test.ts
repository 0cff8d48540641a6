import { perm, ROLE } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, createCustomer, validShipmentPayload } from "../../test/shipment-fixtures";

let t: TestApp;
let outsider: string;
let customer: string;
let id: number;
let trackingId: string;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app);
  const owner = await createCustomer(t);
  customer = (await createCustomer(t)).token;
  const clerk = await createUser(t.db, { roleId: ROLE.employee, permissions: [perm("Sender", "Sender View")] });
  outsider = await loginCargo(t.app, clerk.email, clerk.password);
  const booked = await bookShipment(t.app, admin, { customer_user_id: owner.id, amount: 100 });
  id = booked.shipment_id;
  trackingId = booked.tracking_id;
});
afterAll(() => t.close());

/** What another customer gets: 403 (a staff action), 404 (someone else's shipment) or nothing listed. */
type ForCustomer = "staff" | "404" | "empty" | "booking";
type Call = [
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: () => string,
  customer: ForCustomer,
  body?: () => Promise<object> | object,
];
const calls: Call[] = [
  ["POST", () => "/api/shipment", "booking", () => validShipmentPayload(t.app)],
  ["GET", () => "/api/shipment?size=10&page=1", "empty"],
  [
    "POST",
    () => "/api/shipment/get_shipment_with_dates",
    "empty",
    () => ({ startedDate: "2020-01-01", endDate: "2030-01-01" }),
  ],
  ["GET", () => "/api/shipment/get_shipment_with_statusId/1", "empty"],
  ["GET", () => `/api/shipment/${id}`, "404"],
  ["GET", () => `/api/shipment/shipment_with_trackingId/${trackingId}`, "empty"],
  ["PUT", () => `/api/shipment/${id}`, "404", () => ({ shipment_ref: "X" })],
  ["DELETE", () => `/api/shipment/${id}`, "staff"],
  [
    "POST",
    () => `/api/shipment/add_shipment_status/${id}`,
    "staff",
    () => ({ data: { status: "A", status_location: "B" } }),
  ],
  [
    "POST",
    () => `/api/shipment/shipment_status_update/${id}`,
    "staff",
    () => ({ data: [{ status: "A", status_location: "B" }] }),
  ],
  ["GET", () => `/api/shipment/shipment_post_voucher/${id}`, "staff"],
  ["GET", () => `/api/shipment/${id}/waybill.pdf`, "404"],
  ["GET", () => `/api/shipment/${id}/invoice.pdf`, "404"],
];

const send = async ([method, url, , body]: Call, token: string | null) =>
  t.app.inject({
    method,
    url: url(),
    payload: body ? await body() : undefined,
    headers: token ? bearer(token) : {},
  });

describe("shipment access", () => {
  it("answers 401 without a sign-in on every call but public tracking", async () => {
    for (const call of calls) expect((await send(call, null)).statusCode, call[1]()).toBe(401);
    const tracked = await t.app.inject({ method: "GET", url: `/api/shipment/shipment_tracking_history/${trackingId}` });
    expect(tracked.statusCode).toBe(200);
  });

  it("answers 403 to staff without a shipment permission on every call", async () => {
    for (const call of calls) expect((await send(call, outsider)).statusCode, call[1]()).toBe(403);
  });

  it("keeps customers out of staff actions (403) and out of other customers' shipments (404 or nothing)", async () => {
    for (const call of calls) {
      const response = await send(call, customer);
      const [, url, expected] = call;
      if (expected === "staff") expect(response.statusCode, url()).toBe(403);
      if (expected === "404") expect(response.statusCode, url()).toBe(404);
      if (expected === "empty") expect(response.json().data, url()).toEqual([]);
      // A customer may book, but not without a rate sheet: nothing was booked for the other customer.
      if (expected === "booking") expect(response.statusCode, url()).toBe(400);
    }
  });
});
