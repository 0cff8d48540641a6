import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn } from "../../lib/dates";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
let today: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
});
afterAll(() => t.close());

const put = (stockLockDate: string | null) =>
  t.app.inject({ method: "PUT", url: "/api/setting/stock_lock", headers: bearer(token), payload: { stockLockDate } });

describe("the stock lock date", () => {
  it("refuses a stock document dated before it, and a lock after today", async () => {
    expect((await t.app.inject({ url: "/api/setting/stock_lock", headers: bearer(token) })).json()).toEqual({
      stockLockDate: null,
    });
    const future = await put(addDays(today, 1));
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ message: "The stock lock date cannot be after today" });

    const saved = await put(today);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: "Stock lock date saved", data: { stockLockDate: today } });

    const product = await t.app.inject({
      method: "POST",
      url: "/api/inventory/store_product",
      headers: bearer(token),
      payload: { name: "LOCKED FLOUR", stockUomId: 2, openingQty: 5, openingUnitCost: 100 },
    });
    expect(product.statusCode).toBe(200);
    const issue = (businessDate: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/inventory/issuance",
        headers: bearer(token),
        payload: {
          fromLocationId: 1,
          toLocationId: 2,
          businessDate,
          lines: [{ storeProductId: product.json<{ data: { id: number } }>().data.id, qty: 1, uomId: 2 }],
          post: true,
        },
      });
    const before = await issue(addDays(today, -1));
    expect(before.statusCode).toBe(400);
    expect(before.json()).toMatchObject({ message: "The date is before the stock lock date" });
    expect((await issue(today)).statusCode).toBe(200);

    const cleared = await put(null);
    expect(cleared.json()).toMatchObject({ data: { stockLockDate: null } });
    expect((await issue(addDays(today, -1))).statusCode).toBe(200);
  });

  it("is set only with Add Accounts Integration", async () => {
    expect(
      (await t.app.inject({ method: "PUT", url: "/api/setting/stock_lock", payload: { stockLockDate: null } }))
        .statusCode,
    ).toBe(401);
  });
});
