import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";

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

const LineRow = z.object({
  voucher_id: col.int,
  entry_date: col.date,
  voucher_number: col.text,
  all_level_key: col.text,
  name: col.text,
  description: col.text,
  debit: col.minor,
  credit: col.minor,
});

/** Every approved line of one voucher type between two dates, in ledger order. */
export async function buildTransactionSummary(
  db: Db,
  typeId: number,
  from: string | null,
  to: string,
): Promise<SummaryRow[]> {
  const rows = rowsOf(
    LineRow,
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
    debit: row.debit,
    credit: row.credit,
  }));
}
