import { PRODUCT_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, recipeLines, recipes, storeProducts, units } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function made(url: string, body: object): Promise<number> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }).id;
}

/** A category, the given sizes and two flavours, all named after the test's own tag. */
async function options(tag: string, sizeNames: string[]) {
  const categoryId = await made("/api/inventory/category", { name: `Burgers ${tag}` });
  const sizeIds: number[] = [];
  for (const name of sizeNames) sizeIds.push(await made("/api/inventory/size", { name: `${name} ${tag}`, code: name }));
  const flavourIds = [
    await made("/api/inventory/flavour", { name: `Spicy ${tag}` }),
    await made("/api/inventory/flavour", { name: `Plain ${tag}` }),
  ];
  return { categoryId, sizeIds, flavourIds };
}

const grid = (sizeIds: number[], flavourIds: number[], price = 450.5) =>
  sizeIds.flatMap((sizeId, s) =>
    flavourIds.map((flavourId, f) => ({ sizeId, flavourId, price: price + s * 100 + f * 0.25, active: true })),
  );

type Saved = {
  id: number;
  code: string;
  variants: { id: number; sizeId: number; flavourId: number; price: number; active: boolean; label: string }[];
};

describe("menu products", () => {
  it("makes six variants from three sizes and two flavours, with a P- code and exact prices", async () => {
    const o = await options("A1", ["S", "M", "L"]);
    const response = await api("POST", "/api/inventory/product", {
      name: "Zinger A1",
      categoryId: o.categoryId,
      track: "none",
      availableInPos: true,
      sizeIds: o.sizeIds,
      flavourIds: o.flavourIds,
      variants: grid(o.sizeIds, o.flavourIds),
    });
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json().data as Saved;
    expect(product.code).toMatch(/^P-\d{4}$/);
    expect(product.variants).toHaveLength(6);
    expect(product.variants.map((v) => v.price)).toEqual([450.5, 450.75, 550.5, 550.75, 650.5, 650.75]);
    const stored = await t.db
      .select({ priceMinor: productVariants.priceMinor })
      .from(productVariants)
      .where(eq(productVariants.productId, product.id));
    expect(stored.map((row) => row.priceMinor).sort()).toContain(45_075n);
    const list = (await api("GET", "/api/inventory/product?search=Zinger A1")).json();
    expect(list.data).toEqual([
      expect.objectContaining({ variantCount: 6, minPrice: 450.5, maxPrice: 650.75, state: "available" }),
    ]);
  });

  it("refuses a repeated size and flavour (400 naming variants.N) and writes nothing", async () => {
    const o = await options("A2", ["S", "M"]);
    const before = (await t.db.select().from(products)).length;
    const variants = grid(o.sizeIds, o.flavourIds);
    const response = await api("POST", "/api/inventory/product", {
      name: "Repeated A2",
      categoryId: o.categoryId,
      track: "none",
      sizeIds: o.sizeIds,
      flavourIds: o.flavourIds,
      variants: [...variants, { ...variants[1], price: 10 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(
      expect.arrayContaining([{ field: "variants.4", message: PRODUCT_MESSAGES.variantRepeated }]),
    );
    expect((await t.db.select().from(products)).length).toBe(before);
  });

  it("refuses a barcode another variant or a store product holds (409 naming the field)", async () => {
    const o = await options("A3", ["S"]);
    const body = (name: string, barcode: string) => ({
      name,
      categoryId: o.categoryId,
      track: "none",
      sizeIds: o.sizeIds,
      flavourIds: o.flavourIds,
      variants: grid(o.sizeIds, o.flavourIds).map((v, i) => ({ ...v, barcode: i === 1 ? barcode : "" })),
    });
    expect((await api("POST", "/api/inventory/product", body("First A3", "BC-A3-1"))).statusCode).toBe(200);
    const clash = await api("POST", "/api/inventory/product", body("Second A3", "BC-A3-1"));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "variants.1.barcode", message: PRODUCT_MESSAGES.barcodeTaken }]);
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    await t.db
      .insert(storeProducts)
      .values({ code: "SPA3", name: "Bun A3", stockUomId: uom?.id ?? 1, barcode: "BC-A3-2" });
    const store = await api("POST", "/api/inventory/product", body("Third A3", "BC-A3-2"));
    expect(store.statusCode).toBe(409);
    expect(store.json().details).toEqual([{ field: "variants.1.barcode", message: PRODUCT_MESSAGES.barcodeTaken }]);
    const [third] = await t.db.select().from(products).where(eq(products.name, "Third A3"));
    expect(third).toBeUndefined();
  });

  it("offers a recipe-tracked product on the POS only once every active variant has a recipe", async () => {
    const o = await options("B1", ["M", "L"]);
    const body = {
      name: "Zinger B1",
      categoryId: o.categoryId,
      track: "recipe",
      availableInPos: true,
      sizeIds: o.sizeIds,
      flavourIds: [o.flavourIds[0]],
      variants: grid(o.sizeIds, [o.flavourIds[0] ?? 0]),
    };
    const refused = await api("POST", "/api/inventory/product", body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      {
        field: "availableInPos",
        message: `${PRODUCT_MESSAGES.recipeFirst}Zinger B1 M B1 Spicy B1, Zinger B1 L B1 Spicy B1`,
      },
    ]);
    expect(await t.db.select().from(products).where(eq(products.name, "Zinger B1"))).toHaveLength(0);

    const added = await api("POST", "/api/inventory/product", { ...body, availableInPos: false });
    expect(added.statusCode, added.body).toBe(200);
    const product = added.json().data as Saved;
    const list = await api("GET", `/api/inventory/product?missingRecipe=true&categoryId=${o.categoryId}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: product.id, state: "no recipe", missingRecipes: 2 }),
    ]);

    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    const [bun] = await t.db
      .insert(storeProducts)
      .values({ code: "SPB1", name: "Bun B1", stockUomId: uom?.id ?? 1 })
      .returning({ id: storeProducts.id });
    for (const variant of product.variants) {
      const [recipe] = await t.db
        .insert(recipes)
        .values({ variantId: variant.id, version: 1 })
        .returning({ id: recipes.id });
      await t.db.insert(recipeLines).values({
        recipeId: recipe?.id ?? 0,
        lineNo: 1,
        storeProductId: bun?.id ?? 0,
        uomId: uom?.id ?? 1,
        qtyEntered: "1",
        qtyMicro: 1_000_000n,
      });
    }
    const accepted = await api("PUT", `/api/inventory/product/${product.id}`, body);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.availableInPos).toBe(true);
    const row = (await api("GET", `/api/inventory/product?search=Zinger B1`)).json().data[0];
    expect(row).toMatchObject({ state: "available", missingRecipes: 0 });
  });

  it("deactivates the cells an edit leaves out and adds new ones; sold out shows on the list", async () => {
    const o = await options("C1", ["S", "M"]);
    const body = {
      name: "Wrap C1",
      categoryId: o.categoryId,
      track: "none",
      sizeIds: o.sizeIds,
      flavourIds: o.flavourIds,
      variants: grid(o.sizeIds, o.flavourIds),
    };
    const product = (await api("POST", "/api/inventory/product", body)).json().data as Saved;
    const changed = await api("PUT", `/api/inventory/product/${product.id}`, {
      ...body,
      flavourIds: [o.flavourIds[0]],
      variants: grid(o.sizeIds, [o.flavourIds[0] ?? 0], 300),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const variants = (changed.json().data as Saved).variants;
    expect(variants).toHaveLength(4);
    expect(variants.filter((v) => v.active).map((v) => v.price)).toEqual([300, 400]);
    expect(variants.filter((v) => !v.active)).toHaveLength(2);
    const sold = await api("PUT", `/api/inventory/product/${product.id}/sold_out`, { soldOut: true });
    expect(sold.json()).toMatchObject({ message: PRODUCT_MESSAGES.soldOut, data: { soldOut: true } });
    const row = (await api("GET", "/api/inventory/product?search=Wrap C1")).json().data[0];
    expect(row).toMatchObject({ state: "sold out", variantCount: 2, minPrice: 300, maxPrice: 400 });
  });

  it("refuses bad input with a 400 naming the field, and names taken ignoring case with 409", async () => {
    const o = await options("D1", ["S"]);
    const base = {
      name: "Fries D1",
      categoryId: o.categoryId,
      track: "direct",
      sizeIds: o.sizeIds,
      flavourIds: [],
      variants: [{ sizeId: o.sizeIds[0], flavourId: null, price: 100, active: true }],
    };
    const cases: [object, string, string][] = [
      [{ ...base, name: "" }, "name", PRODUCT_MESSAGES.name],
      [base, "variants.0.directStoreProductId", PRODUCT_MESSAGES.directProduct],
      [
        { ...base, track: "none", variants: [{ ...base.variants[0], price: -1 }] },
        "variants.0.price",
        PRODUCT_MESSAGES.price,
      ],
      [
        { ...base, track: "none", variants: [{ ...base.variants[0], price: 1.005 }] },
        "variants.0.price",
        PRODUCT_MESSAGES.price,
      ],
      [
        { ...base, track: "none", variants: [{ ...base.variants[0], active: false }] },
        "variants",
        PRODUCT_MESSAGES.oneActive,
      ],
      [{ ...base, track: "none", orderTypes: 0 }, "orderTypes", PRODUCT_MESSAGES.orderTypes],
      [{ ...base, track: "none", categoryId: 999_999 }, "categoryId", PRODUCT_MESSAGES.categoryMissing],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/product", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect(await t.db.select().from(products).where(eq(products.name, "Fries D1"))).toHaveLength(0);
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    const [potato] = await t.db
      .insert(storeProducts)
      .values({ code: "SPD1", name: "Fries pack D1", stockUomId: uom?.id ?? 1 })
      .returning({ id: storeProducts.id });
    const direct = {
      ...base,
      availableInPos: true,
      variants: [{ ...base.variants[0], directStoreProductId: potato?.id, directQty: 0.25 }],
    };
    const ok = await api("POST", "/api/inventory/product", direct);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.variants[0]).toMatchObject({ directQty: 0.25, directStoreProductId: potato?.id });
    const clash = await api("POST", "/api/inventory/product", { ...direct, name: "FRIES d1" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "name", message: PRODUCT_MESSAGES.nameTaken }]);
    expect((await api("GET", "/api/inventory/product/999999")).statusCode).toBe(404);
  });

  it("lets Product List read but not write, Product Add write, and refuses others (401/403)", async () => {
    const o = await options("E1", ["S"]);
    const body = {
      name: "Tea E1",
      categoryId: o.categoryId,
      track: "none",
      sizeIds: o.sizeIds,
      flavourIds: [],
      variants: [{ sizeId: o.sizeIds[0], price: 80 }],
    };
    const as = async (permissions: Parameters<typeof perm>[]) => {
      const user = await createUser(t.db, { permissions: permissions.map((p) => perm(...p)) });
      return loginCargo(t.app, user.email, user.password);
    };
    const reader = await as([["Master Control", "Product", "Product List"]]);
    expect((await api("GET", "/api/inventory/product", undefined, reader)).statusCode).toBe(200);
    expect((await api("POST", "/api/inventory/product", body, reader)).statusCode).toBe(403);
    const writer = await as([["Master Control", "Product", "Product Add"]]);
    expect((await api("POST", "/api/inventory/product", body, writer)).statusCode).toBe(200);
    const cashier = await as([["POS"]]);
    expect((await api("GET", "/api/inventory/product", undefined, cashier)).statusCode).toBe(200);
    expect((await api("PUT", "/api/inventory/product/1/sold_out", { soldOut: true }, cashier)).statusCode).toBe(403);
    const other = await as([["Master Control", "Flavour"]]);
    expect((await api("GET", "/api/inventory/product", undefined, other)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/inventory/product" });
    expect(anonymous.statusCode).toBe(401);
  });
});
