import { z } from "zod";
import { idSchema } from "./input";
import { MAX_AMOUNT, MONEY_MESSAGES, parseMinor } from "./money";

/**
 * The cargo side's dashboard and ledger (spec: users-tracking-rates-ledger.md, Dashboard, Ledger
 * search, Ledger table, Ledger PDF; section 3 Ledger request/response/row). Requests are checked
 * here for both the server and the forms; the answers' shapes are here so the web parses them.
 */

/** Dashboard lists: 20 rows a page, options 20 to 200; the default range is the last 30 days. */
export const DASHBOARD_PAGE_SIZES = [20, 50, 100, 150, 200] as const;
export const DASHBOARD_PAGE_SIZE = 20;
export const DASHBOARD_DEFAULT_DAYS = 30;
/** The longest range the dashboard answers (one chart point a day). */
export const DASHBOARD_MAX_DAYS = 366;
/** Each dashboard list sends at most this many rows, newest first; its `*_total` says how many there are. */
export const DASHBOARD_LIST_LIMIT = 5000;

/** The ledger table: 200 rows a page, options 50 to 200. */
export const LEDGER_TABLE_PAGE_SIZES = [50, 100, 150, 200] as const;
export const LEDGER_TABLE_PAGE_SIZE = 200;

/** Ledger sign (spec section 9): 1 credit (CR), 2 debit (DR). */
export const LEDGER_SIGN = { credit: 1, debit: 2 } as const;

export const CARGO_LEDGER_MESSAGES = {
  date: "Enter a valid date (YYYY-MM-DD)",
  dateOrder: "The start date must not be after the end date",
  endAfterToday: "The end date cannot be later than today",
  startRequired: "Please select the start date",
  endRequired: "Please select the end date",
  rangeTooLong: `Choose a range of at most ${DASHBOARD_MAX_DAYS} days`,
  accountRequired: "Please select an account",
  noSuchAccount: "No such account",
  noLedgerAccount: "Your ledger account is not open yet",
  noSuchCustomer: "No such customer",
} as const;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Whole days from `from` to `to`, both YYYY-MM-DD. */
export const daysFrom = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Optional date: "" and null (the spec's "not given") count as missing. */
const optionalDate = z
  .union([z.string().refine(isIsoDate, CARGO_LEDGER_MESSAGES.date), z.literal(""), z.null()])
  .optional()
  .transform((value) => value || undefined);

const requiredDate = (missing: string) =>
  z.string({ error: missing }).min(1, { message: missing, abort: true }).refine(isIsoDate, CARGO_LEDGER_MESSAGES.date);

/** An optional positive id; "", null and 0 count as missing. */
const optionalId = (message: string) =>
  z.preprocess(
    (value) => (value === "" || value === null || value === 0 ? undefined : value),
    idSchema(message).optional(),
  );

const inOrder = (from: string | undefined, to: string | undefined) => !from || !to || from <= to;
/** Both dates are real and in order, so a range rule has something to measure. */
const measurable = (from: string, to: string) => isIsoDate(from) && isIsoDate(to) && from <= to;

/** `POST /api/cargo_accounts/get_ledger` and `get_ledger_pdf`: dates optional, account for staff. */
export const cargoLedgerRequestSchema = z
  .object({
    startedDate: optionalDate,
    endDate: optionalDate,
    levelFiveId: optionalId(CARGO_LEDGER_MESSAGES.accountRequired),
    /** The account's label as the search screen shows it; the answer names the account itself. */
    name: z.string().max(300).nullish(),
  })
  .refine((value) => inOrder(value.startedDate, value.endDate), {
    path: ["startedDate"],
    message: CARGO_LEDGER_MESSAGES.dateOrder,
  });
export type CargoLedgerRequest = z.infer<typeof cargoLedgerRequestSchema>;

/** The customer-side ledger report (/cargo/reporting/ledger-report): both dates are required. */
export const ledgerReportFormSchema = z
  .object({
    startedDate: requiredDate(CARGO_LEDGER_MESSAGES.startRequired),
    endDate: requiredDate(CARGO_LEDGER_MESSAGES.endRequired),
    levelFiveId: optionalId(CARGO_LEDGER_MESSAGES.accountRequired),
  })
  .refine((value) => inOrder(value.startedDate, value.endDate), {
    path: ["startedDate"],
    message: CARGO_LEDGER_MESSAGES.dateOrder,
  });

/** `POST /api/cargo_accounts/get_ledger_dashboard`. The end date must not pass today (checked where today is known). */
export const dashboardRequestSchema = z
  .object({
    startedDate: requiredDate(CARGO_LEDGER_MESSAGES.startRequired),
    endDate: requiredDate(CARGO_LEDGER_MESSAGES.endRequired),
    /** Staff: one customer's figures; omitted, the company's. Customers always get their own. */
    user_id: optionalId(CARGO_LEDGER_MESSAGES.noSuchCustomer),
  })
  .refine((value) => inOrder(value.startedDate, value.endDate), {
    path: ["startedDate"],
    message: CARGO_LEDGER_MESSAGES.dateOrder,
  })
  .refine(
    (value) =>
      !measurable(value.startedDate, value.endDate) || daysFrom(value.startedDate, value.endDate) < DASHBOARD_MAX_DAYS,
    {
      path: ["startedDate"],
      message: CARGO_LEDGER_MESSAGES.rangeTooLong,
    },
  );
export type DashboardRequest = z.infer<typeof dashboardRequestSchema>;

const sign = z.union([z.literal(1), z.literal(2)]);

/** `GET /api/cargo_accounts/get_levelFive`: a postable account with its ancestors' names. */
export const levelFiveAccountSchema = z.object({
  levelFiveId: z.number().int(),
  levelFiveName: z.string(),
  allLevelKey: z.string(),
  /** "ASSETS / CURRENT ASSETS / TRADE RECEIVABLES": the groups above the account. */
  path: z.string(),
});
export type LevelFiveAccount = z.infer<typeof levelFiveAccountSchema>;

/** The option text of the ledger search's account selector: the full path, a slash, the name. */
export const levelFiveLabel = (account: Pick<LevelFiveAccount, "path" | "levelFiveName">): string =>
  account.path ? `${account.path} / ${account.levelFiveName}` : account.levelFiveName;

/** One row of the cargo ledger; amounts in major units, cargo columns null on other lines. */
export const cargoLedgerRowSchema = z.object({
  /** True on the opening balance row (present when a start date is given). */
  opening: z.boolean(),
  voucher_date: z.string(),
  voc_manual_number: z.string(),
  voucher_description: z.string(),
  voucher_bill_no: z.string(),
  trackingNo: z.string().nullable(),
  destination: z.string().nullable(),
  packages: z.number().nullable(),
  weight: z.number().nullable(),
  weightCharges: z.number().nullable(),
  rateFirstKg: z.number().nullable(),
  rateAddKg: z.number().nullable(),
  rateFlat: z.number().nullable(),
  service: z.string().nullable(),
  debit: z.number(),
  credit: z.number(),
  /** The running balance after the row, without its sign. */
  accBalance: z.number(),
  accBalance_sign: sign,
  /** The same sign, under the name the PDF used. */
  accType: sign,
});
export type CargoLedgerRow = z.infer<typeof cargoLedgerRowSchema>;

export const cargoLedgerResponseSchema = z.object({
  levelFiveId: z.number().int(),
  name: z.string(),
  allLevelKey: z.string(),
  /** As asked ("" when not given); an omitted end date means up to today. */
  startedDate: z.string(),
  endDate: z.string(),
  opening_balance: z.number(),
  opening_balance_sign: sign,
  debit_sum: z.number(),
  credit_sum: z.number(),
  closing_balance: z.number(),
  closing_balance_sign: sign,
  data: z.array(cargoLedgerRowSchema),
});
export type CargoLedgerResponse = z.infer<typeof cargoLedgerResponseSchema>;

export const dashboardTilesSchema = z.object({
  total_cns: z.number().int(),
  total_cn_amount: z.number(),
  last_cn_date: z.string().nullable(),
  last_cn_no: z.string().nullable(),
  last_cn_amount: z.number().nullable(),
  current_balance: z.number(),
  current_balance_sign: sign,
  last_payment: z.number().nullable(),
  last_payment_date: z.string().nullable(),
  /** A customer's own limit; the company view sums its customers' limits. */
  credit_limit: z.number(),
});

export const dashboardShipmentSchema = z.object({
  shipment_id: z.number().int(),
  tracking_id: z.string(),
  shipment_date: z.string(),
  customer: z.string().nullable(),
  receiver_name: z.string().nullable(),
  receiver_country: z.string().nullable(),
  service: z.string().nullable(),
  pieces: z.number().int(),
  weight: z.number(),
  amount: z.number(),
  track_status: z.string().nullable(),
});
export type DashboardShipment = z.infer<typeof dashboardShipmentSchema>;

export const dashboardPaymentSchema = z.object({
  voucher_date: z.string(),
  voc_manual_number: z.string(),
  account: z.string(),
  description: z.string(),
  credit: z.number(),
});
export type DashboardPayment = z.infer<typeof dashboardPaymentSchema>;

export const dashboardResponseSchema = z.object({
  startedDate: z.string(),
  endDate: z.string(),
  /** "company" (staff, every customer) or "customer" (one customer's figures). */
  scope: z.enum(["company", "customer"]),
  customer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  tiles: dashboardTilesSchema,
  shipments: z.array(dashboardShipmentSchema),
  shipments_total: z.number().int(),
  payments: z.array(dashboardPaymentSchema),
  payments_total: z.number().int(),
  chart: z.array(z.object({ date: z.string(), cns: z.number().int(), amount: z.number() })),
  /** One row a day with movement on the receivable account(s): the day's totals and the balance after it. */
  ledger: z.array(
    z.object({
      voucher_date: z.string(),
      debit: z.number(),
      credit: z.number(),
      accBalance: z.number(),
      accBalance_sign: sign,
    }),
  ),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** `GET /api/cargo_accounts/dashboard_customers`: the customers staff can pick on the dashboard. */
export const dashboardCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  hasAccount: z.boolean(),
  /** Approved (status 2): only approved customers can be booked for. */
  approved: z.boolean(),
});
export type DashboardCustomer = z.infer<typeof dashboardCustomerSchema>;

export const CREDIT_LIMIT_MESSAGE = "Enter a credit limit of 0 or more with at most 2 decimals";

/** `credit_limit` on `PUT /api/user_cargo/{id}` (staff only): the customer's credit limit in PKR; omitted, unchanged. */
export const creditLimitSchema = z.object({
  credit_limit: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: CREDIT_LIMIT_MESSAGE })
      .min(0, CREDIT_LIMIT_MESSAGE)
      .max(MAX_AMOUNT, MONEY_MESSAGES.tooLarge)
      .refine((value) => parseMinor(value) !== null, CREDIT_LIMIT_MESSAGE)
      .optional(),
  ),
});
