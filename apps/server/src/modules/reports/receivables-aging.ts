import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { findAccount } from "../../lib/books/accounts";
import { periodSums } from "../../lib/books/balances";
import { getIntegration } from "../../lib/books/integration";
import { addDays } from "../../lib/dates";
import { col, intArray, rowsOf } from "../../lib/sql";
import { AGING_BUCKETS, BUCKET_DAYS } from "./aging";

/** One customer's receivable account, aged like the single-account aging report; minor units. */
export interface ReceivablesAgingLine {
  accountId: number;
  allLevelKey: string;
  name: string;
  buckets: bigint[];
  older: bigint;
  unappliedCredit: bigint;
  balance: bigint;
}

export interface ReceivablesAgingReport {
  asOf: string;
  group: { id: number; name: string; allLevelKey: string } | null;
  /** Bucket k covers asOf-15k-14 .. asOf-15k. */
  periods: { from: string; to: string }[];
  lines: ReceivablesAgingLine[];
  totals: Omit<ReceivablesAgingLine, "accountId" | "allLevelKey" | "name">;
}

const emptyAmounts = () => ({
  buckets: Array.from({ length: AGING_BUCKETS }, () => 0n),
  older: 0n,
  unappliedCredit: 0n,
  balance: 0n,
});

/** Puts the open part of a debit `age` days old into its bucket, or into older. */
function addOpen(target: { buckets: bigint[]; older: bigint }, age: number, open: bigint): void {
  const bucket = Math.floor(age / BUCKET_DAYS);
  if (bucket < AGING_BUCKETS) target.buckets[bucket] = (target.buckets[bucket] ?? 0n) + open;
  else target.older += open;
}

const AccountRow = z.object({ id: col.int, name: col.text, all_level_key: col.text });
const OpenRow = z.object({ account_id: col.int, age: col.int, open: col.minor });

/**
 * Every account under the customers' receivables group, one line each, aged as of a date in the
 * same way as buildAging: credits settle the oldest debits first, so what is open is the newest
 * debits adding up to the balance. One query walks all accounts' debits newest first with a
 * running sum, so the report costs the same few queries for ten customers or ten thousand.
 */
export async function buildReceivablesAging(db: Db, asOf: string): Promise<ReceivablesAgingReport> {
  const periods = Array.from({ length: AGING_BUCKETS }, (_, k) => ({
    from: addDays(asOf, -(BUCKET_DAYS * k + BUCKET_DAYS - 1)),
    to: addDays(asOf, -BUCKET_DAYS * k),
  }));
  const totals = emptyAmounts();
  const groupId = (await getIntegration(db))?.receivablesGroupId;
  const group = groupId ? await findAccount(db, groupId) : undefined;
  if (!group) return { asOf, group: null, periods, lines: [], totals };

  const accounts = rowsOf(
    AccountRow,
    await db.execute(sql`
      select id, name, all_level_key from accounts
      where level = 4 and all_level_key like ${`${group.allLevelKey}-%`}
      order by all_level_key`),
  );
  const ids = accounts.map((account) => account.id);
  const sums = await periodSums(db, null, asOf, ids);
  const lines = new Map<number, ReceivablesAgingLine>(
    accounts.map((account) => {
      const id = account.id;
      const sum = sums.get(id);
      const balance = sum ? sum.debit - sum.credit : 0n;
      return [
        id,
        {
          accountId: id,
          allLevelKey: account.all_level_key,
          name: account.name,
          ...emptyAmounts(),
          unappliedCredit: balance < 0n ? -balance : 0n,
          balance,
        },
      ];
    }),
  );
  const owing = [...lines.values()].filter((line) => line.balance > 0n);
  if (owing.length > 0) {
    const balances = `{${owing.map((line) => line.balance.toString()).join(",")}}`;
    // `newer` is the sum of the account's debits newer than this one: the debit is open for what
    // the balance leaves after those, at most its own amount.
    const open = rowsOf(
      OpenRow,
      await db.execute(sql`
        with owing as (
          select * from unnest(${intArray(owing.map((line) => line.accountId))}, ${balances}::bigint[]) as o(account_id, balance)
        ), debits as (
          select le.account_id, le.entry_date, le.debit,
            coalesce(sum(le.debit) over (
              partition by le.account_id order by le.entry_date desc, le.voucher_number desc, le.line_no desc
              rows between unbounded preceding and 1 preceding), 0) as newer
          from ledger_entries le join owing on owing.account_id = le.account_id
          where le.entry_date <= ${asOf} and le.debit > 0
        )
        select d.account_id, (${asOf}::date - d.entry_date) as age,
          least(d.debit, o.balance - d.newer)::bigint as open
        from debits d join owing o on o.account_id = d.account_id
        where d.newer < o.balance`),
    );
    for (const row of open) {
      const line = lines.get(row.account_id);
      if (line) addOpen(line, row.age, row.open);
    }
  }
  for (const line of lines.values()) {
    line.buckets.forEach((amount, k) => {
      totals.buckets[k] = (totals.buckets[k] ?? 0n) + amount;
    });
    totals.older += line.older;
    totals.unappliedCredit += line.unappliedCredit;
    totals.balance += line.balance;
  }
  return {
    asOf,
    group: { id: group.id, name: group.name, allLevelKey: group.allLevelKey },
    periods,
    lines: [...lines.values()],
    totals,
  };
}
