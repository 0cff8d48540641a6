import { type ShipmentView, trackingIdFor } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, insertRateSheet } from "../../test/shipment-fixtures";
import { TRACKING_NOT_FOUND_BUSY } from "./shipments.actions.routes";

let t: TestApp;
let booked: ShipmentView;
beforeAll(async () => {
  t = await createTestApp({ TRACKING_NOT_FOUND_LIMIT: "3" });
  const customer = await createCustomer(t);
  await insertRateSheet(t.db, { serviceTypeId: 1, shipmentType: "Doc", effectiveDate: "2020-01-01" }, [
    { countryId: await countryId(t.app, "GB"), minKg: 0, maxKg: 30, flat: 500000 },
  ]);
  booked = await bookShipment(t.app, customer.token);
});
afterAll(() => t.close());

/** Each lookup comes from its own address, as a guesser rotating addresses would send it. */
let address = 0;
const track = (trackingId: string) => {
  address += 1;
  return t.app.inject({
    method: "GET",
    url: `/api/shipment/shipment_tracking_history/${trackingId}`,
    remoteAddress: `198.51.100.${address % 250}`,
  });
};

describe("public tracking of unknown numbers", () => {
  it("caps unknown numbers for all addresses together, while a real number keeps answering", async () => {
    // Numbers with a valid check digit that no shipment has, and one whose check digit fails.
    const unknown = [900_000_001, 900_000_002, 900_000_003, 900_000_004].map((serial) => trackingIdFor(serial));
    const statuses = [];
    for (const id of unknown) statuses.push((await track(id)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    const busy = await track("1000000009");
    expect(busy.statusCode).toBe(429);
    expect(busy.json()).toMatchObject({ code: "RATE_LIMITED", message: TRACKING_NOT_FOUND_BUSY });
    expect(busy.json().details.retryAfterSeconds).toBeGreaterThan(0);

    const known = await track(booked.tracking_id);
    expect(known.statusCode).toBe(200);
    expect(known.json()[0].shipment.tracking_id).toBe(booked.tracking_id);
    // A malformed number is still told what is wrong with it.
    expect((await track("12ab")).statusCode).toBe(400);
  });
});
