import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bigMinor, rowsOf } from "../../lib/sql";

export interface SummaryRow {
  voucherId: number;
  date: string;
  voucherNumber: string;
  accountCode: string;
  accountName: string;
  description: string;
  /** Minor units. */
  debit: bigint;
  credit: bigint;
}

/** Every approved line of one voucher type between two dates, in ledger order. */
export async function buildTransactionSummary(
  db: Db,
  typeId: number,
  from: string | null,
  to: string,
): Promise<SummaryRow[]> {
  const rows = rowsOf<{
    voucher_id: number;
    entry_date: string;
    voucher_number: string;
    all_level_key: string;
    name: string;
    description: string;
    debit: string | number | bigint;
    credit: string | number | bigint;
  }>(
    await db.execute(sql`
      select le.voucher_id, le.entry_date::text as entry_date, le.voucher_number, a.all_level_key, a.name, vl.description, le.debit, le.credit
      from ledger_entries le
      join vouchers v on v.id = le.voucher_id
      join voucher_lines vl on vl.id = le.line_id
      join accounts a on a.id = le.account_id
      where v.voucher_type_id = ${typeId} and le.entry_date between ${from ?? "0001-01-01"} and ${to}
      order by le.entry_date, le.voucher_number, le.line_no`),
  );
  return rows.map((row) => ({
    voucherId: row.voucher_id,
    date: row.entry_date,
    voucherNumber: row.voucher_number,
    accountCode: row.all_level_key,
    accountName: row.name,
    description: row.description,
    debit: bigMinor(row.debit),
    credit: bigMinor(row.credit),
  }));
}
