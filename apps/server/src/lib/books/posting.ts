import {
  MAX_LINE_MINOR,
  MONEY_MESSAGES,
  minorToDecimal,
  type PostingLine,
  sumMinor,
  VOUCHER_MESSAGES,
  VOUCHER_STATUS,
  type VoucherTypeId,
  voucherNumber,
  voucherTypeById,
} from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { voucherCounters, voucherLines, vouchers } from "../../db/schema/index";
import { AppError } from "../app-error";

/** The largest voucher total: 501 lines at the maximum per line, inside a JSON number's exact range. */
const MAX_VOUCHER_TOTAL = 501n * BigInt(MAX_LINE_MINOR);

/** The cargo ledger's columns on a shipment charge's lines (amounts in minor units). */
export interface CargoColumns {
  shipmentId: number;
  trackingNo: string;
  destination: string;
  packages: number;
  /** kg, as a decimal string or number. */
  weight: string | number;
  weightChargesMinor: number | null;
  rateFirstKgMinor: number | null;
  rateAddKgMinor: number | null;
  rateFlatMinor: number | null;
  service: string;
}

export interface NewVoucher {
  typeId: VoucherTypeId;
  date: string;
  lines: (PostingLine & { cargo?: CargoColumns })[];
  cashAccountId: number | null;
  source:
    | "manual"
    | "opening"
    | "reversal"
    | "shipment"
    | "receiving"
    | "issuance"
    | "stock_count"
    /** Day Close: the day's sales JV and its COGS JV. */
    | "pos_close"
    | "pos_cogs";
  createdBy: number | null;
  reversalOfId?: number;
  /** Set for vouchers that are approved as they are posted (opening entries, reversals). */
  approvedBy?: number | null;
}

/** Next gapless number for a type and year: the counter row stays locked until the transaction ends. */
async function nextSequence(tx: Db, typeId: number, year: number): Promise<number> {
  const [row] = await tx
    .insert(voucherCounters)
    .values({ voucherTypeId: typeId, year, last: 1 })
    .onConflictDoUpdate({
      target: [voucherCounters.voucherTypeId, voucherCounters.year],
      set: { last: sql`${voucherCounters.last} + 1` },
    })
    .returning({ last: voucherCounters.last });
  if (!row) throw new Error("voucher counter did not answer");
  return row.last;
}

/** Copies an approved voucher's lines into the ledger, the only table reports read, and adds them to the balances. */
export async function writeLedger(tx: Db, voucherId: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO ledger_entries (account_id, entry_date, voucher_id, voucher_number, line_id, line_no, debit, credit)
    SELECT l.account_id, v.voucher_date, v.id, v.voc_manual_number, l.id, l.line_no, l.debit, l.credit
    FROM voucher_lines l JOIN vouchers v ON v.id = l.voucher_id
    WHERE v.id = ${voucherId}`);
  await tx.execute(sql`
    INSERT INTO account_daily_balances AS b (account_id, day, debit, credit)
    SELECT account_id, entry_date, sum(debit), sum(credit) FROM ledger_entries WHERE voucher_id = ${voucherId} GROUP BY 1, 2
    ON CONFLICT (account_id, day) DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit`);
  await tx.execute(sql`
    INSERT INTO account_monthly_balances AS b (account_id, month, debit, credit)
    SELECT account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit) FROM ledger_entries
    WHERE voucher_id = ${voucherId} GROUP BY 1, 2
    ON CONFLICT (account_id, month) DO UPDATE SET debit = b.debit + excluded.debit, credit = b.credit + excluded.credit`);
}

/**
 * Stores a voucher with its lines inside the caller's transaction. Nothing is stored unless total
 * debit equals total credit and is more than zero.
 */
export async function postVoucher(tx: Db, voucher: NewVoucher): Promise<{ id: number; number: string }> {
  const type = voucherTypeById(voucher.typeId);
  if (!type) throw new AppError("VOUCHER_TYPE_UNKNOWN", "Unknown voucher type");
  // Each line is a safe integer; the sums are BigInt so that equality is exact whatever the count.
  const unsafe = voucher.lines.some(
    (line) =>
      !Number.isSafeInteger(line.debit) || !Number.isSafeInteger(line.credit) || line.debit < 0 || line.credit < 0,
  );
  const debit = sumMinor(voucher.lines.map((line) => line.debit));
  const credit = sumMinor(voucher.lines.map((line) => line.credit));
  if (unsafe || debit > MAX_VOUCHER_TOTAL) throw new AppError("VOUCHER_TOO_LARGE", MONEY_MESSAGES.voucherTooLarge);
  if (debit !== credit)
    throw new AppError("VOUCHER_UNBALANCED", VOUCHER_MESSAGES.unbalanced, {
      debit: minorToDecimal(debit),
      credit: minorToDecimal(credit),
    });
  if (debit <= 0n) throw new AppError("VOUCHER_ZERO", VOUCHER_MESSAGES.zero);

  const sequence = await nextSequence(tx, type.id, Number(voucher.date.slice(0, 4)));
  const number = voucherNumber(type.abbreviation, Number(voucher.date.slice(0, 4)), sequence);
  const approved = voucher.approvedBy !== undefined;
  const [row] = await tx
    .insert(vouchers)
    .values({
      voucherTypeId: type.id,
      number,
      voucherDate: voucher.date,
      status: approved ? VOUCHER_STATUS.approved : VOUCHER_STATUS.pending,
      cashAccountId: voucher.cashAccountId,
      totalMinor: debit,
      source: voucher.source,
      reversalOfId: voucher.reversalOfId,
      createdBy: voucher.createdBy,
      decidedBy: approved ? voucher.approvedBy : null,
      decidedAt: approved ? new Date() : null,
    })
    .returning({ id: vouchers.id });
  if (!row) throw new Error("voucher not stored");
  await tx.insert(voucherLines).values(
    voucher.lines.map((line, index) => ({
      voucherId: row.id,
      lineNo: index + 1,
      accountId: line.accountId,
      debitMinor: BigInt(line.debit),
      creditMinor: BigInt(line.credit),
      description: line.description,
      billNumber: line.billNumber,
      accountTitle: line.accountTitle,
      ...(line.cargo && { ...line.cargo, weight: String(line.cargo.weight) }),
    })),
  );
  if (approved) await writeLedger(tx, row.id);
  return { id: row.id, number };
}
