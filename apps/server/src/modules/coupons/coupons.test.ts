import { COUPON_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, menuCategories } from "../../db/schema/index";
import { adminToken, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { addCoupon, caller, menuItem } from "./coupons.test-helpers";
import { redeemCoupons } from "./index";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (...args: Parameters<ReturnType<typeof caller>>) => caller(t, () => token)(...args);

describe("coupon CRUD", () => {
  it("adds a code coupon (stored upper-case) and a happy-hour promotion, lists and filters them", async () => {
    const drinks = await menuItem(t, "Drinks A", 20_000n);
    const code = await addCoupon(api, {
      code: "save-10a",
      name: "Save ten",
      kind: "percent",
      value: 10,
      maxDiscount: 250.5,
      minOrder: 1000,
      orderTypes: 3,
      usageLimit: 100,
      perCustomerLimit: 1,
    });
    expect(code).toMatchObject({ code: "SAVE-10A", usedCount: 0 });
    const happy = await addCoupon(api, {
      name: "Happy hour A",
      kind: "percent",
      value: 50,
      scope: "category",
      scopeIds: [drinks.categoryId],
      weekdays: 0b0011111,
      timeFrom: "17:00",
      timeTo: "19:00",
      priority: 5,
    });
    const got = (await api("GET", `/api/inventory/coupon/${happy.id}`)).json();
    expect(got).toMatchObject({
      code: null,
      autoApply: true,
      value: 50,
      scope: "category",
      scopeIds: [drinks.categoryId],
      scopeNames: [expect.stringContaining("Drinks A")],
      weekdays: 31,
      timeFrom: "17:00",
      timeTo: "19:00",
      usageLimit: null,
    });
    const stored = (await api("GET", `/api/inventory/coupon/${code.id}`)).json();
    expect(stored).toMatchObject({ kind: "percent", value: 10, maxDiscount: 250.5, minOrder: 1000, orderTypes: 3 });
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, code.id));
    expect(row).toMatchObject({ value: 1000n, maxDiscountMinor: 25_050n, minOrderMinor: 100_000n, autoApply: false });

    const automatic = (await api("GET", "/api/inventory/coupon?kind=automatic&search=happy hour a")).json();
    expect(automatic.data.map((entry: { id: number }) => entry.id)).toEqual([happy.id]);
    const codes = (await api("GET", "/api/inventory/coupon?kind=code&search=save-10")).json();
    expect(codes).toMatchObject({ page: 1, total_results: 1, data: [{ id: code.id }] });
  });

  it("refuses a code in use (409, any case) and bad fields (400 naming the field), writing nothing", async () => {
    await addCoupon(api, { code: "TAKEN-B", name: "Taken B", kind: "amount", value: 100 });
    const before = (await t.db.select().from(coupons)).length;
    const clash = await api("POST", "/api/inventory/coupon", {
      code: "taken-b",
      name: "Again B",
      kind: "amount",
      value: 1,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: "RECORD_DUPLICATE",
      details: [{ field: "code", message: COUPON_MESSAGES.codeTaken }],
    });
    const base = { name: "Bad B", kind: "percent", value: 10 };
    const cases: [object, string, string][] = [
      [{ ...base, code: "SAVE 10!" }, "code", COUPON_MESSAGES.code],
      [{ ...base, value: 100.5 }, "value", COUPON_MESSAGES.percent],
      [{ ...base, value: 0 }, "value", COUPON_MESSAGES.percent],
      [{ ...base, kind: "amount", value: 1.234 }, "value", COUPON_MESSAGES.amount],
      [{ ...base, name: "B" }, "name", COUPON_MESSAGES.name],
      [{ ...base, scope: "category" }, "scopeIds", COUPON_MESSAGES.scopeCategories],
      [{ ...base, scope: "variant", scopeIds: [2_000_000_000] }, "scopeIds", COUPON_MESSAGES.scopeVariantUnknown],
      [{ ...base, timeFrom: "17:00" }, "timeTo", COUPON_MESSAGES.timeBoth],
      [{ ...base, timeFrom: "25:00", timeTo: "19:00" }, "timeFrom", COUPON_MESSAGES.time],
      [{ ...base, timeFrom: "17:00", timeTo: "17:00" }, "timeTo", COUPON_MESSAGES.timeSame],
      [{ ...base, validFrom: "2026-12-01", validTo: "2026-11-01" }, "validTo", COUPON_MESSAGES.validTo],
      [{ ...base, weekdays: 0 }, "weekdays", COUPON_MESSAGES.weekdays],
      [{ ...base, orderTypes: 8 }, "orderTypes", COUPON_MESSAGES.orderTypes],
      [{ ...base, usageLimit: 0 }, "usageLimit", COUPON_MESSAGES.usageLimit],
      [{ ...base, perCustomerLimit: 1.5 }, "perCustomerLimit", COUPON_MESSAGES.perCustomerLimit],
      [{ ...base, maxDiscount: 0 }, "maxDiscount", COUPON_MESSAGES.cap],
      [{ ...base, code: "AUTO-B", autoApply: true }, "autoApply", COUPON_MESSAGES.autoApplyWithCode],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/coupon", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect((await t.db.select().from(coupons)).length).toBe(before);
  });

  it("edits a coupon, keeps codes unique on edit, and 404s a missing one", async () => {
    const first = await addCoupon(api, { code: "EDIT-C", name: "Edit C", kind: "amount", value: 50 });
    await addCoupon(api, { code: "OTHER-C", name: "Other C", kind: "amount", value: 50 });
    const changed = await api("PUT", `/api/inventory/coupon/${first.id}`, {
      code: "EDIT-C2",
      name: "Edit C",
      kind: "amount",
      value: 75.25,
      active: false,
    });
    expect(changed.json()).toMatchObject({
      message: COUPON_MESSAGES.updated,
      data: { code: "EDIT-C2", value: 75.25, active: false },
    });
    const clash = await api("PUT", `/api/inventory/coupon/${first.id}`, {
      code: "OTHER-C",
      name: "X C",
      kind: "amount",
      value: 1,
    });
    expect(clash.statusCode).toBe(409);
    const missing = await api("PUT", "/api/inventory/coupon/2000000000", { name: "Gone C", kind: "amount", value: 1 });
    expect(missing.statusCode).toBe(404);
    expect((await api("GET", "/api/inventory/coupon/2000000000")).statusCode).toBe(404);
  });

  it("keeps a category that has gone from a coupon's scope on an edit, but refuses a new unknown one", async () => {
    const [gone] = await t.db.insert(menuCategories).values({ name: "Gone G" }).returning({ id: menuCategories.id });
    const [other] = await t.db.insert(menuCategories).values({ name: "Other G" }).returning({ id: menuCategories.id });
    if (!gone || !other) throw new Error("no categories");
    const body = { code: "GONE-G", name: "Gone G", kind: "amount", value: 10, scope: "category" };
    const coupon = await addCoupon(api, { ...body, scopeIds: [gone.id] });
    await t.db.delete(menuCategories).where(eq(menuCategories.id, gone.id));
    const off = await api("PUT", `/api/inventory/coupon/${coupon.id}`, { ...body, scopeIds: [gone.id], active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, scopeNames: [`#${gone.id}`] });
    const added = await api("PUT", `/api/inventory/coupon/${coupon.id}`, {
      ...body,
      scopeIds: [gone.id, 2_000_000_000],
    });
    expect(added.json().details).toEqual([{ field: "scopeIds", message: COUPON_MESSAGES.scopeCategoryUnknown }]);
    const fine = await api("PUT", `/api/inventory/coupon/${coupon.id}`, { ...body, scopeIds: [other.id] });
    expect(fine.json().data.scopeNames).toEqual(["Other G"]);
  });

  it("deletes a coupon never redeemed; a redeemed one is refused (409) and can be deactivated", async () => {
    const unused = await addCoupon(api, { code: "GONE-D", name: "Gone D", kind: "amount", value: 10 });
    expect((await api("DELETE", `/api/inventory/coupon/${unused.id}`)).json()).toEqual({
      message: COUPON_MESSAGES.deleted,
    });
    expect((await api("GET", `/api/inventory/coupon/${unused.id}`)).statusCode).toBe(404);
    const used = await addCoupon(api, { code: "USED-D", name: "Used D", kind: "amount", value: 10 });
    await t.db.transaction((tx) =>
      redeemCoupons(tx, { orderId: 41, customerId: null, coupons: [{ couponId: used.id, amountMinor: 1000n }] }),
    );
    const refused = await api("DELETE", `/api/inventory/coupon/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", message: COUPON_MESSAGES.redeemed });
    const off = await api("PUT", `/api/inventory/coupon/${used.id}`, {
      code: "USED-D",
      name: "Used D",
      kind: "amount",
      value: 10,
      active: false,
    });
    expect(off.json().data).toMatchObject({ active: false, usedCount: 1 });
  });

  it("offers active categories and menu items for the scope picker", async () => {
    const item = await menuItem(t, "Picker E", 5_000n);
    const categories = (await api("GET", "/api/inventory/coupon/scope_options?scope=category&search=picker e")).json();
    expect(categories.data).toEqual([{ id: item.categoryId, name: expect.stringContaining("Picker E") }]);
    const variants = (await api("GET", "/api/inventory/coupon/scope_options?scope=variant&search=picker e")).json();
    expect(variants.data).toEqual([{ id: item.variantId, name: expect.stringContaining("Picker E") }]);
  });
});

describe("coupon permissions", () => {
  it("Coupon gates the CRUD; POS and Table Order may only validate; 401 without a token", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/coupon" })).statusCode).toBe(401);
    const till = await createUser(t.db, { permissions: [perm("POS")] });
    const tillToken = await loginCargo(t.app, till.email, till.password);
    expect((await api("GET", "/api/inventory/coupon", undefined, tillToken)).statusCode).toBe(403);
    expect(
      (await api("POST", "/api/inventory/coupon", { name: "Till F", kind: "amount", value: 1 }, tillToken)).statusCode,
    ).toBe(403);
    const item = await menuItem(t, "Till F", 1_000n);
    const preview = await api(
      "POST",
      "/api/pos/coupon/validate",
      { order: { orderType: "take_away", lines: [{ variantId: item.variantId, qty: 1 }] } },
      tillToken,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const keeper = await createUser(t.db, { permissions: [perm("Master Control", "Coupon")] });
    const keeperToken = await loginCargo(t.app, keeper.email, keeper.password);
    expect((await api("GET", "/api/inventory/coupon", undefined, keeperToken)).statusCode).toBe(200);
  });
});
