import { z } from "zod";
import { isoDateSchema, MAX_ID } from "./input";
import { moneyAmount } from "./money";

/** Voucher type ids are the spec's: 1 CPV, 2 CRV, 3 BPV, 4 BRV, 5 JV. */
export const VOUCHER_TYPES = [
  { id: 1, name: "Cash Payment", abbreviation: "CPV", book: "cash", linesSide: "debit" },
  { id: 2, name: "Cash Receipt", abbreviation: "CRV", book: "cash", linesSide: "credit" },
  { id: 3, name: "Bank Payment", abbreviation: "BPV", book: "bank", linesSide: "debit" },
  { id: 4, name: "Bank Receipt", abbreviation: "BRV", book: "bank", linesSide: "credit" },
  { id: 5, name: "Journal", abbreviation: "JV", book: null, linesSide: null },
] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];
export type VoucherTypeId = VoucherType["id"];
export type VoucherAbbreviation = VoucherType["abbreviation"];

/** Account type codes: 1 credit, 2 debit. Report signs use the same numbers. */
export const ACCOUNT_TYPE = { credit: 1, debit: 2 } as const;
export type AccountTypeCode = (typeof ACCOUNT_TYPE)[keyof typeof ACCOUNT_TYPE];

export const VOUCHER_STATUS = { pending: "Pending", approved: "Approve", disapproved: "Disapprove" } as const;
export type VoucherStatus = (typeof VOUCHER_STATUS)[keyof typeof VOUCHER_STATUS];

export const VOUCHER_MESSAGES = {
  added: "Added successfully...",
  failed: "Something went wrong...",
  unbalanced: "Total debit must equal total credit",
  zero: "The voucher total must be more than zero",
  futureDate: "Voucher date cannot be later than today",
  /** A date before the company's first fiscal year (BOOKS_START). */
  beforeBooks: (start: string) =>
    `Voucher date cannot be before ${start}, the start of the company's first fiscal year`,
  oneDate: "All lines of a voucher must have the same date",
  amount: "Amount must be more than 0 with at most 2 decimals",
  accountRequired: "Please select an account",
  notPostable: "Only level four accounts can be posted to",
  wrongSide: "This voucher kind fixes the account side",
  cashAccountRequired: "Please select the cash or bank account",
  notInCashGroup: "The cash account must be under the cash group of Accounts Integration",
  notInBankGroup: "The bank account must be under the bank group of Accounts Integration",
  sameAccount: "A line cannot post to the cash or bank account itself",
  onlyPending: "Only pending vouchers can be approved or disapproved",
  onlyApproved: "Only approved vouchers can be reversed",
  alreadyReversed: "This voucher has already been reversed",
  stockDocument:
    "This voucher moved stock: reverse its document (GRN or issuance) in the Store, so stock and books stay equal",
} as const;

export function voucherTypeById(id: number): VoucherType | undefined {
  return VOUCHER_TYPES.find((type) => type.id === id);
}

/** For cash and bank vouchers the chosen accounts sit on one side and the cash or bank line on the other. */
export function linesAccountType(typeId: number): AccountTypeCode | null {
  const side = voucherTypeById(typeId)?.linesSide;
  if (!side) return null;
  return side === "debit" ? ACCOUNT_TYPE.debit : ACCOUNT_TYPE.credit;
}

export const oppositeSide = (type: AccountTypeCode): AccountTypeCode =>
  type === ACCOUNT_TYPE.debit ? ACCOUNT_TYPE.credit : ACCOUNT_TYPE.debit;

const isoDate = isoDateSchema("Date must be YYYY-MM-DD");

const amount = moneyAmount(VOUCHER_MESSAGES.amount, 1);

export const voucherLineSchema = z.object({
  voucherDescription: z.string().trim().max(500).default(""),
  voucherAmount: amount,
  billNumber: z.string().trim().max(100).default(""),
  accountTittle: z.string().trim().max(300).default(""),
  levelFourId: z
    .number({ error: VOUCHER_MESSAGES.accountRequired })
    .int()
    .positive(VOUCHER_MESSAGES.accountRequired)
    .max(MAX_ID, VOUCHER_MESSAGES.accountRequired),
  voucherDate: isoDate,
  accountType: z.union([z.literal(1), z.literal(2)], { error: "Account type must be 1 (credit) or 2 (debit)" }),
  credit: z.number().optional(),
  debit: z.number().optional(),
  crossAccount: z.string().max(300).optional(),
});
export type VoucherLineInput = z.infer<typeof voucherLineSchema>;

export const addVoucherSchema = z.object({
  voucherTypeId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)], {
    error: "Voucher type must be 1 to 5",
  }),
  voucherType: z.string().max(10).optional(),
  /** Cash and bank vouchers: the cash or bank account. Journal: the list of line accounts (informative). */
  levelFourId: z
    .union([z.number().int().positive().max(MAX_ID), z.array(z.number().int().positive().max(MAX_ID))])
    .optional(),
  totalAmount: z.number().optional(),
  cashAccTittle: z.string().max(300).optional(),
  voucher: z.string().max(100).optional(),
  voucherData: z.array(voucherLineSchema).min(1, "Add at least one line").max(500),
});
export type AddVoucherInput = z.infer<typeof addVoucherSchema>;

export const approveVoucherSchema = z.object({
  status: z.enum([VOUCHER_STATUS.approved, VOUCHER_STATUS.disapproved], {
    error: "Status must be Approve or Disapprove",
  }),
});

/** One line as stored: minor units on exactly one side. */
export interface PostingLine {
  accountId: number;
  debit: number;
  credit: number;
  description: string;
  billNumber: string;
  accountTitle: string;
}

/** The spec's bracketed list, e.g. "[B-1, B-2]"; nothing at all when every part is empty. */
const bracketed = (parts: readonly string[]) => (parts.every((part) => part === "") ? "" : `[${parts.join(", ")}]`);

/**
 * The cash or bank line of a cash/bank voucher, as the spec builds it: the sum of the lines on the
 * opposite side, with descriptions, bill numbers and account titles joined as bracketed lists.
 */
export function balancingLine(
  lines: readonly {
    amountMinor: number;
    accountType: AccountTypeCode;
    description: string;
    billNumber: string;
    accountTitle: string;
  }[],
  cashAccount: { id: number; title: string },
): PostingLine {
  const first = lines[0];
  if (!first) throw new Error("a voucher needs lines");
  const total = lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const side = oppositeSide(first.accountType);
  return {
    accountId: cashAccount.id,
    debit: side === ACCOUNT_TYPE.debit ? total : 0,
    credit: side === ACCOUNT_TYPE.credit ? total : 0,
    description: bracketed(lines.map((line) => line.description)),
    billNumber: bracketed(lines.map((line) => line.billNumber)),
    accountTitle: bracketed(lines.map((line) => line.accountTitle)),
  };
}

/** `CPV-2025-00001`: per type and per calendar year of the voucher date. */
export function voucherNumber(abbreviation: string, year: number, sequence: number): string {
  return `${abbreviation}-${year}-${String(sequence).padStart(5, "0")}`;
}

// ---- Answers ---------------------------------------------------------------------------------------

/** A voucher type as `GET /api/voucher/get_voucherTypes` lists it (the spec's `abbrevation` spelling). */
export const voucherTypeRowSchema = z.object({
  _id: z.number().int(),
  voucherTypeId: z.number().int(),
  voucherType: z.string(),
  abbrevation: z.string(),
  name: z.string(),
});
export type VoucherTypeRow = z.infer<typeof voucherTypeRowSchema>;

export const voucherStatusSchema = z.enum([
  VOUCHER_STATUS.pending,
  VOUCHER_STATUS.approved,
  VOUCHER_STATUS.disapproved,
]);

/** One line of a stored voucher; amounts in major units, `accountType` 2 debit or 1 credit. */
export const voucherRecordLineSchema = z.object({
  lineNo: z.number().int(),
  levelFourId: z.number().int(),
  allLevelKey: z.string(),
  /** The account's own name; accountTittle is what was typed (a bracketed list on balancing lines). */
  accountName: z.string(),
  accountTittle: z.string(),
  voucherDescription: z.string(),
  billNumber: z.string(),
  voucherAmount: z.number(),
  accountType: z.number().int(),
  debit: z.number(),
  credit: z.number(),
});
export type VoucherRecordLine = z.infer<typeof voucherRecordLineSchema>;

/** A stored voucher with its lines, as every voucher list and `GET /api/voucher/{id}` answer it. */
export const voucherRecordSchema = z.object({
  _id: z.number().int(),
  voucherManualId: z.string(),
  voc_manual_number: z.string(),
  vocDate: z.string(),
  voucherDate: z.string(),
  status: z.enum([VOUCHER_STATUS.pending, VOUCHER_STATUS.approved, VOUCHER_STATUS.disapproved]),
  voucherTypeId: z.number().int(),
  voucherType: z.string(),
  cashAccTittle: z.string().nullable(),
  totalAmount: z.number(),
  /** manual, shipment (a posted charge) or reversal. */
  source: z.string(),
  reversalOfId: z.number().int().nullable(),
  reversedBy: z.object({ _id: z.number().int(), voucherManualId: z.string() }).nullable(),
  createdBy: z.string().nullable(),
  /** Who entered it, so Voucher Verification can tell the separate-approver rule applies. */
  createdById: z.number().int().nullable(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  voucherData: z.array(voucherRecordLineSchema),
});
export type VoucherRecord = z.infer<typeof voucherRecordSchema>;

/** `GET /api/voucher/get_all_voucher_user`: one page (1-based) of a search. */
export const voucherSearchPageSchema = z.object({
  data: z.array(voucherRecordSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const voucherPostedSchema = z.object({ vocId: z.string(), _id: z.number().int(), message: z.string() });
export type PostedVoucher = z.infer<typeof voucherPostedSchema>;
export const voucherDecidedSchema = z.object({ message: z.string(), data: voucherRecordSchema.optional() });
export const voucherReversedSchema = z.object({ message: z.string(), vocId: z.string(), _id: z.number().int() });
