import { FLOOR_MESSAGES, perm, TABLE_UPLOAD_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diningTables, halls } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";
import { freeGridCell } from "./tables.service";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function addHall(body: object) {
  const response = await api("POST", "/api/inventory/hall", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string };
}

async function addTable(body: object) {
  const response = await api("POST", "/api/inventory/table", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; x: number; y: number; w: number; h: number; qrToken: string };
}

describe("halls", () => {
  it("adds a hall with a service charge override in percent, stored as basis points, listed by sort", async () => {
    const roof = await addHall({ name: "Roof H1", sort: 2, serviceChargePercent: 7.5 });
    const garden = await addHall({ name: "Garden H1", sort: 1 });
    expect(roof).toMatchObject({ serviceChargePercent: 7.5, active: true, tableCount: 0 });
    const [stored] = await t.db.select().from(halls).where(eq(halls.id, roof.id));
    expect(stored?.serviceChargeBp).toBe(750);
    const list = (await api("GET", "/api/inventory/hall?search= H1")).json().data as { id: number }[];
    expect(list.map((row) => row.id)).toEqual([garden.id, roof.id]);
    const changed = await api("PUT", `/api/inventory/hall/${garden.id}`, { name: "Garden H1", active: false });
    expect(changed.json().data).toMatchObject({ serviceChargePercent: null, active: false, sort: 0 });
  });

  it("refuses a hall name taken ignoring case (409) and bad fields (400), writing nothing", async () => {
    await addHall({ name: "Main Hall H2" });
    const before = (await t.db.select().from(halls)).length;
    const clash = await api("POST", "/api/inventory/hall", { name: "MAIN hall h2" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "name", message: FLOOR_MESSAGES.hallTaken }]);
    const cases: [object, string, string][] = [
      [{ name: "" }, "name", FLOOR_MESSAGES.hallName],
      [{ name: "Patio H2", serviceChargePercent: 100.5 }, "serviceChargePercent", FLOOR_MESSAGES.serviceCharge],
      [{ name: "Patio H2", serviceChargePercent: 1.234 }, "serviceChargePercent", FLOOR_MESSAGES.serviceCharge],
      [{ name: "Patio H2", sort: -1 }, "sort", FLOOR_MESSAGES.sort],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/hall", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
    expect((await t.db.select().from(halls)).length).toBe(before);
  });

  it("refuses to delete a hall while it has tables (409), then deletes it once empty", async () => {
    const hall = await addHall({ name: "Terrace H3" });
    const table = await addTable({ hallId: hall.id, name: "T1" });
    const refused = await api("DELETE", `/api/inventory/hall/${hall.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", message: FLOOR_MESSAGES.hallHasTables });
    expect((await api("DELETE", `/api/inventory/table/${table.id}`)).statusCode).toBe(200);
    expect((await api("DELETE", `/api/inventory/hall/${hall.id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/inventory/hall/${hall.id}`)).statusCode).toBe(404);
  });
});

describe("tables", () => {
  it("gives each new table a unique url-safe QR token and a grid cell overlapping no other table", async () => {
    const hall = await addHall({ name: "Lounge T1" });
    const first = await addTable({ hallId: hall.id, name: "1", seats: 2, shape: "round" });
    await api("PUT", "/api/inventory/table/layout", { tables: [{ id: first.id, x: 120, y: 20, w: 80, h: 80 }] });
    const second = await addTable({ hallId: hall.id, name: "2" });
    const third = await addTable({ hallId: hall.id, name: "3" });
    expect(first.qrToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set([first.qrToken, second.qrToken, third.qrToken]).size).toBe(3);
    expect(second).toMatchObject({ x: 20, y: 20, w: 80, h: 80 });
    expect(third).toMatchObject({ x: 220, y: 20 });
  });

  it("freeGridCell skips every cell a table overlaps, even partly", () => {
    expect(freeGridCell([])).toEqual({ x: 20, y: 20, w: 80, h: 80 });
    expect(freeGridCell([{ x: 0, y: 0, w: 130, h: 30 }])).toEqual({ x: 220, y: 20, w: 80, h: 80 });
    expect(freeGridCell([{ x: 100, y: 100, w: 10, h: 10 }])).toEqual({ x: 20, y: 20, w: 80, h: 80 });
  });

  it("keeps table names unique within a hall ignoring case (409), but the same name may repeat in another hall", async () => {
    const upstairs = await addHall({ name: "Upstairs T2" });
    const downstairs = await addHall({ name: "Downstairs T2" });
    const table = await addTable({ hallId: upstairs.id, name: "A1" });
    const before = (await t.db.select().from(diningTables)).length;
    const clash = await api("POST", "/api/inventory/table", { hallId: upstairs.id, name: "a1" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "name", message: FLOOR_MESSAGES.tableTaken }]);
    expect((await t.db.select().from(diningTables)).length).toBe(before);
    const moved = await api("PUT", `/api/inventory/table/${table.id}`, { hallId: downstairs.id, name: "A1", seats: 6 });
    expect(moved.json().data).toMatchObject({ hallId: downstairs.id, hallName: "Downstairs T2", seats: 6 });
    await addTable({ hallId: upstairs.id, name: "A1" });
  });

  it("refuses bad fields with a 400 naming each, and an unknown hall", async () => {
    const hall = await addHall({ name: "Bar T3" });
    const cases: [object, string, string][] = [
      [{ hallId: hall.id, name: " " }, "name", FLOOR_MESSAGES.tableName],
      [{ hallId: hall.id, name: "B1", seats: 0 }, "seats", FLOOR_MESSAGES.seats],
      [{ hallId: hall.id, name: "B1", shape: "oval" }, "shape", FLOOR_MESSAGES.shape],
      [{ hallId: 2_000_000_000, name: "B1" }, "hallId", FLOOR_MESSAGES.hall],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/table", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
    expect((await api("GET", `/api/inventory/table?hallId=${hall.id}`)).json().total_results).toBe(0);
  });

  it("the layout PUT stores positions of many tables at once, and refuses it whole when one is wrong", async () => {
    const hall = await addHall({ name: "Layout T4" });
    const one = await addTable({ hallId: hall.id, name: "L1" });
    const two = await addTable({ hallId: hall.id, name: "L2", shape: "long" });
    const saved = await api("PUT", "/api/inventory/table/layout", {
      tables: [
        { id: one.id, x: 300, y: 150, w: 90, h: 90 },
        { id: two.id, x: 40, y: 400, w: 200, h: 80 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: FLOOR_MESSAGES.layoutSaved, updated: 2 });
    const list = (await api("GET", `/api/inventory/table?hallId=${hall.id}`)).json().data;
    expect(list.map((row: object) => row)).toMatchObject([
      { id: one.id, x: 300, y: 150, w: 90, h: 90 },
      { id: two.id, x: 40, y: 400, w: 200, h: 80 },
    ]);
    const outOfBounds = await api("PUT", "/api/inventory/table/layout", {
      tables: [
        { id: one.id, x: 10, y: 10, w: 90, h: 90 },
        { id: two.id, x: 4001, y: 0, w: 80, h: 80 },
      ],
    });
    expect(outOfBounds.statusCode).toBe(400);
    expect(outOfBounds.json().details).toContainEqual({ field: "tables.1.x", message: FLOOR_MESSAGES.layoutBounds });
    const unknown = await api("PUT", "/api/inventory/table/layout", {
      tables: [
        { id: one.id, x: 10, y: 10, w: 90, h: 90 },
        { id: 2_000_000_000, x: 0, y: 0, w: 80, h: 80 },
      ],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: "tables.1.id", message: FLOOR_MESSAGES.tableNotFound }]);
    const twice = await api("PUT", "/api/inventory/table/layout", {
      tables: [
        { id: one.id, x: 10, y: 10, w: 90, h: 90 },
        { id: one.id, x: 20, y: 10, w: 90, h: 90 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const [kept] = await t.db.select().from(diningTables).where(eq(diningTables.id, one.id));
    expect(kept).toMatchObject({ x: 300, y: 150 });
  });

  it("answers a table's QR code as a PNG", async () => {
    const hall = await addHall({ name: "QR T5" });
    const table = await addTable({ hallId: hall.id, name: "Q1" });
    const response = await api("GET", `/api/inventory/table/${table.id}/qr.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    expect((await api("GET", "/api/inventory/table/2000000000/qr.png")).statusCode).toBe(404);
  });
});

async function upload(csv: string, dryRun: boolean) {
  const body = multipart({}, { field: "file", name: "tables.csv", content: csv });
  return t.app.inject({
    method: "POST",
    url: `/api/inventory/table/upload${dryRun ? "?dryRun=1" : ""}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
}

describe("table upload", () => {
  it("the dry run lists each row's errors (a name repeated in a hall, an unknown hall, bad seats) and writes nothing", async () => {
    const hall = await addHall({ name: "Upload U1" });
    await addTable({ hallId: hall.id, name: "U-1" });
    const csv = [
      "Hall,Name,Seats,Shape",
      "upload u1,U-2,4,round",
      "Upload U1,u-1,2,square",
      "Upload U1,U-3,,",
      "Upload U1,U-3,6,long",
      "Nowhere U1,U-4,4,square",
      "Upload U1,U-5,many,oval",
    ].join("\n");
    const before = (await t.db.select().from(diningTables)).length;
    const check = await upload(csv, true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().rows).toEqual([
      { row: 2, hall: "upload u1", name: "U-2", errors: [] },
      { row: 3, hall: "Upload U1", name: "u-1", errors: [{ column: "name", message: FLOOR_MESSAGES.tableTaken }] },
      { row: 4, hall: "Upload U1", name: "U-3", errors: [] },
      { row: 5, hall: "Upload U1", name: "U-3", errors: [{ column: "name", message: TABLE_UPLOAD_MESSAGES.repeated }] },
      {
        row: 6,
        hall: "Nowhere U1",
        name: "U-4",
        errors: [{ column: "hall", message: TABLE_UPLOAD_MESSAGES.unknownHall }],
      },
      {
        row: 7,
        hall: "Upload U1",
        name: "U-5",
        errors: [
          { column: "seats", message: FLOOR_MESSAGES.seats },
          { column: "shape", message: FLOOR_MESSAGES.shape },
        ],
      },
    ]);
    const refused = await upload(csv, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("SHEET_ROWS_INVALID");
    expect((await t.db.select().from(diningTables)).length).toBe(before);
  });

  it("saves a clean file all at once, each table in a free grid cell with its own QR token", async () => {
    const hall = await addHall({ name: "Upload U2" });
    const saved = await upload("hall,name,seats,shape\nUpload U2,1,2,round\nUpload U2,2,8,long\n", false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: TABLE_UPLOAD_MESSAGES.saved(2), created: 2 });
    const list = (await api("GET", `/api/inventory/table?hallId=${hall.id}`)).json().data;
    expect(list).toMatchObject([
      { name: "1", seats: 2, shape: "round", x: 20, y: 20 },
      { name: "2", seats: 8, shape: "long", x: 120, y: 20 },
    ]);
    const template = await api("GET", "/api/inventory/table/template.xlsx");
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("floor permissions", () => {
  it("Hall and Table gate writing; POS and Table Order may read; 401 without a token", async () => {
    for (const kind of ["hall", "table"]) {
      expect((await t.app.inject({ method: "GET", url: `/api/inventory/${kind}` })).statusCode).toBe(401);
    }
    const hall = await addHall({ name: "Perm P1" });
    const hallKeeper = await createUser(t.db, { permissions: [perm("Master Control", "Hall")] });
    const asHall = await loginCargo(t.app, hallKeeper.email, hallKeeper.password);
    expect((await api("POST", "/api/inventory/hall", { name: "Keeper P1" }, asHall)).statusCode).toBe(200);
    expect((await api("POST", "/api/inventory/table", { hallId: hall.id, name: "K1" }, asHall)).statusCode).toBe(403);
    expect((await api("GET", "/api/inventory/table", undefined, asHall)).statusCode).toBe(403);
    const tableKeeper = await createUser(t.db, { permissions: [perm("Master Control", "Table")] });
    const asTable = await loginCargo(t.app, tableKeeper.email, tableKeeper.password);
    expect((await api("GET", "/api/inventory/hall", undefined, asTable)).statusCode).toBe(200);
    expect((await api("POST", "/api/inventory/hall", { name: "Table P1" }, asTable)).statusCode).toBe(403);
    expect((await api("POST", "/api/inventory/table", { hallId: hall.id, name: "K1" }, asTable)).statusCode).toBe(200);
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const pos = await loginCargo(t.app, cashier.email, cashier.password);
    expect((await api("GET", "/api/inventory/table", undefined, pos)).statusCode).toBe(200);
    const layout = { tables: [{ id: 1, x: 0, y: 0, w: 80, h: 80 }] };
    expect((await api("PUT", "/api/inventory/table/layout", layout, pos)).statusCode).toBe(403);
  });
});
