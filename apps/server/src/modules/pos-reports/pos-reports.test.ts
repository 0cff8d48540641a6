import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type PosOrder, type PosSalesReport, perm, type WasteReport } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createUser, loginCargo, type TestApp } from "../../test/harness";
import { dish, type PosSetup, voidReason } from "../../test/pos-fixtures";
import { KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";
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

/** POST /api/report/pos_sales and /api/report/waste: the restaurant's reports (WP5). */
let t: TestApp;
let api: Api;
let pos: PosSetup;
let paid: PosOrder[];
let tikka: { variantId: number };

const sales = (body: object) => api("POST", "/api/report/pos_sales", body);
/** The same request answered as a file (`?format=pdf|xlsx`). */
const salesFile = async (body: object, format: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/report/pos_sales?format=${format}`,
    headers: bearer(await adminToken(t.app)),
    payload: body,
  });
const report = async (groupBy: string, range?: { startDate: string; endDate: string }) => {
  const response = await sales({ startDate: pos.businessDate, endDate: pos.businessDate, ...range, groupBy });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PosSalesReport>();
};
const sum = (values: readonly (number | null)[]) =>
  Math.round(values.reduce<number>((a, b) => a + (b ?? 0), 0) * 100) / 100;

beforeAll(async () => {
  ({ t, api, pos } = await startOrderTest());
  tikka = await dish(t, { name: "Chicken Tikka", priceMinor: 50_000n, taxClassId: pos.foodTaxId, sizeName: "Full" });
  const lassi = await dish(t, { name: "Sweet Lassi", priceMinor: 15_000n, taxClassId: pos.foodTaxId });
  const sell = async (lines: object[], methodId: number) => {
    const order = await ok(newOrder(api, pos.counterId, lines));
    return ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [payOp([{ methodId, amount: order.total }], { total: order.total })],
      }),
    );
  };
  paid = [
    await sell([addLine(tikka.variantId, 2), addLine(lassi.variantId, 1)], pos.cashId),
    await sell([addLine(tikka.variantId, 1)], pos.cashId),
  ];
  // An order still open is not a sale.
  await ok(newOrder(api, pos.counterId, [addLine(lassi.variantId, 4)]));
});
afterAll(() => t.close());

describe("the sales report", () => {
  it("by item: portions and revenue of each dish as sold, best seller first; the open order is left out", async () => {
    const byItem = await report("item");
    expect(byItem).toMatchObject({ groupBy: "item", level: "lines", startDate: pos.businessDate });
    expect(byItem.rows.map((row) => [row.label, row.orders, row.qty, row.gross, row.discount, row.net])).toEqual([
      ["Chicken Tikka Full", 2, 3, 1500, 0, 1500],
      ["Sweet Lassi", 1, 1, 150, 0, 150],
    ]);
    expect(byItem.totals).toMatchObject({ label: "Total", orders: 2, refunds: 0, qty: 4, gross: 1650, net: 1650 });
    expect(byItem.totals.tax).toBeNull();
  });

  it("by category: each dish's category, the orders counted once in the total", async () => {
    const byCategory = await report("category");
    expect(byCategory.rows).toHaveLength(2);
    expect(byCategory.rows.map((row) => row.net)).toEqual([1500, 150]);
    expect(byCategory.totals.orders).toBe(2);
  });

  it("by counter, hour and cashier: the orders' net, service, tax and total add up to the paid orders", async () => {
    const total = sum(paid.map((order) => order.total));
    const tax = sum(paid.map((order) => order.tax));
    for (const groupBy of ["counter", "hour", "cashier"]) {
      const byOrders = await report(groupBy);
      expect(byOrders.level).toBe("orders");
      expect(byOrders.totals, groupBy).toMatchObject({ orders: 2, refunds: 0, net: 1650, tax, total, qty: null });
      expect(sum(byOrders.rows.map((row) => row.total)), groupBy).toBe(total);
      expect(sum(byOrders.rows.map((row) => row.orders)), groupBy).toBe(2);
    }
    const [counter] = (await report("counter")).rows;
    expect(counter?.label).toMatch(/^A01 /);
    for (const row of (await report("hour")).rows) expect(row.label).toMatch(/^\d\d:00-\d\d:00$/);
    expect((await report("cashier")).rows.map((row) => row.orders)).toEqual([2]);
  });

  it("a range without sales: no rows and zero totals", async () => {
    const empty = await report("counter", { startDate: "2020-01-01", endDate: "2020-01-31" });
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toMatchObject({ orders: 0, net: 0, total: 0 });
  });

  it("answers the same rows as a PDF and an XLSX file", async () => {
    const pdf = await salesFile({ startDate: pos.businessDate, endDate: pos.businessDate, groupBy: "item" }, "pdf");
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const dir = await mkdtemp(path.join(os.tmpdir(), "sales-"));
    const file = path.join(dir, "sales.pdf");
    await writeFile(file, pdf.rawPayload);
    const { stdout } = await promisify(execFile)("pdftotext", ["-layout", file, "-"]);
    await rm(dir, { recursive: true, force: true });
    expect(stdout).toContain("Sales by item");
    expect(stdout).toMatch(/Chicken Tikka Full\s+2\s+0\s+3\s+1,500\.00\s+0\.00\s+1,500\.00/);
    expect(stdout).toMatch(/Total\s+2\s+0\s+4\s+1,650\.00/);
    const xlsx = await salesFile({ startDate: pos.businessDate, endDate: pos.businessDate, groupBy: "hour" }, "xlsx");
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toContain(`sales-by-hour-${pos.businessDate}-${pos.businessDate}.xlsx`);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("refuses bad criteria naming the field, and answers 401 without a token and 403 without Reports", async () => {
    const refused = async (body: object, field: string) => {
      const response = await sales({ startDate: "2026-11-01", endDate: "2026-11-30", groupBy: "item", ...body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ details: { field: string }[] }>().details[0]?.field).toBe(field);
    };
    await refused({ groupBy: "waiter" }, "groupBy");
    await refused({ startDate: "2026-12-01" }, "startDate");
    await refused({ startDate: "2024-01-01" }, "endDate");
    await refused({ endDate: "2026-11-31" }, "endDate");
    const csv = await salesFile({ startDate: "2026-11-01", endDate: "2026-11-30", groupBy: "item" }, "csv");
    expect(csv.statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/report/pos_sales", payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const token = await loginCargo(t.app, cashier.email, cashier.password);
    const forbidden = await t.app.inject({
      method: "POST",
      url: "/api/report/pos_sales",
      headers: bearer(token),
      payload: { startDate: "2026-11-01", endDate: "2026-11-30", groupBy: "item" },
    });
    expect(forbidden.statusCode).toBe(403);
  });
});

describe("the waste report", () => {
  it("shows a void after firing for a waste reason by store product, at the cost it left the Kitchen", async () => {
    const beef = await stockProduct(t.db, "Beef mince");
    await receiveStock(t.db, beef.id, kg(10), 1_000_000n, pos.businessDate, KITCHEN);
    const burger = await dish(t, {
      name: "Beef Burger",
      priceMinor: 80_000n,
      taxClassId: pos.foodTaxId,
      stationId: pos.stationId,
      recipe: [{ storeProductId: beef.id, qtyMicro: kg(0.2) }],
    });
    const line = addLine(burger.variantId, 2);
    const order = await ok(newOrder(api, pos.counterId, [line, { opUuid: uuid(), kind: "fire" }]));
    const manager = await createUser(t.db, { permissions: [perm("Setting", "Day Close")] });
    const approval = await supervisorToken(api, manager, "void_after_fire");
    await ok(
      api("POST", `/api/pos/order/${order.id}/ops`, {
        expectedVersion: order.version,
        ops: [
          {
            opUuid: uuid(),
            kind: "void_line",
            lineUuid: line.lineUuid,
            qty: 1,
            reasonId: await voidReason(t.db, true),
            supervisorToken: approval,
          },
        ],
      }),
    );
    const answer = await api("POST", "/api/report/waste", { startDate: pos.businessDate, endDate: pos.businessDate });
    expect(answer.statusCode, answer.body).toBe(200);
    const waste = answer.json<WasteReport>();
    expect(waste.rows.map((row) => [row.code, row.unit, row.location, row.qty, row.value, row.moves])).toEqual([
      [beef.code, "KG", "Kitchen", 0.2, 200, 1],
    ]);
    expect(waste.totals).toEqual({ value: 200, moves: 1 });
    const pdf = await t.app.inject({
      method: "POST",
      url: "/api/report/waste?format=pdf",
      headers: bearer(await adminToken(t.app)),
      payload: { startDate: pos.businessDate, endDate: pos.businessDate },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const before = await api("POST", "/api/report/waste", { startDate: "2020-01-01", endDate: "2020-01-02" });
    expect(before.json<WasteReport>()).toMatchObject({ rows: [], totals: { value: 0, moves: 0 } });
    const backwards = await api("POST", "/api/report/waste", { startDate: "2026-02-02", endDate: "2026-02-01" });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ details: { field: string }[] }>().details[0]?.field).toBe("startDate");
  });
});
