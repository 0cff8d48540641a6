import { allPermissionEntries, MAX_LINE_MINOR } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../db/schema/index";
import { postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { addDays } from "../../lib/dates";
import { serviceLog } from "../../lib/service-log";
import { col, rowsOf } from "../../lib/sql";
import { createTestApp, type TestApp } from "../../test/harness";
import { decideVoucher, reverseVoucher } from "../vouchers";
import { buildAging } from "./aging";
import { buildLedger } from "./ledger";
import { buildTrialBalance } from "./trial-balance";

let t: TestApp;
let ctx: Ctx;
let postable: number[];

beforeAll(async () => {
  t = await createTestApp();
  ctx = {
    db: t.db,
    config: t.config,
    tokens: t.tokens,
    log: serviceLog(t.app.log),
    user: {
      id: 1,
      userName: "admin",
      email: "",
      firstName: "",
      lastName: "",
      roleId: 1,
      roleName: "Admin",
      lastLogin: null,
      permissions: allPermissionEntries(),
    },
  };
  postable = (await t.db.select().from(accounts).where(eq(accounts.level, 4))).map((a) => a.id).slice(0, 8);
});
afterAll(() => t.close());

const dayOf = (offset: number) => addDays("2024-01-01", offset);

/** Small amounts and amounts up to the maximum per line: every sum must stay exact. */
const lineAmount = fc.oneof(fc.integer({ min: 1, max: 5_000_000 }), fc.integer({ min: 1, max: MAX_LINE_MINOR }));

const voucherArb = fc.record({
  day: fc.integer({ min: 0, max: 730 }),
  lines: fc.array(fc.record({ account: fc.nat(7), amount: lineAmount }), {
    minLength: 1,
    maxLength: 4,
  }),
  against: fc.nat(7),
  fate: fc.constantFrom("approve", "approve", "approve", "pending", "disapprove", "reverse"),
});

type RandomVoucher = { day: number; lines: { account: number; amount: number }[]; against: number; fate: string };

async function post(v: RandomVoucher) {
  const total = v.lines.reduce((sum, line) => sum + line.amount, 0);
  const lines = [
    ...v.lines.map((line) => ({
      accountId: postable[line.account] ?? 0,
      debit: line.amount,
      credit: 0,
      description: "",
      billNumber: "",
      accountTitle: "",
    })),
    { accountId: postable[v.against] ?? 0, debit: 0, credit: total, description: "", billNumber: "", accountTitle: "" },
  ];
  const { id } = await t.db.transaction((tx) =>
    postVoucher(tx, { typeId: 5, date: dayOf(v.day), lines, cashAccountId: null, source: "manual", createdBy: 1 }),
  );
  if (v.fate === "pending") return;
  await decideVoucher(ctx, id, v.fate === "disapprove" ? "Disapprove" : "Approve");
  if (v.fate === "reverse") await reverseVoucher(ctx, id);
}

describe("reports (properties over random approved vouchers)", () => {
  it("balances, period continuity, ledger = trial balance, aging = ledger, aggregates = raw lines", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(voucherArb, { minLength: 5, maxLength: 25 }),
        fc.array(fc.integer({ min: 0, max: 760 }), { minLength: 3, maxLength: 3 }),
        async (batch, cuts) => {
          for (const v of batch) await post(v);
          const [a, b, c] = [...cuts].sort((x, y) => x - y).map(dayOf) as [string, string, string];

          const first = await buildTrialBalance(t.db, a, b);
          const next = await buildTrialBalance(t.db, addDays(b, 1), c);
          for (const trial of [first, next]) {
            expect(trial.totals.openingDebit).toBe(trial.totals.openingCredit);
            expect(trial.totals.debit).toBe(trial.totals.credit);
            expect(trial.totals.closingDebit).toBe(trial.totals.closingCredit);
          }
          const closing = new Map(first.rows.map((row) => [row.levelFourId, row.closing]));
          const opening = new Map(next.rows.map((row) => [row.levelFourId, row.opening]));
          for (const id of postable) expect(opening.get(id) ?? 0n).toBe(closing.get(id) ?? 0n);

          for (const id of postable.slice(0, 4)) {
            const ledger = await buildLedger(t.db, { accountId: id, from: a, to: b });
            expect(ledger.closing).toBe(closing.get(id) ?? 0n);
            expect(ledger.lines.at(-1)?.balance ?? ledger.opening).toBe(ledger.closing);
            const aging = await buildAging(t.db, id, b);
            const bucketed =
              aging.buckets.reduce((sum, bucket) => sum + bucket.amount, 0n) + aging.older - aging.unappliedCredit;
            expect(bucketed).toBe(ledger.closing);
          }
        },
      ),
      { numRuns: 12 },
    );

    const mismatches = async (query: ReturnType<typeof sql>) =>
      rowsOf(z.object({ n: col.int }), await t.db.execute(query))[0]?.n;
    const daily = await mismatches(sql`
      select count(*) as n from (
        select account_id, entry_date as day, sum(debit) as debit, sum(credit) as credit from ledger_entries group by 1, 2
      ) raw full join account_daily_balances agg using (account_id, day)
      where raw.debit is distinct from agg.debit or raw.credit is distinct from agg.credit`);
    const monthly = await mismatches(sql`
      select count(*) as n from (
        select account_id, date_trunc('month', entry_date)::date as month, sum(debit) as debit, sum(credit) as credit from ledger_entries group by 1, 2
      ) raw full join account_monthly_balances agg using (account_id, month)
      where raw.debit is distinct from agg.debit or raw.credit is distinct from agg.credit`);
    expect(Number(daily)).toBe(0);
    expect(Number(monthly)).toBe(0);
  });
});
