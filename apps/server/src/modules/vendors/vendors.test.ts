import { VENDOR_MESSAGES } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, storeProducts, vendors } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { accountId, adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

async function account(id: number) {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

describe("vendors", () => {
  it("adds a vendor with the next code and its own payable account under the Vendors group", async () => {
    const response = await api("POST", "/api/inventory/vendor", {
      name: "Karachi Poultry",
      phone: "0300-1234567",
      email: "Sales@Poultry.test",
      paymentTermsDays: 30,
    });
    expect(response.statusCode).toBe(200);
    const vendor = response.json().data;
    expect(vendor).toMatchObject({ code: "V-00001", email: "sales@poultry.test", active: true, balance: 0 });
    const payable = await account(vendor.payableAccountId);
    const group = await account(await accountId(t.db, "VENDORS"));
    expect(payable).toMatchObject({ level: 4, parentId: group?.id, name: "KARACHI POULTRY (V-00001)" });
    expect(vendor.payableAccountCode).toBe(payable?.allLevelKey);

    const second = await api("POST", "/api/inventory/vendor", { name: "Lahore Grains", code: "lg-1" });
    expect(second.json().data.code).toBe("LG-1");
    const third = await api("POST", "/api/inventory/vendor", { name: "Multan Spices" });
    expect(third.json().data.code).toBe("V-00002");
  });

  it("refuses a name or code already taken, ignoring case, and writes nothing", async () => {
    await api("POST", "/api/inventory/vendor", { name: "Quetta Dry Fruits", code: "QDF" });
    const before = (await t.db.select().from(accounts)).length;
    const byName = await api("POST", "/api/inventory/vendor", { name: "quetta dry fruits" });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().details).toEqual([{ field: "name", message: VENDOR_MESSAGES.nameTaken }]);
    const byCode = await api("POST", "/api/inventory/vendor", { name: "Another Vendor", code: "qdf" });
    expect(byCode.json().details).toEqual([{ field: "code", message: VENDOR_MESSAGES.codeTaken }]);
    expect((await t.db.select().from(accounts)).length).toBe(before);
  });

  it("answers 400 naming the field for bad input", async () => {
    const cases: [object, string, string][] = [
      [{ name: "A" }, "name", VENDOR_MESSAGES.name],
      [{ name: "Good Name", email: "not-an-email" }, "email", VENDOR_MESSAGES.email],
      [{ name: "Good Name", paymentTermsDays: 400 }, "paymentTermsDays", VENDOR_MESSAGES.terms],
      [{ name: "Good Name", code: "bad code!" }, "code", VENDOR_MESSAGES.code],
    ];
    for (const [body, field, message] of cases) {
      const response = await api("POST", "/api/inventory/vendor", body);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
  });

  it("lists with search and paging, renames the payable account with the vendor, deactivates", async () => {
    const added = (await api("POST", "/api/inventory/vendor", { name: "Peshawar Meat House" })).json().data;
    const found = (await api("GET", "/api/inventory/vendor?search=meat%20house&size=5&page=1")).json();
    expect(found).toMatchObject({ total_results: 1, page: 1, data: [{ id: added.id }] });
    const changed = await api("PUT", `/api/inventory/vendor/${added.id}`, {
      name: "Peshawar Meat Co",
      code: added.code,
      active: false,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: "Peshawar Meat Co", active: false });
    expect((await account(added.payableAccountId))?.name).toBe(`PESHAWAR MEAT CO (${added.code})`);
    const active = (await api("GET", "/api/inventory/vendor?active=true&size=1000")).json();
    expect(active.data.some((row: { id: number }) => row.id === added.id)).toBe(false);
  });

  it("deletes an unused vendor with its account, and refuses one with receivings (deactivate instead)", async () => {
    const unused = (await api("POST", "/api/inventory/vendor", { name: "Unused Vendor" })).json().data;
    expect((await api("DELETE", `/api/inventory/vendor/${unused.id}`)).statusCode).toBe(200);
    expect(await account(unused.payableAccountId)).toBeUndefined();
    expect((await api("GET", `/api/inventory/vendor/${unused.id}`)).statusCode).toBe(404);

    const used = (await api("POST", "/api/inventory/vendor", { name: "Used Vendor" })).json().data;
    const [product] = await t.db
      .insert(storeProducts)
      .values({ code: "VND-1", name: "Vendor test product", stockUomId: 1 })
      .returning({ id: storeProducts.id });
    const grn = await api("POST", "/api/inventory/receiving", {
      vendorId: used.id,
      businessDate: todayIn(t.config.APP_TZ),
      payment: "credit",
      lines: [{ storeProductId: product?.id, qty: 1, uomId: 1, unitCost: 10 }],
    });
    expect(grn.statusCode).toBe(200);
    const refused = await api("DELETE", `/api/inventory/vendor/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(VENDOR_MESSAGES.hasReceivings);
    expect(await t.db.select().from(vendors).where(eq(vendors.id, used.id))).toHaveLength(1);
  });
});
