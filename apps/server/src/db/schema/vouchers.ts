import type { VoucherStatus } from "@cargodesk/shared";
import {
  type AnyPgColumn,
  bigint,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { users } from "./users";

export const voucherTypes = pgTable("voucher_types", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  abbreviation: text("abbreviation").notNull().unique(),
});

/**
 * A voucher with its lines. Status: Pending, then Approve or Disapprove. Approved vouchers are
 * never edited or deleted; they are reversed by a linked mirror voucher (`reversal_of_id`, once).
 */
export const vouchers = pgTable(
  "vouchers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    voucherTypeId: integer("voucher_type_id")
      .notNull()
      .references(() => voucherTypes.id),
    number: text("voc_manual_number").notNull(),
    voucherDate: date("voucher_date", { mode: "string" }).notNull(),
    status: text("status").$type<VoucherStatus>().notNull().default("Pending"),
    cashAccountId: integer("cash_account_id").references(() => accounts.id),
    /** BigInt: a sum of lines (each line is at most MAX_LINE_MINOR, a safe integer). */
    totalMinor: bigint("total_amount", { mode: "bigint" }).notNull(),
    /** manual, opening (an account's opening amount), reversal, shipment. */
    source: text("source").notNull().default("manual"),
    reversalOfId: integer("reversal_of_id").references((): AnyPgColumn => vouchers.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer("decided_by").references(() => users.id),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("vouchers_number_key").on(t.number),
    uniqueIndex("vouchers_reversal_of_key").on(t.reversalOfId),
    index("vouchers_status_idx").on(t.status, t.id),
    index("vouchers_type_date_idx").on(t.voucherTypeId, t.voucherDate),
  ],
);

export const voucherLines = pgTable(
  "voucher_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    lineNo: smallint("line_no").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    debitMinor: bigint("debit", { mode: "bigint" }).notNull().default(0n),
    creditMinor: bigint("credit", { mode: "bigint" }).notNull().default(0n),
    description: text("description").notNull().default(""),
    billNumber: text("bill_number").notNull().default(""),
    accountTitle: text("account_title").notNull().default(""),
    /** The cargo ledger's columns, set on the lines of a shipment's charge voucher. */
    shipmentId: integer("shipment_id"),
    trackingNo: text("tracking_no"),
    destination: text("destination"),
    packages: integer("packages"),
    weight: numeric("weight", { precision: 12, scale: 2 }),
    weightChargesMinor: bigint("weight_charges", { mode: "number" }),
    rateFirstKgMinor: bigint("rate_first_kg", { mode: "number" }),
    rateAddKgMinor: bigint("rate_add_kg", { mode: "number" }),
    rateFlatMinor: bigint("rate_flat", { mode: "number" }),
    service: text("service"),
  },
  (t) => [
    uniqueIndex("voucher_lines_voucher_line_key").on(t.voucherId, t.lineNo),
    index("voucher_lines_account_idx").on(t.accountId),
  ],
);

/**
 * The ledger: one row per line of an approved voucher, written in the approving transaction.
 * Reports read only this table, so nothing unapproved can reach them.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    entryDate: date("entry_date", { mode: "string" }).notNull(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    voucherNumber: text("voucher_number").notNull(),
    lineId: integer("line_id")
      .notNull()
      .references(() => voucherLines.id),
    lineNo: smallint("line_no").notNull(),
    debitMinor: bigint("debit", { mode: "bigint" }).notNull(),
    creditMinor: bigint("credit", { mode: "bigint" }).notNull(),
  },
  (t) => [
    uniqueIndex("ledger_entries_line_key").on(t.lineId),
    index("ledger_entries_account_order_idx").on(t.accountId, t.entryDate, t.voucherNumber, t.lineNo),
    index("ledger_entries_date_idx").on(t.entryDate),
  ],
);

/** Gapless numbering: the row is locked by the posting transaction, so a rollback gives the number back. */
export const voucherCounters = pgTable(
  "voucher_counters",
  {
    voucherTypeId: integer("voucher_type_id").notNull(),
    year: smallint("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.voucherTypeId, t.year] })],
);

/**
 * Pre-aggregated approved amounts per account and day, and per account and month, kept in the
 * approving transaction. Reports sum whole months from the monthly table and the days at either
 * end from the daily one, so a trial balance reads thousands of rows instead of millions.
 */
export const accountDailyBalances = pgTable(
  "account_daily_balances",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    day: date("day", { mode: "string" }).notNull(),
    debitMinor: bigint("debit", { mode: "bigint" }).notNull(),
    creditMinor: bigint("credit", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] }), index("account_daily_balances_day_idx").on(t.day)],
);

export const accountMonthlyBalances = pgTable(
  "account_monthly_balances",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    /** The first day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    debitMinor: bigint("debit", { mode: "bigint" }).notNull(),
    creditMinor: bigint("credit", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] }), index("account_monthly_balances_month_idx").on(t.month)],
);
