import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockCounts, stockExceptions, stockMoves } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, multipart, type TestApp } from "../../test/harness";
import {
  binOf,
  KITCHEN,
  kg,
  moveCount,
  receiveStock,
  STORE,
  stockProduct,
  takeStock,
  voucherLinesOf,
} from "../../test/stock-fixtures";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const DAY = "2026-11-05";
type Line = { storeProductId: number; bookQty: number; countedQty: number | null; diffQty: number | null };

const start = async (locationId: number) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/inventory/stock_count",
    headers: bearer(token),
    payload: { locationId, businessDate: DAY },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; lines: Line[] };
};
const save = (id: number, lines: object[]) =>
  t.app.inject({ method: "PUT", url: `/api/inventory/stock_count/${id}`, headers: bearer(token), payload: { lines } });
const post = (id: number) =>
  t.app.inject({ method: "POST", url: `/api/inventory/stock_count/${id}/post`, headers: bearer(token) });
const lineFor = (count: { lines: Line[] }, productId: number) =>
  count.lines.find((line) => line.storeProductId === productId);

describe("difference report: the snapshot rule (WP1 API acceptance 6)", () => {
  it("posts counted minus book AT THE SNAPSHOT: 12 kg booked, 1 kg received after, 11.5 kg counted -> -0.5 kg", async () => {
    const chicken = await stockProduct(t.db, "Chicken count");
    const rice = await stockProduct(t.db, "Rice count");
    await receiveStock(t.db, chicken.id, kg(12), 264_000n, "2026-11-01");
    await receiveStock(t.db, rice.id, kg(4), 40_000n, "2026-11-01");

    const count = await start(STORE);
    expect(lineFor(count, chicken.id)).toMatchObject({ bookQty: 12, countedQty: null });

    // Received after the snapshot: 1 kg at 220.00 keeps the average at 220.00 (13 kg, 2,860.00).
    await receiveStock(t.db, chicken.id, kg(1), 22_000n, DAY);

    const saved = await save(count.id, [
      { storeProductId: chicken.id, countedQty: 11.5, uomId: chicken.kgId, reason: "spoilage" },
      { storeProductId: rice.id, countedQty: 4, uomId: rice.kgId },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(lineFor(saved.json(), chicken.id)).toMatchObject({ countedQty: 11.5, diffQty: -0.5, diffValue: -110 });
    expect(lineFor(saved.json(), rice.id)).toMatchObject({ diffQty: 0 });
    const riceMoves = await moveCount(t.db, rice.id);

    const posted = await post(count.id);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().number).toMatch(/^CNT-2026-\d{5}$/);
    expect(posted.json().voucherNo).toMatch(/^JV-2026-\d{5}$/);

    // -0.5 kg at the average 220.00 = 110.00: 12.5 kg, 2,750.00 remain.
    expect(await binOf(t.db, chicken.id, STORE)).toEqual({ qty: kg(12.5), value: 275_000n });
    const [move] = await t.db
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.storeProductId, chicken.id), eq(stockMoves.docType, "count")));
    expect([move?.qtyMicro, move?.valueMinor]).toEqual([-kg(0.5), -11_000n]);
    // A line with no difference posts nothing.
    expect(await moveCount(t.db, rice.id)).toBe(riceMoves);

    const [stored] = await t.db.select().from(stockCounts).where(eq(stockCounts.id, count.id));
    expect(move?.voucherId).toBe(stored?.voucherId);
    expect(await voucherLinesOf(t.db, stored?.voucherId ?? 0)).toEqual([
      [await accountId(t.db, "STOCK ADJUSTMENT"), 11_000n, 0n],
      [await accountId(t.db, "STORE INVENTORY"), 0n, 11_000n],
    ]);

    const again = await save(count.id, [{ storeProductId: chicken.id, countedQty: 1, uomId: chicken.kgId }]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DOCUMENT_POSTED");
    expect((await post(count.id)).statusCode).toBe(409);
  });

  it("takes a surplus in at the bin's average and resolves the kitchen's negative-stock exception", async () => {
    const oil = await stockProduct(t.db, "Oil count");
    await receiveStock(t.db, oil.id, kg(2), 50_000n, "2026-11-01", KITCHEN);
    await takeStock(t.db, oil.id, KITCHEN, kg(3), "2026-11-02");
    const [open] = await t.db
      .select()
      .from(stockExceptions)
      .where(and(eq(stockExceptions.storeProductId, oil.id), isNull(stockExceptions.resolvedAt)));
    expect(open?.locationId).toBe(KITCHEN);

    const count = await start(KITCHEN);
    expect(lineFor(count, oil.id)).toMatchObject({ bookQty: -1 });
    const saved = await save(count.id, [
      { storeProductId: oil.id, countedQty: 0.5, uomId: oil.kgId, reason: "count_error" },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const posted = await post(count.id);
    expect(posted.statusCode, posted.body).toBe(200);
    // +1.5 kg at the last rate 250.00 = 375.00: the bin holds 0.5 kg.
    const bin = await binOf(t.db, oil.id, KITCHEN);
    expect(bin.qty).toBe(kg(0.5));
    const [resolved] = await t.db
      .select()
      .from(stockExceptions)
      .where(eq(stockExceptions.id, open?.id ?? 0));
    expect(resolved?.resolution).toBe("count");
    const [stored] = await t.db.select().from(stockCounts).where(eq(stockCounts.id, count.id));
    const lines = await voucherLinesOf(t.db, stored?.voucherId ?? 0);
    expect(lines[0]).toEqual([await accountId(t.db, "KITCHEN INVENTORY"), 37_500n, 0n]);
    expect(lines[1]).toEqual([await accountId(t.db, "STOCK ADJUSTMENT"), 0n, 37_500n]);
  });
});

describe("difference report: input, sheets and the list", () => {
  it("answers 400 naming the field, and refuses a product not on the count", async () => {
    const product = await stockProduct(t.db, "Flour count");
    const count = await start(STORE);
    const negative = await save(count.id, [{ storeProductId: product.id, countedQty: -1, uomId: product.kgId }]);
    expect(negative.statusCode).toBe(400);
    expect(negative.body).toContain("lines.0.countedQty");
    const badReason = await save(count.id, [
      { storeProductId: product.id, countedQty: 1, uomId: product.kgId, reason: "lost" },
    ]);
    expect(badReason.statusCode).toBe(400);
    const stranger = await stockProduct(t.db, "Not counted");
    const off = await save(count.id, [{ storeProductId: stranger.id, countedQty: 1, uomId: stranger.kgId }]);
    expect(off.statusCode).toBe(400);
    expect(off.body).toContain("This product is not on the count");
    const none = await post(count.id);
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain("Enter at least one counted quantity");
  });

  it("fills a draft from an uploaded count sheet and answers the sheet as XLSX and PDF", async () => {
    const sugar = await stockProduct(t.db, "Sugar count");
    await receiveStock(t.db, sugar.id, kg(5), 75_000n, "2026-11-01");
    const count = await start(STORE);
    const xlsx = await t.app.inject({
      method: "GET",
      url: `/api/inventory/stock_count/${count.id}?format=xlsx`,
      headers: bearer(token),
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/inventory/stock_count/${count.id}?format=pdf`,
      headers: bearer(token),
    });
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");

    const bad = multipart(
      {},
      { field: "file", name: "count.csv", content: `Code,Counted,Reason\n${sugar.code},abc,\n` },
    );
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/inventory/stock_count/${count.id}/sheet`,
      headers: { ...bearer(token), ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ row: 2, column: "Counted", message: expect.any(String) }]);

    const good = multipart(
      {},
      { field: "file", name: "count.csv", content: `Code,Counted,Reason\n${sugar.code},4.75,Spoilage\n` },
    );
    const filled = await t.app.inject({
      method: "POST",
      url: `/api/inventory/stock_count/${count.id}/sheet`,
      headers: { ...bearer(token), ...good.headers },
      payload: good.payload,
    });
    expect(filled.statusCode, filled.body).toBe(200);
    expect(lineFor(filled.json(), sugar.id)).toMatchObject({ countedQty: 4.75, diffQty: -0.25, reason: "spoilage" });

    const list = await t.app.inject({
      method: "GET",
      url: `/api/inventory/stock_count?locationId=${STORE}&status=draft&size=100`,
      headers: bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.some((row: { id: number }) => row.id === count.id)).toBe(true);
  });
});
