import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { BARCODE_MESSAGES, isValidEan13, perm, THERMAL_LABEL_MESSAGES } from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, storeProducts } from "../../db/schema/index";
import { adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";

const run = promisify(execFile);

let t: TestApp;
let token: string;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  dir = await mkdtemp(path.join(os.tmpdir(), "cargodesk-labels-"));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const post = (url: string, payload: object, as = token) =>
  t.app.inject({ method: "POST", url, payload, headers: bearer(as) });

async function made(url: string, body: object): Promise<number> {
  const response = await post(url, body);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { id: number }).id;
}

/** A product with two sizes and no barcodes; its variant ids in grid order. */
async function productWithVariants(tag: string): Promise<number[]> {
  const categoryId = await made("/api/inventory/category", { name: `Labels ${tag}` });
  const sizeIds = [
    await made("/api/inventory/size", { name: `Regular ${tag}`, code: "R", sort: 1 }),
    await made("/api/inventory/size", { name: `Large ${tag}`, code: "L", sort: 2 }),
  ];
  const productId = await made("/api/inventory/product", {
    name: `Fries ${tag}`,
    categoryId,
    track: "none",
    sizeIds,
    variants: sizeIds.map((sizeId, index) => ({ sizeId, price: 250 + index * 100.5, active: true })),
  });
  const product = (
    await t.app.inject({ method: "GET", url: `/api/inventory/product/${productId}`, headers: bearer(token) })
  ).json();
  return (product.variants as { id: number }[]).map((variant) => variant.id);
}

async function storeProduct(name: string, barcode: string | null): Promise<number> {
  const [row] = await t.db
    .insert(storeProducts)
    .values({
      code: `SP-${name.replace(/\W/g, "").slice(0, 20)}`,
      name,
      groupName: "Dry goods",
      stockUomId: 1,
      barcode,
    })
    .returning({ id: storeProducts.id });
  if (!row) throw new Error("no store product");
  return row.id;
}

async function pdfFacts(pdf: Buffer, name: string) {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, pdf);
  const info = (await run("pdfinfo", [file])).stdout;
  const text = (await run("pdftotext", ["-layout", file, "-"])).stdout;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), text, file };
}

/** The codes zbarimg reads on the first page at 200 dpi. */
async function decodeFirstPage(file: string, symbology: "ean13" | "code128"): Promise<string[]> {
  const prefix = `${file}-page`;
  await run("pdftoppm", ["-r", "200", "-png", "-singlefile", "-f", "1", "-l", "1", file, prefix]);
  const { stdout } = await run("zbarimg", ["--raw", "-q", "-Sdisable", `-S${symbology}.enable`, `${prefix}.png`]);
  return stdout.split("\n").filter(Boolean);
}

describe("POST /api/inventory/barcode/assign", () => {
  it("gives items without a code in-store EAN-13s (prefix 2, check digit, unique in both tables) and keeps supplier codes", async () => {
    // An in-store code already used by a store product: new codes come after it, never on it.
    await storeProduct("Taken code G1", "2000000500006");
    const variantIds = await productWithVariants("G1");
    const flour = await storeProduct("Flour G1", null);
    const cola = await storeProduct("Cola G1", "5449000000996");
    const response = await post("/api/inventory/barcode/assign", { variantIds, storeProductIds: [flour, cola] });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as {
      message: string;
      data: { kind: string; id: number; barcode: string; assigned: boolean; name: string }[];
    };
    expect(answer.message).toBe("3 barcodes assigned");
    expect(answer.data.map((item) => [item.kind, item.id, item.assigned])).toEqual([
      ["variant", variantIds[0], true],
      ["variant", variantIds[1], true],
      ["storeProduct", flour, true],
      ["storeProduct", cola, false],
    ]);
    expect(answer.data[0]?.name).toBe("Fries G1 Regular G1");
    expect(answer.data[3]?.barcode).toBe("5449000000996");
    const assigned = answer.data.filter((item) => item.assigned).map((item) => item.barcode);
    for (const code of assigned) {
      expect(isValidEan13(code), code).toBe(true);
      expect(code.startsWith("2")).toBe(true);
      expect(Number(code.slice(1, 12))).toBeGreaterThan(50_000);
    }
    expect(new Set(assigned).size).toBe(3);
    const stored = await t.db
      .select({ barcode: productVariants.barcode })
      .from(productVariants)
      .where(inArray(productVariants.id, variantIds));
    expect(stored.map((row) => row.barcode).sort()).toEqual(assigned.slice(0, 2).sort());

    const again = await post("/api/inventory/barcode/assign", { variantIds, storeProductIds: [flour] });
    expect(again.json().message).toBe(BARCODE_MESSAGES.assigned(0));
    expect(again.json().data.map((item: { barcode: string }) => item.barcode)).toEqual([...assigned]);
  });

  it("never gives one code twice when two assignments run at once", async () => {
    const first = await productWithVariants("G2a");
    const second = await productWithVariants("G2b");
    const [a, b] = await Promise.all([
      post("/api/inventory/barcode/assign", { variantIds: first }),
      post("/api/inventory/barcode/assign", { variantIds: second }),
    ]);
    expect(a?.statusCode, a?.body).toBe(200);
    expect(b?.statusCode, b?.body).toBe(200);
    const codes = [...a.json().data, ...b.json().data].map((item: { barcode: string }) => item.barcode);
    expect(new Set(codes).size).toBe(4);
  });

  it("refuses unknown, repeated or no items with a 400 naming the field, and writes nothing", async () => {
    const variantIds = await productWithVariants("G3");
    const unknown = await post("/api/inventory/barcode/assign", { variantIds: [variantIds[0], 2_000_000_000] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: "variantIds.1", message: BARCODE_MESSAGES.variant }]);
    const [row] = await t.db
      .select({ barcode: productVariants.barcode })
      .from(productVariants)
      .where(eq(productVariants.id, variantIds[0] ?? 0));
    expect(row?.barcode).toBeNull();
    const repeated = await post("/api/inventory/barcode/assign", { variantIds: [variantIds[0], variantIds[0]] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().details).toEqual([{ field: "variantIds.1", message: BARCODE_MESSAGES.repeated }]);
    const none = await post("/api/inventory/barcode/assign", {});
    expect(none.statusCode).toBe(400);
    expect(none.json().details).toEqual([{ field: "variantIds", message: BARCODE_MESSAGES.nothingChosen }]);
  });
});

describe("POST /api/inventory/barcode/labels.pdf", () => {
  it("puts 24 labels on an A4 sheet: 50 copies make 3 pages with names, sizes, prices and readable EAN-13s", async () => {
    const variantIds = await productWithVariants("G4");
    const codes = (await post("/api/inventory/barcode/assign", { variantIds }))
      .json()
      .data.map((item: { barcode: string }) => item.barcode);
    const response = await post("/api/inventory/barcode/labels.pdf", {
      items: [
        { kind: "variant", id: variantIds[0], copies: 30 },
        { kind: "variant", id: variantIds[1], copies: 20 },
      ],
      template: "a4-3x8",
      fields: ["name", "variant", "price", "code"],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    const facts = await pdfFacts(response.rawPayload, "a4");
    expect(facts.pages).toBe(3);
    expect(facts.text).toContain("Fries G4");
    expect(facts.text).toContain("Large G4");
    expect(facts.text).toContain("350.50");
    expect(facts.text).toContain(codes[0]);
    expect(facts.text).toContain(codes[1]);
    const firstPage = facts.text.split("\f")[0] ?? "";
    expect(firstPage.split(codes[0]).length - 1).toBe(24);
    // zbarimg reports a code once however often it appears on the page.
    expect(await decodeFirstPage(facts.file, "ean13")).toEqual([codes[0]]);
  });

  it("prints one label a page on the thermal sizes, and a non-numeric code as Code 128", async () => {
    const bag = await storeProduct("Paper bag G5", "BAG-G5-01");
    const response = await post("/api/inventory/barcode/labels.pdf", {
      items: [{ kind: "storeProduct", id: bag, copies: 3 }],
      template: "38x25",
      fields: ["name", "code"],
    });
    expect(response.statusCode, response.body).toBe(200);
    const facts = await pdfFacts(response.rawPayload, "thermal");
    expect(facts.pages).toBe(3);
    expect(facts.text).toContain("Paper bag G5");
    expect(await decodeFirstPage(facts.file, "code128")).toEqual(["BAG-G5-01"]);
  });

  it("refuses more than 2,000 copies, an item without a code when the code is printed, and unknown items (400)", async () => {
    const plain = await storeProduct("No code G6", null);
    const tooMany = await post("/api/inventory/barcode/labels.pdf", {
      items: [
        { kind: "storeProduct", id: plain, copies: 1500 },
        { kind: "variant", id: 1, copies: 501 },
      ],
      template: "a4-3x8",
      fields: ["name"],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details).toEqual([{ field: "items", message: BARCODE_MESSAGES.tooManyCopies }]);
    const noCode = await post("/api/inventory/barcode/labels.pdf", {
      items: [{ kind: "storeProduct", id: plain, copies: 1 }],
      template: "50x30",
      fields: ["name", "code"],
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details).toEqual([{ field: "items.0.id", message: BARCODE_MESSAGES.noCode }]);
    const nameOnly = await post("/api/inventory/barcode/labels.pdf", {
      items: [{ kind: "storeProduct", id: plain, copies: 1 }],
      template: "50x30",
      fields: ["name"],
    });
    expect(nameOnly.statusCode).toBe(200);
    const unknown = await post("/api/inventory/barcode/labels.pdf", {
      items: [{ kind: "variant", id: 2_000_000_000, copies: 1 }],
      template: "50x30",
      fields: ["name"],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details).toEqual([{ field: "items.0.id", message: BARCODE_MESSAGES.variant }]);
  });
});

describe("POST /api/inventory/barcode/labels.tspl", () => {
  it("answers the chosen items as TSPL for the roll template, with the codes the PDF would carry", async () => {
    const variantIds = await productWithVariants("T1");
    const [code] = (await post("/api/inventory/barcode/assign", { variantIds: [variantIds[1]] }))
      .json()
      .data.map((item: { barcode: string }) => item.barcode);
    const bag = await storeProduct("Paper bag T1", "BAG-T1-01");
    const response = await post("/api/inventory/barcode/labels.tspl", {
      items: [
        { kind: "variant", id: variantIds[1], copies: 4 },
        { kind: "storeProduct", id: bag, copies: 1 },
      ],
      template: "38x25",
      fields: ["name", "variant", "price", "code"],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    const text = response.rawPayload.toString("latin1");
    expect(text.startsWith("SIZE 38 mm,25 mm\r\nGAP 2 mm,0 mm\r\n")).toBe(true);
    expect(text).toContain('"Fries T1"');
    expect(text).toContain('"Large T1"');
    expect(text).toContain('"350.50"');
    expect(text).toContain(`"EAN13",`);
    expect(text).toContain(`"${code}"\r\nPRINT 1,4\r\n`);
    expect(text).toContain('"128",');
    expect(text).toMatch(/"BAG-T1-01"\r\nPRINT 1,1\r\n$/);
  });

  it("refuses the A4 sheet on template and an item without a code like the PDF (400)", async () => {
    const plain = await storeProduct("No code T2", null);
    const a4 = await post("/api/inventory/barcode/labels.tspl", {
      items: [{ kind: "storeProduct", id: plain, copies: 1 }],
      template: "a4-3x8",
      fields: ["name"],
    });
    expect(a4.statusCode).toBe(400);
    expect(a4.json().details).toEqual([{ field: "template", message: THERMAL_LABEL_MESSAGES.template }]);
    const noCode = await post("/api/inventory/barcode/labels.tspl", {
      items: [{ kind: "storeProduct", id: plain, copies: 1 }],
      template: "50x30",
      fields: ["name", "code"],
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details).toEqual([{ field: "items.0.id", message: BARCODE_MESSAGES.noCode }]);
  });
});

describe("GET /api/inventory/barcode/items and filters", () => {
  it("lists variants by category and search, store products by group, and only those missing a code", async () => {
    const variantIds = await productWithVariants("G7");
    const filters = (
      await t.app.inject({ method: "GET", url: "/api/inventory/barcode/filters", headers: bearer(token) })
    ).json();
    const category = filters.categories.find((row: { name: string }) => row.name === "Labels G7");
    expect(category).toBeDefined();
    expect(filters.groups).toContain("Dry goods");
    const page = (
      await t.app.inject({
        method: "GET",
        url: `/api/inventory/barcode/items?kind=variant&categoryId=${category.id}&missing=true`,
        headers: bearer(token),
      })
    ).json();
    expect(page.total_results).toBe(2);
    expect(
      page.data.map((row: { id: number; variant: string; price: number }) => [row.id, row.variant, row.price]),
    ).toEqual([
      [variantIds[0], "Regular G7", 250],
      [variantIds[1], "Large G7", 350.5],
    ]);
    await storeProduct("Sugar G7", null);
    const stores = (
      await t.app.inject({
        method: "GET",
        url: "/api/inventory/barcode/items?kind=storeProduct&group=Dry%20goods&search=sugar%20g7",
        headers: bearer(token),
      })
    ).json();
    expect(stores.data).toEqual([
      expect.objectContaining({ kind: "storeProduct", name: "Sugar G7", price: null, barcode: null }),
    ]);
  });
});

describe("barcode permissions", () => {
  it("answers 401 without a token and 403 without Master Control > Barcode", async () => {
    expect(
      (await t.app.inject({ method: "POST", url: "/api/inventory/barcode/assign", payload: { variantIds: [1] } }))
        .statusCode,
    ).toBe(401);
    const other = await createUser(t.db, { permissions: [perm("Master Control", "Menu")] });
    const otherToken = await loginCargo(t.app, other.email, other.password);
    expect((await post("/api/inventory/barcode/assign", { variantIds: [1] }, otherToken)).statusCode).toBe(403);
    const labeller = await createUser(t.db, { permissions: [perm("Master Control", "Barcode")] });
    const labellerToken = await loginCargo(t.app, labeller.email, labeller.password);
    const items = await t.app.inject({
      method: "GET",
      url: "/api/inventory/barcode/items",
      headers: bearer(labellerToken),
    });
    expect(items.statusCode).toBe(200);
  });
});
