import {
  ACCOUNT_TYPE,
  type AccountTypeCode,
  balancingLine,
  fromMinor,
  MAX_AMOUNT,
  type PostingLine,
  toMinor,
  type VoucherLineInput,
} from "@cargodesk/shared";
import type { Account } from "./api";

/** A line entered on a voucher screen and not posted yet; money in integer minor units. */
export interface PendingLine {
  readonly key: number;
  readonly account: Account;
  readonly accountType: AccountTypeCode;
  readonly amountMinor: number;
  readonly description: string;
  readonly billNumber: string;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Minor units of a typed amount: more than 0, at most 2 decimals, within the limit; otherwise null. */
export function parseAmount(text: string): number | null {
  const minor = toMinor(text);
  if (minor === null || minor <= 0 || minor > MAX_AMOUNT * 100) return null;
  return minor;
}

export const accountLabel = (account: { allLevelKey: string; levelFourName: string }): string =>
  `${account.allLevelKey} - ${account.levelFourName}`;

export function sideTotals(lines: readonly PendingLine[]): { debit: number; credit: number } {
  let debit = 0;
  let credit = 0;
  for (const line of lines) {
    if (line.accountType === ACCOUNT_TYPE.debit) debit += line.amountMinor;
    else credit += line.amountMinor;
  }
  return { debit, credit };
}

export const totalMinor = (lines: readonly PendingLine[]): number =>
  lines.reduce((sum, line) => sum + line.amountMinor, 0);

/** The cash or bank line the server will add to a cash or bank voucher. */
export function balancingPreview(lines: readonly PendingLine[], cashAccount: Account | null): PostingLine | null {
  if (!cashAccount || lines.length === 0) return null;
  return balancingLine(
    lines.map((line) => ({
      amountMinor: line.amountMinor,
      accountType: line.accountType,
      description: line.description,
      billNumber: line.billNumber,
      accountTitle: line.account.levelFourName,
    })),
    { id: cashAccount._id, title: cashAccount.levelFourName },
  );
}

/** One line of the add_voucher payload; `crossAccount` names the account on the other side. */
export function toVoucherLine(line: PendingLine, voucherDate: string, crossAccount: string): VoucherLineInput {
  const amount = fromMinor(line.amountMinor);
  return {
    voucherDescription: line.description,
    voucherAmount: amount,
    billNumber: line.billNumber,
    accountTittle: line.account.levelFourName,
    levelFourId: line.account._id,
    voucherDate,
    accountType: line.accountType,
    debit: line.accountType === ACCOUNT_TYPE.debit ? amount : 0,
    credit: line.accountType === ACCOUNT_TYPE.credit ? amount : 0,
    crossAccount,
  };
}
