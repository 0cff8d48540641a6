import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockBins, stockDaily, stockMonthly, stockMoves, storeProducts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { createTestApp, type TestApp } from "../../test/harness";
import { applyMoves, type MoveInput, nextDocNumber } from "./index";

const STORE = 1;
const KITCHEN = 2;
const kg = (value: number) => BigInt(Math.round(value * 1000)) * 1000n;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function product(name: string): Promise<number> {
  const [row] = await t.db
    .insert(storeProducts)
    .values({ code: `T-${name}`, name, stockUomId: 2 })
    .returning({ id: storeProducts.id });
  if (!row) throw new Error("no product");
  return row.id;
}

const move = (
  storeProductId: number,
  locationId: number,
  qtyMicro: bigint,
  valueMinor?: bigint,
  businessDate = "2026-11-02",
): MoveInput => ({
  storeProductId,
  locationId,
  qtyMicro,
  valueMinor,
  docType: qtyMicro > 0n ? "receiving" : "issue_out",
  docId: 1,
  businessDate,
});

async function bin(productId: number, locationId: number) {
  const [row] = await t.db
    .select({ qty: stockBins.qtyMicro, value: stockBins.valueMinor })
    .from(stockBins)
    .where(sql`${stockBins.storeProductId} = ${productId} AND ${stockBins.locationId} = ${locationId}`);
  return row;
}

describe("stock kernel: moving average (the design's worked example)", () => {
  it("values receipts, an issuance and two sales to the paisa", async () => {
    const chicken = await product("Chicken breast (kernel)");
    await t.db.transaction((tx) => applyMoves(tx, [move(chicken, STORE, kg(10), 200_000n)], null));
    await t.db.transaction((tx) => applyMoves(tx, [move(chicken, STORE, kg(5), 130_000n)], null));
    expect(await bin(chicken, STORE)).toEqual({ qty: kg(15), value: 330_000n });

    const [out, into] = await t.db.transaction((tx) =>
      applyMoves(
        tx,
        [move(chicken, STORE, -kg(3)), { ...move(chicken, KITCHEN, kg(3), 66_000n), docType: "issue_in" }],
        null,
      ),
    );
    expect(out?.valueMinor).toBe(-66_000n);
    expect(into?.valueAfterMinor).toBe(66_000n);
    expect(await bin(chicken, STORE)).toEqual({ qty: kg(12), value: 264_000n });

    const [sale1] = await t.db.transaction((tx) => applyMoves(tx, [move(chicken, KITCHEN, -kg(0.15))], null));
    const [sale2] = await t.db.transaction((tx) => applyMoves(tx, [move(chicken, KITCHEN, -kg(0.15))], null));
    expect([sale1?.valueMinor, sale2?.valueMinor]).toEqual([-3_300n, -3_300n]);
    expect(await bin(chicken, KITCHEN)).toEqual({ qty: kg(2.7), value: 59_400n });

    const moves = await t.db.select().from(stockMoves).where(eq(stockMoves.storeProductId, chicken));
    const sum = (pick: (row: (typeof moves)[number]) => bigint) => moves.reduce((total, row) => total + pick(row), 0n);
    expect(sum((row) => (row.locationId === STORE ? row.valueMinor : 0n))).toBe(264_000n);
    const [daily] = await t.db
      .select({ inQty: sql<string>`sum(in_qty_micro)`, outQty: sql<string>`sum(out_qty_micro)` })
      .from(stockDaily)
      .where(eq(stockDaily.storeProductId, chicken));
    expect(BigInt(daily?.inQty ?? 0) - BigInt(daily?.outQty ?? 0)).toBe(kg(15) - kg(0.3));
    const [monthly] = await t.db
      .select({ inValue: sql<string>`sum(in_value_minor)`, outValue: sql<string>`sum(out_value_minor)` })
      .from(stockMonthly)
      .where(eq(stockMonthly.storeProductId, chicken));
    expect(BigInt(monthly?.inValue ?? 0) - BigInt(monthly?.outValue ?? 0)).toBe(264_000n + 59_400n);
  });

  it("gives an emptied bin's whole value and leaves it at zero", async () => {
    const rice = await product("Rice (kernel)");
    await t.db.transaction((tx) => applyMoves(tx, [move(rice, STORE, kg(3), 100_000n)], null));
    const [first] = await t.db.transaction((tx) => applyMoves(tx, [move(rice, STORE, -kg(1))], null));
    const [rest] = await t.db.transaction((tx) => applyMoves(tx, [move(rice, STORE, -kg(2))], null));
    expect(first?.valueMinor).toBe(-33_333n);
    expect(rest?.valueMinor).toBe(-66_667n);
    expect(await bin(rice, STORE)).toEqual({ qty: 0n, value: 0n });
  });

  it("refuses a store shortfall with every short line and writes nothing", async () => {
    const oil = await product("Oil (kernel)");
    await t.db.transaction((tx) => applyMoves(tx, [move(oil, STORE, kg(12), 120_000n)], null));
    const before = await t.db.select().from(stockMoves).where(eq(stockMoves.storeProductId, oil));
    const refused = await t.db
      .transaction((tx) => applyMoves(tx, [move(oil, STORE, -kg(13))], null))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).details).toEqual({
      lines: [{ storeProductId: oil, locationId: STORE, available: 12, requested: 13 }],
    });
    expect(await t.db.select().from(stockMoves).where(eq(stockMoves.storeProductId, oil))).toHaveLength(before.length);
    expect(await bin(oil, STORE)).toEqual({ qty: kg(12), value: 120_000n });
  });

  it("lets exactly one of two concurrent issues of 8 from 12 through", async () => {
    const flour = await product("Flour (kernel)");
    await t.db.transaction((tx) => applyMoves(tx, [move(flour, STORE, kg(12), 60_000n)], null));
    const issue = () => t.db.transaction((tx) => applyMoves(tx, [move(flour, STORE, -kg(8))], null));
    const results = await Promise.allSettled([issue(), issue()]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await bin(flour, STORE)).toEqual({ qty: kg(4), value: 20_000n });
  });

  it("numbers store documents without gaps per kind and year", async () => {
    const first = await t.db.transaction((tx) => nextDocNumber(tx, "count", "2031-03-01"));
    const second = await t.db.transaction((tx) => nextDocNumber(tx, "count", "2031-12-31"));
    expect([first, second]).toEqual(["CNT-2031-00001", "CNT-2031-00002"]);
  });
});
