import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { addDays, addMonths, firstOfMonth } from "../dates";
import { col, intArray, rowsOf } from "../sql";

/** Minor units as BigInt: a sum over the books may pass 2^53, where a JS number stops being exact. */
export interface Sums {
  debit: bigint;
  credit: bigint;
}

const SumsRow = z.object({ account_id: col.int, debit: col.minor, credit: col.minor });

/** The earliest date any report can ask about: before all entries. */
const BEGINNING = "0001-01-01";

/**
 * Approved debits and credits per account over the dates `from`..`to` (both inclusive; `from` null
 * means from the beginning). Whole months come from the monthly table and the days at either end
 * from the daily one.
 */
export async function periodSums(
  db: Db,
  from: string | null,
  to: string,
  accountIds?: readonly number[],
): Promise<Map<number, Sums>> {
  const start = from ?? BEGINNING;
  if (start > to) return new Map();
  // Whole months inside [start, to]: [fullStart, fullEnd), both first days of months.
  const fullStart = start === firstOfMonth(start) || from === null ? firstOfMonth(start) : addMonths(start, 1);
  const fullEnd = firstOfMonth(addDays(to, 1));
  const hasFull = fullStart < fullEnd;
  const only = accountIds ? sql`and account_id = any(${intArray(accountIds)})` : sql``;
  if (accountIds && accountIds.length === 0) return new Map();
  const monthly = hasFull
    ? sql`select account_id, debit, credit from account_monthly_balances where month >= ${fullStart} and month < ${fullEnd} ${only}`
    : sql`select 0 as account_id, 0::bigint as debit, 0::bigint as credit where false`;
  const daily = hasFull
    ? sql`select account_id, debit, credit from account_daily_balances
          where day between ${start} and ${to} and (day < ${fullStart} or day >= ${fullEnd}) ${only}`
    : sql`select account_id, debit, credit from account_daily_balances where day between ${start} and ${to} ${only}`;
  const rows = rowsOf(
    SumsRow,
    await db.execute(sql`
    select account_id, sum(debit)::bigint as debit, sum(credit)::bigint as credit
    from (${monthly} union all ${daily}) parts group by account_id`),
  );
  return new Map(rows.map((row) => [row.account_id, { debit: row.debit, credit: row.credit }]));
}

/** Debit-minus-credit balance of one account at the end of a day. */
export async function balanceAsOf(db: Db, accountId: number, date: string): Promise<bigint> {
  const sums = (await periodSums(db, null, date, [accountId])).get(accountId);
  return sums ? sums.debit - sums.credit : 0n;
}
