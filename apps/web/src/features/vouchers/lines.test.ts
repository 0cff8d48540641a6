import { ACCOUNT_TYPE, VOUCHER_MESSAGES } from "@cargodesk/shared";
import { describe, expect, it } from "vitest";
import { companyToday } from "../../lib/dates";
import type { Account } from "./api";
import { cashBankLineSchema, journalLineSchema } from "./line-forms";
import { balancingPreview, type PendingLine, parseAmount, sideTotals, totalMinor, toVoucherLine } from "./lines";

const account = (id: number, name: string): Account => ({
  _id: id,
  levelFourName: name,
  allLevelKey: `1-01-001-${String(id).padStart(4, "0")}`,
  levelBalance: 0,
  debitCreditId: 1,
});
const fuel = account(11, "FUEL");
const rent = account(12, "RENT");
const cash = account(1, "CASH IN HAND");

let nextKey = 0;
const line = (target: Account, side: "debit" | "credit", amountMinor: number): PendingLine => ({
  key: nextKey++,
  account: target,
  accountType: ACCOUNT_TYPE[side],
  amountMinor,
  description: `${target.levelFourName} line`,
  billNumber: "",
});

describe("voucher lines", () => {
  it("reads typed amounts to the paisa, refusing 0, more than 2 decimals and text", () => {
    expect(parseAmount("1500.75")).toBe(150075);
    expect(parseAmount("0.10")).toBe(10);
    expect(parseAmount("0.1")).toBe(10);
    expect(parseAmount("0")).toBeNull();
    expect(parseAmount("-5")).toBeNull();
    expect(parseAmount("1.005")).toBeNull();
    expect(parseAmount("ten")).toBeNull();
  });

  it("totals each side in minor units, so 0.1 + 0.2 is exactly 0.30", () => {
    const lines = [line(fuel, "debit", 10), line(rent, "debit", 20), line(fuel, "credit", 30)];
    expect(sideTotals(lines)).toEqual({ debit: 30, credit: 30 });
    expect(totalMinor(lines)).toBe(60);
    expect(sideTotals([])).toEqual({ debit: 0, credit: 0 });
  });

  it("previews the cash line the server adds: a payment's debits are balanced by one credit to cash", () => {
    const preview = balancingPreview([line(fuel, "debit", 150075), line(rent, "debit", 2500000)], cash);
    expect(preview).toMatchObject({ accountId: cash._id, debit: 0, credit: 2650075 });
    const receipt = balancingPreview([line(fuel, "credit", 999), line(rent, "credit", 1)], cash);
    expect(receipt).toMatchObject({ accountId: cash._id, debit: 1000, credit: 0 });
    expect(balancingPreview([], cash)).toBeNull();
    expect(balancingPreview([line(fuel, "debit", 100)], null)).toBeNull();
  });

  it("builds the add_voucher line with the amount on its side and the other side 0", () => {
    const payload = toVoucherLine(line(fuel, "credit", 123456), "2026-07-01", "CASH IN HAND");
    expect(payload).toMatchObject({
      voucherAmount: 1234.56,
      debit: 0,
      credit: 1234.56,
      levelFourId: 11,
      accountTittle: "FUEL",
      crossAccount: "CASH IN HAND",
    });
  });
});

describe("voucher line forms (the shared messages)", () => {
  const today = companyToday();

  it("a cash line needs both accounts, different ones, and a usable amount", () => {
    const ok = cashBankLineSchema.safeParse({
      date: today,
      account: fuel,
      cashAccount: cash,
      billNumber: "",
      description: "",
      amountMinor: "10.50",
    });
    expect(ok.success && ok.data.amountMinor).toBe(1050);
    const same = cashBankLineSchema.safeParse({
      date: today,
      account: cash,
      cashAccount: cash,
      billNumber: "",
      description: "",
      amountMinor: "1",
    });
    expect(same.error?.issues.map((issue) => issue.message)).toEqual([VOUCHER_MESSAGES.sameAccount]);
    const empty = cashBankLineSchema.safeParse({
      date: today,
      account: null,
      cashAccount: null,
      billNumber: "",
      description: "",
      amountMinor: "0",
    });
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(
      expect.arrayContaining([
        VOUCHER_MESSAGES.accountRequired,
        VOUCHER_MESSAGES.cashAccountRequired,
        VOUCHER_MESSAGES.amount,
      ]),
    );
  });

  it("a journal line refuses a future date and an unchosen side", () => {
    const parsed = journalLineSchema.safeParse({
      date: "2999-01-01",
      amountMinor: "5",
      accountType: "",
      account: fuel,
      description: "",
      billNumber: "",
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      VOUCHER_MESSAGES.futureDate,
      "Please select Debit or Credit",
    ]);
  });
});
