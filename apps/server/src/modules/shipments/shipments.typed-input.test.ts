import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { createCustomer, validShipmentPayload } from "../../test/shipment-fixtures";

/** Input as people paste it: the booking schemas read separators instead of refusing or cutting them. */

let t: TestApp;
let admin: string;
let customerId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  customerId = (await createCustomer(t)).id;
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/shipment", payload, headers: bearer(admin) });

describe("booking reads input as it is typed", () => {
  it("stores a pasted CNIC and phones without their dashes and spaces, and a decimal comma as a point", async () => {
    const payload = await validShipmentPayload(t.app, {
      customer_user_id: customerId,
      amount: 10,
      sender: { cnic: "42101-1234567-1", phone: "+92 300-123 4567" },
      receiver: { phone: "+44 7400 123-456" },
      packages: [{ weight: "2,5", length: "30", width: "20,5", height: 10 }],
    });
    const response = await post(payload);
    expect(response.statusCode, response.body).toBe(200);
    const view = response.json().shipment_data[0];
    expect(view.shipment_senders[0]).toMatchObject({ cnic: "4210112345671", phone: "+923001234567" });
    expect(view.shipment_receivers[0]).toMatchObject({ phone: "+447400123456" });
    expect(view.shipment_packages[0]).toMatchObject({ weight: 2.5, width: 20.5 });
    expect(view.total_weight).toBe(3);
  });

  it("refuses a weight with two separators and a length of 0, naming the field, instead of misreading them", async () => {
    const cases: [object, string, string][] = [
      [
        { packages: [{ weight: "1,234.5", length: 30, width: 20, height: 10 }] },
        "packages.0.weight",
        SHIPMENT_MESSAGES.weight,
      ],
      [
        { packages: [{ weight: "2.5", length: "0", width: 20, height: 10 }] },
        "packages.0.length",
        SHIPMENT_MESSAGES.dimension,
      ],
      [
        { packages: [{ weight: 2.5, length: 30, width: 0, height: 10 }] },
        "packages.0.width",
        SHIPMENT_MESSAGES.dimension,
      ],
      [{ packages: [{ weight: 0, length: 30, width: 20, height: 10 }] }, "packages.0.weight", SHIPMENT_MESSAGES.weight],
      [{ sender: { cnic: "42101-1234567-12" } }, "sender.cnic", "Please Enter Valid CNIC (Without Dashes)"],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await post(
        await validShipmentPayload(t.app, { customer_user_id: customerId, amount: 10, ...overrides }),
      );
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toContainEqual({ field, message });
    }
  });

  it("saves an address-book sender with a pasted CNIC and a +92 phone", async () => {
    const sender = (await validShipmentPayload(t.app)).sender;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/sender",
      headers: bearer(admin),
      payload: { ...sender, name: "Pasted Sender", cnic: "42101 1234567 1", phone: " +92 300 1234567 " },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ cnic: "4210112345671", phone: "+923001234567" });
  });
});
