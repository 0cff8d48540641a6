import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type FoodCostReport, type PurchasesReport, perm, type RestaurantReportOptions } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../lib/dates";
import { adminToken, bearer, createUser, loginCargo, type TestApp } from "../../test/harness";
import { dish, type PosSetup, voidReason } from "../../test/pos-fixtures";
import { KITCHEN, kg, receiveStock, STORE, stockProduct, takeStock } from "../../test/stock-fixtures";
import {
  type Api,
  addLine,
  newOrder,
  ok,
  payOp,
  startOrderTest,
  supervisorToken,
  uuid,
} from "../pos-orders/pos-orders.test-helpers";
import { applyMoves } from "../stock/index";

/** POST /api/report/food_cost and /api/report/purchases: the Reports module's stock reports (WP5). */
let t: TestApp;
let api: Api;
let pos: PosSetup;

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
});
afterAll(() => t.close());

/** The same request answered as a file (`?format=pdf|xlsx`). */
const asFile = async (url: string, body: object, format: string) =>
  t.app.inject({
    method: "POST",
    url: `${url}?format=${format}`,
    headers: bearer(await adminToken(t.app)),
    payload: body,
  });

async function pdfText(payload: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "restaurant-report-"));
  const file = path.join(dir, "report.pdf");
  await writeFile(file, payload);
  const { stdout } = await promisify(execFile)("pdftotext", ["-layout", file, "-"]);
  await rm(dir, { recursive: true, force: true });
  return stdout;
}

async function answer<T>(url: string, body: object): Promise<T> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

describe("the food cost report: the worked example of docs/reports.md", () => {
  let day: string;
  let before: string;
  let beef: { id: number; code: string; kgId: number };
  let oil: { id: number; code: string };

  beforeAll(async () => {
    day = pos.businessDate;
    before = addDays(day, -1);
    beef = await stockProduct(t.db, "Beef mince");
    oil = await stockProduct(t.db, "Cooking oil");
    // Before the period: 4 kg of beef in the Kitchen at 1,000.00/kg, 2 kg of oil, 10 kg of beef in the Store at 1,500.00/kg.
    await receiveStock(t.db, beef.id, kg(4), 400_000n, before, KITCHEN);
    await receiveStock(t.db, oil.id, kg(2), 50_000n, before, KITCHEN);
    await receiveStock(t.db, beef.id, kg(10), 1_500_000n, before, STORE);
    // The day: 6 kg issued to the Kitchen (9,000.00): 10 kg worth 13,000.00, 1,300.00/kg.
    const issued = await api("POST", "/api/inventory/issuance", {
      fromLocationId: STORE,
      toLocationId: KITCHEN,
      businessDate: day,
      lines: [{ storeProductId: beef.id, qty: 6, uomId: beef.kgId }],
      post: true,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    // Five burgers of 0.2 kg sold at 800.00 in two orders: 1 kg, 1,300.00; net sales 4,000.00.
    const burger = await dish(t, {
      name: "Beef Burger",
      priceMinor: 80_000n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
      recipe: [{ storeProductId: beef.id, qtyMicro: kg(0.2) }],
    });
    for (const qty of [3, 2]) {
      const order = await ok(newOrder(api, pos.counterId, [addLine(burger.variantId, qty)]));
      await ok(
        api("POST", `/api/pos/order/${order.id}/ops`, {
          expectedVersion: order.version,
          ops: [payOp([{ methodId: pos.cashId, amount: order.total }], { total: order.total })],
        }),
      );
    }
    // One fired burger voided for waste: 0.2 kg, 260.00 (the open order is no sale).
    const line = addLine(burger.variantId, 2);
    const fired = await ok(newOrder(api, pos.counterId, [line, { opUuid: uuid(), kind: "fire" }]));
    const manager = await createUser(t.db, { permissions: [perm("Setting", "Day Close")] });
    await ok(
      api("POST", `/api/pos/order/${fired.id}/ops`, {
        expectedVersion: fired.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "void_line",
            lineUuid: line.lineUuid,
            qty: 1,
            reasonId: await voidReason(t.db, true),
            supervisorToken: await supervisorToken(api, manager, "void_after_fire"),
          },
        ],
      }),
    );
    // The count finds 8.5 kg where the book says 8.8 kg: -0.3 kg, -390.00.
    await t.db.transaction((tx) =>
      applyMoves(
        tx,
        [
          {
            storeProductId: beef.id,
            locationId: KITCHEN,
            qtyMicro: -kg(0.3),
            docType: "count",
            docId: 0,
            businessDate: day,
          },
        ],
        null,
      ),
    );
    // After the period: not counted.
    await takeStock(t.db, beef.id, KITCHEN, kg(1), addDays(day, 1));
  });

  const mine = (report: FoodCostReport) =>
    report.rows.filter((row) => row.storeProductId === beef.id || row.storeProductId === oil.id);

  it("per product: opening, received, theoretical, waste, closing, actual and variance; totals; food cost %", async () => {
    const report = await answer<FoodCostReport>("/api/report/food_cost", { startDate: day, endDate: day });
    expect(report).toMatchObject({ startDate: day, endDate: day, locationId: null, location: "Kitchen" });
    expect(mine(report)).toEqual([
      {
        storeProductId: beef.id,
        code: beef.code,
        name: expect.stringMatching(/^Beef mince /),
        unit: "KG",
        opening: { qty: 4, value: 4000 },
        received: { qty: 6, value: 9000 },
        theoretical: { qty: 1, value: 1300 },
        waste: { qty: 0.2, value: 260 },
        closing: { qty: 8.5, value: 11050 },
        actual: { qty: 1.5, value: 1950 },
        variance: { qty: 0.5, value: 650 },
      },
      {
        storeProductId: oil.id,
        code: oil.code,
        name: expect.stringMatching(/^Cooking oil /),
        unit: "KG",
        opening: { qty: 2, value: 500 },
        received: { qty: 0, value: 0 },
        theoretical: { qty: 0, value: 0 },
        waste: { qty: 0, value: 0 },
        closing: { qty: 2, value: 500 },
        actual: { qty: 0, value: 0 },
        variance: { qty: 0, value: 0 },
      },
    ]);
    expect(report.rows).toHaveLength(2);
    expect(report.totals).toEqual({
      opening: 4500,
      received: 9000,
      theoretical: 1300,
      waste: 260,
      closing: 11550,
      actual: 1950,
      variance: 650,
    });
    // 1,300.00 / 4,000.00 and 1,950.00 / 4,000.00.
    expect(report).toMatchObject({ netSales: 4000, foodCostPct: 32.5, actualCostPct: 48.75 });
  });

  it("the day before: the Kitchen's receipts are received, nothing used, no sales and so no food cost %", async () => {
    const report = await answer<FoodCostReport>("/api/report/food_cost", { startDate: before, endDate: before });
    expect(mine(report).map((row) => [row.opening.qty, row.received, row.closing, row.actual.qty])).toEqual([
      [0, { qty: 4, value: 4000 }, { qty: 4, value: 4000 }, 0],
      [0, { qty: 2, value: 500 }, { qty: 2, value: 500 }, 0],
    ]);
    expect(report).toMatchObject({ netSales: 0, foodCostPct: null, actualCostPct: null });
  });

  it("at the Store: the issuance out is negative received, so the Store used nothing", async () => {
    const report = await answer<FoodCostReport>("/api/report/food_cost", {
      startDate: day,
      endDate: day,
      locationId: STORE,
    });
    expect(report).toMatchObject({ locationId: STORE, location: "Store", foodCostPct: 0 });
    expect(mine(report).map((row) => [row.opening, row.received, row.closing, row.actual])).toEqual([
      [
        { qty: 10, value: 15000 },
        { qty: -6, value: -9000 },
        { qty: 4, value: 6000 },
        { qty: 0, value: 0 },
      ],
    ]);
  });

  it("answers the same figures as a PDF and an XLSX file", async () => {
    const body = { startDate: day, endDate: day };
    const pdf = await asFile("/api/report/food_cost", body, "pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Food cost");
    expect(text).toContain("food cost 32.50% (theoretical), 48.75% (actual)");
    expect(text).toMatch(/KG\s+4\s+4,000\.00\s+6\s+9,000\.00\s+1\s+1,300\.00\s+0\.2\s+260\.00\s+8\.5\s+11,050\.00/);
    expect(text).toMatch(/Total\s+4,500\.00\s+9,000\.00\s+1,300\.00\s+260\.00\s+11,550\.00\s+1,950\.00\s+650\.00/);
    const xlsx = await asFile("/api/report/food_cost", body, "xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain(`food-cost-${day}-${day}.xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("refuses bad criteria naming the field; 401 without a token, 403 without Reports", async () => {
    const refused = async (body: object, field: string) => {
      const response = await api("POST", "/api/report/food_cost", { startDate: day, endDate: day, ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details[0]?.field).toBe(field);
    };
    await refused({ startDate: addDays(day, 1) }, "startDate");
    await refused({ startDate: addDays(day, -400) }, "endDate");
    await refused({ locationId: "kitchen" }, "locationId");
    await refused({ locationId: 999_999 }, "locationId");
    const anonymous = await t.app.inject({ method: "POST", url: "/api/report/food_cost", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const token = await loginCargo(t.app, cashier.email, cashier.password);
    const forbidden = await t.app.inject({
      method: "POST",
      url: "/api/report/food_cost",
      headers: bearer(token),
      payload: { startDate: day, endDate: day },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("purchases by vendor", () => {
  let today: string;
  let yesterday: string;
  let fresh: { id: number; name: string };
  let dairy: { id: number; name: string };

  const vendor = async (name: string) => {
    const response = await api("POST", "/api/inventory/vendor", { name: `${name} ${uuid().slice(0, 8)}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { id: number; name: string } }>().data;
  };
  const grn = async (vendorId: number, businessDate: string, lines: object[], extra: object = {}, post = true) => {
    const response = await api("POST", "/api/inventory/receiving", {
      vendorId,
      businessDate,
      payment: "credit",
      lines,
      post,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: number; number: string | null }>();
  };

  beforeAll(async () => {
    today = todayIn(t.config.APP_TZ);
    yesterday = addDays(today, -1);
    fresh = await vendor("Fresh Farms");
    dairy = await vendor("Dairy Co");
    const beef = await stockProduct(t.db, "Purchased beef");
    const milk = await stockProduct(t.db, "Purchased milk");
    const cheese = await stockProduct(t.db, "Purchased cheese");
    const line = (product: { id: number; kgId: number }, qty: number, unitCost: number, extra: object = {}) => ({
      storeProductId: product.id,
      qty,
      uomId: product.kgId,
      unitCost,
      ...extra,
    });
    // Today: 10 kg at 100.00 with 10% tax and 50.00 freight: gross 1,000.00, tax 100.00, total 1,150.00,
    // landed 1,050.00 (the tax is recoverable: Input Tax is set).
    await grn(fresh.id, today, [line(beef, 10, 100, { taxRate: 10 })], { charges: [{ label: "Freight", amount: 50 }] });
    // Yesterday: 5 kg at 200.00 less 100.00 (900.00), reversed today.
    const reversed = await grn(fresh.id, yesterday, [line(beef, 5, 200, { discount: 100 })]);
    const reversal = await api("POST", `/api/inventory/receiving/${reversed.id}/reverse`, {});
    expect(reversal.statusCode, reversal.body).toBe(200);
    await grn(dairy.id, today, [line(milk, 2, 300)]);
    // A draft is no purchase.
    await grn(dairy.id, today, [line(cheese, 1, 999)], {}, false);
  });

  it("per vendor over both days: the GRNs, the reversal netted, each GRN listed; the totals", async () => {
    const report = await answer<PurchasesReport>("/api/report/purchases", { startDate: yesterday, endDate: today });
    expect(
      report.rows.map((row) => [row.name, row.grns, row.reversals, row.gross, row.discount, row.tax, row.charges]),
    ).toEqual([
      [fresh.name, 2, 1, 1000, 0, 100, 50],
      [dairy.name, 1, 0, 600, 0, 0, 0],
    ]);
    expect(report.rows.map((row) => [row.total, row.landed])).toEqual([
      [1150, 1050],
      [600, 600],
    ]);
    expect(report.rows[0]?.documents.map((doc) => [doc.businessDate, doc.kind, doc.total, doc.landed])).toEqual([
      [yesterday, "posted", 900, 900],
      [today, "posted", 1150, 1050],
      [today, "reversal", -900, -900],
    ]);
    expect(report.rows[0]?.documents.every((doc) => /^GRN-\d{4}-\d{5}$/.test(doc.number))).toBe(true);
    expect(report.totals).toEqual({
      grns: 3,
      reversals: 1,
      gross: 1600,
      discount: 0,
      tax: 100,
      charges: 50,
      total: 1750,
      landed: 1650,
    });
  });

  it("a GRN reversed after its period still counts in it; the reversal counts in its own", async () => {
    const then = await answer<PurchasesReport>("/api/report/purchases", { startDate: yesterday, endDate: yesterday });
    expect(then.rows.map((row) => [row.name, row.grns, row.reversals, row.total])).toEqual([[fresh.name, 1, 0, 900]]);
    const now = await answer<PurchasesReport>("/api/report/purchases", {
      startDate: today,
      endDate: today,
      vendorId: fresh.id,
    });
    expect(now.rows.map((row) => [row.grns, row.reversals, row.discount, row.total, row.landed])).toEqual([
      [1, 1, -100, 250, 150],
    ]);
    const none = await answer<PurchasesReport>("/api/report/purchases", {
      startDate: addDays(today, -30),
      endDate: addDays(today, -20),
    });
    expect(none).toMatchObject({ rows: [], totals: { grns: 0, total: 0, landed: 0 } });
  });

  it("the screens' choices: the stock locations and the vendors, for a Reports holder", async () => {
    const reader = await createUser(t.db, { permissions: [perm("Reports")] });
    const token = await loginCargo(t.app, reader.email, reader.password);
    const response = await t.app.inject({ method: "GET", url: "/api/report/options", headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    const options = response.json<RestaurantReportOptions>();
    expect(options.locations.map((location) => [location.id, location.kind])).toEqual(
      expect.arrayContaining([
        [STORE, "store"],
        [KITCHEN, "kitchen"],
      ]),
    );
    expect(options.vendors.map((each) => each.name)).toEqual(expect.arrayContaining([fresh.name, dairy.name]));
  });

  it("the same rows as a PDF and an XLSX file; bad criteria are 400 naming the field", async () => {
    const body = { startDate: yesterday, endDate: today };
    const text = await pdfText((await asFile("/api/report/purchases", body, "pdf")).rawPayload);
    expect(text).toContain("Purchases by vendor");
    expect(text).toMatch(/Total\s+3\s+1\s+1,600\.00\s+0\.00\s+100\.00\s+50\.00\s+1,750\.00\s+1,650\.00/);
    expect(text).toMatch(/GRN-\d{4}-\d{5} reversed\s+\d{4}-\d\d-\d\d\s+-1,000\.00\s+-100\.00/);
    const xlsx = await asFile("/api/report/purchases", body, "xlsx");
    expect(xlsx.headers["content-disposition"]).toContain(`purchases-${yesterday}-${today}.xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    for (const [extra, field] of [
      [{ vendorId: "x" }, "vendorId"],
      [{ startDate: addDays(today, 1) }, "startDate"],
      [{ endDate: "2026-02-30" }, "endDate"],
    ] as const) {
      const response = await api("POST", "/api/report/purchases", { ...body, ...extra });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details[0]?.field).toBe(field);
    }
  });
});
