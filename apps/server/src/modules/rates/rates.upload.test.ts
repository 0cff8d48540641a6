import { RATE_SHEET_MESSAGES as M, perm, RATE_MESSAGES, ROLE } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateBands, rateSheets, storedFiles } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { countryId, dayAfter, rateCall, sample, sampleFile, today, uploadSheet } from "./rates.test-helpers";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

/** Rate sheet files kept in the database. */
const sheetFiles = async () => t.db.$count(storedFiles, eq(storedFiles.kind, "rate-sheet"));
const counts = async () => ({ sheets: await t.db.$count(rateSheets), bands: await t.db.$count(rateBands) });
const pack = (service = 1) => ({ date: today(t), service_type_id: service, shipment_type: "Pack" });
const HEADER = "country,min_kg,max_kg,currency,flat,first_kg,add_kg";
const csv = (...rows: string[]) => ({ name: "bad.csv", content: [HEADER, ...rows].join("\n") });

describe("rate upload round trip", () => {
  it("stores the Pack sample and the calculator charges its numbers", async () => {
    const response = await uploadSheet(t, admin, pack(1), sampleFile("rates-pack.csv"));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ message: "Rate Upload", rows: 12 });
    expect(body.path).toMatch(/^rates\/[a-f0-9]{32}\.csv$/);
    expect(await sheetFiles()).toBe(1);

    const gb = await countryId(t, "GB");
    const answer = (
      await rateCall(t, "/api/rate/calculate_rate", { weight: 2.5, service_type_id: 1, country_id: gb })
    ).json();
    expect(answer).toEqual([
      {
        date: today(t),
        country_id: gb,
        zip: null,
        weight: 2.5,
        service_type_id: 1,
        shipment_type: "Pack",
        type2: null,
        profit: null,
      },
      {
        service: "DHL EXPRESS",
        rate: 47, // 30 + ceil(1.5) x 8.50
        service_type_id: 1,
        type2: null,
        country_id: gb,
        country: "United Kingdom",
        zip: null,
        currency: "USD",
        base_rate: 47,
        rate_first_kg: 30,
        rate_add_kg: 8.5,
        rate_flat: null,
      },
    ]);
    const rate = async (weight: number, iso2: string) =>
      (
        await rateCall(t, "/api/rate/calculate_rate", {
          weight,
          service_type_id: 1,
          country_id: await countryId(t, iso2),
        })
      ).json()[1];
    expect(await rate(0.5, "GB")).toMatchObject({ rate: 25, rate_flat: 25 }); // exactly on max of 0-0.5
    expect(await rate(0.501, "GB")).toMatchObject({ rate: 30 }); // just above: first kg only
    expect(await rate(10, "GB")).toMatchObject({ rate: 106.5 }); // 30 + 9 x 8.50
    expect(await rate(10.001, "GB")).toMatchObject({ rate: 98 }); // next band: 28 + 10 x 7
    expect(await rate(3, "US")).toMatchObject({ rate: 51, currency: "USD" }); // by name
    expect(await rate(1, "AE")).toMatchObject({ rate: 95, currency: "AED" }); // alpha-3 ARE
    expect(await rate(2, "CA")).toMatchObject({ rate: 53, currency: "CAD" }); // numeric 124
  });

  it("reads the XLSX sample the same way, and the Doc sample for documents", async () => {
    expect((await uploadSheet(t, admin, pack(2), sampleFile("rates-pack.xlsx"))).json()).toMatchObject({
      message: "Rate Upload",
      rows: 12,
    });
    const doc = { date: today(t), service_type_id: 2, shipment_type: "Doc" };
    expect((await uploadSheet(t, admin, doc, sampleFile("rates-doc.csv"))).json().rows).toBe(10);
    const de = await countryId(t, "DE");
    const gb = await countryId(t, "GB");
    const call = (body: object) => rateCall(t, "/api/rate/calculate_rate", { service_type_id: 2, ...body });
    expect((await call({ weight: 4, country_id: de })).json()[1]).toMatchObject({ rate: 47.75, currency: "EUR" });
    expect((await call({ weight: 0.7, country_id: gb, shipment_type: "Doc" })).json()[1]).toMatchObject({ rate: 22 });
    const tooHeavy = await call({ weight: 2.5, country_id: gb, shipment_type: "Doc" });
    expect(tooHeavy.statusCode).toBe(404);
    expect(tooHeavy.json().message).toBe(RATE_MESSAGES.noRate);
  });
});

describe("a bad rate sheet is refused whole", () => {
  const refused = async (file: { name: string; content: string }, fields = pack(3)) => {
    const before = { ...(await counts()), files: await sheetFiles() };
    const response = await uploadSheet(t, admin, fields, file);
    expect(response.statusCode).toBe(400);
    expect({ ...(await counts()), files: await sheetFiles() }).toEqual(before);
    return response.json() as { message: string; details: { row: number; column: string; message: string }[] };
  };

  it("names overlapping bands, a gap before the first band and a gap between bands", async () => {
    const body = await refused(
      csv("GB,0,1,USD,10,,", "GB,0.5,2,USD,12,,", "US,0.5,1,USD,10,,", "DE,0,1,EUR,9,,", "DE,2,3,EUR,11,,"),
    );
    expect(body.details).toEqual([
      { row: 3, column: "min_kg", message: M.overlap(2, "0", "1") },
      { row: 4, column: "min_kg", message: M.firstBand("0.5") },
      { row: 6, column: "min_kg", message: M.gap("1", "2", 5) },
    ]);
    expect(body.message).toMatch(/^The file has 3 error\(s\); nothing was saved\. row 3, min_kg: Overlaps row 2/);
  });

  it("names non-numeric and negative rates, missing rates, unknown countries and currencies", async () => {
    const body = await refused(
      csv(
        "GB,0,1,USD,abc,,",
        "US,0,1,USD,,-5,2",
        "DE,0,1,EUR,,12,",
        "Atlantis,0,1,USD,10,,",
        "FR,0,1,XYZ,10,,",
        "IT,0,1,EUR,10,12,3",
        "ES,0,x,EUR,10,,",
        "PT,0,1,EUR,,,",
      ),
    );
    expect(body.details).toEqual([
      { row: 2, column: "flat", message: M.amount },
      { row: 3, column: "first_kg", message: M.amount },
      { row: 4, column: "add_kg", message: M.rateMissing },
      { row: 5, column: "country", message: `${M.countryUnknown}: Atlantis` },
      { row: 6, column: "currency", message: `${M.currencyUnknown}: XYZ` },
      { row: 7, column: "flat", message: M.rateBoth },
      { row: 8, column: "max_kg", message: M.kg },
      { row: 9, column: "flat", message: M.rateMissing },
    ]);
  });

  it("names missing columns, and zip codes outside service 16", async () => {
    const missing = await refused({ name: "cols.csv", content: "country,min_kg,currency\nGB,0,USD\n" });
    expect(missing.details).toEqual([
      { row: 1, column: "max_kg", message: M.missingColumn },
      { row: 1, column: "flat", message: M.rateColumns },
    ]);
    const zipColumn = await refused({ name: "zip.csv", content: sample("rates-zip.csv").toString() });
    expect(zipColumn.details[0]).toEqual({ row: 1, column: "country", message: M.missingColumn });
    const zipCells = await refused({
      name: "z.csv",
      content: "country,zip,min_kg,max_kg,currency,flat\nGB,100,0,1,USD,5\n",
    });
    expect(zipCells.details).toEqual([{ row: 2, column: "zip", message: M.zipOnly }]);
  });

  it("checks the form: date from today, service, shipment type, DHL/UPS for service 11, a file", async () => {
    const file = sampleFile("rates-pack.csv");
    const fieldsOf = async (fields: object, withFile = true) => {
      const response = await uploadSheet(t, admin, fields, withFile ? file : null);
      expect(response.statusCode).toBe(400);
      return response.json().details;
    };
    expect(await fieldsOf({ ...pack(), date: dayAfter(t, -1) })).toEqual([
      { field: "date", message: RATE_MESSAGES.datePast },
    ]);
    expect(await fieldsOf({ ...pack(), date: "2030-02-30" })).toEqual([{ field: "date", message: RATE_MESSAGES.date }]);
    expect(await fieldsOf({ ...pack(11) })).toEqual([{ field: "type", message: RATE_MESSAGES.type2 }]);
    expect(await fieldsOf({ ...pack(999) })).toEqual([
      { field: "service_type_id", message: RATE_MESSAGES.serviceUnknown },
    ]);
    expect(await fieldsOf({ ...pack(), shipment_type: "Box" })).toEqual([
      { field: "shipment_type", message: RATE_MESSAGES.shipmentType },
    ]);
    expect(await fieldsOf(pack(), false)).toEqual([{ field: "file", message: RATE_MESSAGES.file }]);
  });
});

describe("rate permissions, logs and downloads", () => {
  it("lets only Rate Upload upload and only Rate Logs read the logs", async () => {
    const file = sampleFile("rates-doc.csv");
    const fields = { date: today(t), service_type_id: 4, shipment_type: "Doc" };
    expect((await uploadSheet(t, null, fields, file)).statusCode).toBe(401);
    const customer = await createUser(t.db, { roleId: ROLE.businessCustomer });
    const customerToken = await loginCargo(t.app, customer.email, customer.password);
    expect((await uploadSheet(t, customerToken, fields, file)).statusCode).toBe(403);
    const uploader = await createUser(t.db, { permissions: [perm("Rate", "Rate Upload")] });
    const uploaderToken = await loginCargo(t.app, uploader.email, uploader.password);
    expect((await uploadSheet(t, uploaderToken, fields, file)).statusCode).toBe(200);
    const logs = (token?: string) =>
      t.app.inject({ method: "GET", url: "/api/rate/get_rate_logs", headers: token ? bearer(token) : {} });
    expect((await logs()).statusCode).toBe(401);
    expect((await logs(uploaderToken)).statusCode).toBe(403);
    expect((await logs(customerToken)).statusCode).toBe(403);
    const reader = await createUser(t.db, { permissions: [perm("Rate", "Rate Logs")] });
    const readerToken = await loginCargo(t.app, reader.email, reader.password);
    const page = (await logs(readerToken)).json();
    expect(page.result[0]).toMatchObject({
      date: today(t),
      shipment_type: "Doc",
      type: "",
      service_type: { service_type_id: 4, name: "ARAMEX PRIORITY" },
      original_name: "rates-doc.csv",
      row_count: 10,
      uploaded_by: `USER ${uploader.userName.slice(4)}`,
    });
    expect((await uploadSheet(t, readerToken, fields, file)).statusCode).toBe(403);
    const download = (token: string) =>
      t.app.inject({ method: "GET", url: `/api/rate/rate_logs/${page.result[0].id}/file`, headers: bearer(token) });
    expect((await download(uploaderToken)).statusCode).toBe(403);
    const got = await download(readerToken);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-disposition"]).toContain('filename="rates-doc.csv"');
    expect(got.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(got.headers["content-length"]).toBe(String(sample("rates-doc.csv").length));
    expect(got.rawPayload.equals(sample("rates-doc.csv"))).toBe(true);
  });

  it("pages the logs newest first, and answers 404 for an unknown file", async () => {
    const total = await t.db.$count(rateSheets);
    const get = (url: string) => t.app.inject({ method: "GET", url, headers: bearer(admin) });
    const first = (await get("/api/rate/get_rate_logs?size=2&page=1")).json();
    const second = (await get("/api/rate/get_rate_logs?size=2&page=2")).json();
    expect(first).toMatchObject({ page: 1, total_results: total });
    expect(first.result).toHaveLength(2);
    expect(second.page).toBe(2);
    const ids = [...first.result, ...second.result].map((row: { id: number }) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    expect((await get("/api/rate/get_rate_logs")).json().result.length).toBe(Math.min(total, 50));
    expect((await get("/api/rate/rate_logs/999999/file")).statusCode).toBe(404);
  });
});
