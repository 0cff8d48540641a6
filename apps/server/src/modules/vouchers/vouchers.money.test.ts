import { MAX_LINE_MINOR, MONEY_MESSAGES, minorToAmount, parseMinor, sumMinor } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts, ledgerEntries, voucherLines, vouchers } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";
import { buildLedger, buildTrialBalance } from "../reports";

let t: TestApp;
let token: string;
let today: string;
let postable: number[];

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
  postable = (await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.level, 4)))
    .map((row) => row.id)
    .slice(0, 6);
});
afterAll(() => t.close());

const api = (method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: bearer(token) });

const line = (levelFourId: number, amount: number, accountType: 1 | 2) => ({
  levelFourId,
  voucherAmount: amount,
  accountType,
  voucherDate: today,
  voucherDescription: "",
  billNumber: "",
  accountTittle: "",
});

const account = (index: number) => postable[index % postable.length] ?? 0;
const counts = async () => [await t.db.$count(vouchers), await t.db.$count(voucherLines)];
const totalText = async (id: number) =>
  rowsOf(
    z.object({ total: col.text }),
    await t.db.execute(sql`select total_amount::text as total from vouchers where id = ${id}`),
  )[0]?.total;

describe("money never passes through a float", () => {
  it("stores a 500-line voucher at the largest amounts with its exact total, and the books balance exactly", async () => {
    // 250 lines a side, each just under the maximum and each different: 2.5 x 10^14 paisa a side.
    const amounts = Array.from({ length: 250 }, (_, index) => MAX_LINE_MINOR - 1 - index * 37);
    const total = sumMinor(amounts);
    const response = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 5,
      voucherData: [
        ...amounts.map((minor, index) => line(account(index), minorToAmount(minor), 2)),
        ...amounts.map((minor, index) => line(account(index + 1), minorToAmount(minor), 1)),
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const id: number = response.json()._id;
    expect(await totalText(id)).toBe(total.toString());
    const [lineSums] = rowsOf(
      z.object({ debit: col.text, credit: col.text }),
      await t.db.execute(
        sql`select sum(debit)::text as debit, sum(credit)::text as credit from voucher_lines where voucher_id = ${id}`,
      ),
    );
    expect(lineSums).toEqual({ debit: total.toString(), credit: total.toString() });
    const shown = (await api("GET", `/api/voucher/${id}`)).json();
    expect(parseMinor(shown.totalAmount)).toBe(total);
    expect(shown.voucherData).toHaveLength(500);
    expect(parseMinor(shown.voucherData[0].voucherAmount)).toBe(BigInt(MAX_LINE_MINOR - 1));

    const approved = await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Approve" });
    expect(approved.statusCode, approved.body).toBe(200);
    const trial = (await api("POST", "/api/reports/trail_balance", { startedDate: today, endDate: today })).json();
    expect(parseMinor(trial.totals.debit)).toBe(total);
    expect(trial.totals.credit).toBe(trial.totals.debit);
  });

  it("refuses a line above the maximum with a 400 naming the field, and stores nothing", async () => {
    const before = await counts();
    // 10,000,000,000.01 on one line; and 250 lines a side of 999,999,999,999.99, whose total passes 2^53 paisa.
    const justOver = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 5,
      voucherData: [line(account(0), 10_000_000_000.01, 2), line(account(1), 10_000_000_000.01, 1)],
    });
    expect(justOver.statusCode).toBe(400);
    expect(justOver.json().details).toContainEqual({
      field: "voucherData.0.voucherAmount",
      message: MONEY_MESSAGES.tooLarge,
    });
    const huge = Array.from({ length: 250 }, () => 999_999_999_999.99);
    const overflow = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 5,
      voucherData: [
        ...huge.map((amount) => line(account(0), amount, 2)),
        ...huge.map((amount) => line(account(1), amount, 1)),
      ],
    });
    expect(overflow.statusCode).toBe(400);
    expect(overflow.json().details).toContainEqual({
      field: "voucherData.499.voucherAmount",
      message: MONEY_MESSAGES.tooLarge,
    });
    const cashOver = await api("POST", "/api/voucher/add_voucher", {
      voucherTypeId: 1,
      levelFourId: (await t.db.select().from(accounts).where(eq(accounts.allLevelKey, "1-01-001-0001")))[0]?.id,
      voucherData: [line(account(3), 12_345_678_901.23, 2)],
    });
    expect(cashOver.statusCode).toBe(400);
    expect(cashOver.json().details).toContainEqual({
      field: "voucherData.0.voucherAmount",
      message: MONEY_MESSAGES.tooLarge,
    });
    expect(await counts()).toEqual(before);
  });

  it("refuses an opening amount above the maximum, naming the field", async () => {
    const [group] = await t.db.select().from(accounts).where(eq(accounts.level, 3)).limit(1);
    const [two] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, group?.parentId ?? 0));
    const response = await api("POST", "/api/levelFour/add_levelFour", {
      levelOneId: two?.parentId,
      levelTwoId: two?.id,
      levelThreeId: group?.id,
      levelFourName: "HUGE OPENING",
      debitCreditId: 2,
      levelBalance: 10_000_000_000.01,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toContainEqual({ field: "levelBalance", message: MONEY_MESSAGES.tooLarge });
    expect(await t.db.$count(accounts, eq(accounts.name, "HUGE OPENING"))).toBe(0);
  });

  it("shows debit = credit exactly for books that balance past 2^53 paisa, where number sums drift", async () => {
    // Amounts stored before the per-line maximum existed. Summed as JS numbers, the debit side
    // comes to ...599.84 and the credit side to ...599.88; the database balances to the paisa.
    const debits = [9_007_199_254_741_120n, 664_662_588_618_349n, 517n];
    const credits = [7_680_665_634_374_642n, 1_690_987_358_199_321n, 300_208_850_786_023n];
    const total = sumMinor(debits);
    expect(sumMinor(credits)).toBe(total);
    const asNumbers = (side: bigint[]) => side.map(Number).reduce((sum, minor) => sum + minor, 0);
    expect(asNumbers(debits)).not.toBe(asNumbers(credits));

    const date = "2020-01-15";
    const [stored] = await t.db
      .insert(vouchers)
      .values({ voucherTypeId: 5, number: "JV-2020-90001", voucherDate: date, status: "Pending", totalMinor: total })
      .returning({ id: vouchers.id });
    const id = stored?.id ?? 0;
    await t.db.insert(voucherLines).values([
      ...debits.map((minor, index) => ({
        voucherId: id,
        lineNo: index + 1,
        accountId: account(index),
        debitMinor: minor,
      })),
      ...credits.map((minor, index) => ({
        voucherId: id,
        lineNo: index + 4,
        accountId: account(index + 3),
        creditMinor: minor,
      })),
    ]);
    const approved = await api("PUT", `/api/voucher/approve_voucher/${id}`, { status: "Approve" });
    expect(approved.statusCode, approved.body).toBe(200);

    const trial = await buildTrialBalance(t.db, date, date);
    expect(trial.totals.debit).toBe(total);
    expect(trial.totals.credit).toBe(total);
    const shown = (await api("POST", "/api/reports/trail_balance", { startedDate: date, endDate: date })).json();
    expect(shown.totals.debit).toBe(shown.totals.credit);
    expect(shown.totals.debit).toBe(minorToAmount(total));
    expect(shown.totals.closingDebit).toBe(shown.totals.closingCredit);

    const ledger = await buildLedger(t.db, { accountId: account(0), from: date, to: date });
    expect(ledger.closing).toBe(debits[0]);
    const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.voucherId, id));
    expect(sumMinor(entries.map((entry) => entry.debitMinor))).toBe(total);
    expect(sumMinor(entries.map((entry) => entry.creditMinor))).toBe(total);
  });
});
