import { perm, ROLE, SHIPMENT_BULK_MAX, type ShipmentView } from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shipments, users } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, createCustomer } from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let alpha: Awaited<ReturnType<typeof createCustomer>>;
let zulu: Awaited<ReturnType<typeof createCustomer>>;
const booked: ShipmentView[] = [];

interface Row {
  shipment_id: number;
  tracking_id: string;
  shipment_date: string;
  track_status: string | null;
  total_amount: number;
  customer_name: string | null;
}
interface Page {
  data: Row[];
  total_results: number;
}

const get = (url: string, token: string | null = admin) =>
  t.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
const post = (url: string, payload: object, token: string | null = admin) =>
  t.app.inject({ method: "POST", url, payload, headers: token ? bearer(token) : {} });
const list = async (query: string, token = admin) => {
  const response = await get(`/api/shipment?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Page>();
};
const staffWith = async (...cats: string[]) => {
  const user = await createUser(t.db, { roleId: ROLE.employee, permissions: cats.map((c) => perm("Shipment", c)) });
  return loginCargo(t.app, user.email, user.password);
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  alpha = await createCustomer(t);
  zulu = await createCustomer(t);
  await t.db.update(users).set({ companyName: "Alpha Traders" }).where(eq(users.id, alpha.id));
  await t.db.update(users).set({ companyName: "Zulu Exports" }).where(eq(users.id, zulu.id));
  const plan = [
    { customer: alpha.id, amount: 3000, date: "2026-01-10", status: "BOOKED" },
    { customer: zulu.id, amount: 1000, date: "2026-01-12", status: "DELIVERED" },
    { customer: alpha.id, amount: 2000, date: "2026-01-11", status: "IN TRANSIT" },
    { customer: zulu.id, amount: 4000, date: "2026-01-15", status: "DELIVERED" },
  ];
  for (const step of plan) {
    const view = await bookShipment(t.app, admin, { customer_user_id: step.customer, amount: step.amount });
    await t.db
      .update(shipments)
      .set({ shipmentDate: step.date, trackStatus: step.status })
      .where(eq(shipments.shipmentId, view.shipment_id));
    booked.push(view);
  }
});
afterAll(() => t.close());

const ids = (page: Page) => page.data.map((row) => row.shipment_id);
const nth = (i: number) => booked[i]?.shipment_id ?? 0;

describe("sorting Shipment Details", () => {
  it("sorts by each column both ways, the shipment id breaking ties", async () => {
    expect(ids(await list("sort=amount&order=asc"))).toEqual([nth(1), nth(2), nth(0), nth(3)]);
    expect(ids(await list("sort=amount&order=desc"))).toEqual([nth(3), nth(0), nth(2), nth(1)]);
    expect(ids(await list("sort=date&order=asc"))).toEqual([nth(0), nth(2), nth(1), nth(3)]);
    expect(ids(await list("sort=date&order=desc"))).toEqual([nth(3), nth(2), nth(1), nth(0)]);
    const byTracking = [...booked].sort((a, b) => a.tracking_id.localeCompare(b.tracking_id)).map((v) => v.shipment_id);
    expect(ids(await list("sort=tracking&order=asc"))).toEqual(byTracking);
    expect(ids(await list("sort=tracking&order=desc"))).toEqual([...byTracking].reverse());
    expect(ids(await list("sort=customer&order=asc"))).toEqual([nth(0), nth(2), nth(1), nth(3)]);
    expect(ids(await list("sort=status&order=asc"))).toEqual([nth(0), nth(1), nth(3), nth(2)]);
  });

  it("pages a sorted list and sorts within a search", async () => {
    const second = await list("sort=amount&order=asc&size=2&page=2");
    expect(ids(second)).toEqual([nth(0), nth(3)]);
    expect(second.total_results).toBe(4);
    const searched = await list("search=zulu&sort=amount&order=desc");
    expect(ids(searched)).toEqual([nth(3), nth(1)]);
  });
});

describe("filtering Shipment Details", () => {
  it("filters by booking dates (both ends included) and by the current status", async () => {
    const days = await list("from=2026-01-11&to=2026-01-12");
    expect(ids(days)).toEqual([nth(1), nth(2)]);
    expect(days.total_results).toBe(2);
    const delivered = await list("status=DELIVERED");
    expect(ids(delivered)).toEqual([nth(3), nth(1)]);
    expect(ids(await list("status=DELIVERED&from=2026-01-13&sort=amount&order=asc"))).toEqual([nth(3)]);
    expect(ids(await list(`status=DELIVERED&search=${booked[1]?.tracking_id}`))).toEqual([nth(1)]);
  });

  it("gives a customer only their own shipments, sorted or filtered", async () => {
    expect(ids(await list("sort=amount&order=asc", alpha.token))).toEqual([nth(2), nth(0)]);
    expect(ids(await list("status=DELIVERED", alpha.token))).toEqual([]);
    expect(ids(await list("search=zulu&sort=amount", alpha.token))).toEqual([]);
  });

  it.each([
    ["sort=weight", "sort"],
    ["order=up", "order"],
    ["from=2026-02-30", "from"],
    ["to=yesterday", "to"],
    ["from=2026-01-12&to=2026-01-11", "to"],
  ])("answers 400 naming the field for %s", async (query, field) => {
    const response = await get(`/api/shipment?${query}`);
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });
});

describe("bulk waybills", () => {
  it("answers one PDF with a waybill per shipment", async () => {
    const response = await post("/api/shipment/waybills.pdf", { ids: [nth(0), nth(1), nth(2)] });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const pages = response.rawPayload.toString("latin1").match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBe(3);
  });

  it("keeps a customer to their own shipments: another's id is a 404 naming it", async () => {
    const own = await post("/api/shipment/waybills.pdf", { ids: [nth(0)] }, alpha.token);
    expect(own.statusCode).toBe(200);
    const other = await post("/api/shipment/waybills.pdf", { ids: [nth(0), nth(1)] }, alpha.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toContain(String(nth(1)));
  });

  it("refuses no ids, too many ids and bad ids with a 400 naming ids", async () => {
    for (const ids of [[], Array.from({ length: SHIPMENT_BULK_MAX + 1 }, (_, i) => i + 1), ["x"], [0]]) {
      const response = await post("/api/shipment/waybills.pdf", { ids });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain("ids");
    }
  });

  it("needs a sign-in and Shipment View", async () => {
    expect((await post("/api/shipment/waybills.pdf", { ids: [nth(0)] }, null)).statusCode).toBe(401);
    const poster = await staffWith("Shipment Post");
    expect((await post("/api/shipment/waybills.pdf", { ids: [nth(0)] }, poster)).statusCode).toBe(403);
  });
});

describe("bulk post of charges", () => {
  it("posts each unposted charge and says what happened to each", async () => {
    const zero = await bookShipment(t.app, admin, { customer_user_id: alpha.id, amount: 500 });
    await t.db
      .update(shipments)
      .set({ baseAmountMinor: 0, amountMinor: 0 })
      .where(eq(shipments.shipmentId, zero.shipment_id));
    const first = await post("/api/shipment/post_charges", { ids: [nth(0)] });
    expect(first.json().results[0]).toMatchObject({ outcome: "posted", tracking_id: booked[0]?.tracking_id });
    const response = await post("/api/shipment/post_charges", { ids: [nth(0), nth(1), zero.shipment_id, 999_999] });
    expect(response.statusCode).toBe(200);
    const outcomes = response.json().results.map((r: { outcome: string }) => r.outcome);
    expect(outcomes).toEqual(["already_posted", "posted", "no_charge", "not_found"]);
    expect(response.json().message).toBe("1 of 4 posted");
    const rows = await t.db
      .select({ id: shipments.shipmentId, voucher: shipments.voucherId })
      .from(shipments)
      .where(inArray(shipments.shipmentId, [nth(0), nth(1), zero.shipment_id]));
    expect(
      rows
        .filter((row) => row.voucher !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([nth(0), nth(1)].sort());
  });

  it("needs Shipment Post; a bad id list is a 400 naming ids", async () => {
    expect((await post("/api/shipment/post_charges", { ids: [nth(2)] }, null)).statusCode).toBe(401);
    const viewer = await staffWith("Shipment View");
    expect((await post("/api/shipment/post_charges", { ids: [nth(2)] }, viewer)).statusCode).toBe(403);
    expect((await post("/api/shipment/post_charges", { ids: [nth(2)] }, alpha.token)).statusCode).toBe(403);
    const bad = await post("/api/shipment/post_charges", { ids: "1,2" });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("ids");
  });
});
