import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { col, rowsOf } from "../../lib/sql";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

describe("a voucher that moved stock", () => {
  it("is reversed by its document, not from the voucher list", async () => {
    const product = await t.app.inject({
      method: "POST",
      url: "/api/inventory/store_product",
      headers: bearer(token),
      payload: { name: "REVERSAL GUARD RICE", stockUomId: 2, openingQty: 4, openingUnitCost: 250 },
    });
    expect(product.statusCode).toBe(200);
    const voucherNo = product.json<{ voucherNo: string }>().voucherNo;
    const [voucher] = rowsOf(
      z.object({ id: col.int }),
      await t.db.execute(sql`select id from vouchers where voc_manual_number = ${voucherNo}`),
    );
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/voucher/reverse_voucher/${voucher?.id}`,
      headers: bearer(token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "VOUCHER_OF_STOCK_DOCUMENT",
      message:
        "This voucher moved stock: reverse its document (GRN or issuance) in the Store, so stock and books stay equal",
    });
    const [reversals] = rowsOf(
      z.object({ n: col.int }),
      await t.db.execute(sql`select count(*)::int as n from vouchers where reversal_of_id = ${voucher?.id}`),
    );
    expect(reversals?.n).toBe(0);
  });
});
