import { execFileSync } from "node:child_process";
import type { DayDetail, DayRow, PosSession, VoucherSources } from "@cargodesk/shared";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accountIntegration,
  ledgerEntries,
  menuCategories,
  paymentMethods,
  posCustomers,
  posOrders,
  stockExceptions,
  stockMoves,
  taxClasses,
  vouchers,
} from "../../db/schema/index";
import { postVoucher } from "../../lib/books/posting";
import { addDays, todayIn } from "../../lib/dates";
import { accountId, adminToken, createTestApp, type TestApp } from "../../test/harness";
import { type FixtureDay, insertCashMove, insertOrders } from "../../test/pos-day-fixtures";
import { KITCHEN, kg, receiveStock, stockProduct } from "../../test/stock-fixtures";
import {
  current,
  type DayApi,
  dayApi,
  linesOf,
  okJson,
  openDayWithA01,
  preview,
  register,
} from "./pos-days.test-helpers";

let t: TestApp;
let api: DayApi;
let token: string;
let day: FixtureDay;
let session: PosSession;
let ids: Record<string, number>;
let orders: number[];
let openOrder: number;
const yesterday = () => addDays(todayIn(t.config.APP_TZ), -1);

/** The book balance of A01 CASH made equal to the float before Day Open (cash brought from the main cash). */
async function fundCounter(amountMinor: number) {
  const [admin] = await t.db
    .execute(sql`select id from users where user_name = 'admin'`)
    .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
  await t.db.transaction((tx) =>
    postVoucher(tx, {
      typeId: 5,
      date: addDays(yesterday(), -1),
      cashAccountId: null,
      source: "manual",
      createdBy: admin?.id ?? null,
      approvedBy: admin?.id ?? null,
      lines: [
        {
          accountId: ids.a01Cash ?? 0,
          debit: amountMinor,
          credit: 0,
          description: "Float",
          billNumber: "",
          accountTitle: "",
        },
        {
          accountId: ids.mainCash ?? 0,
          debit: 0,
          credit: amountMinor,
          description: "Float",
          billNumber: "",
          accountTitle: "",
        },
      ],
    }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  api = dayApi(t, () => token);
  const { card } = await register(t);
  ids = {
    a01Cash: await accountId(t.db, "A01 CASH"),
    mainCash: await accountId(t.db, "CASH IN HAND"),
    sundry: await accountId(t.db, "SUNDRY INCOME"),
    rent: await accountId(t.db, "RENT"),
    walkIn: await accountId(t.db, "WALK-IN CUSTOMERS"),
    card: card.id,
  };
  await fundCounter(500_000);
  const [burgers] = await t.db.insert(menuCategories).values({ name: "Burgers" }).returning();
  const [drinks] = await t.db
    .insert(menuCategories)
    .values({ name: "Drinks", revenueAccountId: ids.sundry })
    .returning();
  const [food] = await t.db.select().from(taxClasses).where(eq(taxClasses.name, "Food"));
  const [onAccount] = await t.db
    .insert(paymentMethods)
    .values({ name: "House account", kind: "on_account", countedAtClose: false, sort: 9 })
    .returning();
  const [customer] = await t.db
    .insert(posCustomers)
    .values({ name: "Ali Traders", phone: "+923001234567", creditAllowed: true, receivableAccountId: ids.walkIn })
    .returning();
  if (!burgers || !drinks || !food || !onAccount || !customer) throw new Error("setup failed");
  const chicken = await stockProduct(t.db, "Chicken breast");
  await receiveStock(t.db, chicken.id, kg(3), 66_000n, yesterday(), KITCHEN);

  ({ day, session } = await openDayWithA01(api, t, yesterday(), 5000));
  const burger = (gross: bigint, tax: bigint) => ({
    categoryId: burgers.id,
    taxClassId: food.id,
    name: "Zinger Burger",
    grossMinor: gross,
    taxMinor: tax,
    uses: [{ storeProductId: chicken.id, qtyMicro: kg(0.15) }],
  });
  orders = await insertOrders(t.db, day, [
    // 1: cash 1,160.00 tendered 2,000.00
    {
      lines: [burger(100_000n, 16_000n)],
      payments: [{ methodId: day.cashMethodId, amountMinor: 116_000n, changeMinor: 84_000n }],
    },
    // 2: card 1,050.00 (5% by card)
    { lines: [burger(100_000n, 5_000n)], payments: [{ methodId: card.id, amountMinor: 105_000n }] },
    // 3: a drink with a discount, service charge and rounding, cash
    {
      lines: [{ categoryId: drinks.id, name: "Mint Lemonade", grossMinor: 30_000n, discountMinor: 3_000n }],
      serviceChargeMinor: 2_700n,
      roundingMinor: 300n,
    },
    // 4: on the house account of a customer
    {
      lines: [burger(50_000n, 8_000n)],
      customerId: customer.id,
      payments: [{ methodId: onAccount.id, amountMinor: 58_000n }],
    },
  ]);
  const refund = await insertOrders(t.db, day, [
    {
      status: "refund",
      refundOfId: orders[0] ?? null,
      lines: [{ categoryId: burgers.id, taxClassId: food.id, qty: -1, grossMinor: -100_000n, taxMinor: -16_000n }],
    },
  ]);
  const voided = await insertOrders(t.db, day, [
    { status: "voided", lines: [{ ...burger(0n, 0n), voidedQty: 1, wasted: true }] },
  ]);
  [openOrder = 0] = await insertOrders(t.db, day, [{ status: "open", lines: [burger(100_000n, 0n)] }]);
  orders.push(...refund, ...voided);
  await insertCashMove(t.db, session.id, "pay_out", 10_000n, ids.rent ?? null, day.userId);
  await insertCashMove(t.db, session.id, "drop", 100_000n, null, day.userId);
  await insertCashMove(t.db, session.id, "pay_in", 20_000n, null, day.userId);
  await t.db.insert(stockExceptions).values({
    businessDayId: day.dayId,
    storeProductId: chicken.id,
    locationId: KITCHEN,
    shortMicro: kg(0.05),
  });
});
afterAll(() => t.close());

describe("Day Close preview", () => {
  it("lists what blocks the close: the open counter, the open order, the stock exception", async () => {
    const answer = await preview(api, day.dayId);
    expect(answer.canClose).toBe(false);
    expect(answer.blockers).toEqual([
      "Close counter A01 first",
      "1 open order: pay or void each first",
      "1 stock exception: resolve each by an issuance or a count, or accept it with a reason",
    ]);
    expect(answer.openOrders).toEqual([expect.objectContaining({ id: openOrder, status: "open", total: 1000 })]);
    expect(answer.exceptions).toEqual([expect.objectContaining({ location: "Kitchen", short: 0.05, unit: "KG" })]);
    expect(answer.zNumber).toMatch(new RegExp(`^Z-A-${yesterday().slice(0, 4)}-00001$`));
  });

  it("shows each counter's expected cash: float + cash taken - change - refunds + pay-ins - pay-outs - drops", async () => {
    const [counter] = (await preview(api, day.dayId)).counters;
    expect(counter?.cash).toEqual({
      openingFloat: 5000,
      cashTaken: 2300,
      change: 840,
      cashRefunds: 1160,
      payIns: 200,
      payOuts: 100,
      drops: 1000,
      expected: 4400,
    });
    expect(counter?.methods).toEqual([
      expect.objectContaining({ name: "Cash", expected: 4400, counted: null }),
      expect.objectContaining({ name: "Card", expected: 1050, counted: null }),
      expect.objectContaining({ name: "House account", expected: 580, countedAtClose: false }),
    ]);
  });

  it("sums the day: gross, discounts, net, service charge, tax, rounding, by category and method, voids and refunds, COGS", async () => {
    const { summary } = await preview(api, day.dayId);
    expect(summary).toMatchObject({
      orders: 4,
      refunds: 1,
      voidedOrders: 1,
      gross: 1800,
      discounts: 30,
      net: 1770,
      serviceCharge: 27,
      tax: 130,
      rounding: 3,
      total: 1930,
      cashMoves: { payIn: 200, payOut: 100, drop: 1000 },
      cogs: 99,
      wastage: 33,
      variance: 0,
      foodCostPct: 5.6,
    });
    expect(summary.byCategory.map((row) => [row.name, row.qty, row.gross])).toEqual([
      ["Burgers", 2, 1500],
      ["Drinks", 1, 300],
    ]);
    expect(summary.byMethod.map((row) => [row.name, row.count, row.amount])).toEqual([
      ["Cash", 3, 300],
      ["Card", 1, 1050],
      ["House account", 1, 580],
    ]);
    expect(summary.voids).toEqual([expect.objectContaining({ item: "Whole order" })]);
    expect(summary.refundRows).toEqual([
      expect.objectContaining({ amount: -1160, refundOf: expect.stringMatching(/^FX/) }),
    ]);
  });

  it("previews every line of both vouchers with its account", async () => {
    const { vouchers: preview_ } = await preview(api, day.dayId);
    expect(linesOf(preview_.sales)).toEqual([
      ["A01 CASH", 300, 0],
      ["CARD CLEARING", 1050, 0],
      ["WALK-IN CUSTOMERS", 580, 0],
      ["SALES DISCOUNTS", 30, 0],
      ["SALES - FOOD", 0, 1500],
      ["SUNDRY INCOME", 0, 300],
      ["SALES TAX PAYABLE", 0, 130],
      ["SERVICE CHARGE", 0, 27],
      ["ROUNDING", 0, 3],
      ["RENT", 100, 0],
      ["A01 CASH", 0, 100],
      ["SAFE CASH", 1000, 0],
      ["A01 CASH", 0, 1000],
      ["SAFE CASH", 0, 200],
      ["A01 CASH", 200, 0],
    ]);
    expect(preview_.sales).toMatchObject({ debit: 3260, credit: 3260 });
    expect(linesOf(preview_.cogs)).toEqual([
      ["COST OF GOODS SOLD", 99, 0],
      ["WASTAGE", 33, 0],
      ["KITCHEN INVENTORY", 0, 132],
    ]);
    expect(preview_.sales?.lines[0]?.description).toBe(`A01 cash sales - Day close ${yesterday()}`);
  });

  it("names a missing account: without the Sales Tax account the preview says so and the close is 409", async () => {
    const [before] = await t.db.select().from(accountIntegration);
    await t.db.update(accountIntegration).set({ salesTaxPayableAccountId: null });
    const answer = await preview(api, day.dayId);
    expect(answer.mappings).toEqual([
      { field: "salesTaxPayableAccountId", message: "Set the Sales Tax account in Accounts Integration" },
    ]);
    expect(answer.blockers).toContain("Set the Sales Tax account in Accounts Integration");
    const refused = await api("POST", "/api/setting/day_close", { dayId: day.dayId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: "DAY_CLOSE_BLOCKED" });
    expect(refused.json<{ message: string }>().message).toContain("Set the Sales Tax account in Accounts Integration");
    await t.db.update(accountIntegration).set({ salesTaxPayableAccountId: before?.salesTaxPayableAccountId });
  });

  it("needs a reason to accept a stock exception, and accepts it once", async () => {
    const [exception] = await t.db.select().from(stockExceptions).where(isNull(stockExceptions.resolvedAt));
    const url = `/api/setting/day_close/exception/${exception?.id}/accept`;
    expect((await api("POST", url, { reason: "x" })).statusCode).toBe(400);
    const accepted = await okJson<{ exception: { resolution: string; note: string } }>(
      api("POST", url, { reason: "Counted short at lunch" }),
    );
    expect(accepted.exception).toMatchObject({ resolution: "accepted", note: "Counted short at lunch" });
    const again = await api("POST", url, { reason: "Counted short at lunch" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "STOCK_EXCEPTION_RESOLVED" });
    expect((await api("POST", "/api/setting/day_close/exception/999999/accept", { reason: "Gone" })).statusCode).toBe(
      404,
    );
  });
});

describe("Closing a counter", () => {
  it("wants every counted method, for this counter's methods only", async () => {
    const url = `/api/setting/day_close/session/${session.id}`;
    const missing = await api("POST", url, { counted: { [day.cashMethodId]: 4390 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ details: { field: string }[] }>().details[0]?.field).toBe(`counted.${ids.card}`);
    const foreign = await api("POST", url, { counted: { [day.cashMethodId]: 4390, [ids.card ?? 0]: 1050, 999: 1 } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json<{ details: { field: string }[] }>().details[0]?.field).toBe("counted.999");
    const badDenominations = await api("POST", url, {
      counted: { [day.cashMethodId]: 4390, [ids.card ?? 0]: 1050 },
      denominations: [{ denomination: 1000, count: 4 }],
    });
    expect(badDenominations.statusCode).toBe(400);
  });

  it("stores expected, counted and the difference: 10.00 short", async () => {
    const closed = await okJson<{ session: PosSession }>(
      api("POST", `/api/setting/day_close/session/${session.id}`, {
        counted: { [day.cashMethodId]: 4390, [ids.card ?? 0]: 1050 },
        denominations: [
          { denomination: 1000, count: 4 },
          { denomination: 100, count: 3 },
          { denomination: 10, count: 9 },
        ],
        notes: "Short 10",
      }),
    );
    expect(closed.session).toMatchObject({ status: "closed", overShort: -10, closeNotes: "Short 10" });
    expect(
      closed.session.methods.map((method) => [method.name, method.expected, method.counted, method.difference]),
    ).toEqual([
      ["Cash", 4400, 4390, -10],
      ["Card", 1050, 1050, 0],
      ["House account", 580, 580, 0],
    ]);
    const again = await api("POST", `/api/setting/day_close/session/${session.id}`, { counted: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "SESSION_ALREADY_CLOSED" });
  });

  it("prints the counter's X report: its figures so far", async () => {
    const pdf = await api("GET", `/api/setting/session/${session.id}/x_report.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf.rawPayload }).toString();
    expect(text).toContain("X REPORT A01");
    expect(text).toMatch(/Expected in the drawer\s+4,400\.00/);
    expect(text).toMatch(/Cash\s+4,400\.00\s+4,390\.00\s+-10\.00/);
  });
});

describe("Closing the day", () => {
  it("is still blocked by the open order", async () => {
    const refused = await api("POST", "/api/setting/day_close", { dayId: day.dayId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "DAY_CLOSE_BLOCKED",
      details: { blockers: ["1 open order: pay or void each first"] },
    });
  });

  it("posts the sales JV and the COGS JV, links every order and move, and freezes the Z", async () => {
    await t.db.update(posOrders).set({ status: "voided" }).where(eq(posOrders.id, openOrder));
    const closed = await okJson<{
      zNumber: string;
      salesVoucherId: number;
      salesVoucherNo: string;
      cogsVoucherId: number;
      cogsVoucherNo: string;
    }>(api("POST", "/api/setting/day_close", { dayId: day.dayId }));
    expect(closed.salesVoucherNo).toMatch(/^JV-\d{4}-\d{5}$/);
    expect(closed.cogsVoucherNo).toMatch(/^JV-\d{4}-\d{5}$/);
    const [sales] = await t.db.select().from(vouchers).where(eq(vouchers.id, closed.salesVoucherId));
    expect(sales).toMatchObject({
      source: "pos_close",
      status: "Approve",
      voucherDate: yesterday(),
      totalMinor: 327_000n,
    });
    // The preview's lines and the counted 10.00 short: Dr Cash Over/Short / Cr A01 Cash.
    const { rows } = (await t.db.execute(
      sql`select a.name, l.debit, l.credit from voucher_lines l join accounts a on a.id = l.account_id
          where l.voucher_id = ${closed.salesVoucherId} order by l.line_no desc limit 2`,
    )) as unknown as { rows: { name: string; debit: number; credit: number }[] };
    expect(rows.reverse()).toEqual([
      { name: "CASH OVER/SHORT", debit: 1000, credit: 0 },
      { name: "A01 CASH", debit: 0, credit: 1000 },
    ]);
    const [cogs] = await t.db.select().from(vouchers).where(eq(vouchers.id, closed.cogsVoucherId));
    expect(cogs).toMatchObject({ source: "pos_cogs", status: "Approve", totalMinor: 13_200n });
    const billNumbers = await t.db.execute(
      sql`select distinct bill_number from voucher_lines where voucher_id in (${closed.salesVoucherId}, ${closed.cogsVoucherId})`,
    );
    expect((billNumbers as unknown as { rows: { bill_number: string }[] }).rows).toEqual([
      { bill_number: closed.zNumber },
    ]);

    const linked = await t.db
      .select({ id: posOrders.id, status: posOrders.status, voucher: posOrders.salesVoucherId })
      .from(posOrders)
      .where(eq(posOrders.businessDayId, day.dayId));
    for (const order of linked)
      expect(order.voucher).toBe(order.status === "paid" || order.status === "refund" ? closed.salesVoucherId : null);
    const moves = await t.db.select().from(stockMoves).where(sql`${stockMoves.docType} like 'pos_%'`);
    expect(moves.length).toBe(4);
    expect(moves.every((move) => move.voucherId === closed.cogsVoucherId)).toBe(true);

    const [balance] = await t.db
      .select({
        debit: sql<string>`sum(${ledgerEntries.debitMinor})`,
        credit: sql<string>`sum(${ledgerEntries.creditMinor})`,
      })
      .from(ledgerEntries);
    expect(balance?.debit).toBe(balance?.credit);
  });

  it("refuses a second close naming the vouchers already posted", async () => {
    const [row] = (await okJson<{ data: DayRow[] }>(api("GET", "/api/setting/day"))).data;
    const again = await api("POST", "/api/setting/day_close", { dayId: day.dayId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "DAY_ALREADY_CLOSED" });
    expect(again.json<{ message: string }>().message).toContain(`sales voucher ${row?.salesVoucherNo}`);
    expect(again.json<{ message: string }>().message).toContain(`COGS voucher ${row?.cogsVoucherNo}`);
    expect((await api("GET", `/api/setting/day_close/preview?dayId=${day.dayId}`)).statusCode).toBe(409);
  });

  it("lists the day on DayOpen Record with its figures, counters, cash moves and vouchers", async () => {
    const page = await okJson<{ data: DayRow[]; total_results: number }>(
      api("GET", `/api/setting/day?from=${yesterday()}&to=${yesterday()}`),
    );
    expect(page.total_results).toBe(1);
    expect(page.data[0]).toMatchObject({
      businessDate: yesterday(),
      status: "closed",
      orders: 4,
      netSales: 1770,
      tax: 130,
      expectedCash: 4400,
      countedCash: 4390,
      overShort: -10,
    });
    const detail = await okJson<DayDetail>(api("GET", `/api/setting/day/${day.dayId}`));
    expect(detail.sessions.map((entry) => [entry.counterCode, entry.status, entry.overShort])).toEqual([
      ["A01", "closed", -10],
    ]);
    expect(detail.cashMoves.map((move) => [move.kind, move.amount, move.account])).toEqual([
      ["pay_out", 100, "RENT"],
      ["drop", 1000, null],
      ["pay_in", 200, null],
    ]);
    expect((await api("GET", "/api/setting/day/999999")).statusCode).toBe(404);
  });

  it("prints the Z report from the frozen figures: a reprint after a change of the orders shows the same", async () => {
    const first = await api("GET", `/api/setting/day/${day.dayId}/z_report.pdf`);
    expect(first.statusCode).toBe(200);
    const text = execFileSync("pdftotext", ["-layout", "-", "-"], { input: first.rawPayload }).toString();
    expect(text).toContain("Z REPORT Z-A-");
    expect(text).toMatch(/Net sales\s+1,770\.00/);
    expect(text).toMatch(/CARD CLEARING\s+.*1,050\.00/);
    await t.db
      .update(posOrders)
      .set({ totalMinor: 1n })
      .where(eq(posOrders.id, orders[0] ?? 0));
    const reprint = execFileSync("pdftotext", ["-layout", "-", "-"], {
      input: (await api("GET", `/api/setting/day/${day.dayId}/z_report.pdf`)).rawPayload,
    }).toString();
    expect(reprint).toMatch(/Total\s+1,930\.00/);
  });

  it("traces each voucher to the orders behind it", async () => {
    const [row] = (await okJson<{ data: DayRow[] }>(api("GET", "/api/setting/day"))).data;
    const sales = await okJson<VoucherSources>(api("GET", `/api/voucher/${row?.salesVoucherId}/sources`));
    expect(sales).toMatchObject({ source: "pos_close", day: { id: day.dayId, zNumber: row?.zNumber } });
    expect(sales.orders.map((order) => order.status).sort()).toEqual(["paid", "paid", "paid", "paid", "refund"]);
    const cogs = await okJson<VoucherSources>(api("GET", `/api/voucher/${row?.cogsVoucherId}/sources`));
    expect(cogs.orders).toHaveLength(4);
    expect(cogs.documents).toEqual([]);
    expect((await api("GET", "/api/voucher/999999/sources")).statusCode).toBe(404);
  });

  it("opens the next day only after the closed one, its float next to the counted cash of the last close", async () => {
    const { counter, admin } = await register(t);
    const early = await api("POST", "/api/setting/day_open", {
      businessDate: yesterday(),
      counters: [{ counterId: counter.id, cashierId: admin.id, openingFloat: 4390 }],
    });
    expect(early.statusCode).toBe(409);
    const before = await api("POST", "/api/setting/day_open", {
      businessDate: addDays(yesterday(), -1),
      counters: [{ counterId: counter.id, cashierId: admin.id, openingFloat: 4390 }],
    });
    expect(before.statusCode).toBe(400);
    expect(before.json<{ message: string }>().message).toContain(yesterday());
    expect((await current(api)).counters[0]?.bookBalance).toBe(4390);
    const next = await openDayWithA01(api, t, todayIn(t.config.APP_TZ), 4400);
    expect(next.session).toMatchObject({ openingFloat: 4400, floatBook: 4390, floatDifference: 10 });
    const answer = await preview(api, next.day.dayId);
    expect(answer.summary.overShort).toBe(10);
    expect(linesOf(answer.vouchers.sales)).toEqual([
      ["CASH OVER/SHORT", 0, 10],
      ["A01 CASH", 10, 0],
    ]);
  });
});
