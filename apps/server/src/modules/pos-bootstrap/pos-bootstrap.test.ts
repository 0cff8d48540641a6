import { type PosBootstrap, perm, posBootstrapSchema } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coupons, dealComponentOptions, dealComponents, deals, products } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, headers: { ...bearer(token), ...headers } });

async function made(url: string, body: object): Promise<number> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }).id;
}

const bootstrap = (headers: Record<string, string> = {}, query = "") =>
  api("GET", `/api/pos/bootstrap${query}`, undefined, headers);

/** The ETag now, after checking that sending it back answers 304 with no body. */
async function currentEtag(): Promise<string> {
  const response = await bootstrap();
  expect(response.statusCode, response.body).toBe(200);
  const etag = String(response.headers.etag);
  expect(etag).toMatch(/^"pos-[\d.]+-0"$/);
  const again = await bootstrap({ "if-none-match": etag });
  expect(again.statusCode).toBe(304);
  expect(again.body).toBe("");
  expect(again.headers.etag).toBe(etag);
  return etag;
}

/** After `change`, the old ETag gets a full answer with a new ETag. */
async function expectChanged(etag: string, change: () => Promise<unknown>): Promise<PosBootstrap> {
  await change();
  const response = await bootstrap({ "if-none-match": etag });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers.etag).not.toBe(etag);
  return posBootstrapSchema.parse(response.json());
}

/** A menu: a category with a sub-category, a product with S/M/L x Spicy/Plain, a deal, promotions, a hall with a table. */
async function seedMenu(tag: string) {
  const categoryId = await made("/api/inventory/category", { name: `Burgers ${tag}`, color: "#aa0000" });
  const subId = await made("/api/inventory/category", { name: `Zingers ${tag}`, parentId: categoryId });
  const sizeIds = [];
  for (const [index, code] of ["S", "M", "L"].entries())
    sizeIds.push(await made("/api/inventory/size", { name: `${code} ${tag}`, code, sort: index }));
  const flavourIds = [
    await made("/api/inventory/flavour", { name: `Spicy ${tag}`, sort: 0 }),
    await made("/api/inventory/flavour", { name: `Plain ${tag}`, sort: 1 }),
  ];
  const variants = sizeIds.flatMap((sizeId, s) =>
    flavourIds.map((flavourId, f) => ({ sizeId, flavourId, price: 500 + s * 100 + f * 0.5, active: true })),
  );
  const productId = await made("/api/inventory/product", {
    name: `Zinger ${tag}`,
    categoryId: subId,
    track: "none",
    availableInPos: true,
    sizeIds,
    flavourIds,
    variants,
  });
  await made("/api/inventory/product", {
    name: `Hidden ${tag}`,
    categoryId: subId,
    track: "none",
    availableInPos: false,
    variants: [{ price: 10, active: true }],
  });
  const hallId = await made("/api/inventory/hall", { name: `Hall ${tag}` });
  const tableId = await made("/api/inventory/table", { hallId, name: `T1 ${tag}`, seats: 6, shape: "round" });
  const product = (await api("GET", `/api/inventory/product/${productId}`)).json() as {
    variants: { id: number; label: string }[];
  };
  const [deal] = await t.db
    .insert(deals)
    .values({ code: `D-${tag}`, name: `Deal ${tag}`, categoryId, priceMinor: 90_000n, weekdays: 31 })
    .returning({ id: deals.id });
  if (!deal) throw new Error("no deal");
  const [component] = await t.db
    .insert(dealComponents)
    .values({ dealId: deal.id, kind: "choice", label: "Choose a burger", minChoose: 1, maxChoose: 1 })
    .returning({ id: dealComponents.id });
  if (!component) throw new Error("no component");
  const variantIds = product.variants.map((variant) => variant.id);
  await t.db.insert(dealComponentOptions).values(
    variantIds.slice(0, 2).map((variantId, index) => ({
      componentId: component.id,
      variantId,
      qty: 1,
      extraPriceMinor: BigInt(index * 5000),
      isDefault: index === 0,
    })),
  );
  await t.db.insert(coupons).values([
    { name: `Happy hour ${tag}`, kind: "percent", value: 5000n, scope: "category", scopeIds: [subId], autoApply: true },
    { code: `SAVE-${tag}`, name: `Code ${tag}`, kind: "amount", value: 10_000n },
  ]);
  return { categoryId, subId, productId, variantIds, hallId, tableId, dealId: deal.id };
}

describe("GET /api/pos/bootstrap", () => {
  it("answers the whole register catalogue: settings, tree, POS products with variants, deals, promotions, floor", async () => {
    const seed = await seedMenu("B1");
    const response = await bootstrap();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    const answer = posBootstrapSchema.parse(response.json());
    expect(answer.outlet).toMatchObject({ id: 1, taxInclusive: expect.any(Boolean) });
    expect(answer.paymentMethods.length).toBeGreaterThan(0);
    const top = answer.categories.find((category) => category.id === seed.categoryId);
    expect(top).toMatchObject({
      name: "Burgers B1",
      color: "#aa0000",
      children: [expect.objectContaining({ id: seed.subId })],
    });
    const product = answer.products.find((row) => row.id === seed.productId);
    expect(product?.variants.map((variant) => [variant.sizeCode, variant.flavourName, variant.price])).toEqual([
      ["S", "Spicy B1", 500],
      ["S", "Plain B1", 500.5],
      ["M", "Spicy B1", 600],
      ["M", "Plain B1", 600.5],
      ["L", "Spicy B1", 700],
      ["L", "Plain B1", 700.5],
    ]);
    expect(answer.products.some((row) => row.name === "Hidden B1")).toBe(false);
    const deal = answer.deals.find((row) => row.id === seed.dealId);
    expect(deal).toMatchObject({ price: 900, weekdays: 31 });
    expect(
      deal?.components[0]?.options.map((option) => [option.variantId, option.extraPrice, option.isDefault]),
    ).toEqual([
      [seed.variantIds[0], 0, true],
      [seed.variantIds[1], 50, false],
    ]);
    expect(answer.promotions.find((row) => row.name === "Happy hour B1")).toMatchObject({
      kind: "percent",
      value: 5000,
      scope: "category",
      scopeIds: [seed.subId],
    });
    expect(answer.promotions.some((row) => row.name === "Code B1")).toBe(false);
    expect(answer.hasCodeCoupons).toBe(true);
    const hall = answer.halls.find((row) => row.id === seed.hallId);
    expect(hall?.tables).toEqual([expect.objectContaining({ id: seed.tableId, seats: 6, shape: "round" })]);
  });

  it("answers 304 until a category, a variant price, a deal, a table or a payment method changes", async () => {
    const seed = await seedMenu("B2");
    let etag = await currentEtag();
    // Writes outside the POS catalogue (a store product) leave the ETag as it is.
    await made("/api/inventory/store_product", { name: "Flour B2", stockUomId: 1 });
    expect((await bootstrap({ "if-none-match": etag })).statusCode).toBe(304);

    let answer = await expectChanged(etag, () =>
      api("PUT", `/api/inventory/category/${seed.subId}`, { name: "Zingers B2 renamed", parentId: seed.categoryId }),
    );
    expect(answer.categories.find((row) => row.id === seed.categoryId)?.children[0]?.name).toBe("Zingers B2 renamed");

    etag = await currentEtag();
    const product = (await api("GET", `/api/inventory/product/${seed.productId}`)).json();
    answer = await expectChanged(etag, async () => {
      const body = {
        ...product,
        variants: product.variants.map((variant: { price: number }, index: number) => ({
          ...variant,
          price: index === 0 ? 555.25 : variant.price,
        })),
      };
      const saved = await api("PUT", `/api/inventory/product/${seed.productId}`, body);
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(answer.products.find((row) => row.id === seed.productId)?.variants[0]?.price).toBe(555.25);

    etag = await currentEtag();
    answer = await expectChanged(etag, () =>
      t.db.update(deals).set({ priceMinor: 95_000n }).where(eq(deals.id, seed.dealId)),
    );
    expect(answer.deals.find((row) => row.id === seed.dealId)?.price).toBe(950);

    etag = await currentEtag();
    answer = await expectChanged(etag, async () => {
      const saved = await api("PUT", `/api/inventory/table/${seed.tableId}`, {
        hallId: seed.hallId,
        name: "T9 B2",
        seats: 2,
        shape: "square",
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(answer.halls.find((row) => row.id === seed.hallId)?.tables[0]).toMatchObject({ name: "T9 B2", seats: 2 });

    etag = await currentEtag();
    const methods = (await api("GET", "/api/setting/payment_method")).json().data as {
      id: number;
      name: string;
      kind: string;
      accountId: number | null;
      opensDrawer: boolean;
      countedAtClose: boolean;
      sort: number;
      active: boolean;
    }[];
    const method = methods[0];
    if (!method) throw new Error("no payment method");
    answer = await expectChanged(etag, async () => {
      const { id: _id, ...rest } = method;
      const saved = await api("PUT", `/api/setting/payment_method/${method.id}`, {
        name: `${method.name} B2`,
        kind: rest.kind,
        accountId: rest.accountId,
        opensDrawer: rest.opensDrawer,
        countedAtClose: rest.countedAtClose,
        sort: rest.sort,
        active: rest.active,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });
    expect(answer.paymentMethods.find((row) => row.id === method.id)?.name).toBe(`${method.name} B2`);

    // Sold out ("86") is master data the register must see at once.
    etag = await currentEtag();
    answer = await expectChanged(etag, () =>
      t.db.update(products).set({ soldOut: true }).where(eq(products.id, seed.productId)),
    );
    expect(answer.products.find((row) => row.id === seed.productId)?.soldOut).toBe(true);
  });

  it("does not change the ETag for a coupon's redemption count, but does for its terms", async () => {
    const [coupon] = await t.db
      .insert(coupons)
      .values({ code: "COUNT-B3", name: "Count B3", kind: "amount", value: 5000n })
      .returning({ id: coupons.id });
    if (!coupon) throw new Error("no coupon");
    const etag = await currentEtag();
    await t.db.update(coupons).set({ usedCount: 1 }).where(eq(coupons.id, coupon.id));
    expect((await bootstrap({ "if-none-match": etag })).statusCode).toBe(304);
    await expectChanged(etag, () => t.db.update(coupons).set({ active: false }).where(eq(coupons.id, coupon.id)));
  });

  it("names the asking counter and keys the ETag by it; an unknown counter is a 404 on counterId", async () => {
    const counterId = await made("/api/setting/counter", {
      code: "B4",
      name: "Counter B4",
      cashAccountId: null,
      createCashAccount: true,
      receiptPrinterId: null,
      defaultOrderType: "dine_in",
    });
    const response = await bootstrap({}, `?counterId=${counterId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().counter).toEqual({
      id: counterId,
      code: "B4",
      name: "Counter B4",
      receiptPrinterId: null,
      defaultOrderType: "dine_in",
    });
    const etag = String(response.headers.etag);
    expect(etag).toMatch(new RegExp(`-${counterId}"$`));
    expect((await bootstrap({ "if-none-match": etag }, `?counterId=${counterId}`)).statusCode).toBe(304);
    // Another counter's (or no counter's) copy is a different representation.
    expect((await bootstrap({ "if-none-match": etag })).statusCode).toBe(200);
    const missing = await bootstrap({}, "?counterId=999999");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().details).toEqual([{ field: "counterId", message: "No such counter" }]);
    expect((await bootstrap({}, "?counterId=abc")).statusCode).toBe(400);
  });

  it("lets POS, Table Order and Kitchen Display System in and refuses others (401/403)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/pos/bootstrap" })).statusCode).toBe(401);
    const other = await createUser(t.db, { permissions: [perm("Master Control", "Barcode")] });
    const refused = await t.app.inject({
      method: "GET",
      url: "/api/pos/bootstrap",
      headers: bearer(await loginCargo(t.app, other.email, other.password)),
    });
    expect(refused.statusCode).toBe(403);
    for (const name of ["POS", "Table Order", "Kitchen Display System"]) {
      const user = await createUser(t.db, { permissions: [perm(name)] });
      const response = await t.app.inject({
        method: "GET",
        url: "/api/pos/bootstrap",
        headers: bearer(await loginCargo(t.app, user.email, user.password)),
      });
      expect(response.statusCode, name).toBe(200);
    }
  });
});
