import { boolean, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/** Accounts Integration: the accounts and groups the system posts to. One row, id 1. */
export const accountIntegration = pgTable("account_integration", {
  id: integer("id").primaryKey().default(1),
  cashGroupId: integer("cash_group_id").references(() => accounts.id),
  defaultCashAccountId: integer("default_cash_account_id").references(() => accounts.id),
  bankGroupId: integer("bank_group_id").references(() => accounts.id),
  receivablesGroupId: integer("receivables_group_id").references(() => accounts.id),
  freightRevenueAccountId: integer("freight_revenue_account_id").references(() => accounts.id),
  openingEquityAccountId: integer("opening_equity_account_id").references(() => accounts.id),
  /** Four eyes: when on, whoever entered a voucher cannot approve it. */
  enteredByCannotApprove: boolean("entered_by_cannot_approve").notNull().default(false),
  /** The Store's accounts (design section 7.1); null until set, and a stock document that needs one says so. */
  storeInventoryAccountId: integer("store_inventory_account_id").references(() => accounts.id),
  kitchenInventoryAccountId: integer("kitchen_inventory_account_id").references(() => accounts.id),
  stockAdjustmentAccountId: integer("stock_adjustment_account_id").references(() => accounts.id),
  wastageAccountId: integer("wastage_account_id").references(() => accounts.id),
  cogsAccountId: integer("cogs_account_id").references(() => accounts.id),
  inputTaxAccountId: integer("input_tax_account_id").references(() => accounts.id),
  vendorsGroupId: integer("vendors_group_id").references(() => accounts.id),
  /** The POS's accounts (design section 7.1), used by Day Close. */
  restaurantCustomersGroupId: integer("restaurant_customers_group_id").references(() => accounts.id),
  posSalesAccountId: integer("pos_sales_account_id").references(() => accounts.id),
  salesDiscountAccountId: integer("sales_discount_account_id").references(() => accounts.id),
  serviceChargeAccountId: integer("service_charge_account_id").references(() => accounts.id),
  salesTaxPayableAccountId: integer("sales_tax_payable_account_id").references(() => accounts.id),
  roundingAccountId: integer("rounding_account_id").references(() => accounts.id),
  cashOverShortAccountId: integer("cash_over_short_account_id").references(() => accounts.id),
  cardClearingAccountId: integer("card_clearing_account_id").references(() => accounts.id),
  safeCashAccountId: integer("safe_cash_account_id").references(() => accounts.id),
});

/** Which groups feed each profit-and-loss heading (local_sale, purchase, admin, ...). */
export const plHeadingGroups = pgTable(
  "pl_heading_groups",
  {
    heading: text("heading").notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
  },
  (t) => [primaryKey({ columns: [t.heading, t.accountId] })],
);

/** The company that heads every document (the spec's resImage / restaurantImage). One row, id 1. */
export const companyProfile = pgTable("company_profile", {
  id: integer("id").primaryKey().default(1),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  phone: text("phone").notNull().default(""),
  email: text("email").notNull().default(""),
  ntn: text("ntn").notNull().default(""),
  logoPath: text("logo_path"),
});
