import { PRODUCT_MESSAGES, RECIPE_MESSAGES } from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipeLines, recipes, storeProducts, storeProductUoms, units } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";

let t: TestApp;
let token: string;
const unit: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  for (const row of await t.db.select().from(units)) unit[row.uomName] = row.uomId;
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

async function made(url: string, body: object): Promise<number> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }).id;
}

type Variant = { id: number; label: string };

/** A recipe-tracked product named after the test's tag, with one variant per size (prices 1,000.00, 1,300.00 ...). */
async function menuProduct(tag: string, sizeNames: string[], extra: object = {}) {
  const categoryId = await made("/api/inventory/category", { name: `Recipes ${tag}` });
  const sizeIds: number[] = [];
  for (const name of sizeNames) sizeIds.push(await made("/api/inventory/size", { name: `${name} ${tag}`, code: name }));
  const body = {
    name: `Zinger ${tag}`,
    categoryId,
    track: "recipe",
    sizeIds,
    variants: sizeIds.map((sizeId, index) => ({ sizeId, price: 1000 + index * 300 })),
    ...extra,
  };
  const response = await api("POST", "/api/inventory/product", body);
  expect(response.statusCode, response.body).toBe(200);
  const product = response.json().data as { id: number; variants: Variant[] };
  return { id: product.id, variants: product.variants, body };
}

/** Chicken kept in kg with 3 kg worth 660.00 in the Kitchen (an average of 220.00 a kg). */
async function chicken(tag: string) {
  const product = await stockProduct(t.db, `Chicken ${tag}`);
  await receiveStock(t.db, product.id, kg(3), 66_000n, "2026-01-05", KITCHEN);
  return product.id;
}

const line = (storeProductId: number, qty: number, uomName: string, wasteBp = 0) => ({
  storeProductId,
  qty,
  uomId: unit[uomName],
  wasteBp,
});

describe("recipes", () => {
  it("costs 150 g of chicken at a Kitchen average of 220.00/kg as 33.00, 3.3% of 1,000.00; an edit makes version 2 and keeps 1", async () => {
    const menu = await menuProduct("A3", ["L"]);
    const variant = menu.variants[0] as Variant;
    const chickenId = await chicken("A3");
    const added = await api("POST", "/api/inventory/recipe", {
      variantId: variant.id,
      yieldPortions: 1,
      lines: [line(chickenId, 150, "GRAM")],
    });
    expect(added.statusCode, added.body).toBe(200);
    const first = added.json().data;
    expect(first).toMatchObject({ version: 1, active: true, variantLabel: variant.label });
    expect(first.lines).toEqual([expect.objectContaining({ qty: 150, uom: "g", stockQty: 0.15, stockUom: "kg" })]);

    const costing = (await api("GET", `/api/inventory/recipe/${first.id}/costing`)).json();
    expect(costing).toMatchObject({ cost: 33, price: 1000, foodCostPercent: 3.3, uncostedLines: 0 });
    expect(costing.lines).toEqual([expect.objectContaining({ rate: 220, rateSource: "kitchen", cost: 33 })]);

    const edited = await api("PUT", `/api/inventory/recipe/${first.id}`, {
      variantId: variant.id,
      lines: [line(chickenId, 200, "GRAM")],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ message: RECIPE_MESSAGES.updated, data: { version: 2, active: true } });
    const kept = (await api("GET", `/api/inventory/recipe/${first.id}`)).json();
    expect(kept).toMatchObject({ version: 1, active: false, lines: [expect.objectContaining({ qty: 150 })] });
    const history = (await api("GET", `/api/inventory/recipe/variant/${variant.id}`)).json();
    expect(
      history.versions.map((v: { version: number; active: boolean; cost: number }) => [v.version, v.active, v.cost]),
    ).toEqual([
      [2, true, 44],
      [1, false, 33],
    ]);

    const stale = await api("PUT", `/api/inventory/recipe/${first.id}`, {
      variantId: variant.id,
      lines: [line(chickenId, 1, "KG")],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECIPE_MESSAGES.notCurrent);
    const second = await api("POST", "/api/inventory/recipe", {
      variantId: variant.id,
      lines: [line(chickenId, 1, "KG")],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().details).toEqual([{ field: "variantId", message: RECIPE_MESSAGES.activeExists }]);
    const versions = await t.db.select().from(recipes).where(eq(recipes.variantId, variant.id));
    expect(versions).toHaveLength(2);
  });

  it("converts a g line for a kg product; an ml line is refused with 'cannot convert ml to kg' unless the product has an ml pack", async () => {
    const menu = await menuProduct("A4", ["M"]);
    const variant = menu.variants[0] as Variant;
    const chickenId = await chicken("A4");
    const refused = await api("POST", "/api/inventory/recipe", {
      variantId: variant.id,
      lines: [line(chickenId, 100, "GRAM"), line((await stockProduct(t.db, "Oil A4")).id, 30, "MILLILITRE")],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("cannot convert ml to kg");
    expect(refused.json().details).toEqual([{ field: "lines.1.uomId", message: "cannot convert ml to kg" }]);
    expect(await t.db.select().from(recipes).where(eq(recipes.variantId, variant.id))).toHaveLength(0);

    // Oil kept in kg with its own conversion: 1 ml weighs 0.92 g (920 micro-kg).
    const oil = await stockProduct(t.db, "Oil pack A4");
    await t.db
      .insert(storeProductUoms)
      .values({ storeProductId: oil.id, uomId: unit.MILLILITRE ?? 0, factorMicro: 920n });
    const accepted = await api("POST", "/api/inventory/recipe", {
      variantId: variant.id,
      lines: [line(chickenId, 100, "GRAM"), line(oil.id, 30, "MILLILITRE")],
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.lines.map((l: { stockQty: number }) => l.stockQty)).toEqual([0.1, 0.0276]);
  });

  it("stores the stock per portion after waste and yield, exactly: 150 g at 25% waste for 2 portions takes 0.1 kg", async () => {
    const menu = await menuProduct("W1", ["S"]);
    const chickenId = await chicken("W1");
    const saved = await api("POST", "/api/inventory/recipe", {
      variantId: menu.variants[0]?.id,
      yieldPortions: 2,
      notes: "trimmed breast",
      lines: [line(chickenId, 150, "GRAM", 2500)],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [stored] = await t.db.select().from(recipeLines).where(eq(recipeLines.recipeId, saved.json().data.id));
    expect(stored).toMatchObject({ qtyMicro: 100_000n, wasteBp: 2500, qtyEntered: "150.000000" });
    const costing = (await api("GET", `/api/inventory/recipe/${saved.json().data.id}/costing`)).json();
    expect(costing.cost).toBe(22);
  });

  it("refuses bad recipes naming the field, and writes nothing", async () => {
    const menu = await menuProduct("R1", ["S"]);
    const variantId = menu.variants[0]?.id ?? 0;
    const chickenId = await chicken("R1");
    const cases: [object, string, string][] = [
      [{ variantId, lines: [] }, "lines", RECIPE_MESSAGES.lines],
      [{ variantId, lines: [line(chickenId, 0, "GRAM")] }, "lines.0.qty", RECIPE_MESSAGES.qty],
      [
        { variantId, lines: [line(chickenId, 1, "GRAM"), line(chickenId, 2, "KG")] },
        "lines.1.storeProductId",
        RECIPE_MESSAGES.productRepeated,
      ],
      [
        { variantId, lines: [line(2_000_000_000, 1, "GRAM")] },
        "lines.0.storeProductId",
        RECIPE_MESSAGES.productMissing,
      ],
      [{ variantId, lines: [line(chickenId, 1, "PCS")] }, "lines.0.uomId", "cannot convert pcs to kg"],
      [{ variantId, lines: [line(chickenId, 0.000001, "GRAM")] }, "lines.0.qty", RECIPE_MESSAGES.tooSmall],
      [{ variantId, lines: [line(chickenId, 1, "GRAM", 10_000)] }, "lines.0.wasteBp", RECIPE_MESSAGES.waste],
      [{ variantId, yieldPortions: 0, lines: [line(chickenId, 1, "GRAM")] }, "yieldPortions", RECIPE_MESSAGES.yield],
      [{ variantId: 2_000_000_000, lines: [line(chickenId, 1, "GRAM")] }, "variantId", RECIPE_MESSAGES.variantMissing],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/recipe", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().details, JSON.stringify(body)).toEqual(expect.arrayContaining([{ field, message }]));
    }
    await t.db.update(storeProducts).set({ active: false }).where(eq(storeProducts.id, chickenId));
    const inactive = await api("POST", "/api/inventory/recipe", { variantId, lines: [line(chickenId, 1, "GRAM")] });
    expect(inactive.json().details).toEqual([
      { field: "lines.0.storeProductId", message: RECIPE_MESSAGES.productMissing },
    ]);
    expect(await t.db.select().from(recipes).where(eq(recipes.variantId, variantId))).toHaveLength(0);
  });

  it("with recipes made through this API a recipe-tracked product can be made available (acceptance 2)", async () => {
    const menu = await menuProduct("P2", ["M", "L"]);
    const chickenId = await chicken("P2");
    const refused = await api("PUT", `/api/inventory/product/${menu.id}`, { ...menu.body, availableInPos: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].message).toContain(PRODUCT_MESSAGES.recipeFirst);
    const missing = (await api("GET", "/api/inventory/recipe?missing=1&search=Zinger P2")).json();
    expect(missing.data.map((row: { variantId: number }) => row.variantId)).toEqual(menu.variants.map((v) => v.id));
    for (const variant of menu.variants)
      await made("/api/inventory/recipe", { variantId: variant.id, lines: [line(chickenId, 150, "GRAM")] });
    const accepted = await api("PUT", `/api/inventory/product/${menu.id}`, { ...menu.body, availableInPos: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const row = (await api("GET", "/api/inventory/product?search=Zinger P2")).json().data[0];
    expect(row).toMatchObject({ state: "available", minCost: 33, maxCost: 33, foodCostPercent: 3.3 });
    expect((await api("GET", "/api/inventory/recipe?missing=1&search=Zinger P2")).json().total_results).toBe(0);
  });

  it("lists recipes with cost and food cost, filters products by food cost, and answers a product's cost per variant", async () => {
    const menu = await menuProduct("L1", ["S", "M"]);
    const chickenId = await chicken("L1");
    const [small, medium] = menu.variants as [Variant, Variant];
    await made("/api/inventory/recipe", { variantId: small.id, lines: [line(chickenId, 150, "GRAM")] });
    await made("/api/inventory/recipe", { variantId: medium.id, lines: [line(chickenId, 1, "KG")] });
    const list = (await api("GET", "/api/inventory/recipe?search=Zinger L1")).json();
    expect(
      list.data.map((row: { cost: number; price: number; foodCostPercent: number; version: number }) => [
        row.cost,
        row.price,
        row.foodCostPercent,
        row.version,
      ]),
    ).toEqual([
      [33, 1000, 3.3, 1],
      [220, 1300, 16.92, 1],
    ]);
    const product = (await api("GET", "/api/inventory/product?search=Zinger L1")).json().data[0];
    expect(product).toMatchObject({ minCost: 33, maxCost: 220, foodCostPercent: 16.92 });
    const above = async (percent: number) =>
      (await api("GET", `/api/inventory/product?search=Zinger L1&foodCostAbove=${percent}`)).json().total_results;
    expect([await above(16.91), await above(16.93), await above(3)]).toEqual([1, 0, 1]);
    expect((await api("GET", "/api/inventory/product?foodCostAbove=abc")).statusCode).toBe(400);
    const cost = (await api("GET", `/api/inventory/product/${menu.id}/cost`)).json();
    expect(cost.variants.map((v: { cost: number; foodCostPercent: number }) => [v.cost, v.foodCostPercent])).toEqual([
      [33, 3.3],
      [220, 16.92],
    ]);
    expect((await api("GET", "/api/inventory/product/2000000000/cost")).statusCode).toBe(404);
  });

  it("exports the exploded recipes as XLSX, one row per ingredient with its usage and cost", async () => {
    const menu = await menuProduct("X1", ["S"]);
    const chickenId = await chicken("X1");
    const bun = await stockProduct(t.db, "Bun X1");
    await t.db
      .update(storeProducts)
      .set({ lastPurchaseCostMinor: 5_000n })
      .where(inArray(storeProducts.id, [bun.id]));
    await made("/api/inventory/recipe", {
      variantId: menu.variants[0]?.id,
      lines: [line(chickenId, 150, "GRAM"), line(bun.id, 100, "GRAM")],
    });
    const file = await api("GET", "/api/inventory/recipe/export.xlsx?search=Zinger X1");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(2)).toContain("Ingredient");
    // The bun has never reached the Kitchen: it is costed at its last purchase, 50.00 a kg.
    expect(values(3)).toEqual(expect.arrayContaining([menu.variants[0]?.label, 150, "g", 0.15, "kg", 220, 33, 38]));
    expect(values(4)).toEqual(expect.arrayContaining([100, "g", 0.1, "kg", 50, 5, 38]));
  });
});
