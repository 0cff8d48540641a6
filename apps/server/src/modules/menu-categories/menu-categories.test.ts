import { CATEGORY_MESSAGES, perm } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kitchenStations, menuCategories, products } from "../../db/schema/index";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function add(body: object) {
  const response = await api("POST", "/api/inventory/category", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; name: string; parentId: number | null };
}

const count = async () => (await t.db.select({ id: menuCategories.id }).from(menuCategories)).length;

describe("menu categories", () => {
  it("adds a category and a sub-category with station, kitchen routing and account overrides", async () => {
    const [station] = await t.db
      .insert(kitchenStations)
      .values({ outletId: 1, name: "Grill Station A" })
      .returning({ id: kitchenStations.id });
    const revenue = await accountId(t.db, "DOMESTIC COURIER REVENUE");
    const cogs = await accountId(t.db, "FUEL SURCHARGE");
    const burgers = await add({ name: "Burgers A", color: "#FF8800", stationId: station?.id });
    const zinger = await add({
      name: "Zinger A",
      parentId: burgers.id,
      sendToKitchen: false,
      revenueAccountId: revenue,
      cogsAccountId: cogs,
    });
    const one = await api("GET", `/api/inventory/category/${zinger.id}`);
    expect(one.json()).toMatchObject({
      name: "Zinger A",
      parentId: burgers.id,
      parentName: "Burgers A",
      level: 2,
      sendToKitchen: false,
      revenueAccountId: revenue,
      cogsAccountId: cogs,
      productCount: 0,
      imagePath: null,
    });
    const list = (await api("GET", "/api/inventory/category?search=A")).json().data as { id: number }[];
    const at = (id: number) => list.findIndex((row) => row.id === id);
    expect(at(zinger.id)).toBe(at(burgers.id) + 1);
    expect(list[at(burgers.id)]).toMatchObject({ color: "#ff8800", stationName: "Grill Station A", childCount: 1 });
  });

  it("refuses a name taken within the same parent, ignoring case (409), and allows it under another parent", async () => {
    const drinks = await add({ name: "Drinks B" });
    const deals = await add({ name: "Deals B" });
    await add({ name: "Cold B", parentId: drinks.id });
    const before = await count();
    const clash = await api("POST", "/api/inventory/category", { name: "cold b", parentId: drinks.id });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: "RECORD_DUPLICATE",
      details: [{ field: "name", message: CATEGORY_MESSAGES.nameTaken }],
    });
    expect(await count()).toBe(before);
    await add({ name: "Cold B", parentId: deals.id });
    const top = await api("POST", "/api/inventory/category", { name: "DRINKS B" });
    expect(top.statusCode).toBe(409);
  });

  it("keeps two levels: a parent that is itself a sub-category is a 400 naming parentId", async () => {
    const top = await add({ name: "Pizza C" });
    const sub = await add({ name: "Thin Crust C", parentId: top.id });
    const before = await count();
    const deeper = await api("POST", "/api/inventory/category", { name: "Small C", parentId: sub.id });
    expect(deeper.statusCode).toBe(400);
    expect(deeper.json()).toMatchObject({
      code: "CATEGORY_TOO_DEEP",
      details: [{ field: "parentId", message: CATEGORY_MESSAGES.tooDeep }],
    });
    expect(await count()).toBe(before);
    const other = await add({ name: "Sides C" });
    const moveParent = await api("PUT", `/api/inventory/category/${top.id}`, { name: "Pizza C", parentId: other.id });
    expect(moveParent.statusCode).toBe(400);
    expect(moveParent.json().details).toEqual([
      { field: "parentId", message: CATEGORY_MESSAGES.hasChildrenCannotMove },
    ]);
    const self = await api("PUT", `/api/inventory/category/${other.id}`, { name: "Sides C", parentId: other.id });
    expect(self.json().details).toEqual([{ field: "parentId", message: CATEGORY_MESSAGES.ownParent }]);
  });

  it("answers 400 naming each wrong field and writes nothing", async () => {
    const group = await accountId(t.db, "LOCAL SALES");
    const revenue = await accountId(t.db, "DOMESTIC COURIER REVENUE");
    const before = await count();
    const cases: [object, string, string][] = [
      [{ name: "X" }, "name", CATEGORY_MESSAGES.name],
      [{ name: "Good D", color: "red" }, "color", CATEGORY_MESSAGES.color],
      [{ name: "Good D", sort: -1 }, "sort", CATEGORY_MESSAGES.sort],
      [{ name: "Good D", parentId: 999999 }, "parentId", CATEGORY_MESSAGES.parentMissing],
      [{ name: "Good D", stationId: 999999 }, "stationId", CATEGORY_MESSAGES.station],
      [{ name: "Good D", revenueAccountId: group }, "revenueAccountId", CATEGORY_MESSAGES.revenueAccount],
      [{ name: "Good D", cogsAccountId: revenue }, "cogsAccountId", CATEGORY_MESSAGES.cogsAccount],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/category", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect(await count()).toBe(before);
  });

  it("refuses to delete a category with sub-categories or products (409), and deletes an unused one", async () => {
    const top = await add({ name: "Rolls E" });
    const sub = await add({ name: "Paratha Rolls E", parentId: top.id });
    const parentDelete = await api("DELETE", `/api/inventory/category/${top.id}`);
    expect(parentDelete.statusCode).toBe(409);
    expect(parentDelete.json()).toMatchObject({
      code: "CATEGORY_HAS_CHILDREN",
      message: CATEGORY_MESSAGES.hasChildren,
    });
    await t.db.insert(products).values({ code: "P-E001", name: "Chicken Roll E", categoryId: sub.id });
    const used = await api("DELETE", `/api/inventory/category/${sub.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json()).toMatchObject({ code: "CATEGORY_HAS_PRODUCTS", message: CATEGORY_MESSAGES.hasProducts });
    expect((await api("GET", `/api/inventory/category/${sub.id}`)).json().productCount).toBe(1);

    const deactivate = await api("PUT", `/api/inventory/category/${sub.id}`, {
      name: "Paratha Rolls E",
      parentId: top.id,
      active: false,
    });
    expect(deactivate.json().data.active).toBe(false);
    const activeOnly = (await api("GET", "/api/inventory/category?active=true&search=Rolls E")).json().data;
    expect(activeOnly.map((row: { id: number }) => row.id)).toEqual([top.id]);

    const unused = await add({ name: "Unused E" });
    expect((await api("DELETE", `/api/inventory/category/${unused.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(menuCategories).where(eq(menuCategories.id, unused.id))).toEqual([]);
    expect((await api("DELETE", `/api/inventory/category/${unused.id}`)).statusCode).toBe(404);
  });

  it("sorts one parent's categories in the order given and refuses a partial or mixed list", async () => {
    const top = await add({ name: "Sort Parent F" });
    const a = await add({ name: "Alpha F", parentId: top.id });
    const b = await add({ name: "Beta F", parentId: top.id });
    const c = await add({ name: "Gamma F", parentId: top.id });
    const sorted = await api("PUT", "/api/inventory/category/sort", { ids: [c.id, a.id, b.id] });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const list = (await api("GET", "/api/inventory/category?search=F")).json().data as { id: number }[];
    const children = list.filter((row) => [a.id, b.id, c.id].includes(row.id)).map((row) => row.id);
    expect(children).toEqual([c.id, a.id, b.id]);

    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, c.id, top.id],
      [a.id, a.id, b.id, c.id],
      [a.id, b.id, 999999],
    ]) {
      const refused = await api("PUT", "/api/inventory/category/sort", { ids });
      expect(refused.statusCode, JSON.stringify(ids)).toBe(400);
      expect(refused.json().details).toEqual([{ field: "ids", message: CATEGORY_MESSAGES.sortIds }]);
    }
    const after = (await api("GET", "/api/inventory/category?search=F")).json().data as { id: number }[];
    expect(after.filter((row) => [a.id, b.id, c.id].includes(row.id)).map((row) => row.id)).toEqual([c.id, a.id, b.id]);
  });

  it("lets Product, Deal, POS and Table Order read, and only Menu write (401 without a token)", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/category" })).statusCode).toBe(401);
    for (const reader of [
      perm("Master Control", "Product"),
      perm("Master Control", "Deal"),
      perm("POS"),
      perm("Table Order"),
    ]) {
      const user = await createUser(t.db, { permissions: [reader] });
      const as = await loginCargo(t.app, user.email, user.password);
      expect((await api("GET", "/api/inventory/category", undefined, as)).statusCode).toBe(200);
      expect((await api("POST", "/api/inventory/category", { name: "Reader G" }, as)).statusCode).toBe(403);
    }
    const editor = await createUser(t.db, { permissions: [perm("Master Control", "Menu")] });
    const as = await loginCargo(t.app, editor.email, editor.password);
    expect((await api("POST", "/api/inventory/category", { name: "Editor G" }, as)).statusCode).toBe(200);
    const stranger = await createUser(t.db, { permissions: [perm("Master Control", "Size")] });
    const denied = await loginCargo(t.app, stranger.email, stranger.password);
    expect((await api("GET", "/api/inventory/category", undefined, denied)).statusCode).toBe(403);
  });
});
