import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PRODUCT_MESSAGES, PRODUCT_UPLOAD_MESSAGES, perm } from "@cargodesk/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productVariants, storeProducts, units } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function made(url: string, body: object): Promise<number> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }).id;
}

/** A category "Burgers <tag>" under "Food <tag>", sizes S/M/L and flavours Spicy/Plain, named after the tag. */
async function menu(tag: string) {
  const parentId = await made("/api/inventory/category", { name: `Food ${tag}` });
  const categoryId = await made("/api/inventory/category", { name: `Burgers ${tag}`, parentId });
  for (const code of ["S", "M", "L"])
    await made("/api/inventory/size", { name: `${code} ${tag}`, code: `${code}${tag}` });
  for (const name of ["Spicy", "Plain"]) await made("/api/inventory/flavour", { name: `${name} ${tag}` });
  return categoryId;
}

const HEADER = "product code,product name,category,size,flavour,price,barcode,tax class,station,tracking";

async function upload(csv: string, dryRun: boolean, as = token) {
  const body = multipart({}, { field: "file", name: "products.csv", content: csv });
  return t.app.inject({
    method: "POST",
    url: `/api/inventory/product/upload${dryRun ? "?dryRun=1" : ""}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(as) },
  });
}

const productsNamed = (names: string[]) =>
  t.db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.name, names));

describe("product upload", () => {
  it("checks then saves a file of two products (6 + 1 variants), grouped by product code", async () => {
    await menu("U1");
    const rows = ["S", "M", "L"].flatMap((size, s) =>
      ["Spicy", "Plain"].map((flavour, f) =>
        [
          `ZU1`,
          "Zinger U1",
          `Food U1 > Burgers U1`,
          `${size} U1`,
          `${flavour} U1`,
          500 + s * 100 + f,
          "",
          "",
          "",
          "recipe",
        ].join(","),
      ),
    );
    rows.push("CU1,Cola U1,Food U1,,,120.50,BC-U1-COLA,,,none");
    const csv = `${HEADER}\n${rows.join("\n")}\n`;
    const check = await upload(csv, true);
    expect(check.statusCode, check.body).toBe(200);
    const checked = check.json().rows as { row: number; code: string; errors: unknown[] }[];
    expect(checked).toHaveLength(7);
    expect(checked.every((row) => row.errors.length === 0)).toBe(true);
    expect(await productsNamed(["Zinger U1", "Cola U1"])).toEqual([]);

    const saved = await upload(csv, false);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ message: PRODUCT_UPLOAD_MESSAGES.saved(2, 7), products: 2, variants: 7 });
    const list = (await api("GET", "/api/inventory/product?search=U1")).json().data as {
      name: string;
      code: string;
      variantCount: number;
      minPrice: number;
      maxPrice: number;
      state: string;
    }[];
    expect(list).toEqual([
      expect.objectContaining({ name: "Cola U1", code: "CU1", variantCount: 1, minPrice: 120.5, state: "available" }),
      expect.objectContaining({
        name: "Zinger U1",
        code: "ZU1",
        variantCount: 6,
        minPrice: 500,
        maxPrice: 701,
        state: "no recipe",
      }),
    ]);
  });

  it("names a missing category, size and flavour on their rows, and saves nothing (400)", async () => {
    await menu("U2");
    const csv = [
      HEADER,
      "AU2,Alpha U2,Food U2 > Burgers U2,S U2,Spicy U2,100,,,,none",
      "BU2,Beta U2,Drinks U2,,,50,,,,none",
      "CU2,Gamma U2,Burgers U2,XL U2,Sour U2,70,,,,none",
    ].join("\n");
    const check = await upload(csv, true);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().rows).toEqual([
      expect.objectContaining({ row: 2, errors: [] }),
      expect.objectContaining({
        row: 3,
        errors: [{ column: "category", message: PRODUCT_UPLOAD_MESSAGES.unknownCategory("Drinks U2") }],
      }),
      expect.objectContaining({
        row: 4,
        errors: [
          { column: "size", message: PRODUCT_UPLOAD_MESSAGES.unknownSize("XL U2") },
          { column: "flavour", message: PRODUCT_UPLOAD_MESSAGES.unknownFlavour("Sour U2") },
        ],
      }),
    ]);
    const refused = await upload(csv, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("SHEET_ROWS_INVALID");
    expect(refused.json().details).toContainEqual({
      row: 3,
      column: "category",
      message: PRODUCT_UPLOAD_MESSAGES.unknownCategory("Drinks U2"),
    });
    expect(await productsNamed(["Alpha U2", "Beta U2", "Gamma U2"])).toEqual([]);
  });

  it("refuses a repeated size and flavour, product columns that differ, and bad prices on their rows", async () => {
    await menu("U3");
    const csv = [
      HEADER,
      "DU3,Dup U3,Burgers U3,S U3,Spicy U3,100,,,,none",
      "DU3,Dup U3,Burgers U3,S U3,Spicy U3,110,,,,none",
      "DU3,Dup U3,Burgers U3,M U3,Spicy U3,abc,,,,recipe",
    ].join("\n");
    const check = await upload(csv, true);
    expect(check.statusCode, check.body).toBe(200);
    const rows = check.json().rows as { row: number; errors: { column: string; message: string }[] }[];
    expect(rows[0]?.errors).toEqual([]);
    expect(rows[1]?.errors).toEqual([{ column: "size", message: PRODUCT_MESSAGES.variantRepeated }]);
    expect(rows[2]?.errors).toEqual([
      { column: "tracking", message: PRODUCT_UPLOAD_MESSAGES.differs("tracking", 2) },
      { column: "price", message: PRODUCT_UPLOAD_MESSAGES.price },
    ]);
    expect((await upload(csv, false)).statusCode).toBe(400);
    expect(await productsNamed(["Dup U3"])).toEqual([]);
  });

  it("answers 409 for a barcode a store product or another variant holds, and writes nothing", async () => {
    await menu("U4");
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    await t.db
      .insert(storeProducts)
      .values({ code: "SPU4", name: "Bun U4", stockUomId: uom?.id ?? 1, barcode: "BC-U4" });
    const csv = [
      HEADER,
      "FU4,Fries U4,Burgers U4,S U4,,150,BC-U4-OK,,,none",
      "FU4,Fries U4,Burgers U4,M U4,,200,BC-U4,,,none",
    ].join("\n");
    const check = await upload(csv, true);
    expect(check.json().rows[1].errors).toEqual([{ column: "barcode", message: PRODUCT_MESSAGES.barcodeTaken }]);
    const refused = await upload(csv, false);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "RECORD_DUPLICATE",
      details: [{ row: 3, column: "barcode", message: PRODUCT_MESSAGES.barcodeTaken }],
    });
    expect(await productsNamed(["Fries U4"])).toEqual([]);
    const [held] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(productVariants)
      .where(eq(productVariants.barcode, "BC-U4-OK"));
    expect(held?.n).toBe(0);
    // A barcode repeated across two products of the file is a row error (400), not a clash.
    const twice = [HEADER, "GU4,G U4,Burgers U4,,,1,BC-U4-2,,,none", "HU4,H U4,Burgers U4,,,1,BC-U4-2,,,none"].join(
      "\n",
    );
    const repeated = await upload(twice, false);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details).toEqual([
      { row: 3, column: "barcode", message: PRODUCT_UPLOAD_MESSAGES.barcodeRepeated },
    ]);
  });

  it("names codes and names already taken, direct tracking's store product, tax class and station", async () => {
    const categoryId = await menu("U5");
    await made("/api/inventory/product", {
      code: "TU5",
      name: "Taken U5",
      categoryId,
      track: "none",
      variants: [{ price: 1 }],
    });
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    await t.db.insert(storeProducts).values({ code: "CANU5", name: "Can U5", stockUomId: uom?.id ?? 1 });
    const csv = [
      `${HEADER},store product,store quantity`,
      "TU5,Other U5,Burgers U5,,,10,,,,none,,",
      "XU5,Taken U5,Burgers U5,,,10,,,,none,,",
      "YU5,Soda U5,Burgers U5,S U5,,10,,GST 99,Grill U5,direct,canu5,1",
      "YU5,Soda U5,Burgers U5,M U5,,10,,GST 99,Grill U5,direct,Nothing U5,",
    ].join("\n");
    const rows = (await upload(csv, true)).json().rows as { errors: { column: string; message: string }[] }[];
    expect(rows[0]?.errors).toEqual([{ column: "product code", message: PRODUCT_MESSAGES.codeTaken }]);
    expect(rows[1]?.errors).toEqual([{ column: "product name", message: PRODUCT_MESSAGES.nameTaken }]);
    expect(rows[2]?.errors).toEqual([
      { column: "tax class", message: PRODUCT_UPLOAD_MESSAGES.unknownTaxClass("GST 99") },
      { column: "station", message: PRODUCT_UPLOAD_MESSAGES.unknownStation("Grill U5") },
    ]);
    expect(rows[3]?.errors).toEqual([
      { column: "store product", message: PRODUCT_UPLOAD_MESSAGES.unknownStoreProduct("Nothing U5") },
      { column: "store quantity", message: PRODUCT_MESSAGES.directQty },
    ]);
  });

  it("refuses a file without the required columns, and gates the upload on Product Upload", async () => {
    const missing = await upload("name,price\nA,1\n", true);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("SHEET_UNREADABLE");
    const user = await createUser(t.db, { permissions: [perm("Master Control", "Product", "Product Add")] });
    const adder = await loginCargo(t.app, user.email, user.password);
    expect((await upload(`${HEADER}\nA,B,C,,,1,,,,none\n`, true, adder)).statusCode).toBe(403);
    expect((await api("GET", "/api/inventory/product/template.xlsx", undefined, adder)).statusCode).toBe(403);
    const template = await api("GET", "/api/inventory/product/template.xlsx");
    expect(template.statusCode).toBe(200);
    expect(template.headers["content-type"]).toContain("spreadsheetml");
  });
});

describe("the documented sample files", () => {
  it("check clean (CSV and XLSX) once their categories, sizes, flavours and store product exist", async () => {
    const categories: Record<string, number> = {};
    for (const name of ["Burgers", "Drinks", "Sides"])
      categories[name] = await made("/api/inventory/category", { name });
    for (const [code, name] of [
      ["S", "Small"],
      ["M", "Medium"],
      ["L", "Large"],
    ])
      await made("/api/inventory/size", { name, code });
    for (const name of ["Spicy", "Plain"]) await made("/api/inventory/flavour", { name });
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    await t.db.insert(storeProducts).values({ code: "COLA250", name: "Cola Can 250ml", stockUomId: uom?.id ?? 1 });
    for (const file of ["products.csv", "products.xlsx"]) {
      const content = readFileSync(fileURLToPath(new URL(`../../../../../docs/samples/${file}`, import.meta.url)));
      const body = multipart({}, { field: "file", name: file, content });
      const check = await t.app.inject({
        method: "POST",
        url: "/api/inventory/product/upload?dryRun=1",
        payload: body.payload,
        headers: { ...body.headers, ...bearer(token) },
      });
      expect(check.statusCode, check.body).toBe(200);
      const rows = check.json().rows as { errors: unknown[] }[];
      expect(rows).toHaveLength(9);
      expect(rows.flatMap((row) => row.errors)).toEqual([]);
    }
  });
});

describe("product pickers", () => {
  it("lists tax classes, stations and store products by search or id to Product Add", async () => {
    const [uom] = await t.db.select({ id: units.uomId }).from(units).limit(1);
    const [can] = await t.db
      .insert(storeProducts)
      .values({ code: "PKCAN", name: "Picker Can", stockUomId: uom?.id ?? 1 })
      .returning({ id: storeProducts.id });
    const lookups = await api("GET", "/api/inventory/product/lookups");
    expect(lookups.statusCode, lookups.body).toBe(200);
    expect(lookups.json()).toEqual({ taxClasses: expect.any(Array), stations: expect.any(Array) });
    const found = (await api("GET", "/api/inventory/product/store_products?search=picker")).json();
    expect(found).toEqual([expect.objectContaining({ id: can?.id, code: "PKCAN", name: "Picker Can" })]);
    const byId = (await api("GET", `/api/inventory/product/store_products?search=zzz-none&ids=${can?.id}`)).json();
    expect(byId.map((row: { id: number }) => row.id)).toEqual([can?.id]);
    expect((await api("GET", "/api/inventory/product/store_products?ids=1,x")).statusCode).toBe(400);
    const user = await createUser(t.db, { permissions: [perm("Master Control", "Product", "Product List")] });
    const lister = await loginCargo(t.app, user.email, user.password);
    expect((await api("GET", "/api/inventory/product/lookups", undefined, lister)).statusCode).toBe(200);
    expect((await api("GET", "/api/inventory/product/store_products", undefined, lister)).statusCode).toBe(403);
  });
});
