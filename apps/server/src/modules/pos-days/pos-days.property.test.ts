/**
 * Design 7.4's invariants under random days of sales, refunds, voids with waste, discounts, service
 * charge, rounding, house accounts and cash moves:
 * - the pure voucher builder always balances, and its payment lines and its revenue, tax, service,
 *   discount and rounding lines each add up to the orders' totals (invariant 4);
 * - after each Day Close through the API: every sold order carries the sales voucher, every POS move
 *   a voucher, each bin equals its moves and an empty bin is worth nothing (2, 3), each inventory
 *   account's ledger equals the value of its location's bins (1), and the books balance.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { menuCategories, paymentMethods, posCustomers, taxClasses } from "../../db/schema/index";
import { addDays, todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { accountId, adminToken, createTestApp, type TestApp } from "../../test/harness";
import { type FixtureOrder, insertCashMove, insertOrders, orderFigures } from "../../test/pos-day-fixtures";
import { KITCHEN, STORE, stockProduct } from "../../test/stock-fixtures";
import { buildDayVouchers, type DayBooks, type Mapping } from "./day-vouchers";
import { type DayApi, dayApi, okJson, openDayWithA01, register } from "./pos-days.test-helpers";

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
const minor = (max: number) => fc.integer({ min: 0, max }).map(BigInt);

describe("the Day Close vouchers (pure)", () => {
  const MAPPING: Mapping = {
    posSalesAccountId: 101,
    salesDiscountAccountId: 102,
    serviceChargeAccountId: 103,
    salesTaxPayableAccountId: 104,
    roundingAccountId: 105,
    cashOverShortAccountId: 106,
    cardClearingAccountId: 107,
    safeCashAccountId: 108,
    cogsAccountId: 109,
    wastageAccountId: 110,
    kitchenInventoryAccountId: 111,
    storeInventoryAccountId: 112,
  };
  const INCOME = new Set([101, 102, 103, 104, 105, 201, 202, 204]);
  const order = fc.record({
    gross: fc.array(fc.record({ category: fc.constantFrom<number | null>(null, 201, 202), amount: minor(500_000) }), {
      minLength: 1,
      maxLength: 3,
    }),
    discountPct: fc.integer({ min: 0, max: 50 }),
    tax: fc.array(fc.record({ account: fc.constantFrom<number | null>(null, 104, 204), amount: minor(80_000) }), {
      maxLength: 2,
    }),
    service: minor(20_000),
    rounding: fc.integer({ min: -99, max: 99 }).map(BigInt),
    refund: fc.boolean(),
    pay: fc.constantFrom("cash", "card", "house", "split"),
  });
  const books = fc
    .record({
      orders: fc.array(order, { maxLength: 20 }),
      moves: fc.array(
        fc.record({
          kind: fc.constantFrom("pay_in" as const, "pay_out" as const, "drop" as const),
          amount: minor(100_000),
          account: fc.constantFrom<number | null>(null, 301),
        }),
        { maxLength: 4 },
      ),
      overShort: fc.integer({ min: -5_000, max: 5_000 }).map(BigInt),
      stock: fc.array(
        fc.record({
          kind: fc.constantFrom("sale" as const, "sale_return" as const, "waste" as const, "variance" as const),
          value: fc.integer({ min: -100_000, max: 100_000 }).map(BigInt),
          cogs: fc.constantFrom<number | null>(null, 209),
          kitchen: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
    })
    .map(({ orders, moves, overShort, stock }) => {
      let cash = 0n;
      let card = 0n;
      let house = 0n;
      const revenue: { accountId: number | null; amount: bigint }[] = [];
      const taxes: { accountId: number | null; amount: bigint }[] = [];
      let gross = 0n;
      let discount = 0n;
      let service = 0n;
      let tax = 0n;
      let rounding = 0n;
      for (const entry of orders) {
        const sign = entry.refund ? -1n : 1n;
        const lineGross = sum(entry.gross.map((line) => line.amount));
        const orderDiscount = (lineGross * BigInt(entry.discountPct)) / 100n;
        const orderTax = sum(entry.tax.map((line) => line.amount));
        const total = lineGross - orderDiscount + entry.service + orderTax + entry.rounding;
        for (const line of entry.gross) revenue.push({ accountId: line.category, amount: sign * line.amount });
        for (const line of entry.tax) taxes.push({ accountId: line.account, amount: sign * line.amount });
        gross += sign * lineGross;
        discount += sign * orderDiscount;
        service += sign * entry.service;
        tax += sign * orderTax;
        rounding += sign * entry.rounding;
        if (entry.pay === "cash") cash += sign * total;
        else if (entry.pay === "card") card += sign * total;
        else if (entry.pay === "house") house += sign * total;
        else {
          const half = total / 2n;
          cash += sign * half;
          card += sign * (total - half);
        }
      }
      const day: DayBooks = {
        businessDate: "2026-11-22",
        counters: [
          {
            code: "A01",
            cashAccountId: 1,
            cashSales: cash,
            overShort,
            cashMoves: moves.map((move) => ({ kind: move.kind, accountId: move.account, amount: move.amount })),
          },
        ],
        methods: [{ name: "Card", accountId: null, amount: card }],
        houseAccounts: [{ name: "Ali", accountId: 401, amount: house }],
        revenue,
        gross,
        discount,
        serviceCharge: service,
        tax,
        rounding,
        taxes,
        moves: stock.map((move) => ({
          kind: move.kind,
          locationKind: move.kitchen ? "kitchen" : "store",
          locationAccountId: null,
          cogsAccountId: move.cogs,
          value: move.value,
        })),
      };
      return { day, totals: cash + card + house };
    });

  it("balances, and posts the orders' totals on both sides", () => {
    fc.assert(
      fc.property(books, ({ day, totals }) => {
        const built = buildDayVouchers(day, MAPPING);
        expect(built.missing).toEqual([]);
        const side = (lines: typeof built.sales, pick: "debit" | "credit") => sum(lines.map((line) => line[pick]));
        expect(side(built.sales, "debit")).toBe(side(built.sales, "credit"));
        expect(side(built.cogs, "debit")).toBe(side(built.cogs, "credit"));
        // Income side: revenue + tax + service charge - discounts + rounding = the orders' totals.
        const income = built.sales.filter((line) => line.accountId !== null && INCOME.has(line.accountId));
        expect(side(income, "credit") - side(income, "debit")).toBe(totals);
        // Payment side: the counter's cash sales, card clearing and the house account.
        const paid = built.sales.filter(
          (line) => line.description.startsWith("A01 cash sales") || line.accountId === 107 || line.accountId === 401,
        );
        expect(side(paid, "debit") - side(paid, "credit")).toBe(totals);
        expect(built.sales.every((line) => (line.debit === 0n) !== (line.credit === 0n))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("names every setting a day needs and lacks, and nothing it has", () => {
    fc.assert(
      fc.property(books, fc.subarray(Object.keys(MAPPING)), ({ day }, dropped) => {
        const partial = Object.fromEntries(Object.entries(MAPPING).filter(([key]) => !dropped.includes(key)));
        const built = buildDayVouchers(day, partial);
        const named = built.missing.map((entry) => entry.field);
        for (const field of named) expect(dropped).toContain(field);
        // A line without its account always comes with the setting named, or the problem said (a pay-out
        // without its expense account); a default can be named with no line of its own.
        const unposted = [...built.sales, ...built.cogs].some((line) => line.accountId === null);
        if (unposted) expect(named.length + built.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe("random days closed through the API", () => {
  let t: TestApp;
  let token: string;
  let api: DayApi;
  let setup: {
    chicken: number;
    burgers: number;
    drinks: number;
    food: number;
    card: number;
    house: number;
    customer: number;
    rent: number;
  };
  let date: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await adminToken(t.app);
    api = dayApi(t, () => token);
    const today = todayIn(t.config.APP_TZ);
    date = addDays(today, -40);
    const product = await stockProduct(t.db, "Chicken breast");
    const vendor = await okJson<{ data: { id: number } }>(api("POST", "/api/inventory/vendor", { name: "Farm" }));
    await okJson(
      api("POST", "/api/inventory/receiving", {
        vendorId: vendor.data.id,
        businessDate: addDays(date, -1),
        payment: "credit",
        lines: [{ storeProductId: product.id, qty: 1000, uomId: product.kgId, unitCost: 210.37 }],
        post: true,
      }),
    );
    await okJson(
      api("POST", "/api/inventory/issuance", {
        fromLocationId: STORE,
        toLocationId: KITCHEN,
        businessDate: addDays(date, -1),
        lines: [{ storeProductId: product.id, qty: 600, uomId: product.kgId }],
        post: true,
      }),
    );
    const [burgers] = await t.db.insert(menuCategories).values({ name: "Burgers" }).returning();
    const [drinks] = await t.db
      .insert(menuCategories)
      .values({ name: "Drinks", revenueAccountId: await accountId(t.db, "SUNDRY INCOME") })
      .returning();
    const [food] = await t.db.select().from(taxClasses);
    const [house] = await t.db
      .insert(paymentMethods)
      .values({ name: "House", kind: "on_account", countedAtClose: false, sort: 9 })
      .returning();
    const [customer] = await t.db
      .insert(posCustomers)
      .values({
        name: "Ali",
        phone: "+923001112223",
        creditAllowed: true,
        receivableAccountId: await accountId(t.db, "WALK-IN CUSTOMERS"),
      })
      .returning();
    const { card } = await register(t);
    if (!burgers || !drinks || !food || !house || !customer) throw new Error("setup failed");
    setup = {
      chicken: product.id,
      burgers: burgers.id,
      drinks: drinks.id,
      food: food.id,
      card: card.id,
      house: house.id,
      customer: customer.id,
      rent: await accountId(t.db, "RENT"),
    };
  });
  afterAll(() => t.close());

  const line = fc.record({
    drinks: fc.boolean(),
    qty: fc.integer({ min: 1, max: 3 }),
    price: fc.integer({ min: 100, max: 300_000 }),
    discountPct: fc.integer({ min: 0, max: 30 }),
    taxed: fc.boolean(),
    grams: fc.integer({ min: 0, max: 400 }),
  });
  const order = fc.record({
    kind: fc.constantFrom("sale", "sale", "sale", "refund", "voided"),
    lines: fc.array(line, { minLength: 1, maxLength: 3 }),
    service: fc.integer({ min: 0, max: 5_000 }),
    rounding: fc.integer({ min: -99, max: 99 }),
    pay: fc.constantFrom("cash", "card", "house", "split"),
  });
  const dayArb = fc.record({
    orders: fc.array(order, { minLength: 1, maxLength: 10 }),
    moves: fc.array(
      fc.record({
        kind: fc.constantFrom("pay_in" as const, "pay_out" as const, "drop" as const),
        amount: minor(50_000),
      }),
      { maxLength: 3 },
    ),
    countedOffBy: fc.integer({ min: -2_000, max: 2_000 }),
    float: fc.integer({ min: 0, max: 500_000 }),
  });

  type OrderArb = typeof order extends fc.Arbitrary<infer T> ? T : never;
  function fixtureOf(entry: OrderArb): FixtureOrder {
    const sign = entry.kind === "refund" ? -1n : 1n;
    const lines = entry.lines.map((item) => {
      const gross = BigInt(item.price) * BigInt(item.qty);
      const discount = (gross * BigInt(item.discountPct)) / 100n;
      const tax = item.taxed ? ((gross - discount) * 16n) / 100n : 0n;
      const uses =
        item.grams > 0 && !item.drinks
          ? [
              {
                storeProductId: setup.chicken,
                qtyMicro: BigInt(item.grams * item.qty) * 1000n,
                valueMinor: BigInt(item.grams * item.qty) * 21n,
              },
            ]
          : [];
      return {
        categoryId: item.drinks ? setup.drinks : setup.burgers,
        taxClassId: item.taxed ? setup.food : null,
        qty: Number(sign) * item.qty,
        grossMinor: entry.kind === "voided" ? 0n : sign * gross,
        discountMinor: entry.kind === "voided" ? 0n : sign * discount,
        taxMinor: entry.kind === "voided" ? 0n : sign * tax,
        voidedQty: entry.kind === "voided" ? item.qty : 0,
        wasted: entry.kind === "voided",
        uses,
      };
    });
    const draft: FixtureOrder = {
      status: entry.kind === "refund" ? "refund" : entry.kind === "voided" ? "voided" : "paid",
      lines,
      serviceChargeMinor: entry.kind === "voided" ? 0n : sign * BigInt(entry.service),
      roundingMinor: entry.kind === "voided" ? 0n : sign * BigInt(entry.rounding),
      customerId: entry.pay === "house" ? setup.customer : null,
    };
    const { total } = orderFigures(draft);
    const payments =
      entry.pay === "split"
        ? [
            { methodId: 0, amountMinor: total / 2n },
            { methodId: setup.card, amountMinor: total - total / 2n },
          ]
        : [
            {
              methodId: entry.pay === "card" ? setup.card : entry.pay === "house" ? setup.house : 0,
              amountMinor: total,
            },
          ];
    return { ...draft, payments };
  }

  const q = async <S extends z.ZodType>(schema: S, query: ReturnType<typeof sql>) =>
    rowsOf(schema, await t.db.execute(query));

  it("keeps the books, the stock and the links in step day after day", async () => {
    await fc.assert(
      fc.asyncProperty(dayArb, async (random) => {
        date = addDays(date, 1);
        const { day, session } = await openDayWithA01(api, t, date, random.float / 100);
        const orders = random.orders.map(fixtureOf).map((entry) => ({
          ...entry,
          payments: entry.payments?.map((payment) => ({ ...payment, methodId: payment.methodId || day.cashMethodId })),
        }));
        await insertOrders(t.db, day, orders);
        for (const move of random.moves)
          await insertCashMove(
            t.db,
            session.id,
            move.kind,
            move.amount + 1n,
            move.kind === "pay_out" ? setup.rent : null,
            day.userId,
          );
        const counter = (
          await okJson<{ sessions: { methods: { methodId: number; expected: number }[] }[] }>(
            api("GET", "/api/setting/day_open/current"),
          )
        ).sessions[0];
        const counted = Object.fromEntries(
          (counter?.methods ?? []).map((method) => [
            method.methodId,
            Math.max(
              0,
              Math.round(method.expected * 100) + (method.methodId === day.cashMethodId ? random.countedOffBy : 0),
            ) / 100,
          ]),
        );
        await okJson(api("POST", `/api/setting/day_close/session/${session.id}`, { counted }));
        const closed = await okJson<{ salesVoucherId: number | null; cogsVoucherId: number | null }>(
          api("POST", "/api/setting/day_close", { dayId: day.dayId }),
        );

        // 4: every sold order carries the day's sales voucher; every POS move a voucher.
        const unlinked = await q(
          z.object({ count: col.int }),
          sql`select count(*)::int as count from pos_orders where business_day_id = ${day.dayId}
              and status in ('paid', 'refund') and sales_voucher_id is distinct from ${closed.salesVoucherId}`,
        );
        expect(unlinked[0]?.count).toBe(0);
        const loose = await q(
          z.object({ count: col.int }),
          sql`select count(*)::int as count from stock_moves where doc_type like 'pos_%' and voucher_id is null`,
        );
        expect(loose[0]?.count).toBe(0);
        // 4: the income lines add up to the day's totals.
        const [totals] = await q(
          z.object({ total: col.minor }),
          sql`select coalesce(sum(total_minor), 0) as total from pos_orders
              where business_day_id = ${day.dayId} and status in ('paid', 'refund')`,
        );
        const [income] = await q(
          z.object({ net: col.minor }),
          sql`select coalesce(sum(l.credit - l.debit), 0) as net from voucher_lines l join accounts a on a.id = l.account_id
              where l.voucher_id = ${closed.salesVoucherId ?? 0}
                and a.name in ('SALES - FOOD', 'SUNDRY INCOME', 'SALES DISCOUNTS', 'SALES TAX PAYABLE', 'SERVICE CHARGE', 'ROUNDING')`,
        );
        expect(income?.net).toBe(totals?.total);
        // 2, 3: bins equal their moves; an empty bin holds no value.
        const bins = await q(
          z.object({ qty: col.minor, value: col.minor, moved_qty: col.minor, moved_value: col.minor }),
          sql`select b.qty_micro as qty, b.value_minor as value,
                (select coalesce(sum(qty_micro), 0) from stock_moves m where m.store_product_id = b.store_product_id and m.location_id = b.location_id) as moved_qty,
                (select coalesce(sum(value_minor), 0) from stock_moves m where m.store_product_id = b.store_product_id and m.location_id = b.location_id) as moved_value
              from stock_bins b`,
        );
        for (const bin of bins) {
          expect(bin.qty).toBe(bin.moved_qty);
          expect(bin.value).toBe(bin.moved_value);
          if (bin.qty === 0n) expect(bin.value).toBe(0n);
        }
        // 1: each inventory account's ledger equals its location's bins; the books balance.
        for (const [name, location] of [
          ["KITCHEN INVENTORY", KITCHEN],
          ["STORE INVENTORY", STORE],
        ] as const) {
          const [row] = await q(
            z.object({ ledger: col.minor, bins: col.minor }),
            sql`select (select coalesce(sum(e.debit - e.credit), 0) from ledger_entries e join accounts a on a.id = e.account_id
                        where a.name = ${name}) as ledger,
                       (select coalesce(sum(value_minor), 0) from stock_bins where location_id = ${location}) as bins`,
          );
          expect(row?.ledger, name).toBe(row?.bins);
        }
        const [books] = await q(
          z.object({ debit: col.minor, credit: col.minor }),
          sql`select coalesce(sum(debit), 0) as debit, coalesce(sum(credit), 0) as credit from ledger_entries`,
        );
        expect(books?.debit).toBe(books?.credit);
      }),
      { numRuns: 8 },
    );
    const [days] = await q(
      z.object({ closed: col.int, orders: col.int }),
      sql`select (select count(*)::int from business_days where status = 'closed') as closed,
                 (select count(*)::int from pos_orders where sales_voucher_id is not null) as orders`,
    );
    expect(days?.closed).toBe(8);
    expect(days?.orders).toBeGreaterThan(0);
  });
});
