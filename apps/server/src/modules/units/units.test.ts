import { perm } from "@cargodesk/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeProducts } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api${url}`, payload, headers: token ? bearer(token) : {} });

describe("units of measure", () => {
  it("GET /api/uom keeps its fields and adds symbol, dimension and factor (PCS stays unit 1)", async () => {
    const units = (await call("GET", "/uom")).json();
    expect(units[0]).toEqual({ uomId: 1, uomName: "PCS", symbol: "pcs", dimension: "count", factor: 1 });
    expect(units.find((unit: { uomName: string }) => unit.uomName === "KG")).toMatchObject({
      symbol: "kg",
      dimension: "mass",
      factor: 1000,
    });
  });

  it("adds, renames and deletes an unused unit; a name is unique ignoring case", async () => {
    const added = await call("POST", "/inventory/uom", {
      uomName: "box (u)",
      symbol: "bx",
      dimension: "count",
      factor: 10,
    });
    expect(added.statusCode).toBe(200);
    const unit = added.json().data;
    expect(unit).toMatchObject({ uomName: "BOX (U)", symbol: "bx", dimension: "count", factor: 10 });
    const duplicate = await call("POST", "/inventory/uom", { uomName: "Box (U)", dimension: "count", factor: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe("RECORD_DUPLICATE");
    const changed = await call("PUT", `/inventory/uom/${unit.uomId}`, {
      uomName: "CRATE (U)",
      symbol: "cr",
      dimension: "count",
      factor: 12.5,
    });
    expect(changed.json().data).toMatchObject({ uomName: "CRATE (U)", factor: 12.5 });
    expect((await call("DELETE", `/inventory/uom/${unit.uomId}`)).statusCode).toBe(200);
    expect((await call("DELETE", `/inventory/uom/${unit.uomId}`)).statusCode).toBe(404);
  });

  it("PCS cannot be deleted or change its dimension", async () => {
    const deleted = await call("DELETE", "/inventory/uom/1");
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().code).toBe("UOM_PROTECTED");
    const mass = await call("PUT", "/inventory/uom/1", { uomName: "PCS", symbol: "pcs", dimension: "mass", factor: 1 });
    expect(mass.statusCode).toBe(409);
    expect(mass.json().code).toBe("UOM_PROTECTED");
    const renamed = await call("PUT", "/inventory/uom/1", {
      uomName: "PCS",
      symbol: "pc",
      dimension: "count",
      factor: 1,
    });
    expect(renamed.statusCode).toBe(200);
  });

  it("a unit in use is not deleted, and keeps its dimension and factor; usage counts products and packs", async () => {
    const unit = (
      await call("POST", "/inventory/uom", { uomName: "TRAY (U)", symbol: "tr", dimension: "count", factor: 30 })
    ).json().data;
    await t.db
      .insert(storeProducts)
      .values({ code: "U-EGGS", name: "Eggs (units)", stockUomId: 1, purchaseUomId: unit.uomId });
    const refused = await call("DELETE", `/inventory/uom/${unit.uomId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "RECORD_IN_USE", details: { usedBy: "store products" } });
    const factor = await call("PUT", `/inventory/uom/${unit.uomId}`, {
      uomName: "TRAY (U)",
      dimension: "count",
      factor: 12,
    });
    expect(factor.statusCode).toBe(409);
    const usage = (await call("GET", "/inventory/uom/usage")).json();
    expect(usage.find((row: { uomId: number }) => row.uomId === unit.uomId)).toMatchObject({
      stockProducts: 0,
      purchaseProducts: 1,
      packs: 0,
      shipmentLines: 0,
      documentLines: 0,
    });
  });

  it("bad input is a 400 naming the field", async () => {
    const response = await call("POST", "/inventory/uom", { uomName: "", dimension: "weight", factor: 0 });
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .details.map((issue: { field: string }) => issue.field)
      .sort();
    expect(fields).toEqual(["dimension", "factor", "uomName"]);
  });

  it("Store > UOM reads the usage; only Master Control > UOM edits", async () => {
    expect((await call("GET", "/inventory/uom/usage", undefined, "")).statusCode).toBe(401);
    const reader = await createUser(t.db, { permissions: [perm("Store", "UOM")] });
    const token = await loginCargo(t.app, reader.email, reader.password);
    expect((await call("GET", "/inventory/uom/usage", undefined, token)).statusCode).toBe(200);
    const add = await call("POST", "/inventory/uom", { uomName: "NOPE", dimension: "count", factor: 1 }, token);
    expect(add.statusCode).toBe(403);
    const editor = await createUser(t.db, { permissions: [perm("Master Control", "UOM")] });
    const editorToken = await loginCargo(t.app, editor.email, editor.password);
    const ok = await call(
      "POST",
      "/inventory/uom",
      { uomName: "YES (U)", dimension: "volume", factor: 250 },
      editorToken,
    );
    expect(ok.statusCode).toBe(200);
  });
});
