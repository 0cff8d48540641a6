import { COUPON_MESSAGES, COUPON_REASONS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../../db/schema/index";
import { adminToken, createTestApp, type TestApp } from "../../test/harness";
import { addCoupon, caller, menuItem } from "./coupons.test-helpers";
import { redeemCoupons } from "./index";

let t: TestApp;
let token: string;
beforeAll(async () => {
  // The company's clock is named here, never the machine's zone.
  t = await createTestApp({ APP_TZ: "Asia/Karachi" });
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => token)(...args);

// 2026-11-24 is a Tuesday; Karachi is UTC+5 all year.
const TUESDAY_18 = "2026-11-24T13:00:00Z";
const TUESDAY_1901 = "2026-11-24T14:01:00Z";
const SATURDAY_18 = "2026-11-28T18:00:00+05:00";

type Line = { variantId: number; qty: number };
async function validate(
  lines: Line[],
  extra: { code?: string; at?: string; customerId?: number; orderType?: string } = {},
) {
  const { code, orderType = "dine_in", ...order } = extra;
  const response = await api("POST", "/api/pos/coupon/validate", {
    ...(code === undefined ? {} : { code }),
    order: { orderType, lines, ...order },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("POST /api/pos/coupon/validate", () => {
  it("50% off drinks 17:00-19:00 Monday to Friday applies on a Tuesday at 18:00, not at 19:01 nor on Saturday (APP_TZ)", async () => {
    const drink = await menuItem(t, "Drinks G", 20_000n);
    const burger = await menuItem(t, "Burgers G", 100_000n);
    const happy = await addCoupon(api, {
      name: "Happy hour G",
      kind: "percent",
      value: 50,
      scope: "category",
      scopeIds: [drink.categoryId],
      weekdays: 0b0011111,
      timeFrom: "17:00",
      timeTo: "19:00",
    });
    const lines = [
      { variantId: drink.variantId, qty: 2 },
      { variantId: burger.variantId, qty: 1 },
    ];
    const at18 = await validate(lines, { at: TUESDAY_18 });
    expect(at18).toMatchObject({
      subtotal: 1400,
      applied: [{ couponId: happy.id, code: null, name: "Happy hour G", discount: 200 }],
      discountTotal: 200,
      codeResult: null,
      at: { date: "2026-11-24", weekday: 1, time: "18:00" },
    });
    const at1901 = await validate(lines, { at: TUESDAY_1901 });
    expect(at1901).toMatchObject({ applied: [], discountTotal: 0, at: { time: "19:01" } });
    expect((await validate(lines, { at: SATURDAY_18 })).applied).toEqual([]);
    // The same promotion as a code: the reason says why it is off.
    await addCoupon(api, {
      code: "HAPPY-G",
      name: "Happy code G",
      kind: "percent",
      value: 50,
      weekdays: 0b0011111,
      timeFrom: "17:00",
      timeTo: "19:00",
    });
    const late = await validate(lines, { at: TUESDAY_1901, code: "happy-g" });
    expect(late.codeResult).toEqual({
      code: "HAPPY-G",
      applied: false,
      reason: "outside_window",
      message: COUPON_REASONS.outside_window,
    });
  });

  it("prices lines from the menu, applies one code after the best promotion, and never exceeds what the lines are worth", async () => {
    const meal = await menuItem(t, "Meals H", 50_000n);
    // Promotions: the higher priority wins over the larger discount; a non-stackable one stands alone.
    const first = await addCoupon(api, {
      name: "Priority H",
      kind: "percent",
      value: 10,
      priority: 900,
      scope: "variant",
      scopeIds: [meal.variantId],
    });
    await addCoupon(api, {
      name: "Bigger H",
      kind: "percent",
      value: 40,
      priority: 899,
      scope: "variant",
      scopeIds: [meal.variantId],
    });
    const code = await addCoupon(api, {
      code: "FLAT-H",
      name: "Flat H",
      kind: "amount",
      value: 5000,
      scope: "variant",
      scopeIds: [meal.variantId],
    });
    const preview = await validate([{ variantId: meal.variantId, qty: 1.5 }], { code: "FLAT-H", at: TUESDAY_18 });
    // 750.00 of meals: 10% = 75.00, then the flat 5,000.00 takes what is left (675.00).
    expect(preview.subtotal).toBe(750);
    expect(preview.applied).toEqual([
      { couponId: first.id, code: null, name: "Priority H", discount: 75 },
      { couponId: code.id, code: "FLAT-H", name: "Flat H", discount: 675 },
    ]);
    expect(preview.discountTotal).toBe(750);
    expect(preview.codeResult).toMatchObject({ applied: true, reason: null });
  });

  it("gives a clear reason: unknown, expired, minimum, usage limit, per-customer limit", async () => {
    const item = await menuItem(t, "Reasons I", 10_000n);
    const lines = [{ variantId: item.variantId, qty: 1 }];
    const reason = async (code: string, extra: { customerId?: number } = {}) =>
      (await validate(lines, { code, at: TUESDAY_18, ...extra })).codeResult;
    expect(await reason("NOPE-I")).toMatchObject({
      applied: false,
      reason: "unknown",
      message: COUPON_REASONS.unknown,
    });
    await addCoupon(api, { code: "OLD-I", name: "Old I", kind: "amount", value: 1, validTo: "2026-11-23" });
    expect(await reason("OLD-I")).toMatchObject({ reason: "expired", message: COUPON_REASONS.expired });
    await addCoupon(api, { code: "MIN-I", name: "Min I", kind: "amount", value: 1, minOrder: 100.01 });
    expect(await reason("MIN-I")).toMatchObject({ reason: "minimum" });
    await addCoupon(api, { code: "OFF-I", name: "Off I", kind: "amount", value: 1, active: false });
    expect(await reason("OFF-I")).toMatchObject({ reason: "inactive" });
    await addCoupon(api, { code: "TAKE-I", name: "Take I", kind: "amount", value: 1, orderTypes: 2 });
    expect(await reason("TAKE-I")).toMatchObject({ reason: "order_type" });
    const once = await addCoupon(api, { code: "ONCE-I", name: "Once I", kind: "amount", value: 1, usageLimit: 1 });
    expect(await reason("ONCE-I")).toMatchObject({ applied: true });
    await t.db.transaction((tx) =>
      redeemCoupons(tx, { orderId: 901, customerId: null, coupons: [{ couponId: once.id, amountMinor: 100n }] }),
    );
    expect(await reason("ONCE-I")).toMatchObject({ reason: "usage_limit", message: COUPON_MESSAGES.limitReached });
    const mine = await addCoupon(api, {
      code: "MINE-I",
      name: "Mine I",
      kind: "amount",
      value: 1,
      perCustomerLimit: 1,
    });
    expect(await reason("MINE-I")).toMatchObject({ reason: "customer_required" });
    expect(await reason("MINE-I", { customerId: 77 })).toMatchObject({ applied: true });
    await t.db.transaction((tx) =>
      redeemCoupons(tx, { orderId: 902, customerId: 77, coupons: [{ couponId: mine.id, amountMinor: 100n }] }),
    );
    expect(await reason("MINE-I", { customerId: 77 })).toMatchObject({ reason: "customer_limit" });
    expect(await reason("MINE-I", { customerId: 78 })).toMatchObject({ applied: true });
  });

  it("lists a promotion that waits for the cashier as offered, not applied", async () => {
    const item = await menuItem(t, "Offered J", 10_000n);
    const offer = await addCoupon(api, {
      name: "Ask J",
      kind: "amount",
      value: 20,
      scope: "variant",
      scopeIds: [item.variantId],
      autoApply: false,
    });
    const preview = await validate([{ variantId: item.variantId, qty: 1 }], { at: TUESDAY_18 });
    expect(preview.offered).toEqual([{ couponId: offer.id, code: null, name: "Ask J", discount: 20 }]);
    expect(preview.applied.map((entry: { couponId: number }) => entry.couponId)).not.toContain(offer.id);
  });

  it("refuses an unknown or inactive menu item (400 on its line) and a bad moment", async () => {
    const item = await menuItem(t, "Lines K", 10_000n);
    const gone = await menuItem(t, "Gone K", 10_000n);
    await t.db.update(productVariants).set({ active: false }).where(eq(productVariants.id, gone.variantId));
    const response = await api("POST", "/api/pos/coupon/validate", {
      order: {
        orderType: "dine_in",
        lines: [
          { variantId: item.variantId, qty: 1 },
          { variantId: gone.variantId, qty: 1 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([{ field: "order.lines.1.variantId", message: COUPON_MESSAGES.variant }]);
    const badAt = await api("POST", "/api/pos/coupon/validate", {
      order: { orderType: "dine_in", lines: [{ variantId: item.variantId, qty: 1 }], at: "tuesday" },
    });
    expect(badAt.statusCode).toBe(400);
    expect(badAt.json().details).toEqual([{ field: "order.at", message: COUPON_MESSAGES.at }]);
    const badQty = await api("POST", "/api/pos/coupon/validate", {
      order: { orderType: "dine_in", lines: [{ variantId: item.variantId, qty: 0.0001 }] },
    });
    expect(badQty.json().details).toEqual([{ field: "order.lines.0.qty", message: COUPON_MESSAGES.qty }]);
  });
});
