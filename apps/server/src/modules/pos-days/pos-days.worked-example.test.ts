import { randomUUID } from "node:crypto";
import type { DayClosed, PosOrder, PosSession } from "@cargodesk/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries, stockBins, voucherLines, vouchers } from "../../db/schema/index";
import { balanceAsOf } from "../../lib/books/balances";
import { postVoucher } from "../../lib/books/posting";
import { addDays, todayIn } from "../../lib/dates";
import { accountId, adminToken, createTestApp, type TestApp } from "../../test/harness";
import { dish } from "../../test/pos-fixtures";
import { KITCHEN, STORE, stockProduct } from "../../test/stock-fixtures";
import { type DayApi, dayApi, okJson, openDayWithA01, preview, register } from "./pos-days.test-helpers";

/**
 * The worked example of design 7.3 (WP3 API acceptance 1) through the API: GRN 10 kg @ 200.00 on
 * credit, GRN 5 kg @ 260.00 paid cash, ISS 3 kg to the Kitchen, Day Open with a 5,000.00 float,
 * sale 1 (1,160.00 cash) and sale 2 (1,050.00 card) of a Zinger L using 150 g of chicken, A01
 * counted 6,150.00, Day Close: exactly the spec's voucher lines and balances.
 */
let t: TestApp;
let token: string;
let api: DayApi;
let today: string;
let chicken: { id: number; kgId: number };
let zinger: { variantId: number };
let cashId: number;
let cardId: number;
let counterId: number;
let session: PosSession;
let dayId: number;

const lines = async (voucherId: number) =>
  (
    await t.db
      .execute(sql`
        select a.name, l.debit, l.credit from voucher_lines l join accounts a on a.id = l.account_id
        where l.voucher_id = ${voucherId} order by l.line_no`)
      .then((result) => (result as unknown as { rows: { name: string; debit: number; credit: number }[] }).rows)
  ).map((row) => [row.name, Number(row.debit) / 100, Number(row.credit) / 100]);

const balance = async (name: string) =>
  Number(await balanceAsOf(t.db, await accountId(t.db, name), "9999-12-31")) / 100;

async function binValue(locationId: number) {
  const [bin] = await t.db
    .select({ value: stockBins.valueMinor, qty: stockBins.qtyMicro })
    .from(stockBins)
    .where(and(eq(stockBins.storeProductId, chicken.id), eq(stockBins.locationId, locationId)));
  return { kg: Number(bin?.qty ?? 0n) / 1_000_000, value: Number(bin?.value ?? 0n) / 100 };
}

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  api = dayApi(t, () => token);
  today = todayIn(t.config.APP_TZ);
  const seeded = await register(t);
  cashId = seeded.cash.id;
  cardId = seeded.card.id;
  counterId = seeded.counter.id;
  chicken = await stockProduct(t.db, "Chicken breast");
  const [food] = await t.db
    .execute(sql`select id from tax_classes where name = 'Food'`)
    .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  zinger = await dish(t, {
    name: "Zinger Burger",
    sizeName: "L",
    priceMinor: 100_000n,
    taxClassId: food?.id ?? 0,
    recipe: [{ storeProductId: chicken.id, qtyMicro: 150_000n }],
  });
  // A01 Cash holds 5,000.00 in the books before the day opens: the float counted into the drawer.
  const mainCash = await accountId(t.db, "CASH IN HAND");
  await t.db.transaction((tx) =>
    postVoucher(tx, {
      typeId: 5,
      date: addDays(today, -1),
      cashAccountId: null,
      source: "manual",
      createdBy: seeded.admin.id,
      approvedBy: seeded.admin.id,
      lines: [
        {
          accountId: seeded.counter.cashAccountId,
          debit: 500_000,
          credit: 0,
          description: "Float",
          billNumber: "",
          accountTitle: "",
        },
        { accountId: mainCash, debit: 0, credit: 500_000, description: "Float", billNumber: "", accountTitle: "" },
      ],
    }),
  );
});
afterAll(() => t.close());

describe("design 7.3, the worked example, through the API", () => {
  it("receives 10 kg @ 200.00 on credit and 5 kg @ 260.00 paid cash, then issues 3 kg to the Kitchen", async () => {
    const vendor = await okJson<{ data: { id: number } }>(api("POST", "/api/inventory/vendor", { name: "Poultry Co" }));
    const grn = (payment: string, qty: number, unitCost: number) =>
      okJson<{ number: string }>(
        api("POST", "/api/inventory/receiving", {
          vendorId: vendor.data.id,
          businessDate: today,
          payment,
          lines: [{ storeProductId: chicken.id, qty, uomId: chicken.kgId, unitCost }],
          post: true,
        }),
      );
    expect((await grn("credit", 10, 200)).number).toBe(`GRN-${today.slice(0, 4)}-00001`);
    expect((await grn("cash", 5, 260)).number).toBe(`GRN-${today.slice(0, 4)}-00002`);
    const issued = await okJson<{ number: string }>(
      api("POST", "/api/inventory/issuance", {
        fromLocationId: STORE,
        toLocationId: KITCHEN,
        businessDate: today,
        lines: [{ storeProductId: chicken.id, qty: 3, uomId: chicken.kgId }],
        post: true,
      }),
    );
    expect(issued.number).toBe(`ISS-${today.slice(0, 4)}-00001`);
    expect(await binValue(STORE)).toEqual({ kg: 12, value: 2640 });
    expect(await binValue(KITCHEN)).toEqual({ kg: 3, value: 660 });
  });

  it("opens A01 with a 5,000.00 float equal to its book, sells 1,160.00 cash and 1,050.00 by card", async () => {
    const opened = await openDayWithA01(api, t, today, 5000);
    session = opened.session;
    dayId = opened.day.dayId;
    expect(session).toMatchObject({ openingFloat: 5000, floatBook: 5000, floatDifference: 0 });
    const sell = (methodId: number, amount: number) =>
      okJson<PosOrder>(
        api("POST", "/api/pos/order", {
          clientUuid: randomUUID(),
          counterId,
          orderType: "take_away",
          ops: [
            { opUuid: randomUUID(), kind: "add_line", lineUuid: randomUUID(), variantId: zinger.variantId, qty: 1 },
            {
              opUuid: randomUUID(),
              kind: "pay",
              clientUuid: randomUUID(),
              payments: [{ methodId, amount }],
              total: amount,
            },
          ],
        }),
      );
    expect(await sell(cashId, 1160)).toMatchObject({ status: "paid", subtotal: 1000, tax: 160, total: 1160 });
    expect(await sell(cardId, 1050)).toMatchObject({ status: "paid", subtotal: 1000, tax: 50, total: 1050 });
    expect(await binValue(KITCHEN)).toEqual({ kg: 2.7, value: 594 });
  });

  it("closes A01: expected cash 6,160.00, counted 6,150.00 (10.00 short), card batch 1,050.00", async () => {
    const closed = await okJson<{ session: PosSession }>(
      api("POST", `/api/setting/day_close/session/${session.id}`, { counted: { [cashId]: 6150, [cardId]: 1050 } }),
    );
    expect(closed.session.cash.expected).toBe(6160);
    expect(
      closed.session.methods.map((method) => [method.name, method.expected, method.counted, method.difference]),
    ).toEqual([
      ["Cash", 6160, 6150, -10],
      ["Card", 1050, 1050, 0],
    ]);
    expect(closed.session.overShort).toBe(-10);
  });

  it("closes the day with exactly the spec's sales JV and COGS JV", async () => {
    const ready = await preview(api, dayId);
    expect(ready.blockers).toEqual([]);
    expect(ready.summary).toMatchObject({ gross: 2000, tax: 210, total: 2210, cogs: 66, foodCostPct: 3.3 });
    const closed = await okJson<DayClosed>(api("POST", "/api/setting/day_close", { dayId }));
    expect(closed.zNumber).toBe(`Z-A-${today.slice(0, 4)}-00001`);
    expect(await lines(closed.salesVoucherId ?? 0)).toEqual([
      ["A01 CASH", 1160, 0],
      ["CARD CLEARING", 1050, 0],
      ["SALES - FOOD", 0, 2000],
      ["SALES TAX PAYABLE", 0, 210],
      ["CASH OVER/SHORT", 10, 0],
      ["A01 CASH", 0, 10],
    ]);
    const [sales] = await t.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.id, closed.salesVoucherId ?? 0));
    expect(sales?.totalMinor).toBe(222_000n);
    expect(await lines(closed.cogsVoucherId ?? 0)).toEqual([
      ["COST OF GOODS SOLD", 66, 0],
      ["KITCHEN INVENTORY", 0, 66],
    ]);
    const bills = await t.db
      .selectDistinct({ bill: voucherLines.billNumber })
      .from(voucherLines)
      .where(eq(voucherLines.voucherId, closed.salesVoucherId ?? 0));
    expect(bills).toEqual([{ bill: closed.zNumber }]);
  });

  it("leaves the ledger matching the stock: Kitchen 594.00, Store 2,640.00, A01 Cash 6,150.00, balanced", async () => {
    expect(await balance("KITCHEN INVENTORY")).toBe(594);
    expect((await binValue(KITCHEN)).value).toBe(594);
    expect(await balance("STORE INVENTORY")).toBe(2640);
    expect((await binValue(STORE)).value).toBe(2640);
    expect(await balance("A01 CASH")).toBe(6150);
    const [totals] = await t.db
      .select({
        debit: sql<string>`sum(${ledgerEntries.debitMinor})::text`,
        credit: sql<string>`sum(${ledgerEntries.creditMinor})::text`,
      })
      .from(ledgerEntries);
    expect(totals?.debit).toBe(totals?.credit);
    const pl = await okJson<{ local_sale: { balance: number }; direct_expense: { balance: number } }>(
      api("POST", "/api/reports/profit_loss", { startedDate: today, endDate: today }),
    );
    expect(pl).toMatchObject({ local_sale: { balance: 2000 }, direct_expense: { balance: 66 } });
  });
});
