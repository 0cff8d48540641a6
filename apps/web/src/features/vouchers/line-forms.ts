import { ACCOUNT_TYPE, type AccountTypeCode, VOUCHER_MESSAGES } from "@cargodesk/shared";
import { z } from "zod";
import { companyToday } from "../../lib/dates";
import type { Account } from "./api";
import { ISO_DATE, parseAmount } from "./lines";

/** A picker value that must be chosen: null in the form, an account once valid. */
const chosen = (message: string) =>
  z.custom<Account | null>().transform((value, ctx): Account => {
    if (value === null || value === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return value;
  });

const voucherDate = z
  .string()
  .regex(ISO_DATE, "Please enter the voucher date")
  .refine((date) => date <= companyToday(), VOUCHER_MESSAGES.futureDate);

const amount = z.string().transform((text, ctx): number => {
  const minor = parseAmount(text);
  if (minor === null) {
    ctx.addIssue({ code: "custom", message: VOUCHER_MESSAGES.amount });
    return z.NEVER;
  }
  return minor;
});

const billNumber = z.string().trim().max(100, "Bill No. can be at most 100 characters");
const description = z.string().trim().max(500, "Description can be at most 500 characters");

/** One line of a cash or bank voucher; the cash or bank account is shared by all lines. */
export const cashBankLineSchema = z
  .object({
    date: voucherDate,
    account: chosen(VOUCHER_MESSAGES.accountRequired),
    cashAccount: chosen(VOUCHER_MESSAGES.cashAccountRequired),
    billNumber,
    description,
    amountMinor: amount,
  })
  .refine((line) => line.account._id !== line.cashAccount._id, {
    path: ["account"],
    message: VOUCHER_MESSAGES.sameAccount,
  });
export type CashBankLineValues = z.input<typeof cashBankLineSchema>;

export const JOURNAL_SIDES = [
  { value: String(ACCOUNT_TYPE.debit), label: "Debit" },
  { value: String(ACCOUNT_TYPE.credit), label: "Credit" },
] as const;

/** One line of a journal voucher: the side is chosen per line; the placeholder does not count. */
export const journalLineSchema = z.object({
  date: voucherDate,
  amountMinor: amount,
  accountType: z.string().transform((value, ctx): AccountTypeCode => {
    if (value === String(ACCOUNT_TYPE.debit)) return ACCOUNT_TYPE.debit;
    if (value === String(ACCOUNT_TYPE.credit)) return ACCOUNT_TYPE.credit;
    ctx.addIssue({ code: "custom", message: "Please select Debit or Credit" });
    return z.NEVER;
  }),
  account: chosen(VOUCHER_MESSAGES.accountRequired),
  description,
  billNumber,
});
export type JournalLineValues = z.input<typeof journalLineSchema>;
