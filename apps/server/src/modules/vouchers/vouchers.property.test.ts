import { MAX_LINE_MINOR, parseMinor } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accounts, ledgerEntries, voucherLines, vouchers } from "../../db/schema/index";
import { todayIn } from "../../lib/dates";
import { adminToken, bearer, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let token: string;
let postable: number[];
let cashAccounts: number[];
let today: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await adminToken(t.app);
  today = todayIn(t.config.APP_TZ);
  const all = await t.db.select().from(accounts).where(eq(accounts.level, 4));
  cashAccounts = all.filter((a) => a.allLevelKey.startsWith("1-01-001-")).map((a) => a.id);
  postable = all.filter((a) => !a.allLevelKey.startsWith("1-01-001-")).map((a) => a.id);
});
afterAll(() => t.close());

type Line = { levelFourId: number; voucherAmount: number; accountType: 1 | 2; voucherDate: string };

/** A valid voucher of a random kind, or one broken in one of the ways the server must refuse. */
const voucherArbitrary = () =>
  fc.record({
    typeId: fc.constantFrom(1, 2, 5),
    // Small amounts and amounts near the maximum per line (four of them still fit one journal line).
    amounts: fc.array(
      fc.oneof(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 1, max: MAX_LINE_MINOR / 4 })),
      { minLength: 1, maxLength: 4 },
    ),
    accountIndexes: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    daysAgo: fc.integer({ min: 0, max: 400 }),
    breakage: fc.constantFrom(
      "none",
      "none",
      "none",
      "unbalanced",
      "zero",
      "future",
      "group",
      "threeDecimals",
      "tooLarge",
    ),
    approve: fc.constantFrom("Approve", "Disapprove", "Pending"),
  });

function buildPayload(v: ReturnType<typeof voucherArbitrary> extends fc.Arbitrary<infer T> ? T : never) {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - v.daysAgo + (v.breakage === "future" ? v.daysAgo + 2 : 0));
  const voucherDate = date.toISOString().slice(0, 10);
  const account = (index: number) => postable[(v.accountIndexes[index % 4] ?? 0) % postable.length] ?? 0;
  const minor = (amount: number) => (v.breakage === "zero" ? 0 : amount) / 100;
  let lines: Line[];
  if (v.typeId === 5) {
    const total = v.amounts.reduce((sum, amount) => sum + amount, 0);
    lines = [
      ...v.amounts.map((amount, index) => ({
        levelFourId: account(index),
        voucherAmount: minor(amount),
        accountType: 2 as const,
        voucherDate,
      })),
      {
        levelFourId: account(3),
        voucherAmount: minor(total + (v.breakage === "unbalanced" ? 1 : 0)),
        accountType: 1 as const,
        voucherDate,
      },
    ];
  } else {
    const side = v.typeId === 1 ? (2 as const) : (1 as const);
    lines = v.amounts.map((amount, index) => ({
      levelFourId: account(index),
      voucherAmount: minor(amount),
      accountType: side,
      voucherDate,
    }));
    if (v.breakage === "unbalanced") lines[0] = { ...(lines[0] as Line), accountType: side === 2 ? 1 : 2 };
  }
  if (v.breakage === "group") lines[0] = { ...(lines[0] as Line), levelFourId: 1 };
  if (v.breakage === "threeDecimals") lines[0] = { ...(lines[0] as Line), voucherAmount: 1.005 };
  if (v.breakage === "tooLarge") lines[0] = { ...(lines[0] as Line), voucherAmount: (MAX_LINE_MINOR + 1) / 100 };
  return { voucherTypeId: v.typeId, levelFourId: v.typeId === 5 ? undefined : cashAccounts[0], voucherData: lines };
}

describe("vouchers (property)", () => {
  it("valid vouchers post, invalid ones leave nothing; approved books balance and every balance is the sum of its lines", async () => {
    await fc.assert(
      fc.asyncProperty(voucherArbitrary(), async (v) => {
        const before = [await t.db.$count(vouchers), await t.db.$count(voucherLines)];
        const response = await t.app.inject({
          method: "POST",
          url: "/api/voucher/add_voucher",
          payload: buildPayload(v),
          headers: bearer(token),
        });
        if (v.breakage !== "none") {
          expect(response.statusCode).toBe(400);
          expect([await t.db.$count(vouchers), await t.db.$count(voucherLines)]).toEqual(before);
          return;
        }
        expect(response.statusCode, response.body).toBe(200);
        if (v.approve !== "Pending") {
          const decided = await t.app.inject({
            method: "PUT",
            url: `/api/voucher/approve_voucher/${response.json()._id}`,
            payload: { status: v.approve },
            headers: bearer(token),
          });
          expect(decided.statusCode).toBe(200);
        }
      }),
      { numRuns: 60 },
    );

    const [totals] = await t.db
      .select({
        debit: sql<string>`coalesce(sum(debit), 0)::bigint`,
        credit: sql<string>`coalesce(sum(credit), 0)::bigint`,
      })
      .from(ledgerEntries);
    expect(BigInt(totals?.debit ?? -1)).toBe(BigInt(totals?.credit ?? -2));
    expect(BigInt(totals?.debit ?? 0)).toBeGreaterThan(0n);

    const ledgerByAccount = await t.db
      .select({ accountId: ledgerEntries.accountId, balance: sql<string>`sum(debit - credit)::bigint` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.accountId);
    const linesByAccount = await t.db
      .select({
        accountId: voucherLines.accountId,
        balance: sql<string>`sum(${voucherLines.debitMinor} - ${voucherLines.creditMinor})::bigint`,
      })
      .from(voucherLines)
      .innerJoin(vouchers, eq(vouchers.id, voucherLines.voucherId))
      .where(eq(vouchers.status, "Approve"))
      .groupBy(voucherLines.accountId);
    const asMap = (rows: { accountId: number; balance: string }[]) =>
      new Map(rows.map((row) => [row.accountId, BigInt(row.balance)]));
    expect(asMap(ledgerByAccount)).toEqual(asMap(linesByAccount));

    const listed = (
      await t.app.inject({ method: "GET", url: "/api/levelFour/get_levelFour", headers: bearer(token) })
    ).json();
    for (const account of listed as { _id: number; levelBalance: number; debitCreditId: number }[]) {
      const expected = asMap(ledgerByAccount).get(account._id) ?? 0n;
      const shown = parseMinor(account.levelBalance) ?? 0n;
      expect(account.debitCreditId === 2 ? shown : -shown).toBe(expected);
    }
  });
});
