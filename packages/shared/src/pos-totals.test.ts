import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PORTION, type TotalsInput } from "./pos-line-totals";
import { computeOrder, TenderError, type TenderInput } from "./pos-totals";
import type { CouponRule } from "./pricing";

const CASH = 1;
const CARD = 2;
const ACCOUNT = 3;
const FOOD = 10;
const DRINK = 11;

const base = (overrides: Partial<TotalsInput> = {}): TotalsInput => ({
  orderType: "take_away",
  lines: [{ key: "a", qtyMicro: PORTION, unitPriceMinor: 100_000n, taxClassId: FOOD, categoryId: 1, variantId: 1 }],
  serviceChargeBp: 0,
  serviceChargeTypes: 1,
  taxInclusive: false,
  cashRoundingMinor: 0,
  taxClasses: [
    { id: FOOD, rateBp: 1600, methodRates: [{ paymentMethodId: CARD, rateBp: 500 }] },
    { id: DRINK, rateBp: 1000, methodRates: [] },
  ],
  methods: [
    { id: CASH, kind: "cash" },
    { id: CARD, kind: "card" },
    { id: ACCOUNT, kind: "on_account" },
  ],
  ...overrides,
});

describe("computeOrder: the worked example (design 7.3, WP3 acceptance 10)", () => {
  it("1,000.00 of food: 580.00 cash + 525.00 card -> tax 80.00 + 25.00 = 105.00, total 1,105.00", () => {
    const open = computeOrder(base());
    expect(open.dueFor(CASH)).toBe(116_000n);
    expect(open.dueFor(CARD)).toBe(105_000n);
    const afterCash = computeOrder(base(), [{ methodId: CASH, amountMinor: 58_000n }]);
    expect(afterCash.dueFor(CARD)).toBe(52_500n);
    expect(afterCash.settled).toBe(false);
    const paid = computeOrder(base(), [
      { methodId: CASH, amountMinor: 58_000n },
      { methodId: CARD, amountMinor: 52_500n },
    ]);
    expect(paid.settled).toBe(true);
    expect(paid.tenders.map((tender) => [tender.baseMinor, tender.taxMinor])).toEqual([
      [50_000n, 8_000n],
      [50_000n, 2_500n],
    ]);
    expect(paid.taxMinor).toBe(10_500n);
    expect(paid.totalMinor).toBe(110_500n);
    expect(paid.paidMinor).toBe(110_500n);
    expect(paid.lines[0]?.taxMinor).toBe(10_500n);
  });

  it("all cash is 1,160.00 and all card 1,050.00", () => {
    const cash = computeOrder(base(), [{ methodId: CASH, amountMinor: 116_000n }]);
    expect([cash.taxMinor, cash.totalMinor, cash.lines[0]?.taxRateBp]).toEqual([16_000n, 116_000n, 1600]);
    const card = computeOrder(base(), [{ methodId: CARD, amountMinor: 105_000n }]);
    expect([card.taxMinor, card.totalMinor, card.lines[0]?.taxRateBp]).toEqual([5_000n, 105_000n, 500]);
  });

  it("cash above the due gives change; a card cannot exceed the due; nothing after the order is covered", () => {
    const cash = computeOrder(base(), [{ methodId: CASH, amountMinor: 200_000n }]);
    expect([cash.paidMinor, cash.changeMinor, cash.tenders[0]?.tenderedMinor]).toEqual([116_000n, 84_000n, 200_000n]);
    const tendered = computeOrder(base(), [{ methodId: CASH, amountMinor: 116_000n, tenderedMinor: 120_000n }]);
    expect(tendered.changeMinor).toBe(4_000n);
    expect(() => computeOrder(base(), [{ methodId: CARD, amountMinor: 105_001n }])).toThrow(TenderError);
    expect(() => computeOrder(base(), [{ methodId: ACCOUNT, amountMinor: 200_000n }])).toThrow(/cannot be more/);
    expect(() =>
      computeOrder(base(), [
        { methodId: CARD, amountMinor: 105_000n },
        { methodId: CASH, amountMinor: 1n },
      ]),
    ).toThrow(/already paid in full/);
    try {
      computeOrder(base(), [{ methodId: 99, amountMinor: 1n }]);
    } catch (error) {
      expect((error as TenderError).field).toBe("payments.0.methodId");
    }
  });

  it("cash rounding applies when cash settles the rest, within half a unit", () => {
    const input = base({
      lines: [{ key: "a", qtyMicro: PORTION, unitPriceMinor: 100_040n, taxClassId: FOOD, categoryId: 1, variantId: 1 }],
      cashRoundingMinor: 100,
    });
    // 1,000.40 + 16% = 1,160.46 -> 1,160.00 in cash; a card pays 1,050.42 exactly.
    expect(computeOrder(input).dueFor(CASH)).toBe(116_000n);
    expect(computeOrder(input).dueFor(CARD)).toBe(105_042n);
    const paid = computeOrder(input, [{ methodId: CASH, amountMinor: 116_000n }]);
    expect([paid.roundingMinor, paid.totalMinor, paid.taxMinor]).toEqual([-46n, 116_000n, 16_006n]);
  });

  it("cash that covers the exact rest but not its rounded-up figure settles the order; the difference is rounding", () => {
    const input = base({
      lines: [{ key: "a", qtyMicro: PORTION, unitPriceMinor: 100_060n, taxClassId: FOOD, categoryId: 1, variantId: 1 }],
      cashRoundingMinor: 100,
    });
    // 1,000.60 + 16% = 1,160.70 -> 1,161.00 in cash; 1,160.80 covers 1,160.70 and settles with 0.10 rounding.
    expect(computeOrder(input).dueFor(CASH)).toBe(116_100n);
    const paid = computeOrder(input, [{ methodId: CASH, amountMinor: 116_080n }]);
    expect(paid.settled).toBe(true);
    expect([paid.roundingMinor, paid.totalMinor, paid.paidMinor, paid.taxMinor]).toEqual([
      10n,
      116_080n,
      116_080n,
      16_010n,
    ]);
    expect(paid.tenders.map((tender) => [tender.baseMinor, tender.taxMinor])).toEqual([[100_060n, 16_010n]]);
  });

  it("tax-inclusive prices: the sticker price whatever the method; each tender's tax is t - t/(1 + r)", () => {
    const input = base({ taxInclusive: true });
    expect(computeOrder(input).dueFor(CASH)).toBe(100_000n);
    expect(computeOrder(input).dueFor(CARD)).toBe(100_000n);
    const paid = computeOrder(input, [
      { methodId: CASH, amountMinor: 58_000n },
      { methodId: CARD, amountMinor: 42_000n },
    ]);
    expect(paid.totalMinor).toBe(100_000n);
    // 58,000 - 58,000/1.16 = 8,000; 42,000 - 42,000/1.05 = 2,000.
    expect(paid.tenders.map((tender) => tender.taxMinor)).toEqual([8_000n, 2_000n]);
    expect(paid.taxMinor).toBe(10_000n);
  });
});

describe("computeOrder: discounts, service charge and deals", () => {
  const two = base({
    orderType: "dine_in",
    serviceChargeBp: 500,
    lines: [
      { key: "a", qtyMicro: 2n * PORTION, unitPriceMinor: 50_000n, taxClassId: FOOD, categoryId: 1, variantId: 1 },
      { key: "b", qtyMicro: PORTION, unitPriceMinor: 20_000n, taxClassId: DRINK, categoryId: 2, variantId: 2 },
    ],
  });

  it("a line discount, then the order discount spread by what is left; service charge is not taxed", () => {
    const totals = computeOrder({
      ...two,
      discounts: [
        { lineKey: "a", pctBp: 1000 },
        { lineKey: null, amountMinor: 11_000n },
      ],
    });
    // a: 1,000.00 - 10% = 900.00; b: 200.00; order discount 110.00 spread 900:200 -> 90.00 and 20.00.
    expect(totals.manualDiscounts).toEqual([10_000n, 11_000n]);
    expect(totals.lines.map((line) => line.netMinor)).toEqual([81_000n, 18_000n]);
    expect(totals.serviceChargeMinor).toBe(4_950n);
    // 810.00 x 16% + 180.00 x 10%
    expect(totals.taxMinor).toBe(12_960n + 1_800n);
    expect(totals.totalMinor).toBe(99_000n + 4_950n + 14_760n);
  });

  it("promotions and a code through applyCoupons, then the customer's discount", () => {
    const rule: CouponRule = {
      id: 7,
      code: "DRINK50",
      kind: "percent",
      value: 5000n,
      maxDiscountMinor: null,
      minOrderMinor: 0n,
      scope: "category",
      scopeIds: [2],
      orderTypes: 7,
      autoApply: false,
      priority: 0,
      stackable: false,
      validFrom: null,
      validTo: null,
      weekdays: 127,
      timeFrom: null,
      timeTo: null,
    };
    const at = { date: "2026-03-02", weekday: 0, minutes: 600 };
    const totals = computeOrder({
      ...two,
      promotions: { rules: [rule], code: "drink50", at },
      customerDiscountBp: 1000,
    });
    expect(totals.coupons).toEqual([{ couponId: 7, amountMinor: 10_000n }]);
    expect(totals.customerDiscountMinor).toBe(11_000n);
    expect(totals.lines.map((line) => line.netMinor)).toEqual([90_000n, 9_000n]);
  });

  it("a deal's header carries the price and its components share it by list price", () => {
    const totals = computeOrder(
      base({
        lines: [
          { key: "d", qtyMicro: PORTION, unitPriceMinor: 100_000n, taxClassId: FOOD, categoryId: 1, variantId: null },
          {
            key: "d/1",
            qtyMicro: PORTION,
            unitPriceMinor: 90_000n,
            taxClassId: FOOD,
            categoryId: 1,
            variantId: 1,
            dealParentKey: "d",
          },
          {
            key: "d/2",
            qtyMicro: PORTION,
            unitPriceMinor: 30_000n,
            taxClassId: FOOD,
            categoryId: 2,
            variantId: 2,
            dealParentKey: "d",
          },
        ],
      }),
      [{ methodId: CASH, amountMinor: 116_000n }],
    );
    expect(totals.subtotalMinor).toBe(100_000n);
    expect(totals.lines.map((line) => line.netMinor)).toEqual([100_000n, 75_000n, 25_000n]);
    expect(totals.lines.map((line) => line.taxMinor)).toEqual([16_000n, 12_000n, 4_000n]);
  });
});

describe("computeOrder: properties", () => {
  const lineArb = fc.record({
    qtyMilli: fc.integer({ min: 1, max: 20_000 }),
    unitPriceMinor: fc.bigInt({ min: 0n, max: 5_000_000n }),
    taxClassId: fc.constantFrom(FOOD, DRINK, null),
  });
  const orderArb = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 6 }),
    orderPct: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
    lineAmount: fc.option(fc.bigInt({ min: 0n, max: 2_000_000n }), { nil: null }),
    serviceChargeBp: fc.integer({ min: 0, max: 2_000 }),
    taxInclusive: fc.boolean(),
    cashRoundingMinor: fc.constantFrom(0, 100, 500, 1000),
    tenders: fc.array(
      fc.record({ method: fc.constantFrom(CASH, CARD, ACCOUNT), share: fc.integer({ min: 1, max: 100 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
  });

  it("totals add up, nothing is negative, the bases sum to the base and rounding stays within half a unit", () => {
    fc.assert(
      fc.property(orderArb, (order) => {
        const input = base({
          orderType: "dine_in",
          lines: order.lines.map((line, index) => ({
            key: `l${index}`,
            qtyMicro: BigInt(line.qtyMilli) * 1000n,
            unitPriceMinor: line.unitPriceMinor,
            taxClassId: line.taxClassId,
            categoryId: 1,
            variantId: index + 1,
          })),
          discounts: [
            ...(order.lineAmount === null ? [] : [{ lineKey: "l0", amountMinor: order.lineAmount }]),
            ...(order.orderPct === null ? [] : [{ lineKey: null, pctBp: order.orderPct }]),
          ],
          serviceChargeBp: order.serviceChargeBp,
          taxInclusive: order.taxInclusive,
          cashRoundingMinor: order.cashRoundingMinor,
        });
        // Each tender pays a share of what its method has due; the last one settles the rest.
        const tenders: TenderInput[] = [];
        order.tenders.forEach((tender, index) => {
          const current = computeOrder(input, tenders);
          if (current.settled) return;
          // Cash may round the rest to nothing: a cash tender of 0 then settles it.
          const due = current.dueFor(tender.method);
          const last = index === order.tenders.length - 1;
          const amount = last || due === 0n ? due : (due * BigInt(tender.share)) / 100n;
          if (amount > 0n || due === 0n) tenders.push({ methodId: tender.method, amountMinor: amount });
        });
        const totals = computeOrder(input, tenders);
        const sum = (values: bigint[]) => values.reduce((acc, value) => acc + value, 0n);
        expect(totals.settled || tenders.length === 0).toBe(true);
        const lines = totals.lines;
        expect(sum(lines.map((line) => line.grossMinor))).toBe(totals.subtotalMinor);
        expect(sum(lines.map((line) => line.netMinor))).toBe(totals.netMinor);
        expect(sum(lines.map((line) => line.discountMinor))).toBe(totals.discountMinor);
        expect(sum(lines.map((line) => line.taxMinor))).toBe(totals.taxMinor);
        expect(sum(lines.map((line) => line.serviceChargeMinor))).toBe(totals.serviceChargeMinor);
        const taxOnTop = order.taxInclusive ? 0n : totals.taxMinor;
        expect(totals.totalMinor).toBe(totals.netMinor + totals.serviceChargeMinor + taxOnTop + totals.roundingMinor);
        for (const value of [
          totals.subtotalMinor,
          totals.discountMinor,
          totals.netMinor,
          totals.serviceChargeMinor,
          totals.taxMinor,
          totals.totalMinor,
          ...lines.flatMap((line) => [line.grossMinor, line.discountMinor, line.netMinor, line.taxMinor]),
          ...totals.tenders.flatMap((tender) => [
            tender.amountMinor,
            tender.baseMinor,
            tender.taxMinor,
            tender.changeMinor,
          ]),
        ])
          expect(value).toBeGreaterThanOrEqual(0n);
        const rounding = totals.roundingMinor < 0n ? -totals.roundingMinor : totals.roundingMinor;
        expect(rounding * 2n).toBeLessThanOrEqual(BigInt(Math.max(order.cashRoundingMinor, 1)));
        if (tenders.length > 0) {
          expect(totals.paidMinor).toBe(totals.totalMinor);
          const tenderSum = sum(
            totals.tenders.map(
              (tender) => tender.baseMinor + tender.taxMinor + tender.serviceChargeMinor + tender.roundingMinor,
            ),
          );
          expect(tenderSum).toBe(totals.paidMinor);
          expect(sum(totals.tenders.map((tender) => tender.taxMinor))).toBe(totals.taxMinor);
          if (!order.taxInclusive) expect(sum(totals.tenders.map((tender) => tender.baseMinor))).toBe(totals.netMinor);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
