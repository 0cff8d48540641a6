import { perm, ROLE, SHIPMENT_MESSAGES, type ShipmentView } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { bookShipment, countryId, createCustomer, itemLine } from "../../test/shipment-fixtures";

let t: TestApp;
let admin: string;
let alice: Awaited<ReturnType<typeof createCustomer>>;
let bob: Awaited<ReturnType<typeof createCustomer>>;
let aliceShipment: ShipmentView;
let bobShipment: ShipmentView;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  alice = await createCustomer(t);
  bob = await createCustomer(t, ROLE.individualCustomer);
  aliceShipment = await bookShipment(t.app, admin, { customer_user_id: alice.id, amount: 1500 });
  bobShipment = await bookShipment(t.app, admin, {
    customer_user_id: bob.id,
    amount: 900,
    shipment_type: "Pack",
    shipment_purpose_id: 1,
    data: [itemLine(await countryId(t.app, "PK"))],
    packages: [
      { weight: 4, length: 30, width: 20, height: 10 },
      { weight: 1.2, length: 10, width: 10, height: 10 },
    ],
  });
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });
const add = (payload: object, token = admin) => api("POST", "/api/complaint/add_complaint", token, payload);
const complaintCount = async () =>
  Number(rowsOf(z.object({ n: col.int }), await t.db.execute(sql`select count(*)::int as n from complaints`))[0]?.n);
const staffWith = async (...cats: string[]) => {
  const user = await createUser(t.db, { permissions: cats.map((cat) => perm("Complain", cat)) });
  return loginCargo(t.app, user.email, user.password);
};

describe("POST /api/complaint/add_complaint", () => {
  it("files a complaint for the shipment's customer, upper-cased, OPEN, dated today by default", async () => {
    const response = await add({ cn_number: aliceShipment.tracking_id, complaint_satement: "Parcel arrived wet" });
    expect(response.statusCode).toBe(200);
    const { message, complaint_id } = response.json();
    expect(message).toBe("Complaint Added Successfully");
    const one = await api("GET", `/api/complaint/get_complaint_with_id/${complaint_id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({
      complaint_id,
      cn_number: aliceShipment.tracking_id,
      complaint_satement: "PARCEL ARRIVED WET",
      complaint_date: todayIn(t.config.APP_TZ),
      shipment_id: aliceShipment.shipment_id,
      status_id: 1,
      statu: { status: "OPEN" },
      customer_user_id: alice.id,
      shipment: {
        tracking_id: aliceShipment.tracking_id,
        shipment_date: aliceShipment.shipment_date,
        shipment_type: "Doc",
        total_packages: 1,
        total_weight: 3,
        shipper: { name: "BILAL AHMED", city: "KARACHI", country: aliceShipment.shipment_senders[0]?.country.name },
        consignee: { name: "OLIVER SMITH", city: "LONDON", country: aliceShipment.shipment_receivers[0]?.country.name },
      },
    });
  });

  it("keeps a given complaint date and a matching shipment id", async () => {
    const response = await add({
      cn_number: ` ${bobShipment.tracking_id} `,
      complaint_satement: "one box missing",
      shipment_id: bobShipment.shipment_id,
      complaint_date: "2025-01-15",
    });
    expect(response.statusCode).toBe(200);
    const one = (
      await api("GET", `/api/complaint/get_complaint_with_id/${response.json().complaint_id}`, admin)
    ).json();
    expect(one).toMatchObject({
      complaint_date: "2025-01-15",
      complaint_satement: "ONE BOX MISSING",
      customer_user_id: bob.id,
      shipment: { shipment_type: "Pack", total_packages: 2, total_weight: 6 },
    });
  });

  it("answers 404 with the spec's message for an unknown C/N, writing nothing", async () => {
    const before = await complaintCount();
    for (const cn of ["9999999999", "abc"]) {
      const response = await add({ cn_number: cn, complaint_satement: "late" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "NOT_FOUND", message: SHIPMENT_MESSAGES.cnNotFound });
    }
    expect(SHIPMENT_MESSAGES.cnNotFound).toBe("Consignee Number not Found");
    expect(await complaintCount()).toBe(before);
  });

  it("refuses bad input with field messages, writing nothing", async () => {
    const before = await complaintCount();
    const empty = await add({ cn_number: "  ", complaint_satement: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toEqual(
      expect.arrayContaining([
        { field: "cn_number", message: "Please enter the C/N number" },
        { field: "complaint_satement", message: SHIPMENT_MESSAGES.complaintRequired },
      ]),
    );
    const missing = await add({});
    expect(missing.statusCode).toBe(400);
    const badDate = await add({
      cn_number: aliceShipment.tracking_id,
      complaint_satement: "x",
      complaint_date: "2025-13-40",
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details[0].field).toBe("complaint_date");
    const mismatch = await add({
      cn_number: aliceShipment.tracking_id,
      complaint_satement: "x",
      shipment_id: bobShipment.shipment_id,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: "shipment_id", message: "The shipment does not match the C/N number" },
    ]);
    expect(await complaintCount()).toBe(before);
  });

  it("does not take complaints on a deleted shipment", async () => {
    const gone = await bookShipment(t.app, admin, { customer_user_id: alice.id, amount: 10 });
    await t.db.execute(sql`update shipments set deleted_at = now() where shipment_id = ${gone.shipment_id}`);
    const response = await add({ cn_number: gone.tracking_id, complaint_satement: "where is it" });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(SHIPMENT_MESSAGES.cnNotFound);
  });
});

describe("customers", () => {
  it("file complaints on their own shipments only and see only their own", async () => {
    const own = await add({ cn_number: aliceShipment.tracking_id, complaint_satement: "call me" }, alice.token);
    expect(own.statusCode).toBe(200);
    const before = await complaintCount();
    const other = await add({ cn_number: bobShipment.tracking_id, complaint_satement: "not mine" }, alice.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe(SHIPMENT_MESSAGES.cnNotFound);
    expect(await complaintCount()).toBe(before);

    const aliceList = (await api("GET", "/api/complaint/get_complaint", alice.token)).json();
    expect(aliceList.length).toBeGreaterThanOrEqual(2);
    expect(aliceList.every((row: { customer_user_id: number }) => row.customer_user_id === alice.id)).toBe(true);
    const bobList = (await api("GET", "/api/complaint/get_complaint", bob.token)).json();
    expect(bobList.map((row: { cn_number: string }) => row.cn_number)).toEqual([bobShipment.tracking_id]);
    const staffList = (await api("GET", "/api/complaint/get_complaint", admin)).json();
    expect(staffList.length).toBe(aliceList.length + bobList.length);
    // Newest first.
    const ids = staffList.map((row: { complaint_id: number }) => row.complaint_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const bobsComplaint = bobList[0].complaint_id;
    expect((await api("GET", `/api/complaint/get_complaint_with_id/${bobsComplaint}`, alice.token)).statusCode).toBe(
      404,
    );
    expect((await api("GET", `/api/complaint/get_complaint_with_id/${bobsComplaint}`, bob.token)).statusCode).toBe(200);
  });

  it("cannot change a complaint's status", async () => {
    const [mine] = (await api("GET", "/api/complaint/get_complaint", alice.token)).json();
    const response = await api("POST", `/api/complaint/update_complaint_status/${mine.complaint_id}`, alice.token, {
      status_id: 4,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe("statuses", () => {
  it("lists the complaint statuses to anyone signed in", async () => {
    const response = await api("GET", "/api/complaint/get_complaint_status", bob.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { status_id: 1, status: "OPEN" },
      { status_id: 2, status: "IN PROGRESS" },
      { status_id: 3, status: "RESOLVED" },
      { status_id: 4, status: "CLOSED" },
    ]);
    expect((await api("GET", "/api/complaint/get_complaint_status", null)).statusCode).toBe(401);
  });

  it("moves a complaint to another status and answers the plain success", async () => {
    const filed = await add({ cn_number: aliceShipment.tracking_id, complaint_satement: "status test" });
    const id = filed.json().complaint_id;
    const editor = await staffWith("Complaint Edit");
    const response = await api("POST", `/api/complaint/update_complaint_status/${id}`, editor, { status_id: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: "success" });
    const one = (await api("GET", `/api/complaint/get_complaint_with_id/${id}`, editor)).json();
    expect(one).toMatchObject({ status_id: 3, statu: { status: "RESOLVED" } });
  });

  it("refuses an unknown status or complaint and a bad body, changing nothing", async () => {
    const filed = await add({ cn_number: aliceShipment.tracking_id, complaint_satement: "keep open" });
    const id = filed.json().complaint_id;
    const unknownStatus = await api("POST", `/api/complaint/update_complaint_status/${id}`, admin, { status_id: 99 });
    expect(unknownStatus.statusCode).toBe(400);
    expect(unknownStatus.json().details).toEqual([{ field: "status_id", message: "Please choose a status" }]);
    for (const body of [{}, { status_id: 0 }, { status_id: "x" }]) {
      const bad = await api("POST", `/api/complaint/update_complaint_status/${id}`, admin, body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe("status_id");
    }
    const unknown = await api("POST", "/api/complaint/update_complaint_status/999999", admin, { status_id: 2 });
    expect(unknown.statusCode).toBe(404);
    const one = (await api("GET", `/api/complaint/get_complaint_with_id/${id}`, admin)).json();
    expect(one.statu.status).toBe("OPEN");
    expect((await api("GET", "/api/complaint/get_complaint_with_id/999999", admin)).statusCode).toBe(404);
  });
});

describe("permissions", () => {
  it("answers 401 without a token and 403 without the permission", async () => {
    const calls: ["GET" | "POST", string, object?][] = [
      ["GET", "/api/complaint/get_complaint"],
      ["GET", `/api/complaint/get_complaint_with_id/1`],
      ["POST", "/api/complaint/add_complaint", { cn_number: aliceShipment.tracking_id, complaint_satement: "x" }],
      ["POST", "/api/complaint/update_complaint_status/1", { status_id: 2 }],
    ];
    const nobody = await staffWith();
    const before = await complaintCount();
    for (const [method, url, body] of calls) {
      expect((await api(method, url, null, body)).statusCode).toBe(401);
      expect((await api(method, url, nobody, body)).statusCode).toBe(403);
    }
    expect(await complaintCount()).toBe(before);
  });

  it("gives each Complain permission its calls", async () => {
    const viewer = await staffWith("Complaint View");
    const adder = await staffWith("Complaint Add");
    expect((await api("GET", "/api/complaint/get_complaint", viewer)).statusCode).toBe(200);
    expect((await api("GET", "/api/complaint/get_complaint", adder)).statusCode).toBe(403);
    expect(
      (
        await api("POST", "/api/complaint/add_complaint", viewer, {
          cn_number: bobShipment.tracking_id,
          complaint_satement: "x",
        })
      ).statusCode,
    ).toBe(403);
    const filed = await api("POST", "/api/complaint/add_complaint", adder, {
      cn_number: bobShipment.tracking_id,
      complaint_satement: "staff may file on any shipment",
    });
    expect(filed.statusCode).toBe(200);
    const id = filed.json().complaint_id;
    expect(
      (await api("POST", `/api/complaint/update_complaint_status/${id}`, viewer, { status_id: 2 })).statusCode,
    ).toBe(403);
    // The edit screen reads the complaint it changes.
    const editor = await staffWith("Complaint Edit");
    expect((await api("GET", `/api/complaint/get_complaint_with_id/${id}`, editor)).statusCode).toBe(200);
  });
});
