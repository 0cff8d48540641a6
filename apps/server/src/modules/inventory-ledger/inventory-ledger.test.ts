import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { KITCHEN, kg, receiveStock, STORE, stockProduct } from "../../test/stock-fixtures";
import { inventoryLedger, stockBalances } from "./index";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const ledger = (payload: object) =>
  t.app.inject({ method: "POST", url: "/api/inventory/ledger", headers: bearer(token), payload });

/** The worked example across two months: receipts in October and November, an issuance, a count. */
async function chickenHistory() {
  const product = await stockProduct(t.db, "Chicken ledger");
  await receiveStock(t.db, product.id, kg(10), 200_000n, "2026-10-20");
  await receiveStock(t.db, product.id, kg(5), 130_000n, "2026-11-01");
  const issued = await t.app.inject({
    method: "POST",
    url: "/api/inventory/issuance",
    headers: bearer(token),
    payload: {
      fromLocationId: STORE,
      toLocationId: KITCHEN,
      businessDate: "2026-11-02",
      issuedTo: "Chef",
      lines: [{ storeProductId: product.id, qty: 3, uomId: product.kgId }],
      post: true,
    },
  });
  expect(issued.statusCode, issued.body).toBe(200);
  return { product, issuance: issued.json() as { id: number; number: string; voucherNo: string } };
}

describe("inventory ledger (WP1 API acceptance 7)", () => {
  it("shows opening, the rows with running balance and closing; each voucher number opens its voucher", async () => {
    const { product, issuance } = await chickenHistory();
    const response = await ledger({
      storeProductId: product.id,
      locationId: STORE,
      startDate: "2026-11-01",
      endDate: "2026-11-30",
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      openingQty: 10,
      openingValue: 2000,
      inQty: 5,
      outQty: 3,
      valueIn: 1300,
      valueOut: 660,
      closingQty: 12,
      closingValue: 2640,
      total: 2,
    });
    expect(answer.rows).toMatchObject([
      { businessDate: "2026-11-01", docType: "receiving", inQty: 5, rate: 260, balanceQty: 15, balanceValue: 3300 },
      {
        businessDate: "2026-11-02",
        docType: "issue_out",
        docNumber: issuance.number,
        description: "Issued to Kitchen (Chef)",
        outQty: 3,
        rate: 220,
        valueOut: 660,
        balanceQty: 12,
        balanceValue: 2640,
        voucherNo: issuance.voucherNo,
      },
    ]);
    for (const row of answer.rows.filter((entry: { voucherId: number | null }) => entry.voucherId !== null)) {
      const voucher = await t.app.inject({
        method: "GET",
        url: `/api/voucher/${row.voucherId}`,
        headers: bearer(token),
      });
      expect(voucher.statusCode, voucher.body).toBe(200);
    }
  });

  it("pages on the server and carries the running balance into the next page", async () => {
    const { product } = await chickenHistory();
    const second = await ledger({
      storeProductId: product.id,
      startDate: "2026-10-01",
      endDate: "2026-11-30",
      page: 2,
      size: 2,
    });
    expect(second.statusCode, second.body).toBe(200);
    // All locations: receipt 10, receipt 5, then the issuance's out (Store) and in (Kitchen).
    expect(second.json()).toMatchObject({ total: 4, openingQty: 0, closingQty: 15, closingValue: 3300 });
    expect(second.json().rows.map((row: { balanceQty: number }) => row.balanceQty)).toEqual([12, 15]);
  });

  it("answers PDF and XLSX, and 400 for dates in the wrong order", async () => {
    const { product } = await chickenHistory();
    const base = { storeProductId: product.id, startDate: "2026-10-01", endDate: "2026-11-30" };
    const pdf = await ledger({ ...base, format: "pdf" });
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const xlsx = await ledger({ ...base, format: "xlsx" });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const wrong = await ledger({ ...base, startDate: "2026-12-01" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("endDate");
  });
});

describe("stock balances as of a date", () => {
  it("adds whole months and the edge days: before, on and after the issuance", async () => {
    const { product } = await chickenHistory();
    const at = async (asOf: string, locationId: number) =>
      (await stockBalances(t.db, { asOf, locationId })).rows.find((row) => row.storeProductId === product.id);
    expect(await at("2026-10-31", STORE)).toMatchObject({ qty: 10, value: 2000, averageRate: 200 });
    expect(await at("2026-11-01", STORE)).toMatchObject({ qty: 15, value: 3300, averageRate: 220 });
    expect(await at("2026-11-02", STORE)).toMatchObject({ qty: 12, value: 2640, averageRate: 220 });
    expect(await at("2026-11-02", KITCHEN)).toMatchObject({ qty: 3, value: 660, averageRate: 220 });
    // Forward from the monthly totals and backward from the bins answer alike, on every date around the moves.
    for (const asOf of [
      "2026-09-30",
      "2026-10-19",
      "2026-10-20",
      "2026-10-31",
      "2026-11-01",
      "2026-11-02",
      "2026-11-05",
    ]) {
      const forward = await stockBalances(t.db, { asOf }, "forward");
      const backward = await stockBalances(t.db, { asOf }, "backward");
      expect(backward, asOf).toEqual(forward);
    }
    const direct = await inventoryLedger(t.db, {
      storeProductId: product.id,
      locationId: KITCHEN,
      startDate: "2026-11-01",
      endDate: "2026-11-30",
      page: 1,
      size: 50,
    });
    expect(direct.rows.map((row) => row.description)).toEqual(["Issued from Store (Chef)"]);
  });
});
