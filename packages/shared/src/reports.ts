import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { MAX_AMOUNT, MONEY_MESSAGES, parseMinor } from "./money";

export const REPORT_MESSAGES = {
  accountRequired: "Please select an account",
  voucherTypeRequired: "Please select a voucher type",
  dateOrder: "The start date must not be after the end date",
  dateFormat: "Date must be YYYY-MM-DD",
  stock: "Enter a number of 0 or more with at most 2 decimals",
} as const;

/** An optional YYYY-MM-DD date; an empty string (the spec's "not given") counts as missing. */
const optionalDate = z
  .union([isoDateSchema(REPORT_MESSAGES.dateFormat), z.literal(""), z.null()])
  .optional()
  .transform((value) => value || undefined);

const accountId = idSchema(REPORT_MESSAGES.accountRequired);

const ordered = <T extends { from?: string | undefined; to?: string | undefined }>(value: T) =>
  !value.from || !value.to || value.from <= value.to;

export const ledgerRequestSchema = z
  .object({ startDate: optionalDate, endDate: optionalDate, levelFourId: accountId })
  .refine((value) => ordered({ from: value.startDate, to: value.endDate }), {
    path: ["startDate"],
    message: REPORT_MESSAGES.dateOrder,
  });
export type LedgerRequest = z.infer<typeof ledgerRequestSchema>;

export const periodRequestSchema = z
  .object({ startedDate: optionalDate, endDate: optionalDate })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

export const transactionSummaryRequestSchema = z
  .object({
    startedDate: optionalDate,
    endDate: optionalDate,
    voucher: z.coerce
      .number({ error: REPORT_MESSAGES.voucherTypeRequired })
      .int(REPORT_MESSAGES.voucherTypeRequired)
      .min(1, REPORT_MESSAGES.voucherTypeRequired)
      .max(5, REPORT_MESSAGES.voucherTypeRequired),
  })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

const stock = z.coerce
  .number({ error: REPORT_MESSAGES.stock })
  .min(0, REPORT_MESSAGES.stock)
  .refine((value) => parseMinor(value) !== null, REPORT_MESSAGES.stock)
  .refine((value) => value <= MAX_AMOUNT, MONEY_MESSAGES.tooLarge)
  .default(0);

export const profitLossRequestSchema = z
  .object({ startedDate: optionalDate, endDate: optionalDate, openingStock: stock, closingStock: stock })
  .refine((value) => ordered({ from: value.startedDate, to: value.endDate }), {
    path: ["startedDate"],
    message: REPORT_MESSAGES.dateOrder,
  });

export const agingRequestSchema = z.object({ levelFourId: accountId, asOfDate: optionalDate });

export const reportFormatSchema = z.object({ format: z.enum(["json", "pdf", "xlsx"]).default("json") });
export type ReportFormat = z.infer<typeof reportFormatSchema>["format"];

// ---- Answers (JSON; ?format=pdf or xlsx answers the same rows as a file) ---------------------------

const int = z.number().int();

/** The company heading the report documents carry (the old system's restaurant names). */
const reportHeadingFields = {
  resImage: z.object({ restaurantName: z.string(), restaurantLocation: z.string(), ntn: z.string() }),
  /** The logo's URL, or null when none is uploaded. */
  restaurantImage: z.string().nullable(),
};

/** One ledger line; balances are positive amounts with a sign (2 debit, 1 credit). */
export const ledgerRowSchema = z.object({
  voucherId: int,
  voucherDate: z.string(),
  vocManualNumber: z.string(),
  voucherType: z.string(),
  voucherDescription: z.string(),
  billNumber: z.string(),
  openingBalance: z.number(),
  openingBalanceSign: int,
  debit: z.number(),
  credit: z.number(),
  closingBalance: z.number(),
  accType: int,
  /** The cash book only: the accounts on the other side of the voucher. */
  counterAccount: z.string().optional(),
});
export type LedgerRow = z.infer<typeof ledgerRowSchema>;

/** An account ledger or cash book: one page of rows plus the period's figures. */
export const ledgerReportSchema = z.object({
  levelFourId: int,
  levelFourName: z.string(),
  allLevelKey: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  openingBalance: z.number(),
  openingBalanceSign: int,
  debitSum: z.number(),
  creditSum: z.number(),
  closingBalance: z.number(),
  closingBalanceSign: int,
  closing_balance: z.number(),
  closing_balance_sign: int,
  total_results: int,
  page: int,
  data: z.array(ledgerRowSchema),
  ...reportHeadingFields,
});
export type LedgerReport = z.infer<typeof ledgerReportSchema>;

/** One account of the trial balance: opening, during and closing, each also split into debit and credit. */
export const trialRowSchema = z.object({
  levelFourId: int,
  allLevelKey: z.string(),
  levelFourName: z.string(),
  opening_balance: z.number(),
  opening_balance_sign: int,
  debitSum: z.number(),
  creditSum: z.number(),
  closing_balance: z.number(),
  closing_balance_sign: int,
  openingDebit: z.number(),
  openingCredit: z.number(),
  closingDebit: z.number(),
  closingCredit: z.number(),
  account_histories: z.array(z.object({ accBalance: z.number() })),
});
export type TrialRow = z.infer<typeof trialRowSchema>;

export const trialBalanceSchema = z.object({
  startedDate: z.string(),
  endDate: z.string(),
  data: z.array(trialRowSchema),
  totals: z.object({
    openingDebit: z.number(),
    openingCredit: z.number(),
    debit: z.number(),
    credit: z.number(),
    closingDebit: z.number(),
    closingCredit: z.number(),
  }),
});
export type TrialBalanceReport = z.infer<typeof trialBalanceSchema>;

/** A node of the nested trial balance or chart of account report, with its balance and sign. */
export const chartReportNodeSchema = z.object({
  _id: int,
  name: z.string(),
  key: z.string(),
  allKey: z.string(),
  balance: z.number(),
  sign: int,
  levelBalance: z.number(),
  levelBalanceSign: int,
  transactions: z.object({
    opening_balance: z.number(),
    opening_balance_sign: int,
    debit_sum: z.number(),
    credit_sum: z.number(),
    closing_balance: z.number(),
    closing_balance_sign: int,
  }),
});
export type ChartReportNode = z.infer<typeof chartReportNodeSchema>;

/** Level 1 to 4 nested; the postable accounts appear as both `level_fours` and `level_fives` (the spec's names). */
export const chartHierarchySchema = z.object({
  startedDate: z.string(),
  endDate: z.string(),
  data: z.array(
    chartReportNodeSchema.extend({
      level_twos: z.array(
        chartReportNodeSchema.extend({
          level_threes: z.array(
            chartReportNodeSchema.extend({
              level_fours: z.array(chartReportNodeSchema),
              level_fives: z.array(chartReportNodeSchema),
            }),
          ),
        }),
      ),
    }),
  ),
  ...reportHeadingFields,
});
export type ChartHierarchy = z.infer<typeof chartHierarchySchema>;

export const transactionSummaryRowSchema = z.object({
  voucherId: int,
  date: z.string(),
  voucherNumber: z.string(),
  account: z.string(),
  description: z.string(),
  debit: z.number(),
  credit: z.number(),
});
export type TransactionSummaryRow = z.infer<typeof transactionSummaryRowSchema>;

const headingBalance = z.object({ balance: z.number() });
/** Profit and loss: one balance per heading of Accounts Integration, then the computed lines. */
export const profitLossSchema = z.object({
  startedDate: z.string(),
  endDate: z.string(),
  local_sale: headingBalance,
  export_sale: headingBalance,
  other_income: headingBalance,
  rebate: headingBalance,
  purchase: headingBalance,
  direct_expense: headingBalance,
  admin: headingBalance,
  selling: headingBalance,
  financial_cost: headingBalance,
  other_expense: headingBalance,
  tax: headingBalance,
  opening_stock: z.number(),
  closing_stock: z.number(),
  cogs: z.number(),
  gross_profit: z.number(),
  profit_before_tax: z.number(),
  net_profit: z.number(),
  ...reportHeadingFields,
});
export type ProfitLossReport = z.infer<typeof profitLossSchema>;

/** One account's open debits aged in 8 buckets of 15 days as of a date. */
export const agingReportSchema = z.object({
  levelFourId: int,
  levelFourName: z.string(),
  asOfDate: z.string(),
  duration: z.array(z.object({ startedDate: z.string(), endDate: z.string() })),
  ledger_history: z.array(z.number()),
  older: z.number(),
  unappliedCredit: z.number(),
  total: z.number(),
  lastDebit: z.number(),
  lastDebitDate: z.string().nullable(),
});
export type AgingReport = z.infer<typeof agingReportSchema>;
