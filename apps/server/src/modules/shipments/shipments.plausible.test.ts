import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, rowsOf } from "../../lib/sql";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import {
  bookShipment,
  countryId,
  createCustomer,
  itemLine,
  type ShipmentOverrides,
  validShipmentPayload,
} from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let customerId: number;
let pk: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customerId = (await createCustomer(t)).id;
  pk = await countryId(t.app, "PK");
});
afterAll(() => t?.close());

const box = { weight: 2.5, length: 30, width: 20, height: 10 };
const shipmentCount = async () =>
  Number(rowsOf(z.object({ n: col.int }), await t.db.execute(sql`select count(*)::int as n from shipments`))[0]?.n);

describe("implausible shipments are refused with a 400 naming the field", () => {
  it("refuses 10^9 packages, more than 999 packages in all, 100,000 pieces on a line and a zero manual charge", async () => {
    const cases: [ShipmentOverrides, string, string][] = [
      [{ packages: [{ ...box, quantity: 1_000_000_000 }] }, "packages.0.quantity", SHIPMENT_MESSAGES.packagesMax],
      [
        { packages: Array.from({ length: 5 }, () => ({ ...box, quantity: 200 })) },
        "packages",
        SHIPMENT_MESSAGES.packagesMax,
      ],
      [
        { shipment_type: "Pack", shipment_purpose_id: 1, data: [itemLine(pk, { quantity: 100_000 })] },
        "data.0.quantity",
        SHIPMENT_MESSAGES.quantityMax,
      ],
      [{ amount: 0 }, "amount", SHIPMENT_MESSAGES.manualAmount],
    ];
    const before = await shipmentCount();
    for (const [overrides, field, message] of cases) {
      const payload = await validShipmentPayload(t.app, { customer_user_id: customerId, amount: 100, ...overrides });
      const response = await t.app.inject({ method: "POST", url: "/api/shipment", payload, headers: bearer(admin) });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual({ field, message });
    }
    expect(await shipmentCount()).toBe(before);
  });

  it("accepts the largest plausible shipment: 999 packages and 99,999 pieces on a line", async () => {
    const view = await bookShipment(t.app, admin, {
      customer_user_id: customerId,
      amount: 100,
      shipment_type: "Pack",
      shipment_purpose_id: 1,
      data: [itemLine(pk, { quantity: 99_999 })],
      packages: [
        { ...box, quantity: 990 },
        { ...box, quantity: 9 },
      ],
    });
    expect(view.total_packages).toBe(999);
  });

  it("refuses the same on an edit: a zero manual charge and more than 999 packages", async () => {
    const view = await bookShipment(t.app, admin, { customer_user_id: customerId, amount: 100 });
    const put = (payload: object) =>
      t.app.inject({ method: "PUT", url: `/api/shipment/${view.shipment_id}`, payload, headers: bearer(admin) });
    const zero = await put({ amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details).toContainEqual({ field: "amount", message: SHIPMENT_MESSAGES.manualAmount });
    const many = await put({ packages: [{ ...box, quantity: 1000 }] });
    expect(many.statusCode).toBe(400);
    expect(many.json().details).toContainEqual({
      field: "packages.0.quantity",
      message: SHIPMENT_MESSAGES.packagesMax,
    });
  });
});
