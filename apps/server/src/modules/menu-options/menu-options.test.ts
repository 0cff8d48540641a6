import { OPTION_MESSAGES, perm } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flavours, menuCategories, products, productVariants, sizes } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function add(kind: "flavour" | "size", body: object) {
  const response = await api("POST", `/api/inventory/${kind}`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string };
}

/** A product with one variant of the given size and flavour, so both count as used. */
async function variantUsing(name: string, sizeId: number | null, flavourId: number | null) {
  const [category] = await t.db.insert(menuCategories).values({ name }).returning({ id: menuCategories.id });
  if (!category) throw new Error("no category");
  const [product] = await t.db
    .insert(products)
    .values({ code: name, name, categoryId: category.id })
    .returning({ id: products.id });
  if (!product) throw new Error("no product");
  await t.db.insert(productVariants).values({ productId: product.id, sizeId, flavourId, priceMinor: 100_000n });
}

describe("sizes", () => {
  it("adds sizes with upper-case short codes, listed by sort then name", async () => {
    const large = await add("size", { name: "Large A", code: "l", sort: 3 });
    const small = await add("size", { name: "Small A", code: "s", sort: 1 });
    expect(large).toMatchObject({ code: "L", active: true, variantCount: 0 });
    const list = (await api("GET", "/api/inventory/size?search= A")).json().data as { id: number }[];
    expect(list.map((row) => row.id)).toEqual([small.id, large.id]);
    const changed = await api("PUT", `/api/inventory/size/${small.id}`, { name: "Small A", code: "SM", active: false });
    expect(changed.json().data).toMatchObject({ code: "SM", active: false, sort: 0 });
    const active = (await api("GET", "/api/inventory/size?active=true&search= A")).json().data as { id: number }[];
    expect(active.map((row) => row.id)).toEqual([large.id]);
  });

  it("refuses a name taken ignoring case (409) and bad fields (400), writing nothing", async () => {
    await add("size", { name: "Family B", code: "F" });
    const before = (await t.db.select().from(sizes)).length;
    const clash = await api("POST", "/api/inventory/size", { name: "FAMILY b" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "name", message: OPTION_MESSAGES.sizeTaken }]);
    const cases: [object, string, string][] = [
      [{ name: "" }, "name", OPTION_MESSAGES.sizeName],
      [{ name: "Jumbo B", code: "X L" }, "code", OPTION_MESSAGES.code],
      [{ name: "Jumbo B", sort: 1.5 }, "sort", OPTION_MESSAGES.sort],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/size", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect((await t.db.select().from(sizes)).length).toBe(before);
    const other = await add("size", { name: "Regular B" });
    const rename = await api("PUT", `/api/inventory/size/${other.id}`, { name: "family B" });
    expect(rename.statusCode).toBe(409);
  });

  it("refuses to delete a size a variant uses (409) and deletes an unused one", async () => {
    const used = await add("size", { name: "Medium C", code: "M" });
    await variantUsing("Size User C", used.id, null);
    const refused = await api("DELETE", `/api/inventory/size/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", message: OPTION_MESSAGES.sizeInUse });
    expect((await api("GET", `/api/inventory/size/${used.id}`)).json().variantCount).toBe(1);
    const unused = await add("size", { name: "Tiny C" });
    expect((await api("DELETE", `/api/inventory/size/${unused.id}`)).statusCode).toBe(200);
    expect((await api("GET", `/api/inventory/size/${unused.id}`)).statusCode).toBe(404);
  });
});

describe("flavours", () => {
  it("adds, renames and refuses a duplicate name ignoring case", async () => {
    const spicy = await add("flavour", { name: "Spicy D", sort: 2 });
    await add("flavour", { name: "Plain D", sort: 1 });
    const before = (await t.db.select().from(flavours)).length;
    const clash = await api("POST", "/api/inventory/flavour", { name: "spicy d" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details).toEqual([{ field: "name", message: OPTION_MESSAGES.flavourTaken }]);
    const blank = await api("POST", "/api/inventory/flavour", { name: "  " });
    expect(blank.json().details).toEqual([{ field: "name", message: OPTION_MESSAGES.flavourName }]);
    expect((await t.db.select().from(flavours)).length).toBe(before);
    const renamed = await api("PUT", `/api/inventory/flavour/${spicy.id}`, { name: "Hot D", sort: 0 });
    expect(renamed.json().data).toMatchObject({ name: "Hot D", sort: 0 });
    const list = (await api("GET", "/api/inventory/flavour?search= D")).json().data as { name: string }[];
    expect(list.map((row) => row.name)).toEqual(["Hot D", "Plain D"]);
  });

  it("refuses to delete a flavour a variant uses (409) and deletes an unused one", async () => {
    const used = await add("flavour", { name: "Garlic E" });
    await variantUsing("Flavour User E", null, used.id);
    const refused = await api("DELETE", `/api/inventory/flavour/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(OPTION_MESSAGES.flavourInUse);
    const unused = await add("flavour", { name: "Mint E" });
    expect((await api("DELETE", `/api/inventory/flavour/${unused.id}`)).statusCode).toBe(200);
  });
});

describe("flavour and size permissions", () => {
  it("Flavour and Size gate writing; Product, POS and Table Order may read; 401 without a token", async () => {
    for (const kind of ["flavour", "size"]) {
      expect((await t.app.inject({ method: "GET", url: `/api/inventory/${kind}` })).statusCode).toBe(401);
    }
    const flavourKeeper = await createUser(t.db, { permissions: [perm("Master Control", "Flavour")] });
    const as = await loginCargo(t.app, flavourKeeper.email, flavourKeeper.password);
    expect((await api("POST", "/api/inventory/flavour", { name: "Keeper F" }, as)).statusCode).toBe(200);
    expect((await api("GET", "/api/inventory/size", undefined, as)).statusCode).toBe(403);
    expect((await api("POST", "/api/inventory/size", { name: "Keeper F" }, as)).statusCode).toBe(403);
    const cashier = await createUser(t.db, { permissions: [perm("POS")] });
    const pos = await loginCargo(t.app, cashier.email, cashier.password);
    expect((await api("GET", "/api/inventory/size", undefined, pos)).statusCode).toBe(200);
    expect((await api("POST", "/api/inventory/size", { name: "Cashier F" }, pos)).statusCode).toBe(403);
  });
});
