import { z } from "zod";
import { MAX_ID } from "./input";

/** Profit-and-loss headings, in the order the report prints them. */
export const PL_HEADINGS = [
  { key: "local_sale", label: "Local Sale" },
  { key: "export_sale", label: "Export Sale" },
  { key: "other_income", label: "Other Income" },
  { key: "rebate", label: "Rebate" },
  { key: "purchase", label: "Purchase" },
  { key: "direct_expense", label: "Direct Expense" },
  { key: "admin", label: "Admin" },
  { key: "selling", label: "Selling" },
  { key: "financial_cost", label: "Financial Cost" },
  { key: "other_expense", label: "Other Expense" },
  { key: "tax", label: "Tax" },
] as const;
export type PlHeadingKey = (typeof PL_HEADINGS)[number]["key"];

/** The single accounts the system posts to, with what each must be. */
export const INTEGRATION_FIELDS = [
  { key: "cashGroupId", label: "Cash Group", kind: "group" },
  { key: "defaultCashAccountId", label: "Default Cash Account", kind: "account" },
  { key: "bankGroupId", label: "Bank Group", kind: "group" },
  { key: "receivablesGroupId", label: "Customers' Receivables Group", kind: "group" },
  { key: "freightRevenueAccountId", label: "Freight Revenue Account", kind: "account" },
  { key: "openingEquityAccountId", label: "Opening Balance Equity Account", kind: "account" },
] as const;
export type IntegrationFieldKey = (typeof INTEGRATION_FIELDS)[number]["key"];

/**
 * The Store's accounts (the *POS and Inventory* section; design section 7.1), each under its class
 * (`classKey`: 1 assets, 2 liabilities, 5 expenses). Optional in a save: a field left out keeps its
 * value, null clears it; a stock document that needs a cleared account is refused with a message.
 */
export const STORE_INTEGRATION_FIELDS = [
  { key: "storeInventoryAccountId", label: "Store Inventory Account", kind: "account", classKey: "1" },
  { key: "kitchenInventoryAccountId", label: "Kitchen Inventory Account", kind: "account", classKey: "1" },
  { key: "stockAdjustmentAccountId", label: "Stock Adjustment Account", kind: "account", classKey: "5" },
  { key: "wastageAccountId", label: "Wastage Account", kind: "account", classKey: "5" },
  { key: "cogsAccountId", label: "Cost of Goods Sold Account", kind: "account", classKey: "5" },
  { key: "inputTaxAccountId", label: "Input Tax Account", kind: "account", classKey: "1" },
  { key: "vendorsGroupId", label: "Vendors Group", kind: "group", classKey: "2" },
  /** Left empty, house accounts open under the Customers' Receivables Group. */
  { key: "restaurantCustomersGroupId", label: "Restaurant Customers Group", kind: "group", classKey: "1" },
] as const;
export type StoreIntegrationFieldKey = (typeof STORE_INTEGRATION_FIELDS)[number]["key"];

const REVENUE = "Must be under REVENUE";

/**
 * The POS's accounts (design section 7.1), which Day Close posts the day's sales and cost to. `under`
 * says where each must be: under one of these classes of the chart (4 revenue, 5 expenses,
 * 2 liabilities), or under the cash or bank group of these settings. Optional in a save like the
 * Store's; Day Close names a missing one it needs ("Set the Sales Tax account in Accounts Integration").
 */
export const POS_INTEGRATION_FIELDS = [
  { key: "posSalesAccountId", label: "POS Sales Account", name: "POS Sales", under: ["4"], place: REVENUE },
  {
    key: "salesDiscountAccountId",
    label: "Sales Discount Account",
    name: "Sales Discount",
    under: ["4", "5"],
    place: "Must be under REVENUE or EXPENSES",
  },
  {
    key: "serviceChargeAccountId",
    label: "Service Charge Account",
    name: "Service Charge",
    under: ["4"],
    place: REVENUE,
  },
  {
    key: "salesTaxPayableAccountId",
    label: "Sales Tax Payable Account",
    name: "Sales Tax",
    under: ["2"],
    place: "Must be under LIABILITIES",
  },
  {
    key: "roundingAccountId",
    label: "Rounding Account",
    name: "Rounding",
    under: ["4", "5"],
    place: "Must be under REVENUE or EXPENSES",
  },
  {
    key: "cashOverShortAccountId",
    label: "Cash Over/Short Account",
    name: "Cash Over/Short",
    under: ["5"],
    place: "Must be under EXPENSES",
  },
  {
    key: "cardClearingAccountId",
    label: "Card Clearing Account",
    name: "Card Clearing",
    under: "bankGroupId",
    place: "Must be an account under the bank group",
  },
  {
    key: "safeCashAccountId",
    label: "Safe Cash Account",
    name: "Safe Cash",
    under: "cashGroupId",
    place: "Must be an account under the cash group",
  },
] as const;
export type PosIntegrationFieldKey = (typeof POS_INTEGRATION_FIELDS)[number]["key"];
export type PosIntegrationField = (typeof POS_INTEGRATION_FIELDS)[number];

/** What Day Close says when it needs a POS account that is not set. */
export const posMappingMissing = (field: PosIntegrationField | (typeof STORE_INTEGRATION_FIELDS)[number]): string =>
  `Set the ${"name" in field ? field.name : field.label.replace(/ Account$/, "")} account in Accounts Integration`;

const accountId = (label: string) =>
  z
    .number({ error: `Please select the ${label}` })
    .int()
    .positive(`Please select the ${label}`)
    .max(MAX_ID, `Please select the ${label}`);

export const integrationSchema = z.object({
  cashGroupId: accountId("Cash Group"),
  defaultCashAccountId: accountId("Default Cash Account"),
  bankGroupId: accountId("Bank Group"),
  receivablesGroupId: accountId("Customers' Receivables Group"),
  freightRevenueAccountId: accountId("Freight Revenue Account"),
  openingEquityAccountId: accountId("Opening Balance Equity Account"),
  ...(Object.fromEntries(
    STORE_INTEGRATION_FIELDS.map((field) => [field.key, accountId(field.label).nullable().optional()]),
  ) as Record<StoreIntegrationFieldKey, z.ZodOptional<z.ZodNullable<ReturnType<typeof accountId>>>>),
  ...(Object.fromEntries(
    POS_INTEGRATION_FIELDS.map((field) => [field.key, accountId(field.label).nullable().optional()]),
  ) as Record<PosIntegrationFieldKey, z.ZodOptional<z.ZodNullable<ReturnType<typeof accountId>>>>),
  plHeadings: z.partialRecord(
    z.enum(PL_HEADINGS.map((heading) => heading.key) as [PlHeadingKey, ...PlHeadingKey[]]),
    z.array(z.number().int().positive().max(MAX_ID)).max(50),
  ),
});
export type IntegrationInput = z.infer<typeof integrationSchema>;

/** A chart node the settings name: a level 2 or 3 group, or a level 4 account. */
export const integrationAccountRefSchema = z.object({
  _id: z.number().int(),
  name: z.string(),
  allLevelKey: z.string(),
  level: z.number().int(),
});
export type IntegrationAccountRef = z.infer<typeof integrationAccountRefSchema>;

const settingId = z.number().int().nullable();

/** GET /api/setting/account_integration: each setting's id (null when not made) and the nodes spelled out. */
export const integrationSettingsSchema = z.object({
  cashGroupId: settingId,
  defaultCashAccountId: settingId,
  bankGroupId: settingId,
  receivablesGroupId: settingId,
  freightRevenueAccountId: settingId,
  openingEquityAccountId: settingId,
  ...(Object.fromEntries(STORE_INTEGRATION_FIELDS.map((field) => [field.key, settingId])) as Record<
    StoreIntegrationFieldKey,
    typeof settingId
  >),
  ...(Object.fromEntries(POS_INTEGRATION_FIELDS.map((field) => [field.key, settingId])) as Record<
    PosIntegrationFieldKey,
    typeof settingId
  >),
  accounts: z.record(z.string(), integrationAccountRefSchema.nullable()),
  plHeadings: z.array(
    z.object({
      heading: z.enum(PL_HEADINGS.map((heading) => heading.key) as [PlHeadingKey, ...PlHeadingKey[]]),
      label: z.string(),
      groups: z.array(integrationAccountRefSchema),
    }),
  ),
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

export const integrationSavedSchema = z.object({ message: z.string(), data: integrationSettingsSchema });

export const INTEGRATION_MESSAGES = {
  saved: "Added successfully...",
  mustBeGroup: "Must be a level 2 or level 3 group",
  mustBeAccount: "Must be a level 4 account",
  cashUnderGroup: "The default cash account must be under the cash group",
  revenueClass: REVENUE,
  equityClass: "Must be under EQUITY",
  classOf: { "1": "Must be under ASSETS", "2": "Must be under LIABILITIES", "5": "Must be under EXPENSES" },
  headingAccount: "Must be a level 2, 3 or 4 account",
} as const;

export const companyProfileSchema = z.object({
  name: z.string().trim().min(2, "Please enter the company name (at least 2 characters)").max(150),
  address: z.string().trim().max(300).default(""),
  phone: z.string().trim().max(50).default(""),
  email: z.union([z.email("Please Enter Valid Email"), z.literal("")]).default(""),
  ntn: z.string().trim().max(50).default(""),
});
export type CompanyProfileInput = z.infer<typeof companyProfileSchema>;
