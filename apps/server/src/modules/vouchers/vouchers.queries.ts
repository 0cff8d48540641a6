import { ACCOUNT_TYPE, minorToAmount, type VoucherStatus, voucherTypeById } from "@cargodesk/shared";
import { and, asc, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { accounts, users, voucherLines, vouchers } from "../../db/schema/index";

export interface VoucherFilter {
  typeId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: VoucherStatus | undefined;
  search?: string | undefined;
  id?: number | undefined;
}

const creator = alias(users, "creator");
const decider = alias(users, "decider");
const cash = alias(accounts, "cash");
const reversal = alias(vouchers, "reversal");

function conditions(filter: VoucherFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (filter.id) parts.push(eq(vouchers.id, filter.id));
  if (filter.typeId) parts.push(eq(vouchers.voucherTypeId, filter.typeId));
  if (filter.from) parts.push(gte(vouchers.voucherDate, filter.from));
  if (filter.to) parts.push(lte(vouchers.voucherDate, filter.to));
  if (filter.status) parts.push(eq(vouchers.status, filter.status));
  if (filter.search) {
    const pattern = `%${filter.search}%`;
    parts.push(
      or(
        ilike(vouchers.number, pattern),
        sql`exists (select 1 from voucher_lines sl where sl.voucher_id = ${vouchers.id}
          and (sl.description ilike ${pattern} or sl.account_title ilike ${pattern} or sl.bill_number ilike ${pattern}))`,
      ),
    );
  }
  return and(...parts);
}

/** Vouchers with their lines in the spec's shape, newest first; `total` counts all matches. */
export async function findVouchers(db: Db, filter: VoucherFilter, page: { limit: number; offset: number }) {
  const where = conditions(filter);
  const rows = await db
    .select({
      voucher: vouchers,
      createdBy: creator.userName,
      decidedBy: decider.userName,
      cashTitle: cash.name,
      reversedById: reversal.id,
      reversedByNumber: reversal.number,
    })
    .from(vouchers)
    .leftJoin(creator, eq(creator.id, vouchers.createdBy))
    .leftJoin(decider, eq(decider.id, vouchers.decidedBy))
    .leftJoin(cash, eq(cash.id, vouchers.cashAccountId))
    .leftJoin(reversal, eq(reversal.reversalOfId, vouchers.id))
    .where(where)
    .orderBy(desc(vouchers.voucherDate), desc(vouchers.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total } = { total: 0 }] = await db.select({ total: sql<number>`count(*)::int` }).from(vouchers).where(where);
  const ids = rows.map((row) => row.voucher.id);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({ line: voucherLines, allLevelKey: accounts.allLevelKey, accountName: accounts.name })
          .from(voucherLines)
          .innerJoin(accounts, eq(accounts.id, voucherLines.accountId))
          .where(inArray(voucherLines.voucherId, ids))
          .orderBy(asc(voucherLines.voucherId), asc(voucherLines.lineNo));
  const linesOf = new Map<number, typeof lines>();
  for (const entry of lines) {
    const bucket = linesOf.get(entry.line.voucherId);
    if (bucket) bucket.push(entry);
    else linesOf.set(entry.line.voucherId, [entry]);
  }

  const data = rows.map(({ voucher, createdBy, decidedBy, cashTitle, reversedById, reversedByNumber }) => {
    const abbreviation = voucherTypeById(voucher.voucherTypeId)?.abbreviation ?? "";
    return {
      _id: voucher.id,
      voucherManualId: voucher.number,
      voc_manual_number: voucher.number,
      vocDate: voucher.voucherDate,
      voucherDate: voucher.voucherDate,
      status: voucher.status,
      voucherTypeId: voucher.voucherTypeId,
      voucherType: abbreviation,
      cashAccTittle: cashTitle,
      totalAmount: minorToAmount(voucher.totalMinor),
      source: voucher.source,
      reversalOfId: voucher.reversalOfId,
      reversedBy: reversedById ? { _id: reversedById, voucherManualId: reversedByNumber ?? "" } : null,
      createdBy,
      /** Who entered it, so Voucher Verification can tell the separate-approver rule applies. */
      createdById: voucher.createdBy,
      createdAt: voucher.createdAt.toISOString(),
      decidedBy,
      decidedAt: voucher.decidedAt?.toISOString() ?? null,
      voucherData: (linesOf.get(voucher.id) ?? []).map(({ line, allLevelKey, accountName }) => ({
        lineNo: line.lineNo,
        levelFourId: line.accountId,
        allLevelKey,
        accountName,
        accountTittle: line.accountTitle || accountName,
        voucherDescription: line.description,
        billNumber: line.billNumber,
        voucherAmount: minorToAmount(line.debitMinor + line.creditMinor),
        accountType: line.debitMinor > 0 ? ACCOUNT_TYPE.debit : ACCOUNT_TYPE.credit,
        debit: minorToAmount(line.debitMinor),
        credit: minorToAmount(line.creditMinor),
      })),
    };
  });
  return { data, total };
}

export type VoucherRecord = Awaited<ReturnType<typeof findVouchers>>["data"][number];
