import { readFileSync } from "node:fs";
import path from "node:path";
import { perm, VOUCHER_STATUS } from "@cargodesk/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, stockMoves, storeProducts, voucherLines, vouchers } from "../../db/schema/index";
import { getIntegration } from "../../lib/books/integration";
import { adminToken, bearer, createTestApp, createUser, loginCargo, multipart, type TestApp } from "../../test/harness";
import { applyMoves } from "../stock";

const STORE = 1;
const KITCHEN = 2;
const KG = 2;
const HEADER =
  "code,name,group,stock_uom,purchase_uom,purchase_factor,reorder_level,par_level,barcode,opening_qty,opening_unit_cost";

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
  const carton = await t.app.inject({
    method: "POST",
    url: "/api/inventory/uom",
    payload: { uomName: "CARTON", symbol: "ctn", dimension: "count", factor: 1 },
    headers: bearer(admin),
  });
  if (carton.statusCode !== 200) throw new Error(carton.body);
});
afterAll(() => t.close());

const upload = (csv: string, dryRun: boolean, token = admin) => {
  const body = multipart({}, { field: "file", name: "products.csv", content: csv });
  return t.app.inject({
    method: "POST",
    url: `/api/inventory/store_product/upload${dryRun ? "?dryRun=1" : ""}`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
};
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, token = admin) =>
  t.app.inject({ method, url: `/api/inventory/store_product${url}`, payload, headers: bearer(token) });

async function productByName(name: string) {
  const [row] = await t.db.select().from(storeProducts).where(eq(storeProducts.name, name));
  return row;
}
const kg = (value: number) => BigInt(Math.round(value * 1000)) * 1000n;
const moveCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(stockMoves))[0]?.n;
const voucherCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(vouchers))[0]?.n;

const validBody = (name: string, extra: object = {}) => ({
  name,
  group: "Test",
  stockUomId: KG,
  reorderLevel: 0,
  parLevel: 0,
  ...extra,
});

describe("store product upload (WP1 acceptance 8)", () => {
  const rows = [
    ",Chicken breast (up),Meat,KG,,,12.5,3,8964000000017,10,200.00",
    ",Basmati rice (up),Dry,kg,,,0,0,,25.5,180.40",
    ",Cola can (up),Drinks,PCS,CARTON,24,48,24,8964000000024,48,55.25",
  ];
  const bad = ",Cooking oil (up),Dry,BARREL,,,-1,0,,3,abc";

  it("a dry run reports the bad row's errors, and neither it nor a save writes anything", async () => {
    const [moves, count] = [await moveCount(), await voucherCount()];
    const csv = [HEADER, ...rows, bad].join("\n");
    const dry = await upload(csv, true);
    expect(dry.statusCode).toBe(200);
    const answer = dry.json<{
      rows: { row: number; action: string; errors: { column: string; message: string }[] }[];
    }>();
    expect(answer.rows.map((row) => [row.row, row.action, row.errors.length])).toEqual([
      [2, "create", 0],
      [3, "create", 0],
      [4, "create", 0],
      [5, "create", 3],
    ]);
    expect(answer.rows[3]?.errors.map((error) => error.column).sort()).toEqual([
      "opening_unit_cost",
      "reorder_level",
      "stock_uom",
    ]);
    expect(answer.rows[3]?.errors.find((error) => error.column === "stock_uom")?.message).toBe("No such unit: BARREL");

    const save = await upload(csv, false);
    expect(save.statusCode).toBe(400);
    expect(save.json().code).toBe("SHEET_ROWS_INVALID");
    expect(save.json().details[0]).toMatchObject({ row: 5 });
    expect(await productByName("Chicken breast (up)")).toBeUndefined();
    expect([await moveCount(), await voucherCount()]).toEqual([moves, count]);
  });

  it("the corrected file creates every product, the opening moves and ONE approved JV of sum(quantity x cost)", async () => {
    const csv = [HEADER, ...rows, ",Cooking oil (up),Dry,LITRE,,,0,0,,3,410.10"].join("\r\n");
    const response = await upload(csv, false);
    expect(response.statusCode).toBe(200);
    const answer = response.json<{ message: string; created: number; updated: number; voucherNo: string }>();
    expect(answer).toMatchObject({ created: 4, updated: 0 });
    expect(answer.voucherNo).toMatch(/^JV-\d{4}-\d{5}$/);
    // 10 x 200.00 + 25.5 x 180.40 + 48 x 55.25 + 3 x 410.10 = 2,000.00 + 4,600.20 + 2,652.00 + 1,230.30
    const total = 200_000n + 460_020n + 265_200n + 123_030n;
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.number, answer.voucherNo));
    expect(voucher).toMatchObject({ totalMinor: total, source: "opening", status: VOUCHER_STATUS.approved });
    const integration = await getIntegration(t.db);
    const lines = await t.db
      .select({ accountId: voucherLines.accountId, debit: voucherLines.debitMinor, credit: voucherLines.creditMinor })
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, voucher?.id ?? 0));
    expect(lines).toEqual([
      { accountId: integration?.storeInventoryAccountId, debit: total, credit: 0n },
      { accountId: integration?.openingEquityAccountId, debit: 0n, credit: total },
    ]);
    const ledger = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.voucherId, voucher?.id ?? 0));
    expect(ledger).toHaveLength(2);

    const chicken = await productByName("Chicken breast (up)");
    expect(chicken?.code).toMatch(/^SP-\d{5}$/);
    const moves = await t.db
      .select({ qty: stockMoves.qtyMicro, value: stockMoves.valueMinor, voucherId: stockMoves.voucherId })
      .from(stockMoves)
      .where(and(eq(stockMoves.storeProductId, chicken?.id ?? 0), eq(stockMoves.docType, "opening")));
    expect(moves).toEqual([{ qty: kg(10), value: 200_000n, voucherId: voucher?.id }]);

    const list = await call("GET", "?search=(up)&size=10");
    const data = list.json<{
      data: {
        name: string;
        code: string;
        storeQty: number;
        value: number;
        averageCost: number;
        purchaseFactor: number | null;
        belowReorder: boolean;
      }[];
      total_results: number;
    }>();
    expect(data.total_results).toBe(4);
    expect(data.data.map((row) => [row.name, row.storeQty, row.value, row.averageCost])).toEqual([
      ["Basmati rice (up)", 25.5, 4600.2, 180.4],
      ["Chicken breast (up)", 10, 2000, 200],
      ["Cola can (up)", 48, 2652, 55.25],
      ["Cooking oil (up)", 3, 1230.3, 410.1],
    ]);
    expect(data.data.find((row) => row.name === "Cola can (up)")).toMatchObject({
      purchaseFactor: 24,
      belowReorder: true,
    });
  });

  it("an existing code updates name, group and levels; opening stock for a product with moves is a row error", async () => {
    const chicken = await productByName("Chicken breast (up)");
    const code = chicken?.code ?? "";
    const dry = await upload([HEADER, `${code},Chicken breast fillet (up),Poultry,KG,,,20,4,,1,100`].join("\n"), true);
    expect(dry.json().rows[0]).toMatchObject({
      action: "update",
      errors: [
        { column: "opening_qty", message: "An opening quantity is accepted only for a product with no stock moves" },
      ],
    });
    const saved = await upload([HEADER, `${code},Chicken breast fillet (up),Poultry,KG,,,20,4,,,`].join("\n"), false);
    expect(saved.json()).toMatchObject({ created: 0, updated: 1, voucherNo: null });
    const after = await productByName("Chicken breast fillet (up)");
    expect(after).toMatchObject({ id: chicken?.id, groupName: "Poultry", reorderMicro: kg(20), parMicro: kg(4) });
    // The barcode left blank is kept.
    expect(after?.barcode).toBe("8964000000017");
  });

  it("names are unique ignoring case and barcodes unique, in the file and against the books", async () => {
    const dry = await upload(
      [
        HEADER,
        ",COLA CAN (UP),Drinks,PCS,,,0,0,,,",
        ",Lemon (up),Fruit,KG,,,0,0,8964000000024,,",
        ",Lime (up),Fruit,KG,,,0,0,555,,",
        ",lime (UP),Fruit,KG,,,0,0,555,,",
      ].join("\n"),
      true,
    );
    expect(dry.json().rows.map((row: { errors: { column: string; message: string }[] }) => row.errors)).toEqual([
      [{ column: "name", message: "A store product with this name already exists" }],
      [{ column: "barcode", message: "This barcode is already used by another store product" }],
      [],
      [
        { column: "name", message: "The same name is on row 4 of the file" },
        { column: "barcode", message: "The same barcode is on row 4 of the file" },
      ],
    ]);
    const add = await call("POST", "", validBody("cola CAN (up)", { stockUomId: 1 }));
    expect(add.statusCode).toBe(400);
    expect(add.json().details).toEqual([{ field: "name", message: "A store product with this name already exists" }]);
    const barcode = await call("POST", "", validBody("Tonic (up)", { barcode: "8964000000024" }));
    expect(barcode.json().details).toEqual([
      { field: "barcode", message: "This barcode is already used by another store product" },
    ]);
  });

  it("refuses a file without the required columns, and a purchase unit of another dimension without a factor", async () => {
    const noColumns = await upload("code,title\n,Salt", false);
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().code).toBe("SHEET_UNREADABLE");
    const dry = await upload([HEADER, ",Sugar sack (up),Dry,KG,PCS,,0,0,,,"].join("\n"), true);
    expect(dry.json().rows[0].errors).toEqual([
      {
        column: "purchase_factor",
        message: "This unit does not convert to the stock unit: give how many stock units one holds",
      },
    ]);
  });
});

describe("store product add, list, edit and delete", () => {
  it("the single add gives the next SP code and posts its own opening JV", async () => {
    const response = await call("POST", "", validBody("Tomato (add)", { openingQty: 2.5, openingUnitCost: 120.3 }));
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer.data).toMatchObject({ code: expect.stringMatching(/^SP-\d{5}$/), storeQty: 2.5, value: 300.75 });
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.number, answer.voucherNo));
    expect(voucher?.totalMinor).toBe(30_075n);
  });

  it("bad input is a 400 naming the field, and writes nothing", async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(storeProducts);
    const response = await call("POST", "", validBody("Onion (add)", { openingQty: 3, reorderLevel: -2 }));
    expect(response.statusCode).toBe(400);
    const fields = response
      .json()
      .details.map((issue: { field: string }) => issue.field)
      .sort();
    expect(fields).toEqual(["openingUnitCost", "reorderLevel"]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(storeProducts)).toEqual(before);
  });

  it("the list shows on hand per location, average and value after the kernel moves stock (the worked example)", async () => {
    const added = await call(
      "POST",
      "",
      validBody("Chicken (list)", { reorderLevel: 12.5, openingQty: 10, openingUnitCost: 200 }),
    );
    const id: number = added.json().data.id;
    await t.db.transaction((tx) =>
      applyMoves(
        tx,
        [
          {
            storeProductId: id,
            locationId: STORE,
            qtyMicro: kg(5),
            valueMinor: 130_000n,
            docType: "receiving",
            docId: 1,
            businessDate: "2026-01-05",
          },
        ],
        null,
      ),
    );
    let row = (await call("GET", `/${id}`)).json();
    expect(row).toMatchObject({ storeQty: 15, kitchenQty: 0, value: 3300, averageCost: 220, belowReorder: false });
    await t.db.transaction((tx) =>
      applyMoves(
        tx,
        [
          {
            storeProductId: id,
            locationId: STORE,
            qtyMicro: -kg(3),
            docType: "issue_out",
            docId: 1,
            businessDate: "2026-01-06",
          },
          {
            storeProductId: id,
            locationId: KITCHEN,
            qtyMicro: kg(3),
            valueMinor: 66_000n,
            docType: "issue_in",
            docId: 1,
            businessDate: "2026-01-06",
          },
        ],
        null,
      ),
    );
    row = (await call("GET", `/${id}`)).json();
    expect(row).toMatchObject({
      storeQty: 12,
      kitchenQty: 3,
      value: 3300,
      averageCost: 220,
      belowReorder: true,
      hasMoves: true,
    });
    const below = (await call("GET", "?belowReorder=1&search=(list)")).json();
    expect(below.data.map((each: { id: number }) => each.id)).toEqual([id]);
    const byGroup = (await call("GET", "?group=test&search=(list)")).json();
    expect(byGroup.total_results).toBe(1);
    const otherGroup = (await call("GET", "?group=Meat&search=(list)")).json();
    expect(otherGroup.total_results).toBe(0);
  });

  it("the stock unit cannot change once the product has moves; before that it can", async () => {
    const fresh = (await call("POST", "", validBody("Flour (edit)"))).json().data;
    const changed = await call("PUT", `/${fresh.id}`, validBody("Flour (edit)", { stockUomId: 3 }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.stockUomId).toBe(3);

    const moved = (await call("POST", "", validBody("Butter (edit)", { openingQty: 1, openingUnitCost: 900 }))).json()
      .data;
    const refused = await call("PUT", `/${moved.id}`, validBody("Butter (edit)", { stockUomId: 3 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("STORE_PRODUCT_UOM_LOCKED");
    expect((await productByName("Butter (edit)"))?.stockUomId).toBe(KG);
  });

  it("delete is refused once the product has moves (deactivate instead); a product without moves is deleted", async () => {
    const moved = (
      await call("POST", "", validBody("Cheese (delete)", { openingQty: 2, openingUnitCost: 1500 }))
    ).json().data;
    const refused = await call("DELETE", `/${moved.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("STORE_PRODUCT_HAS_MOVES");
    const deactivated = await call("PUT", `/${moved.id}`, validBody("Cheese (delete)", { active: false }));
    expect(deactivated.json().data).toMatchObject({ active: false, storeQty: 2 });
    const inactive = (await call("GET", "?active=false&search=(delete)")).json();
    expect(inactive.data.map((each: { id: number }) => each.id)).toEqual([moved.id]);

    const unused = (await call("POST", "", validBody("Cream (delete)"))).json().data;
    expect((await call("DELETE", `/${unused.id}`)).statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(storeProducts)
        .where(inArray(storeProducts.id, [unused.id])),
    ).toEqual([]);
    expect((await call("DELETE", `/${unused.id}`)).statusCode).toBe(404);
  });

  it("exports every row as XLSX and gives the upload template", async () => {
    const exported = await call("GET", "/export.xlsx?search=(up)");
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("spreadsheetml");
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe("PK");
    const template = await call("GET", "/template.xlsx");
    expect(template.statusCode).toBe(200);
    expect(template.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("store product permissions", () => {
  it("answers 401 without a token and 403 without the permission; List reads, Upload writes", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/store_product" })).statusCode).toBe(401);
    expect((await upload(`${HEADER}\n,X,,KG,,,,,,,`, true, "")).statusCode).toBe(401);
    const lister = await createUser(t.db, { permissions: [perm("Store", "Store Product", "Store Product List")] });
    const token = await loginCargo(t.app, lister.email, lister.password);
    expect((await call("GET", "", undefined, token)).statusCode).toBe(200);
    expect((await call("POST", "", validBody("Nope (perm)"), token)).statusCode).toBe(403);
    expect((await upload(`${HEADER}\n,Nope (perm),,KG,,,,,,,`, true, token)).statusCode).toBe(403);
    const uploader = await createUser(t.db, { permissions: [perm("Store", "Store Product", "Store Product Upload")] });
    const uploadToken = await loginCargo(t.app, uploader.email, uploader.password);
    expect((await call("GET", "", undefined, uploadToken)).statusCode).toBe(403);
    expect((await call("GET", "/template.xlsx", undefined, uploadToken)).statusCode).toBe(200);
    expect((await upload(`${HEADER}\n,Yes (perm),,KG,,,,,,,`, true, uploadToken)).statusCode).toBe(200);
  });
});

describe("the documented samples (docs/samples/store-products.csv and .xlsx)", () => {
  const sample = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../../../../docs/samples", name));
  const send = (name: string, dryRun: boolean) => {
    const body = multipart({}, { field: "file", name, content: sample(name) });
    return t.app.inject({
      method: "POST",
      url: `/api/inventory/store_product/upload${dryRun ? "?dryRun=1" : ""}`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
  };

  it("check clean on a fresh chart's units, and the CSV saves six products with one opening JV of 21,465.80", async () => {
    for (const name of ["store-products.xlsx", "store-products.csv"]) {
      const dry = await send(name, true);
      expect(dry.statusCode, name).toBe(200);
      const rows = dry.json().rows as { errors: unknown[]; action: string }[];
      expect(rows.map((row) => [row.action, row.errors.length])).toEqual(Array(6).fill(["create", 0]));
    }
    const saved = await send("store-products.csv", false);
    expect(saved.json()).toMatchObject({ created: 6, updated: 0 });
    const [voucher] = await t.db.select().from(vouchers).where(eq(vouchers.number, saved.json().voucherNo));
    // 10 x 200.00 + 25.5 x 180.40 + 16 x 410.10 + 96 x 55.25 + 120 x 25.00
    expect(voucher?.totalMinor).toBe(2_146_580n);
  });
});
