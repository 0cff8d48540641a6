import { DEAL_MESSAGES, perm } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealComponents, deals, uploads } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

async function made(url: string, body: object): Promise<{ id: number; variants: { id: number }[] }> {
  const response = await api("POST", url, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** A category and products of one variant each (named after the test's tag); returns the variant ids by name. */
async function menu(tag: string, prices: Record<string, number>, extra: { availableInPos?: boolean } = {}) {
  const category = await made("/api/inventory/category", { name: `Deals ${tag}` });
  const variants: Record<string, number> = {};
  for (const [name, price] of Object.entries(prices)) {
    const product = await made("/api/inventory/product", {
      name: `${name} ${tag}`,
      categoryId: category.id,
      track: "none",
      availableInPos: extra.availableInPos ?? true,
      variants: [{ price }],
    });
    variants[name] = product.variants[0]?.id ?? 0;
  }
  return { categoryId: category.id, variants };
}

const dealCount = async () => (await t.db.select({ id: deals.id }).from(deals)).length;

describe("deals", () => {
  it("spreads 900.00 over Zinger L 1,000.00 and a drink 200.00 as 750.00 / 150.00 (WP2 acceptance 5)", async () => {
    const m = await menu("A5", { "Zinger L": 1000, Drink: 200, Juice: 250 });
    const response = await api("POST", "/api/inventory/deal", {
      name: "Zinger Meal A5",
      categoryId: m.categoryId,
      price: 900,
      timeFrom: "12:00",
      timeTo: "15:00",
      weekdays: 0b0011111,
      fixed: [{ variantId: m.variants["Zinger L"], qty: 1 }],
      choices: [
        {
          label: "Choose a drink",
          minChoose: 1,
          maxChoose: 1,
          options: [
            { variantId: m.variants.Drink, isDefault: true },
            { variantId: m.variants.Juice, extraPrice: 50 },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(DEAL_MESSAGES.added);
    expect(data.code).toMatch(/^D-\d{4}$/);
    expect(data).toMatchObject({ price: 900, timeFrom: "12:00", timeTo: "15:00", weekdays: 31, active: true });
    expect(data.allocation).toEqual([
      expect.objectContaining({ label: "Zinger L A5", listPrice: 1000, share: 750 }),
      expect.objectContaining({ label: "Drink A5", listPrice: 200, share: 150 }),
    ]);
    expect(data.choices[0].options[1]).toMatchObject({ label: "Juice A5", extraPrice: 50, isDefault: false });
    const list = (await api("GET", "/api/inventory/deal?search=meal a5")).json();
    expect(list.total_results).toBe(1);
    expect(list.data[0].allocation.map((line: { share: number }) => line.share)).toEqual([750, 150]);
    const again = (await api("GET", `/api/inventory/deal/${data.id}`)).json();
    expect(again).toEqual(data);
  });

  it("weighs a line by price x quantity and puts the rounding remainder on the largest line", async () => {
    const m = await menu("R1", { Wings: 100, Fries: 100, Dip: 0.33 });
    const data = (
      await made("/api/inventory/deal", {
        name: "Party R1",
        categoryId: m.categoryId,
        price: 500,
        fixed: [
          { variantId: m.variants.Wings, qty: 3 },
          { variantId: m.variants.Fries, qty: 2 },
          { variantId: m.variants.Dip, qty: 1 },
        ],
      })
    ).id;
    const deal = (await api("GET", `/api/inventory/deal/${data}`)).json();
    const shares = deal.allocation.map((line: { share: number }) => line.share);
    expect(deal.allocation.map((line: { listPrice: number }) => line.listPrice)).toEqual([300, 200, 0.33]);
    // 500 x 300/500.33 = 299.80..., 199.86..., 0.32...: the 0.02 left goes to the wings.
    expect(shares).toEqual([299.82, 199.86, 0.32]);
    expect(Math.round(shares.reduce((sum: number, share: number) => sum + share, 0) * 100)).toBe(50_000);
  });

  it("refuses a price of 0 and a deal with no component, naming the field, and writes nothing", async () => {
    const m = await menu("B1", { Burger: 500 });
    const before = await dealCount();
    const zero = await api("POST", "/api/inventory/deal", {
      name: "Zero B1",
      categoryId: m.categoryId,
      price: 0,
      fixed: [{ variantId: m.variants.Burger }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details).toContainEqual({ field: "price", message: DEAL_MESSAGES.price });
    const empty = await api("POST", "/api/inventory/deal", { name: "Empty B1", categoryId: m.categoryId, price: 10 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details).toContainEqual({ field: "fixed", message: DEAL_MESSAGES.oneComponent });
    expect(await dealCount()).toBe(before);
  });

  it("offers only active variants of active products available in the POS (400 naming the index)", async () => {
    const m = await menu("B2", { Burger: 500, Cola: 100 });
    const off = await menu("B2 off", { Secret: 300 }, { availableInPos: false });
    const before = await dealCount();
    const response = await api("POST", "/api/inventory/deal", {
      name: "Bad B2",
      categoryId: m.categoryId,
      price: 600,
      fixed: [{ variantId: m.variants.Burger }, { variantId: 2_000_000 }],
      choices: [
        {
          label: "Drink",
          options: [{ variantId: m.variants.Cola, isDefault: true }, { variantId: off.variants.Secret }],
        },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { field: "fixed.1.variantId", message: DEAL_MESSAGES.variantUnfit },
      { field: "choices.0.options.1.variantId", message: DEAL_MESSAGES.variantUnfit },
    ]);
    expect(await dealCount()).toBe(before);
    const offered = (await api("GET", "/api/inventory/deal/variants?search=B2")).json();
    expect(offered.data.map((row: { label: string }) => row.label).sort()).toEqual(["Burger B2", "Cola B2"]);
  });

  it("checks choice groups: min <= max, defaults within [min, max], options not repeated", async () => {
    const m = await menu("B3", { Burger: 500, Cola: 100, Lime: 100 });
    const group = (choice: object) =>
      api("POST", "/api/inventory/deal", {
        name: "Group B3",
        categoryId: m.categoryId,
        price: 550,
        fixed: [{ variantId: m.variants.Burger }],
        choices: [{ label: "Drink", ...choice }],
      });
    const cola = { variantId: m.variants.Cola, isDefault: true };
    const lime = { variantId: m.variants.Lime };
    const cases: [object, string, string][] = [
      [{ minChoose: 2, maxChoose: 1, options: [cola, lime] }, "choices.0.minChoose", DEAL_MESSAGES.minAboveMax],
      [{ minChoose: 1, maxChoose: 1, options: [lime] }, "choices.0.options", DEAL_MESSAGES.defaults],
      [
        { minChoose: 1, maxChoose: 2, options: [cola, cola] },
        "choices.0.options.1.variantId",
        DEAL_MESSAGES.optionRepeated,
      ],
      [{ minChoose: 1, maxChoose: 1, options: [] }, "choices.0.options", DEAL_MESSAGES.oneOption],
      [{ minChoose: 3, maxChoose: 3, options: [cola, lime] }, "choices.0.minChoose", DEAL_MESSAGES.minAboveOptions],
    ];
    for (const [choice, field, message] of cases) {
      const response = await group(choice);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
    expect(
      (await group({ minChoose: 0, maxChoose: 2, options: [lime, { ...cola, isDefault: false }] })).statusCode,
    ).toBe(200);
  });

  it("refuses bad fields with their messages: category, time window, dates, weekdays, order types, image", async () => {
    const m = await menu("B4", { Burger: 500 });
    const base = { name: "Fields B4", categoryId: m.categoryId, price: 450, fixed: [{ variantId: m.variants.Burger }] };
    const cases: [object, string, string][] = [
      [{ categoryId: 2_000_000 }, "categoryId", DEAL_MESSAGES.categoryMissing],
      [{ timeFrom: "12:00" }, "timeTo", DEAL_MESSAGES.timePair],
      [{ timeFrom: "12:00", timeTo: "25:00" }, "timeTo", DEAL_MESSAGES.time],
      [{ validFrom: "2026-02-30" }, "validFrom", DEAL_MESSAGES.validFrom],
      [{ validFrom: "2026-03-02", validTo: "2026-03-01" }, "validTo", DEAL_MESSAGES.validOrder],
      [{ weekdays: 0 }, "weekdays", DEAL_MESSAGES.weekdays],
      [{ orderTypes: 8 }, "orderTypes", DEAL_MESSAGES.orderTypes],
      [{ imagePath: "../../etc/passwd" }, "imagePath", DEAL_MESSAGES.image],
      [{ imagePath: `img_${"0".repeat(32)}.png` }, "imagePath", DEAL_MESSAGES.image],
      [{ fixed: [{ variantId: m.variants.Burger, qty: 0 }] }, "fixed.0.qty", DEAL_MESSAGES.qty],
    ];
    for (const [change, field, message] of cases) {
      const response = await api("POST", "/api/inventory/deal", { ...base, ...change });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details).toContainEqual({ field, message });
    }
  });

  it("keeps names and codes unique ignoring case (409 naming the field)", async () => {
    const m = await menu("C1", { Burger: 500 });
    const body = { categoryId: m.categoryId, price: 450, fixed: [{ variantId: m.variants.Burger }] };
    const first = await made("/api/inventory/deal", { ...body, name: "Solo C1", code: "solo-c1" });
    const byName = await api("POST", "/api/inventory/deal", { ...body, name: "SOLO c1" });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().details).toEqual([{ field: "name", message: DEAL_MESSAGES.nameTaken }]);
    const byCode = await api("POST", "/api/inventory/deal", { ...body, name: "Other C1", code: "SOLO-C1" });
    expect(byCode.statusCode).toBe(409);
    expect(byCode.json().details).toEqual([{ field: "code", message: DEAL_MESSAGES.codeTaken }]);
    // Saving a deal under its own name and code is no clash.
    const same = await api("PUT", `/api/inventory/deal/${first.id}`, { ...body, name: "Solo C1", code: "SOLO-C1" });
    expect(same.statusCode, same.body).toBe(200);
  });

  it("changes a deal, replacing its components, and keeps its code when none is given", async () => {
    const m = await menu("D1", { Burger: 500, Cola: 100, Lime: 150 });
    const created = await made("/api/inventory/deal", {
      name: "Edit D1",
      categoryId: m.categoryId,
      price: 540,
      fixed: [{ variantId: m.variants.Burger }, { variantId: m.variants.Cola }],
    });
    const response = await api("PUT", `/api/inventory/deal/${created.id}`, {
      name: "Edit D1 lunch",
      categoryId: m.categoryId,
      price: 600,
      active: false,
      fixed: [{ variantId: m.variants.Burger, qty: 1 }],
      choices: [
        {
          label: "Drink",
          options: [{ variantId: m.variants.Lime, isDefault: true }, { variantId: m.variants.Cola }],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { message, data } = response.json();
    expect(message).toBe(DEAL_MESSAGES.updated);
    expect(data).toMatchObject({ name: "Edit D1 lunch", active: false, fixed: [{ label: "Burger D1", qty: 1 }] });
    expect(data.code).toBe((created as unknown as { code: string }).code);
    expect(data.allocation.map((line: { share: number }) => line.share)).toEqual([461.54, 138.46]);
    const components = await t.db.select().from(dealComponents).where(eq(dealComponents.dealId, created.id));
    expect(components.map((row) => row.kind)).toEqual(["fixed", "choice"]);
    const missing = await api("PUT", "/api/inventory/deal/2000000", {
      name: "Nobody D1",
      categoryId: m.categoryId,
      price: 1,
      fixed: [{ variantId: m.variants.Burger }],
    });
    expect(missing.statusCode).toBe(404);
  });

  it("deletes a deal with its components, and refuses once another record points at it", async () => {
    const m = await menu("E1", { Burger: 500 });
    const body = { categoryId: m.categoryId, price: 450, fixed: [{ variantId: m.variants.Burger }] };
    const gone = await made("/api/inventory/deal", { ...body, name: "Gone E1" });
    const removed = await api("DELETE", `/api/inventory/deal/${gone.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().message).toBe(DEAL_MESSAGES.deleted);
    expect(await t.db.select().from(dealComponents).where(eq(dealComponents.dealId, gone.id))).toEqual([]);
    expect((await api("DELETE", `/api/inventory/deal/${gone.id}`)).statusCode).toBe(404);
    // Orders do not exist yet: a table standing in for them points at the deal as order lines will.
    const kept = await made("/api/inventory/deal", { ...body, name: "Kept E1" });
    await t.db.execute(sql`CREATE TABLE deal_refs_e1 (deal_id integer NOT NULL REFERENCES deals(id))`);
    await t.db.execute(sql`INSERT INTO deal_refs_e1 VALUES (${kept.id})`);
    const refused = await api("DELETE", `/api/inventory/deal/${kept.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", message: DEAL_MESSAGES.inUse });
    expect((await api("GET", `/api/inventory/deal/${kept.id}`)).statusCode).toBe(200);
  });

  it("takes an uploaded image (judged by content) and refuses one someone else uploaded", async () => {
    const m = await menu("F1", { Burger: 500 });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("deal")]);
    const upload = async (as: string) => {
      const body = multipart({}, { field: "image", name: "deal.png", content: png });
      const response = await t.app.inject({
        method: "POST",
        url: "/api/upload_files",
        payload: body.payload,
        headers: { ...body.headers, ...bearer(as) },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().path as string;
    };
    const body = { categoryId: m.categoryId, price: 450, fixed: [{ variantId: m.variants.Burger }] };
    const mine = await upload(token);
    const saved = await made("/api/inventory/deal", { ...body, name: "Pictured F1", imagePath: mine });
    expect((saved as unknown as { imagePath: string }).imagePath).toBe(mine);
    const other = await createUser(t.db, { permissions: [perm("Master Control", "Deal")] });
    const theirs = await upload(await loginCargo(t.app, other.email, "Secret@123"));
    const refused = await api("POST", "/api/inventory/deal", { ...body, name: "Borrowed F1", imagePath: theirs });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("IMAGE_NOT_YOURS");
    const [row] = await t.db.select().from(uploads).where(eq(uploads.name, mine));
    expect(row?.ownerUserId).not.toBeNull();
  });

  it("lets Deal write, and POS or Table Order read (not write)", async () => {
    const m = await menu("G1", { Burger: 500 });
    const body = { name: "Gate G1", categoryId: m.categoryId, price: 450, fixed: [{ variantId: m.variants.Burger }] };
    const as = async (entries: ReturnType<typeof perm>[]) => {
      const user = await createUser(t.db, { permissions: entries });
      return loginCargo(t.app, user.email, "Secret@123");
    };
    const dealUser = await as([perm("Master Control", "Deal")]);
    expect((await api("POST", "/api/inventory/deal", body, dealUser)).statusCode).toBe(200);
    const pos = await as([perm("POS")]);
    expect((await api("GET", "/api/inventory/deal?search=G1", undefined, pos)).json().total_results).toBe(1);
    expect((await api("POST", "/api/inventory/deal", { ...body, name: "Gate G1 b" }, pos)).statusCode).toBe(403);
    expect((await api("GET", "/api/inventory/deal/variants", undefined, pos)).statusCode).toBe(403);
    const nobody = await as([perm("Master Control", "Hall")]);
    expect((await api("GET", "/api/inventory/deal", undefined, nobody)).statusCode).toBe(403);
  });

  it("pages and filters the list by search and state", async () => {
    const m = await menu("H1", { Burger: 500 });
    for (const [index, name] of ["Alpha H1", "Beta H1", "Gamma H1"].entries())
      await made("/api/inventory/deal", {
        name,
        categoryId: m.categoryId,
        price: 100 + index,
        active: index !== 1,
        fixed: [{ variantId: m.variants.Burger }],
      });
    const page2 = (await api("GET", "/api/inventory/deal?search=H1&size=2&page=2")).json();
    expect(page2).toMatchObject({ page: 2, total_results: 3 });
    expect(page2.data.map((row: { name: string }) => row.name)).toEqual(["Gamma H1"]);
    const inactive = (await api("GET", "/api/inventory/deal?search=H1&active=false")).json();
    expect(inactive.data.map((row: { name: string }) => row.name)).toEqual(["Beta H1"]);
    expect((await api("GET", "/api/inventory/deal?size=0")).statusCode).toBe(400);
  });
});
