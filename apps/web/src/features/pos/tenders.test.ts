import { computeOrder, type TotalsInput } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { evenShare, quickCash, settle, type Tender, tenderOf, toPayments } from "./tenders";

/** 1,000.00 of food taxed 16%, 5% when paid by card (the design's worked example, D16). */
const food: TotalsInput = {
  orderType: "take_away",
  lines: [{ key: "a", qtyMicro: 1_000_000n, unitPriceMinor: 100_000n, taxClassId: 1, categoryId: 1, variantId: 1 }],
  serviceChargeBp: 0,
  serviceChargeTypes: 0,
  taxInclusive: false,
  cashRoundingMinor: 0,
  taxClasses: [{ id: 1, rateBp: 1600, methodRates: [{ paymentMethodId: 2, rateBp: 500 }] }],
  methods: [
    { id: 1, kind: "cash" },
    { id: 2, kind: "card" },
  ],
};
const price = (tenders: Parameters<typeof computeOrder>[1]) => computeOrder(food, tenders);

describe("the pay dialog's tenders", () => {
  it("offers exact and the next round notes", () => {
    expect(quickCash(116_000n)).toEqual([116_000n, 120_000n, 150_000n, 200_000n, 500_000n]);
    expect(quickCash(100_000n)).toEqual([100_000n, 500_000n]);
    expect(quickCash(0n)).toEqual([]);
  });

  it("cash above the amount due settles it and the rest is change", () => {
    const cash = tenderOf(1, true, 200_000n, price([]).dueFor(1), "");
    expect(cash).toEqual({ methodId: 1, amountMinor: 116_000n, tenderedMinor: 200_000n, reference: "" });
    const { totals, problem } = settle(price, [cash]);
    expect(problem).toBeNull();
    expect(totals.settled).toBe(true);
    expect(totals.changeMinor).toBe(84_000n);
    expect(toPayments([cash])).toEqual([{ methodId: 1, amount: 1160, tendered: 2000, reference: "" }]);
  });

  it("a split tender: 580.00 cash, then the card owes 525.00 (tax 105.00, total 1,105.00)", () => {
    const cash: Tender = tenderOf(1, true, 58_000n, price([]).dueFor(1), "");
    const afterCash = settle(price, [cash]).totals;
    expect(afterCash.settled).toBe(false);
    expect(afterCash.dueFor(2)).toBe(52_500n);
    const card = tenderOf(2, false, afterCash.dueFor(2), afterCash.dueFor(2), "4242");
    const { totals } = settle(price, [cash, card]);
    expect([totals.settled, totals.taxMinor, totals.totalMinor]).toEqual([true, 10_500n, 110_500n]);
  });

  it("a card above the amount due is refused in the server's words", () => {
    const card = tenderOf(2, false, 200_000n, price([]).dueFor(2), "");
    expect(settle(price, [card]).problem).toBe(
      "Only cash gives change: a card or other payment cannot be more than the amount due",
    );
  });
});

describe("split evenly among the guests (design 6.2 step 8)", () => {
  it("gives each guest what is still due over the guests still to pay, rounded up; the last pays the rest", () => {
    expect(evenShare(116_000n, 3)).toBe(38_667n);
    expect(evenShare(77_333n, 2)).toBe(38_667n);
    expect(evenShare(38_666n, 1)).toBe(38_666n);
    expect(evenShare(100n, 0)).toBe(100n);
    expect(evenShare(0n, 3)).toBe(0n);
  });

  it("three guests, the first two in cash with change, the last by card at its own tax: the tenders settle the check", () => {
    const tenders: Tender[] = [];
    const take = (methodId: number, isCash: boolean, guestsLeft: number, entered?: bigint) => {
      const due = settle(price, tenders).totals.dueFor(methodId);
      const share = evenShare(due, guestsLeft);
      tenders.push(tenderOf(methodId, isCash, entered ?? share, share, ""));
      return share;
    };
    expect(take(1, true, 3, 50_000n)).toBe(38_667n);
    expect(tenders[0]).toMatchObject({ amountMinor: 38_667n, tenderedMinor: 50_000n });
    expect(take(1, true, 2)).toBe(38_667n);
    // The last third by card: taxed at 5%, so less than a cash third.
    const last = take(2, false, 1);
    expect(last).toBeLessThan(38_666n);
    const { totals, problem } = settle(price, tenders);
    expect(problem).toBeNull();
    expect(totals.settled).toBe(true);
    expect(totals.tenders.map((tender) => tender.changeMinor)).toEqual([11_333n, 0n, 0n]);
    expect(totals.paidMinor).toBe(38_667n + 38_667n + last);
  });
});
