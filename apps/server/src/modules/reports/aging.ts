import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { balanceAsOf } from "../../lib/books/balances";
import { addDays, daysBetween } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";

export const AGING_BUCKETS = 8;
export const BUCKET_DAYS = 15;

export interface Aging {
  accountId: number;
  accountName: string;
  asOf: string;
  /** Bucket k holds debits aged 15k..15k+14 days: dates asOf-15k-14 .. asOf-15k. */
  /** Minor units as BigInt. */
  buckets: { from: string; to: string; amount: bigint }[];
  older: bigint;
  /** Credits beyond every debit (an advance), as a positive amount. */
  unappliedCredit: bigint;
  /** Ledger balance as of the date, debit positive. Equals sum(buckets) + older - unappliedCredit. */
  balance: bigint;
  lastDebit: bigint;
  lastDebitDate: string | null;
}

const AccountRow = z.object({ id: col.int, name: col.text, level: col.int });
const DebitRow = z.object({ entry_date: col.date, debit: col.minor });

/**
 * Debits outstanding as of a date, by age. Credits settle the oldest debits first, so what is
 * still open is the newest debits adding up to the balance: walk debits newest first.
 */
export async function buildAging(db: Db, accountId: number, asOf: string): Promise<Aging> {
  const [account] = rowsOf(
    AccountRow,
    await db.execute(sql`select id, name, level from accounts where id = ${accountId}`),
  );
  if (account?.level !== 4) throw new AppError("NOT_FOUND", "No such account");
  const balance = await balanceAsOf(db, accountId, asOf);
  const buckets = Array.from({ length: AGING_BUCKETS }, (_, k) => ({
    from: addDays(asOf, -(BUCKET_DAYS * k + BUCKET_DAYS - 1)),
    to: addDays(asOf, -BUCKET_DAYS * k),
    amount: 0n,
  }));
  let older = 0n;
  let remaining = balance > 0n ? balance : 0n;
  let lastDebit = 0n;
  let lastDebitDate: string | null = null;
  const batch = 500;
  for (let offset = 0; remaining > 0n || offset === 0; offset += batch) {
    const debits = rowsOf(
      DebitRow,
      await db.execute(sql`
        select entry_date::text as entry_date, debit from ledger_entries
        where account_id = ${accountId} and entry_date <= ${asOf} and debit > 0
        order by entry_date desc, voucher_number desc, line_no desc
        limit ${batch} offset ${offset}`),
    );
    if (offset === 0 && debits[0]) {
      lastDebit = debits[0].debit;
      lastDebitDate = debits[0].entry_date;
    }
    for (const debit of debits) {
      if (remaining <= 0n) break;
      const amount = debit.debit;
      const open = amount < remaining ? amount : remaining;
      remaining -= open;
      const bucket = Math.floor(daysBetween(debit.entry_date, asOf) / BUCKET_DAYS);
      const target = buckets[bucket];
      if (target) target.amount += open;
      else older += open;
    }
    if (debits.length < batch) break;
  }
  return {
    accountId,
    accountName: account.name,
    asOf,
    buckets,
    older,
    unappliedCredit: balance < 0n ? -balance : 0n,
    balance,
    lastDebit,
    lastDebitDate,
  };
}
