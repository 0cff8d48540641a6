import {
  applyCoupons,
  couponDiscount,
  couponRuleOf,
  localMoment,
  minorToAmount,
  type PosBootstrap,
  type PricedLine,
  parseMinor,
  posBootstrapSchema,
  usesRanOut,
} from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { menuItem } from "../../test/menu-item";

const TZ = "Asia/Karachi";
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ APP_TZ: TZ });
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

async function addCoupon(body: object): Promise<{ id: number }> {
  const response = await api("POST", "/api/inventory/coupon", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function bootstrap(headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "GET",
    url: "/api/pos/bootstrap",
    headers: { ...headers, ...bearer(token) },
  });
}

async function readBootstrap(): Promise<{ answer: PosBootstrap; etag: string }> {
  const response = await bootstrap();
  expect(response.statusCode, response.body).toBe(200);
  return { answer: posBootstrapSchema.parse(response.json()), etag: String(response.headers.etag) };
}

type Line = { variantId: number; qty: number };

/**
 * What a till offline makes of an order from the bootstrap alone: lines priced from its products,
 * its promotions (less those whose uses ran out) through the shared engine.
 */
function offline(answer: PosBootstrap, lines: Line[], at: string) {
  const variants = new Map(
    answer.products.flatMap((product) =>
      product.variants.map((variant) => [variant.id, { price: variant.price, categoryId: product.categoryId }]),
    ),
  );
  const priced: PricedLine[] = lines.map((line) => {
    const variant = variants.get(line.variantId);
    const minor = variant ? parseMinor(variant.price) : null;
    if (!variant || minor === null || !Number.isInteger(line.qty))
      throw new Error(`not on the till: ${line.variantId}`);
    return { variantId: line.variantId, categoryId: variant.categoryId, amountMinor: minor * BigInt(line.qty) };
  });
  const rules = answer.promotions.filter((promotion) => !usesRanOut(promotion)).map(couponRuleOf);
  const moment = localMoment(new Date(at), TZ);
  return {
    applied: applyCoupons(rules, priced, "dine_in", moment, null).map((entry) => ({
      couponId: entry.couponId,
      discount: minorToAmount(entry.amountMinor),
    })),
    offered: rules
      .filter((rule) => !rule.autoApply)
      .map((rule) => ({ couponId: rule.id, discount: minorToAmount(couponDiscount(rule, priced, "dine_in", moment)) }))
      .filter((entry) => entry.discount > 0),
  };
}

async function online(lines: Line[], at: string) {
  const response = await api("POST", "/api/pos/coupon/validate", { order: { orderType: "dine_in", lines, at } });
  expect(response.statusCode, response.body).toBe(200);
  const preview = response.json() as {
    applied: { couponId: number; discount: number }[];
    offered: { couponId: number; discount: number }[];
  };
  const pick = (entries: { couponId: number; discount: number }[]) =>
    entries.map(({ couponId, discount }) => ({ couponId, discount }));
  return { applied: pick(preview.applied), offered: pick(preview.offered) };
}

// 2026-11-24 is a Tuesday; Karachi is UTC+5 all year.
const TUESDAY_18 = "2026-11-24T18:00:00+05:00";
const TUESDAY_1901 = "2026-11-24T19:01:00+05:00";
const SATURDAY_18 = "2026-11-28T18:00:00+05:00";

describe("GET /api/pos/bootstrap promotions", () => {
  it("are the coupon engine's terms: a till applying them offline gets what /api/pos/coupon/validate answers", async () => {
    const drink = await menuItem(t, "Drinks H", 20_000n, null, true);
    const cold = await menuItem(t, "Cold drinks H", 15_000n, drink.categoryId, true);
    const burger = await menuItem(t, "Burgers H", 100_000n, null, true);
    const happy = await addCoupon({
      name: "Happy hour H",
      kind: "percent",
      value: 50,
      scope: "category",
      scopeIds: [drink.categoryId],
      weekdays: 0b0011111,
      timeFrom: "17:00",
      timeTo: "19:00",
      priority: 5,
      stackable: true,
    });
    const burgerOff = await addCoupon({
      name: "Burger 100 off H",
      kind: "amount",
      value: 100,
      scope: "variant",
      scopeIds: [burger.variantId],
      priority: 9,
      stackable: true,
    });
    const welcome = await addCoupon({
      name: "Welcome H",
      kind: "amount",
      value: 20,
      priority: 1,
      stackable: true,
      usageLimit: 1,
    });
    const offeredOnly = await addCoupon({
      name: "Loyal guest H",
      kind: "percent",
      value: 10,
      maxDiscount: 50,
      autoApply: false,
    });
    await addCoupon({ code: "CODE-H", name: "Code H", kind: "percent", value: 5 });

    const before = await readBootstrap();
    const mine = (answer: PosBootstrap) =>
      answer.promotions.filter((row) => [happy.id, burgerOff.id, welcome.id, offeredOnly.id].includes(row.id));
    // Highest priority first, as applyCoupons takes them; the code coupon is not a promotion.
    expect(mine(before.answer).map((row) => row.id)).toEqual([burgerOff.id, happy.id, welcome.id, offeredOnly.id]);
    expect(before.answer.promotions.some((row) => row.code !== null)).toBe(false);
    expect(before.answer.promotions.find((row) => row.id === happy.id)).toEqual({
      id: happy.id,
      code: null,
      name: "Happy hour H",
      kind: "percent",
      value: 5000,
      maxDiscount: null,
      minOrder: 0,
      scope: "category",
      scopeIds: [drink.categoryId, cold.categoryId],
      orderTypes: 7,
      validFrom: null,
      validTo: null,
      weekdays: 0b0011111,
      timeFrom: "17:00",
      timeTo: "19:00",
      autoApply: true,
      priority: 5,
      stackable: true,
      usageLimit: null,
      perCustomerLimit: null,
      usedCount: 0,
    });
    expect(before.answer.promotions.find((row) => row.id === offeredOnly.id)).toMatchObject({
      value: 1000,
      maxDiscount: 50,
      autoApply: false,
    });

    const lines = [
      { variantId: drink.variantId, qty: 2 },
      { variantId: cold.variantId, qty: 1 },
      { variantId: burger.variantId, qty: 1 },
    ];
    const at18 = await online(lines, TUESDAY_18);
    // 100 off the burger, 50% of the drinks and the cold drink (400 + 150), 20 welcome, 10% offered (capped at 50).
    expect(at18).toEqual({
      applied: [
        { couponId: burgerOff.id, discount: 100 },
        { couponId: happy.id, discount: 275 },
        { couponId: welcome.id, discount: 20 },
      ],
      offered: [{ couponId: offeredOnly.id, discount: 50 }],
    });
    for (const at of [TUESDAY_18, TUESDAY_1901, SATURDAY_18])
      expect(offline(before.answer, lines, at), at).toEqual(await online(lines, at));

    // The welcome's one use is taken: the ETag changes and the till sees its uses ran out.
    await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, welcome.id));
    expect((await bootstrap({ "if-none-match": before.etag })).statusCode).toBe(200);
    const after = await readBootstrap();
    expect(after.etag).not.toBe(before.etag);
    const spent = after.answer.promotions.find((row) => row.id === welcome.id);
    expect(spent).toMatchObject({ usageLimit: 1, usedCount: 1 });
    expect(spent && usesRanOut(spent)).toBe(true);
    expect((await online(lines, TUESDAY_18)).applied.map((entry) => entry.couponId)).toEqual([burgerOff.id, happy.id]);
    for (const at of [TUESDAY_18, TUESDAY_1901, SATURDAY_18])
      expect(offline(after.answer, lines, at), at).toEqual(await online(lines, at));
  });
});
