import { execFileSync } from "node:child_process";
import { averageMinor, perm, RECEIVING_MESSAGES } from "@cargodesk/shared";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { receivings, stockBins, stockMoves, storeProducts, units, voucherLines, vouchers } from "../../db/schema/index";
import { getIntegration } from "../../lib/books/integration";
import { todayIn } from "../../lib/dates";
import { accountId, adminToken, bearer, createTestApp, createUser, loginCargo, type TestApp } from "../../test/harness";
import { applyMoves } from "../stock";

const STORE = 1;
let t: TestApp;
let token: string;
let today: string;
let kg: number;
let pcs: number;
let dozen: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
  const unitIds = new Map((await t.db.select().from(units)).map((row) => [row.uomName, row.uomId]));
  kg = unitIds.get("KG") ?? 0;
  pcs = unitIds.get("PCS") ?? 0;
  dozen = unitIds.get("DOZEN") ?? 0;
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object, as = token) =>
  t.app.inject({ method, url, payload, headers: bearer(as) });

let sequence = 0;
async function product(name: string, stockUomId = kg): Promise<number> {
  sequence += 1;
  const [row] = await t.db
    .insert(storeProducts)
    .values({ code: `RCV-${sequence}`, name: `${name} ${sequence}`, stockUomId })
    .returning({ id: storeProducts.id });
  if (!row) throw new Error("no product");
  return row.id;
}

async function vendor(name: string): Promise<{ id: number; payableAccountId: number }> {
  sequence += 1;
  const response = await api("POST", "/api/inventory/vendor", { name: `${name} ${sequence}` });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const line = (storeProductId: number, qty: number, unitCost: number, extra: object = {}) => ({
  storeProductId,
  qty,
  uomId: kg,
  unitCost,
  ...extra,
});

async function bin(storeProductId: number) {
  const [row] = await t.db
    .select({ qty: stockBins.qtyMicro, value: stockBins.valueMinor })
    .from(stockBins)
    .where(and(eq(stockBins.storeProductId, storeProductId), eq(stockBins.locationId, STORE)));
  return row;
}

async function voucherOf(id: number) {
  const [head] = await t.db.select().from(vouchers).where(eq(vouchers.id, id));
  const lines = await t.db
    .select({
      accountId: voucherLines.accountId,
      debit: voucherLines.debitMinor,
      credit: voucherLines.creditMinor,
      bill: voucherLines.billNumber,
    })
    .from(voucherLines)
    .where(eq(voucherLines.voucherId, id))
    .orderBy(voucherLines.lineNo);
  return { head, lines };
}

const counts = async () => {
  const [row] = await t.db
    .select({
      receivings: sql<number>`(select count(*)::int from receivings)`,
      moves: sql<number>`(select count(*)::int from stock_moves)`,
      vouchers: sql<number>`(select count(*)::int from vouchers)`,
    })
    .from(sql`(select 1) one`);
  return row;
};

describe("WP1 API acceptance 1 and 2: the worked example", () => {
  it("10 kg @ 200.00 on credit -> GRN-<year>-00001, a JV crediting the vendor, Store 10 kg / 2,000.00", async () => {
    const chicken = await product("Chicken breast");
    const supplier = await vendor("Poultry Farm");
    const response = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      vendorBillNo: "PF-100",
      businessDate: today,
      payment: "credit",
      lines: [line(chicken, 10, 200)],
      post: true,
    });
    expect(response.statusCode).toBe(200);
    const saved = response.json();
    expect(saved.number).toBe(`GRN-${today.slice(0, 4)}-00001`);
    expect(saved.voucherNo).toMatch(new RegExp(`^JV-${today.slice(0, 4)}-\\d{5}$`));
    expect(await bin(chicken)).toEqual({ qty: 10_000_000n, value: 200_000n });

    const { head, lines } = await voucherOf(saved.voucherId);
    expect(head?.source).toBe("receiving");
    expect(lines).toEqual([
      { accountId: await accountId(t.db, "STORE INVENTORY"), debit: 200_000n, credit: 0n, bill: "PF-100" },
      { accountId: supplier.payableAccountId, debit: 0n, credit: 200_000n, bill: "PF-100" },
    ]);
    const ledger = await api("POST", "/api/levelFour/account_ledger", { levelFourId: supplier.payableAccountId });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data).toEqual([
      expect.objectContaining({ vocManualNumber: saved.voucherNo, credit: 2000, debit: 0, billNumber: "PF-100" }),
    ]);
    expect(ledger.json()).toMatchObject({ closingBalance: 2000, creditSum: 2000 });

    // 5 kg @ 260.00 paid cash -> a CPV on the default cash account; Store 15 kg / 3,300.00, average 220.00.
    const cash = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      businessDate: today,
      payment: "cash",
      lines: [line(chicken, 5, 260)],
      post: true,
    });
    expect(cash.statusCode).toBe(200);
    expect(cash.json().number).toBe(`GRN-${today.slice(0, 4)}-00002`);
    expect(cash.json().voucherNo).toMatch(/^CPV-/);
    const cpv = await voucherOf(cash.json().voucherId);
    expect(cpv.head?.cashAccountId).toBe((await getIntegration(t.db))?.defaultCashAccountId);
    expect(cpv.lines.map((entry) => [entry.debit, entry.credit])).toEqual([
      [130_000n, 0n],
      [0n, 130_000n],
    ]);
    const after = await bin(chicken);
    expect(after).toEqual({ qty: 15_000_000n, value: 330_000n });
    expect(after && averageMinor(after)).toBe(22_000n);
    const [stored] = await t.db.select().from(storeProducts).where(eq(storeProducts.id, chicken));
    expect(stored?.lastPurchaseCostMinor).toBe(26_000n);
  });
});

describe("costing", () => {
  it("spreads 100.00 freight over three lines by value to the paisa, tax recoverable kept out of stock", async () => {
    const [a, b, c] = [await product("Rice"), await product("Flour"), await product("Sugar")];
    const supplier = await vendor("Grocer");
    const response = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      businessDate: today,
      payment: "credit",
      charges: [{ label: "Freight", amount: 100 }],
      lines: [line(a, 1, 100), line(b, 1, 100), line(c, 1, 100, { taxRate: 16, discount: 0 })],
      post: true,
    });
    expect(response.statusCode).toBe(200);
    const grn = (await api("GET", `/api/inventory/receiving/${response.json().id}`)).json();
    // 33.34 + 33.33 + 33.33 = 100.00: the first line takes the odd paisa.
    expect(grn.lines.map((entry: { landedValue: number }) => entry.landedValue)).toEqual([133.34, 133.33, 133.33]);
    expect(grn).toMatchObject({ subtotal: 300, tax: 16, charges: 100, total: 416 });
    const { lines } = await voucherOf(response.json().voucherId);
    expect(lines.map((entry) => [entry.debit, entry.credit])).toEqual([
      [40_000n, 0n],
      [1_600n, 0n],
      [0n, 41_600n],
    ]);
    expect(lines[1]?.accountId).toBe(await accountId(t.db, "INPUT SALES TAX"));
  });

  it("converts a dozen into the product's pieces and costs per entered unit", async () => {
    const eggs = await product("Eggs", pcs);
    const supplier = await vendor("Egg Supplier");
    const response = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      businessDate: today,
      payment: "credit",
      lines: [{ storeProductId: eggs, qty: 2, uomId: dozen, unitCost: 300, discount: 50 }],
      post: true,
    });
    expect(response.statusCode).toBe(200);
    expect(await bin(eggs)).toEqual({ qty: 24_000_000n, value: 55_000n });
  });
});

describe("drafts, duplicates and bad input", () => {
  it("saves a draft without a number and posts it later; posting twice is refused", async () => {
    const oil = await product("Oil");
    const supplier = await vendor("Oil Mill");
    const draft = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      businessDate: today,
      payment: "credit",
      lines: [line(oil, 3, 150.5)],
    });
    expect(draft.json()).toMatchObject({ number: null, voucherNo: null });
    expect(await bin(oil)).toBeUndefined();
    const posted = await api("POST", `/api/inventory/receiving/${draft.json().id}/post`);
    expect(posted.statusCode).toBe(200);
    expect(posted.json().number).toMatch(/^GRN-\d{4}-\d{5}$/);
    expect(await bin(oil)).toEqual({ qty: 3_000_000n, value: 45_150n });
    const again = await api("POST", `/api/inventory/receiving/${draft.json().id}/post`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("DOCUMENT_POSTED");
  });

  it("refuses a vendor's bill number twice (409 VENDOR_BILL_DUPLICATE), whatever its case", async () => {
    const salt = await product("Salt");
    const supplier = await vendor("Salt Co");
    const body = { vendorId: supplier.id, businessDate: today, payment: "credit", lines: [line(salt, 1, 10)] };
    expect((await api("POST", "/api/inventory/receiving", { ...body, vendorBillNo: "INV-7" })).statusCode).toBe(200);
    const before = await counts();
    const again = await api("POST", "/api/inventory/receiving", { ...body, vendorBillNo: "inv-7", post: true });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "VENDOR_BILL_DUPLICATE", message: RECEIVING_MESSAGES.billDuplicate });
    expect(await counts()).toEqual(before);
  });

  it("answers 400 naming the field and writes nothing", async () => {
    const milk = await product("Milk");
    const supplier = await vendor("Dairy");
    const before = await counts();
    const cases: [object, string, string][] = [
      [{ lines: [line(milk, 0, 10)] }, "lines.0.qty", "Quantity must be a number above 0 with at most 6 decimals"],
      [{ lines: [line(milk, 1, 0)] }, "lines.0.unitCost", RECEIVING_MESSAGES.free],
      [{ lines: [line(milk, 1, -1)] }, "lines.0.unitCost", RECEIVING_MESSAGES.unitCost],
      [{ lines: [line(milk, 2, 10, { discount: 20.01 })] }, "lines.0.discount", RECEIVING_MESSAGES.discount],
      [{ lines: [line(milk, 1, 10, { taxRate: 100.5 })] }, "lines.0.taxRate", RECEIVING_MESSAGES.taxRate],
      [{ lines: [] }, "lines", RECEIVING_MESSAGES.lines],
      [{ payment: "bank" }, "payAccountId", RECEIVING_MESSAGES.payAccount],
      [
        { payment: "cash", payAccountId: await accountId(t.db, "RENT") },
        "payAccountId",
        RECEIVING_MESSAGES.notInCashGroup,
      ],
      [{ vendorId: 999_999 }, "vendorId", RECEIVING_MESSAGES.vendor],
      [{ locationId: 2 }, "locationId", RECEIVING_MESSAGES.notStoreLocation],
      [{ lines: [line(milk, 1, 10, { uomId: pcs })] }, "lines.0.uomId", RECEIVING_MESSAGES.unitNotAllowed],
      [{ businessDate: "2999-01-01" }, "businessDate", "The date cannot be after today"],
    ];
    for (const [change, field, message] of cases) {
      const response = await api("POST", "/api/inventory/receiving", {
        vendorId: supplier.id,
        businessDate: today,
        payment: "credit",
        lines: [line(milk, 1, 10)],
        post: true,
        ...change,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().details, field).toEqual(expect.arrayContaining([{ field, message }]));
    }
    expect(await counts()).toEqual(before);
  });
});

describe("reversal", () => {
  it("mirrors the moves at the original values and the voucher, linked as its reversal", async () => {
    const beans = await product("Beans");
    const supplier = await vendor("Bean Trader");
    const posted = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      vendorBillNo: "B-1",
      businessDate: today,
      payment: "credit",
      lines: [line(beans, 4, 125.25)],
      post: true,
    });
    const id = posted.json().id;
    const reversed = await api("POST", `/api/inventory/receiving/${id}/reverse`);
    expect(reversed.statusCode).toBe(200);
    expect(await bin(beans)).toEqual({ qty: 0n, value: 0n });
    const mirror = await voucherOf(reversed.json().voucherId);
    expect(mirror.head).toMatchObject({ reversalOfId: posted.json().voucherId, source: "reversal" });
    expect(mirror.lines.map((entry) => [entry.accountId, entry.debit, entry.credit])).toEqual([
      [await accountId(t.db, "STORE INVENTORY"), 0n, 50_100n],
      [supplier.payableAccountId, 50_100n, 0n],
    ]);
    const moves = await t.db.select().from(stockMoves).where(eq(stockMoves.storeProductId, beans));
    expect(moves.map((move) => [move.docType, move.valueMinor, move.voucherId])).toEqual([
      ["receiving", 50_100n, posted.json().voucherId],
      ["receiving_reversal", -50_100n, reversed.json().voucherId],
    ]);
    const list = (await api("GET", `/api/inventory/receiving?vendorId=${supplier.id}`)).json();
    expect(list.data[0]).toMatchObject({ status: "reversed", reversalVoucherNo: reversed.json().voucherNo });
    // The bill number is free again once its receiving is reversed; a second reversal is refused.
    expect((await api("POST", `/api/inventory/receiving/${id}/reverse`)).statusCode).toBe(409);
  });

  it("is refused with 409 STOCK_SHORT once the stock was issued, and nothing changes", async () => {
    const lentils = await product("Lentils");
    const supplier = await vendor("Pulse Trader");
    const posted = await api("POST", "/api/inventory/receiving", {
      vendorId: supplier.id,
      businessDate: today,
      payment: "credit",
      lines: [line(lentils, 10, 200)],
      post: true,
    });
    await t.db.transaction((tx) =>
      applyMoves(
        tx,
        [
          {
            storeProductId: lentils,
            locationId: STORE,
            qtyMicro: -3_000_000n,
            docType: "issue_out",
            docId: 1,
            businessDate: today,
          },
        ],
        null,
      ),
    );
    const before = await counts();
    const refused = await api("POST", `/api/inventory/receiving/${posted.json().id}/reverse`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "STOCK_SHORT",
      details: { lines: [{ storeProductId: lentils, locationId: STORE, available: 7, requested: 10 }] },
    });
    expect(await counts()).toEqual(before);
    const [head] = await t.db.select().from(receivings).where(eq(receivings.id, posted.json().id));
    expect(head?.status).toBe("posted");
  });
});

describe("documents and reports", () => {
  it("prints the GRN, finds it by number as PDF and XLSX, and reports by vendor and product", async () => {
    const flour = await product("Fine flour");
    const supplier = await vendor("Mill");
    const posted = (
      await api("POST", "/api/inventory/receiving", {
        vendorId: supplier.id,
        vendorBillNo: "M-9",
        businessDate: today,
        payment: "credit",
        lines: [line(flour, 2, 100), line(flour, 3, 110)],
        post: true,
      })
    ).json();
    const pdf = await api("GET", `/api/inventory/receiving/${posted.id}/grn.pdf`);
    expect(pdf.headers["content-type"]).toContain("application/pdf");
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("GOODS RECEIVED NOTE");
    expect(text).toContain(posted.number);
    expect(text).toMatch(/Total: 530\.00/);

    const byNumber = await api("GET", `/api/inventory/receiving/by_number/${posted.number.toLowerCase()}?format=xlsx`);
    expect(byNumber.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Uint8Array.from(byNumber.rawPayload).buffer);
    expect(workbook.worksheets[0]?.getRow(3).getCell(13).value).toBe(200);
    expect((await api("GET", "/api/inventory/receiving/by_number/GRN-1999-00001")).statusCode).toBe(404);

    const report = await api("POST", "/api/inventory/receiving/report", {
      startDate: today,
      endDate: today,
      vendorId: supplier.id,
    });
    expect(report.json()).toMatchObject({
      grnCount: 1,
      value: 530,
      vendors: [
        {
          vendorName: expect.stringContaining("Mill"),
          value: 530,
          products: [{ storeProductId: flour, qty: 5, value: 530, averageCost: 106 }],
          grns: [{ number: posted.number, value: 530 }],
        },
      ],
    });
    const reportPdf = await api("POST", "/api/inventory/receiving/report", {
      startDate: today,
      endDate: today,
      format: "pdf",
    });
    expect(reportPdf.headers["content-type"]).toContain("application/pdf");
  });
});

describe("permissions", () => {
  it("lets a Receiving List holder read but not post, and a Vendor holder not receive", async () => {
    const lister = await createUser(t.db, { permissions: [perm("Store", "Receiving", "Receiving List")] });
    const listerToken = await loginCargo(t.app, lister.email, lister.password);
    expect((await api("GET", "/api/inventory/receiving", undefined, listerToken)).statusCode).toBe(200);
    expect((await api("POST", "/api/inventory/receiving", {}, listerToken)).statusCode).toBe(403);
    const keeper = await createUser(t.db, { permissions: [perm("Master Control", "Vendor")] });
    const keeperToken = await loginCargo(t.app, keeper.email, keeper.password);
    expect((await api("GET", "/api/inventory/receiving/options", undefined, keeperToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/inventory/receiving" })).statusCode).toBe(401);
  });
});
