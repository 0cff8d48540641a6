import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { periodSums } from "../../lib/books/balances";
import { addDays } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";

export interface LedgerQuery {
  accountId: number;
  /** Inclusive; null means from the first entry (opening 0). */
  from: string | null;
  to: string;
  /** 0-based row offset and page size; omit for every row. */
  offset?: number;
  limit?: number;
  /** Also name each line's counter account (the cash book). */
  counter?: boolean;
}

export interface LedgerLine {
  voucherId: number;
  date: string;
  voucherNumber: string;
  voucherTypeId: number;
  lineNo: number;
  description: string;
  billNumber: string;
  debit: bigint;
  credit: bigint;
  /** Running balance after this line, minor units, debit positive. */
  balance: bigint;
  /** With `counter`: the accounts on the other side of the same voucher, by name. */
  counterAccount?: string;
}

export interface Ledger {
  account: { id: number; name: string; allLevelKey: string };
  from: string | null;
  to: string;
  /** Minor units as BigInt (sums over the books). */
  opening: bigint;
  debit: bigint;
  credit: bigint;
  closing: bigint;
  /** Rows in the range; `lines` holds the requested page of them. */
  count: number;
  lines: LedgerLine[];
  /** The lines name their counter accounts. */
  counter: boolean;
}

const AccountRow = z.object({ id: col.int, name: col.text, all_level_key: col.text, level: col.int });
const CountRow = z.object({ n: col.int });
const SumRow = z.object({ sum: col.minor.nullable() });
const LineRow = z.object({
  voucher_id: col.int,
  entry_date: col.date,
  voucher_number: col.text,
  voucher_type_id: col.int,
  line_no: col.int,
  description: col.text,
  bill_number: col.text,
  debit: col.minor,
  credit: col.minor,
  counter_account: col.text.nullable(),
});

/**
 * One account's approved entries between two dates: the opening balance strictly before `from`,
 * each line with its running balance (same-day order: date, voucher number, line), and the closing.
 */
export async function buildLedger(db: Db, query: LedgerQuery): Promise<Ledger> {
  const [account] = rowsOf(
    AccountRow,
    await db.execute(sql`select id, name, all_level_key, level from accounts where id = ${query.accountId}`),
  );
  if (account?.level !== 4) throw new AppError("NOT_FOUND", "No such account");
  const opening = query.from
    ? ((await periodSums(db, null, addDays(query.from, -1), [account.id])).get(account.id) ?? null)
    : null;
  const during = (await periodSums(db, query.from, query.to, [account.id])).get(account.id);
  const openingMinor = opening ? opening.debit - opening.credit : 0n;
  const from = query.from ?? "0001-01-01";
  const inRange = sql`le.account_id = ${account.id} and le.entry_date between ${from} and ${query.to}`;
  const order = sql`le.entry_date, le.voucher_number, le.line_no`;
  const offset = query.offset ?? 0;
  const page = query.limit !== undefined ? sql`limit ${query.limit} offset ${offset}` : sql``;
  // Count, and the movement before the page, read only the ledger's index; only the page's rows are joined.
  const [counted] = rowsOf(
    CountRow,
    await db.execute(sql`select count(*) as n from ledger_entries le where ${inRange}`),
  );
  const [skipped] =
    offset > 0
      ? rowsOf(
          SumRow,
          await db.execute(sql`select sum(debit - credit) as sum from (
            select le.debit, le.credit from ledger_entries le where ${inRange} order by ${order} limit ${offset}) before_page`),
        )
      : [];
  // The other side of the line's voucher: for a cash payment's cash line, the accounts it paid.
  const counterColumn = query.counter
    ? sql`(select string_agg(distinct a.name, ', ' order by a.name) from voucher_lines o
          join accounts a on a.id = o.account_id
          where o.voucher_id = le.voucher_id and o.account_id <> le.account_id
            and ((le.debit > 0 and o.credit > 0) or (le.credit > 0 and o.debit > 0))) as counter_account`
    : sql`null::text as counter_account`;
  const rows = rowsOf(
    LineRow,
    await db.execute(sql`
      select le.voucher_id, le.entry_date::text as entry_date, le.voucher_number, v.voucher_type_id, le.line_no,
        vl.description, vl.bill_number, le.debit, le.credit, ${counterColumn}
      from (select le.* from ledger_entries le where ${inRange} order by ${order} ${page}) le
      join voucher_lines vl on vl.id = le.line_id
      join vouchers v on v.id = le.voucher_id
      order by ${order}`),
  );
  let running = openingMinor + (skipped?.sum ?? 0n);
  const debit = during?.debit ?? 0n;
  const credit = during?.credit ?? 0n;
  return {
    account: { id: account.id, name: account.name, allLevelKey: account.all_level_key },
    from: query.from,
    to: query.to,
    opening: openingMinor,
    debit,
    credit,
    closing: openingMinor + debit - credit,
    count: counted?.n ?? 0,
    counter: query.counter ?? false,
    lines: rows.map((row) => {
      running += row.debit - row.credit;
      return {
        voucherId: row.voucher_id,
        date: row.entry_date,
        voucherNumber: row.voucher_number,
        voucherTypeId: row.voucher_type_id,
        lineNo: row.line_no,
        description: row.description,
        billNumber: row.bill_number,
        debit: row.debit,
        credit: row.credit,
        balance: running,
        ...(query.counter ? { counterAccount: row.counter_account ?? "" } : {}),
      };
    }),
  };
}
