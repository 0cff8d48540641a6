import { COUPON_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../../db/client";
import { couponRedemptions, coupons } from "../../db/schema/index";
import type { AppError } from "../../lib/app-error";
import { adminToken, createTestApp, type TestApp } from "../../test/harness";
import { addCoupon, caller } from "./coupons.test-helpers";
import { type Redemption, redeemCoupons } from "./index";

let t: TestApp;
let token: string;
/** On PostgreSQL a second connection pool stands in for a second till's server process. */
let second: Database | null = null;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  if (t.url) second = await openPostgres(t.url);
});
afterAll(async () => {
  await second?.close();
  await t.close();
});

const api = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => token)(...args);

/** Redeems in its own transaction, as a payment would; answers the error's code or "ok". */
const pay = (redemption: Redemption, db = t.db) =>
  db
    .transaction((tx) => redeemCoupons(tx, redemption))
    .then(
      () => "ok",
      (error: AppError) => error.code,
    );

const redemptionsOf = (couponId: number) =>
  t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

// Orders arrive with WP3: coupon_redemptions.order_id has no foreign key yet, so any order id stands in.
describe("redeemCoupons (the payment's redemption)", () => {
  it("one use per customer holds when two payments race: only one succeeds", async () => {
    const coupon = await addCoupon(api, {
      code: "RACE-L",
      name: "Race L",
      kind: "amount",
      value: 50,
      perCustomerLimit: 1,
    });
    const entry = [{ couponId: coupon.id, amountMinor: 5_000n }];
    const results = await Promise.all([
      pay({ orderId: 1001, customerId: 5, coupons: entry }),
      pay({ orderId: 1002, customerId: 5, coupons: entry }, second?.db ?? t.db),
    ]);
    expect(results.sort()).toEqual(["COUPON_CUSTOMER_LIMIT_REACHED", "ok"]);
    expect(await redemptionsOf(coupon.id)).toHaveLength(1);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.usedCount).toBe(1);
    // Another customer may still use it.
    expect(await pay({ orderId: 1003, customerId: 6, coupons: entry })).toBe("ok");
  });

  it("the last total use goes to one of many racing tills", async () => {
    const coupon = await addCoupon(api, { code: "LAST-M", name: "Last M", kind: "amount", value: 10, usageLimit: 3 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        pay(
          { orderId: 2000 + index, customerId: null, coupons: [{ couponId: coupon.id, amountMinor: 1_000n }] },
          index % 2 === 0 ? t.db : (second?.db ?? t.db),
        ),
      ),
    );
    expect(results.filter((result) => result === "ok")).toHaveLength(3);
    expect(results.filter((result) => result === "COUPON_LIMIT_REACHED")).toHaveLength(5);
    expect(await redemptionsOf(coupon.id)).toHaveLength(3);
  });

  it("refuses a second redemption on the same order, two codes, an inactive coupon and a walk-in on a per-customer coupon", async () => {
    const one = await addCoupon(api, { code: "ONE-N", name: "One N", kind: "amount", value: 10 });
    const two = await addCoupon(api, { code: "TWO-N", name: "Two N", kind: "amount", value: 10 });
    const off = await addCoupon(api, { code: "OFF-N", name: "Off N", kind: "amount", value: 10, active: false });
    const perCustomer = await addCoupon(api, {
      code: "PER-N",
      name: "Per N",
      kind: "amount",
      value: 10,
      perCustomerLimit: 2,
    });
    const use = (couponId: number) => ({ couponId, amountMinor: 100n });
    expect(await pay({ orderId: 3001, customerId: null, coupons: [use(one.id)] })).toBe("ok");
    expect(await pay({ orderId: 3001, customerId: null, coupons: [use(one.id)] })).toBe("COUPON_ALREADY_REDEEMED");
    expect(await pay({ orderId: 3002, customerId: null, coupons: [use(one.id), use(two.id)] })).toBe("COUPON_ONE_CODE");
    expect(await pay({ orderId: 3003, customerId: null, coupons: [use(off.id)] })).toBe("COUPON_NOT_AVAILABLE");
    expect(await pay({ orderId: 3004, customerId: null, coupons: [use(perCustomer.id)] })).toBe(
      "COUPON_CUSTOMER_LIMIT_REACHED",
    );
    // A refused payment leaves nothing behind.
    expect(await redemptionsOf(two.id)).toHaveLength(0);
    expect(await redemptionsOf(one.id)).toHaveLength(1);
    const refusal = await t.db
      .transaction((tx) => redeemCoupons(tx, { orderId: 3005, customerId: null, coupons: [use(off.id)] }))
      .catch((error: AppError) => ({ status: error.status, message: error.message }));
    expect(refusal).toEqual({ status: 409, message: COUPON_MESSAGES.notAvailable });
  });
});
