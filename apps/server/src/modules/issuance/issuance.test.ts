import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { openPostgres } from "../../db/client";
import { issuances, stockLocations, stockMoves, units } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
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

const DAY = "2026-11-02";

/** The worked example's Store bin: 10 kg @ 200.00 and 5 kg @ 260.00 -> 15 kg, 3,300.00. */
async function chicken(label: string) {
  const product = await stockProduct(t.db, label);
  await receiveStock(t.db, product.id, kg(10), 200_000n, "2026-11-01");
  await receiveStock(t.db, product.id, kg(5), 130_000n, "2026-11-01");
  return product;
}

const issue = (body: object, auth = token) =>
  t.app.inject({ method: "POST", url: "/api/inventory/issuance", headers: bearer(auth), payload: body });

const lineOf = (product: { id: number; kgId: number }, qty: number) => ({
  storeProductId: product.id,
  qty,
  uomId: product.kgId,
});

const body = (lines: object[], extra: object = {}) => ({
  fromLocationId: STORE,
  toLocationId: KITCHEN,
  businessDate: DAY,
  issuedTo: "Chef Ali",
  notes: "",
  lines,
  post: true,
  ...extra,
});

describe("issuance: the worked example (WP1 API acceptance 3)", () => {
  it("issues 3 kg at the Store's average: Store 12 kg / 2,640.00, Kitchen 3 kg / 660.00, JV Dr Kitchen / Cr Store", async () => {
    const product = await chicken("Chicken breast");
    const balance = await t.app.inject({
      method: "GET",
      url: `/api/inventory/stock_balance?locationId=${STORE}&asOf=${DAY}`,
      headers: bearer(token),
    });
    const row = balance.json().rows.find((entry: { storeProductId: number }) => entry.storeProductId === product.id);
    expect(row).toMatchObject({ qty: 15, value: 3300, averageRate: 220 });

    const response = await issue(body([lineOf(product, 3)]));
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved.number).toMatch(/^ISS-2026-\d{5}$/);
    expect(saved.voucherNo).toMatch(/^JV-2026-\d{5}$/);
    expect(await binOf(t.db, product.id, STORE)).toEqual({ qty: kg(12), value: 264_000n });
    expect(await binOf(t.db, product.id, KITCHEN)).toEqual({ qty: kg(3), value: 66_000n });

    const [stored] = await t.db.select().from(issuances).where(eq(issuances.id, saved.id));
    expect(stored?.valueMinor).toBe(66_000n);
    expect(await voucherLinesOf(t.db, stored?.voucherId ?? 0)).toEqual([
      [await accountId(t.db, "KITCHEN INVENTORY"), 66_000n, 0n],
      [await accountId(t.db, "STORE INVENTORY"), 0n, 66_000n],
    ]);
    const moves = await t.db.select().from(stockMoves).where(eq(stockMoves.docId, saved.id));
    const issueMoves = moves.filter((move) => move.docType === "issue_out" || move.docType === "issue_in");
    expect(issueMoves.map((move) => [move.locationId, move.qtyMicro, move.valueMinor, move.voucherId])).toEqual([
      [STORE, -kg(3), -66_000n, stored?.voucherId],
      [KITCHEN, kg(3), 66_000n, stored?.voucherId],
    ]);

    const detail = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance/${saved.id}`,
      headers: bearer(token),
    });
    expect(detail.json()).toMatchObject({
      number: saved.number,
      status: "posted",
      value: 660,
      voucherNo: saved.voucherNo,
      lines: [{ qty: 3, stockQty: 3, uom: "kg", value: 660, rate: 220 }],
    });
  });

  it("posts no JV when both locations map to the same inventory account", async () => {
    const product = await chicken("Chicken same account");
    const [bar] = await t.db
      .insert(stockLocations)
      .values({
        outletId: 1,
        code: `BAR${process.pid}${Date.now()}`,
        name: "Bar (store account)",
        kind: "bar",
        allowNegative: true,
        inventoryAccountId: await accountId(t.db, "STORE INVENTORY"),
      })
      .returning({ id: stockLocations.id });
    const response = await issue(body([lineOf(product, 3)], { toLocationId: bar?.id }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().voucherNo).toBeNull();
    expect(await binOf(t.db, product.id, bar?.id ?? 0)).toEqual({ qty: kg(3), value: 66_000n });
    const [stored] = await t.db.select().from(issuances).where(eq(issuances.id, response.json().id));
    expect(stored?.voucherId).toBeNull();
    expect(stored?.valueMinor).toBe(66_000n);
  });

  it("converts a line in grams to the stock unit (3,000 g = 3 kg)", async () => {
    const product = await chicken("Chicken grams");
    const [gram] = await t.db.select({ id: units.uomId }).from(units).where(eq(units.uomName, "GRAM"));
    const response = await issue(body([{ storeProductId: product.id, qty: 3000, uomId: gram?.id }]));
    expect(response.statusCode, response.body).toBe(200);
    expect(await binOf(t.db, product.id, KITCHEN)).toEqual({ qty: kg(3), value: 66_000n });
  });
});

describe("issuance: refusals (WP1 API acceptance 4)", () => {
  it("refuses 13 kg from 12 kg with 409 STOCK_SHORT and the shortfall, and writes nothing", async () => {
    const product = await chicken("Chicken short");
    expect((await issue(body([lineOf(product, 3)]))).statusCode).toBe(200);
    const movesBefore = await moveCount(t.db, product.id);
    const [{ count: issuancesBefore } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(issuances);

    const response = await issue(body([lineOf(product, 13)]));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: "STOCK_SHORT",
      details: { lines: [{ storeProductId: product.id, available: 12, requested: 13 }] },
    });
    expect(await moveCount(t.db, product.id)).toBe(movesBefore);
    const [{ count: issuancesAfter } = { count: 0 }] = await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(issuances);
    expect(issuancesAfter).toBe(issuancesBefore);
    expect(await binOf(t.db, product.id, STORE)).toEqual({ qty: kg(12), value: 264_000n });
  });

  it("answers 400 naming the field for a zero quantity, a repeated product and one location twice", async () => {
    const product = await chicken("Chicken bad input");
    const zero = await issue(body([lineOf(product, 0)]));
    expect(zero.statusCode).toBe(400);
    expect(zero.body).toContain("lines.0.qty");
    const twice = await issue(body([lineOf(product, 1), lineOf(product, 2)]));
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain("This product is already on the issuance");
    const same = await issue(body([lineOf(product, 1)], { toLocationId: STORE }));
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain("toLocationId");
    const future = await issue(body([lineOf(product, 1)], { businessDate: "2999-01-01" }));
    expect(future.statusCode).toBe(400);
    expect(await moveCount(t.db, product.id)).toBe(2);
  });
});

describe("issuance: concurrent posting (WP1 API acceptance 5)", () => {
  async function twelveKg(label: string) {
    const product = await chicken(label);
    expect((await issue(body([lineOf(product, 3)]))).statusCode).toBe(200);
    return product;
  }

  it("lets exactly one of two 8 kg issuances from 12 kg through (Promise.all)", async () => {
    const product = await twelveKg("Chicken race");
    const answers = await Promise.all([issue(body([lineOf(product, 8)])), issue(body([lineOf(product, 8)]))]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await binOf(t.db, product.id, STORE)).toEqual({ qty: kg(4), value: 88_000n });
    const [lowest] = await t.db
      .select({ qty: sql<string>`min(qty_after_micro)` })
      .from(stockMoves)
      .where(eq(stockMoves.storeProductId, product.id));
    expect(BigInt(lowest?.qty ?? -1)).toBeGreaterThanOrEqual(0n);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "lets exactly one through when two server processes post at once (PostgreSQL only: PGlite is one embedded process)",
    async () => {
      const product = await twelveKg("Chicken two servers");
      if (!t.url) throw new Error("no PostgreSQL URL");
      const second = await openPostgres(t.url);
      const other = await buildApp({ config: t.config, database: second, tokens: t.tokens });
      try {
        await other.ready();
        const answers = await Promise.all(
          [t.app, other].map((app) =>
            app.inject({
              method: "POST",
              url: "/api/inventory/issuance",
              headers: bearer(token),
              payload: body([lineOf(product, 8)]),
            }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
        expect(await binOf(t.db, product.id, STORE)).toEqual({ qty: kg(4), value: 88_000n });
      } finally {
        await other.close();
        await second.close();
      }
    },
  );
});

describe("issuance: drafts, posting, reversal", () => {
  it("saves a draft without moving stock, posts it once, and refuses a second post", async () => {
    const product = await chicken("Chicken draft");
    const draft = await issue(body([lineOf(product, 2)], { post: false }));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ number: null, voucherNo: null });
    expect(await moveCount(t.db, product.id)).toBe(2);
    const url = `/api/inventory/issuance/${draft.json().id}/post`;
    const posted = await t.app.inject({ method: "POST", url, headers: bearer(token) });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().number).toMatch(/^ISS-/);
    expect(await binOf(t.db, product.id, KITCHEN)).toEqual({ qty: kg(2), value: 44_000n });
    const again = await t.app.inject({ method: "POST", url, headers: bearer(token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DOCUMENT_POSTED");
  });

  it("reverses at the original values with the mirror JV", async () => {
    const product = await chicken("Chicken reverse");
    const posted = (await issue(body([lineOf(product, 3)]))).json();
    const reversed = await t.app.inject({
      method: "POST",
      url: `/api/inventory/issuance/${posted.id}/reverse`,
      headers: bearer(token),
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await binOf(t.db, product.id, STORE)).toEqual({ qty: kg(15), value: 330_000n });
    expect(await binOf(t.db, product.id, KITCHEN)).toEqual({ qty: 0n, value: 0n });
    const [stored] = await t.db.select().from(issuances).where(eq(issuances.id, posted.id));
    expect(stored?.status).toBe("reversed");
    expect(await voucherLinesOf(t.db, stored?.reversalVoucherId ?? 0)).toEqual([
      [await accountId(t.db, "STORE INVENTORY"), 66_000n, 0n],
      [await accountId(t.db, "KITCHEN INVENTORY"), 0n, 66_000n],
    ]);
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/inventory/issuance/${posted.id}/reverse`,
      headers: bearer(token),
    });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses to reverse when the kitchen no longer holds the quantity", async () => {
    const product = await chicken("Chicken used");
    const posted = (await issue(body([lineOf(product, 3)]))).json();
    await takeStock(t.db, product.id, KITCHEN, kg(0.15), DAY);
    const moves = await moveCount(t.db, product.id);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/inventory/issuance/${posted.id}/reverse`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().details.lines).toEqual([
      { storeProductId: product.id, locationId: KITCHEN, available: 2.85, requested: 3 },
    ]);
    expect(await moveCount(t.db, product.id)).toBe(moves);
  });
});

describe("issuance: list, reports and documents", () => {
  it("lists with filters, finds by number as JSON, PDF and XLSX, and reports per product", async () => {
    const product = await chicken("Chicken report");
    const first = (await issue(body([lineOf(product, 3)], { businessDate: "2026-11-03" }))).json();
    await issue(body([lineOf(product, 1.5)], { businessDate: "2026-11-04" }));

    const list = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance?storeProductId=${product.id}&status=posted&size=10&page=1`,
      headers: bearer(token),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, rows: [{ businessDate: "2026-11-04" }, { number: first.number }] });

    const byNumber = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance/by_number/${first.number}`,
      headers: bearer(token),
    });
    expect(byNumber.json()).toMatchObject({ id: first.id, value: 660 });
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance/by_number/${first.number}?format=pdf`,
      headers: bearer(token),
    });
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
    const xlsx = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance/by_number/${first.number}?format=xlsx`,
      headers: bearer(token),
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const slip = await t.app.inject({
      method: "GET",
      url: `/api/inventory/issuance/${first.id}/issuance.pdf`,
      headers: bearer(token),
    });
    expect(slip.statusCode).toBe(200);
    const missing = await t.app.inject({
      method: "GET",
      url: "/api/inventory/issuance/by_number/ISS-1999-99999",
      headers: bearer(token),
    });
    expect(missing.statusCode).toBe(404);

    // 3 kg at 220.00 then 1.5 kg at 220.00 (the average does not change when stock leaves).
    const report = await t.app.inject({
      method: "POST",
      url: "/api/inventory/issuance/report",
      headers: bearer(token),
      payload: { startDate: "2026-11-03", endDate: "2026-11-04", locationId: KITCHEN },
    });
    expect(report.statusCode, report.body).toBe(200);
    const mine = report.json().products.find((row: { storeProductId: number }) => row.storeProductId === product.id);
    expect(mine).toEqual(expect.objectContaining({ qty: 4.5, value: 990, averageRate: 220 }));
    const reportPdf = await t.app.inject({
      method: "POST",
      url: "/api/inventory/issuance/report",
      headers: bearer(token),
      payload: { startDate: "2026-11-03", endDate: "2026-11-04", format: "pdf" },
    });
    expect(reportPdf.rawPayload.subarray(0, 4).toString()).toBe("%PDF");
  });
});
