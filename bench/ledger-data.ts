/**
 * Loads a large approved ledger for the report benchmarks: 500 postable accounts in a 4-level
 * chart, vouchers over 3 years with 2-6 lines each, one busy account on every tenth voucher.
 * Rows go in with INSERT ... SELECT FROM unnest(...) in chunks, never through the ORM.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../apps/server/src/db/client";
import { addDays } from "../apps/server/src/lib/dates";
import { col, rowsOf } from "../apps/server/src/lib/sql";

/** Deterministic pseudo-random numbers (mulberry32), so every run loads the same ledger. */
export function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface LoadedLedger {
  accountIds: number[];
  busyAccountId: number;
  firstDay: string;
  lastDay: string;
  lines: number;
  vouchers: number;
}

async function createAccounts(db: Db): Promise<number[]> {
  const ids: number[] = [];
  for (let one = 1; one <= 5; one += 1) {
    for (let two = 1; two <= 4; two += 1) {
      const twoKey = `${one}-${String(90 + two)}`;
      const [twoRow] = rowsOf(
        z.object({ id: col.int }),
        await db.execute(sql`insert into accounts (parent_id, level, key, all_level_key, name)
          values (${one}, 2, ${String(90 + two)}, ${twoKey}, ${`BENCH GROUP ${twoKey}`}) returning id`),
      );
      for (let three = 1; three <= 5; three += 1) {
        const threeKey = `${twoKey}-${String(900 + three)}`;
        const [threeRow] = rowsOf(
          z.object({ id: col.int }),
          await db.execute(sql`insert into accounts (parent_id, level, key, all_level_key, name)
            values (${twoRow?.id}, 3, ${String(900 + three)}, ${threeKey}, ${`BENCH GROUP ${threeKey}`}) returning id`),
        );
        for (let four = 1; four <= 5; four += 1) {
          const key = String(9000 + four);
          const [row] = rowsOf(
            z.object({ id: col.int }),
            await db.execute(sql`insert into accounts (parent_id, level, key, all_level_key, name)
              values (${threeRow?.id}, 4, ${key}, ${`${threeKey}-${key}`}, ${`BENCH ACCOUNT ${threeKey}-${key}`}) returning id`),
          );
          if (row) ids.push(row.id);
        }
      }
    }
  }
  return ids;
}

export const arrayLiteral = (values: readonly (string | number)[]) =>
  `{${values.map((v) => (typeof v === "number" ? v : `"${v}"`)).join(",")}}`;

export async function loadLedger(
  db: Db,
  targetLines = 1_000_000,
  firstDay = "2023-07-01",
  days = 1096,
): Promise<LoadedLedger> {
  const accountIds = await createAccounts(db);
  const busyAccountId = accountIds[0] ?? 0;
  const next = random(42);
  const [start] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`select coalesce(max(id), 0) as id from vouchers`),
  );
  const [lineStart] = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`select coalesce(max(id), 0) as id from voucher_lines`),
  );
  let voucherId = Number(start?.id ?? 0);
  let lineId = Number(lineStart?.id ?? 0);
  let lines = 0;
  let vouchers = 0;
  const counters = new Map<string, number>();
  const chunk = { v: [] as (string | number)[][], l: [] as (string | number)[][] };
  const flush = async () => {
    if (chunk.v.length === 0) return;
    const col = (rows: (string | number)[][], index: number) => arrayLiteral(rows.map((row) => row[index] ?? ""));
    await db.execute(sql`insert into vouchers (id, voucher_type_id, voc_manual_number, voucher_date, status, total_amount, source)
      overriding system value
      select * , 'manual' from unnest(${col(chunk.v, 0)}::int[], ${col(chunk.v, 1)}::int[], ${col(chunk.v, 2)}::text[],
        ${col(chunk.v, 3)}::date[], ${col(chunk.v, 4)}::text[], ${col(chunk.v, 5)}::bigint[])`);
    await db.execute(sql`insert into voucher_lines (id, voucher_id, line_no, account_id, debit, credit, description)
      overriding system value
      select * from unnest(${col(chunk.l, 0)}::int[], ${col(chunk.l, 1)}::int[], ${col(chunk.l, 2)}::smallint[],
        ${col(chunk.l, 3)}::int[], ${col(chunk.l, 4)}::bigint[], ${col(chunk.l, 5)}::bigint[], ${col(chunk.l, 6)}::text[])`);
    chunk.v = [];
    chunk.l = [];
  };
  while (lines < targetLines) {
    voucherId += 1;
    vouchers += 1;
    const date = addDays(firstDay, Math.floor(next() * days));
    const count = 2 + Math.floor(next() * 5);
    const amounts = Array.from({ length: count - 1 }, () => 100 + Math.floor(next() * 5_000_000));
    const total = amounts.reduce((sum, amount) => sum + amount, 0);
    const counterKey = date.slice(0, 4);
    const sequence = (counters.get(counterKey) ?? 0) + 1;
    counters.set(counterKey, sequence);
    chunk.v.push([voucherId, 5, `JV-${counterKey}-B${String(sequence).padStart(6, "0")}`, date, "Approve", total]);
    const creditAccount =
      vouchers % 10 === 0 ? busyAccountId : (accountIds[Math.floor(next() * accountIds.length)] ?? busyAccountId);
    amounts.forEach((amount, index) => {
      lineId += 1;
      const account = accountIds[Math.floor(next() * accountIds.length)] ?? busyAccountId;
      chunk.l.push([lineId, voucherId, index + 1, account, amount, 0, `BENCH LINE ${index + 1}`]);
    });
    lineId += 1;
    chunk.l.push([lineId, voucherId, count, creditAccount, 0, total, "BENCH BALANCE"]);
    lines += count;
    if (chunk.l.length >= 20_000) await flush();
  }
  await flush();
  await db.execute(sql`insert into ledger_entries (account_id, entry_date, voucher_id, voucher_number, line_id, line_no, debit, credit)
    select l.account_id, v.voucher_date, v.id, v.voc_manual_number, l.id, l.line_no, l.debit, l.credit
    from voucher_lines l join vouchers v on v.id = l.voucher_id where v.voc_manual_number like 'JV-%-B%'`);
  await db.execute(sql`delete from account_daily_balances`);
  await db.execute(sql`delete from account_monthly_balances`);
  await db.execute(sql`insert into account_daily_balances (account_id, day, debit, credit)
    select account_id, entry_date, sum(debit), sum(credit) from ledger_entries group by 1, 2`);
  await db.execute(sql`insert into account_monthly_balances (account_id, month, debit, credit)
    select account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) from ledger_entries group by 1, 2`);
  for (const table of [
    "vouchers",
    "voucher_lines",
    "ledger_entries",
    "account_daily_balances",
    "account_monthly_balances",
    "accounts",
  ]) {
    await db.execute(sql.raw(`analyze ${table}`));
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('vouchers', 'id'), (select max(id) from vouchers))`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('voucher_lines', 'id'), (select max(id) from voucher_lines))`,
  );
  return { accountIds, busyAccountId, firstDay, lastDay: addDays(firstDay, days - 1), lines, vouchers };
}
