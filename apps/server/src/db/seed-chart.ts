import { PL_HEADINGS, type PlHeadingKey, VOUCHER_TYPES } from "@cargodesk/shared";
import { and, eq, lt } from "drizzle-orm";
import type { Db } from "./client";
import { accountIntegration, accounts, companyProfile, plHeadingGroups, voucherTypes } from "./schema/index";

/** A group with its children: a string is a postable account (level 4). */
interface Node {
  name: string;
  children: (Node | string)[];
  role?: GroupRole;
}
type GroupRole = "cash" | "bank" | "receivables" | PlHeadingKey;

const DEFAULT_CASH = "CASH IN HAND";
const FREIGHT_REVENUE = "INTERNATIONAL FREIGHT REVENUE";
const OPENING_EQUITY = "OPENING BALANCE EQUITY";

/** A sensible chart for a courier company, keyed by level-1 class id (1 assets ... 5 expenses). */
const DEFAULT_CHART: Record<number, Node[]> = {
  1: [
    {
      name: "CURRENT ASSETS",
      children: [
        { name: "CASH IN HAND", role: "cash", children: [DEFAULT_CASH, "PETTY CASH"] },
        { name: "CASH AT BANK", role: "bank", children: ["BANK CURRENT ACCOUNT", "BANK SAVINGS ACCOUNT"] },
        { name: "TRADE RECEIVABLES", role: "receivables", children: ["WALK-IN CUSTOMERS"] },
        { name: "ADVANCES AND DEPOSITS", children: ["SECURITY DEPOSITS", "ADVANCES TO STAFF"] },
      ],
    },
    {
      name: "NON-CURRENT ASSETS",
      children: [{ name: "PROPERTY AND EQUIPMENT", children: ["VEHICLES", "OFFICE EQUIPMENT"] }],
    },
  ],
  2: [
    {
      name: "CURRENT LIABILITIES",
      children: [
        { name: "TRADE PAYABLES", children: ["CARRIER PAYABLES"] },
        { name: "ACCRUED EXPENSES", children: ["ACCRUED EXPENSES PAYABLE"] },
        { name: "TAXES PAYABLE", children: ["SALES TAX PAYABLE", "WITHHOLDING TAX PAYABLE"] },
      ],
    },
  ],
  3: [
    {
      name: "OWNERS EQUITY",
      children: [
        { name: "CAPITAL", children: ["OWNERS CAPITAL", OPENING_EQUITY] },
        { name: "RETAINED EARNINGS", children: ["RETAINED EARNINGS ACCOUNT"] },
      ],
    },
  ],
  4: [
    {
      name: "SALES",
      children: [
        { name: "LOCAL SALES", role: "local_sale", children: ["DOMESTIC COURIER REVENUE"] },
        { name: "EXPORT SALES", role: "export_sale", children: [FREIGHT_REVENUE] },
      ],
    },
    {
      name: "OTHER INCOME",
      children: [
        { name: "MISCELLANEOUS INCOME", role: "other_income", children: ["SUNDRY INCOME"] },
        { name: "REBATES", role: "rebate", children: ["EXPORT REBATE"] },
      ],
    },
  ],
  5: [
    {
      name: "COST OF SALES",
      children: [
        { name: "PURCHASES", role: "purchase", children: ["CARRIER CHARGES"] },
        { name: "DIRECT EXPENSES", role: "direct_expense", children: ["FUEL SURCHARGE", "CUSTOMS AND HANDLING"] },
      ],
    },
    {
      name: "OPERATING EXPENSES",
      children: [
        { name: "ADMINISTRATIVE EXPENSES", role: "admin", children: ["SALARIES AND WAGES", "RENT", "UTILITIES"] },
        { name: "SELLING EXPENSES", role: "selling", children: ["ADVERTISING", "SALES COMMISSION"] },
        { name: "FINANCIAL COSTS", role: "financial_cost", children: ["BANK CHARGES"] },
        { name: "OTHER EXPENSES", role: "other_expense", children: ["SUNDRY EXPENSES"] },
      ],
    },
    { name: "TAXATION", children: [{ name: "INCOME TAX", role: "tax", children: ["INCOME TAX EXPENSE"] }] },
  ],
};

/**
 * The Store's accounts (design section 7.1), added after the chart above so that its account ids
 * and codes stay as they were: each group goes under the level-2 group named by `under`.
 */
const STORE_INVENTORY = "STORE INVENTORY";
const KITCHEN_INVENTORY = "KITCHEN INVENTORY";
const INPUT_TAX = "INPUT SALES TAX";
const COGS = "COST OF GOODS SOLD";
const WASTAGE = "WASTAGE";
const STOCK_ADJUSTMENT = "STOCK ADJUSTMENT";
const VENDORS_GROUP = "VENDORS";
const RESTAURANT_CUSTOMERS = "RESTAURANT CUSTOMERS";
const STORE_CHART: { under: string; node: Node }[] = [
  { under: "CURRENT ASSETS", node: { name: "INVENTORIES", children: [STORE_INVENTORY, KITCHEN_INVENTORY] } },
  { under: "CURRENT ASSETS", node: { name: "TAX RECOVERABLE", children: [INPUT_TAX] } },
  { under: "CURRENT LIABILITIES", node: { name: VENDORS_GROUP, children: [] } },
  { under: "CURRENT ASSETS", node: { name: RESTAURANT_CUSTOMERS, children: [] } },
  {
    under: "COST OF SALES",
    node: { name: "FOOD COST", role: "direct_expense", children: [COGS, WASTAGE, STOCK_ADJUSTMENT] },
  },
];

/**
 * The POS's accounts (design section 7.1), added after the Store's for the same reason, so that a
 * fresh install can close a day without any setup: restaurant sales with their service charge and
 * discounts, the cash differences, the safe the cashiers drop cash into and the card clearing account.
 * A string is a postable account added as the last child of the group named by `under`.
 */
const SALES_FOOD = "SALES - FOOD";
const SERVICE_CHARGE = "SERVICE CHARGE";
const SALES_DISCOUNTS = "SALES DISCOUNTS";
const SALES_TAX_PAYABLE = "SALES TAX PAYABLE";
const ROUNDING = "ROUNDING";
const CASH_OVER_SHORT = "CASH OVER/SHORT";
const SAFE_CASH = "SAFE CASH";
const CARD_CLEARING = "CARD CLEARING";
const POS_CHART: { under: string; node: Node | string }[] = [
  {
    under: "SALES",
    node: { name: "RESTAURANT SALES", role: "local_sale", children: [SALES_FOOD, SERVICE_CHARGE, SALES_DISCOUNTS] },
  },
  {
    under: "OPERATING EXPENSES",
    node: { name: "CASH DIFFERENCES", role: "other_expense", children: [CASH_OVER_SHORT, ROUNDING] },
  },
  { under: "CASH IN HAND", node: SAFE_CASH },
  { under: "CASH AT BANK", node: CARD_CLEARING },
];

const KEY_WIDTHS = [0, 0, 2, 3, 4];

/**
 * Seeds voucher types always, and on a database with no level-2 account the default chart and its
 * Accounts Integration settings. A company that builds its own chart first keeps it.
 */
export async function seedChart(tx: Db): Promise<void> {
  await tx
    .insert(voucherTypes)
    .values(VOUCHER_TYPES.map((type) => ({ id: type.id, name: type.name, abbreviation: type.abbreviation })))
    .onConflictDoNothing();
  await tx.insert(companyProfile).values({ id: 1, name: "CARGODESK COURIER & CARGO" }).onConflictDoNothing();
  const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.level, 2)).limit(1);
  if (existing) return;

  const roles = new Map<GroupRole, number[]>();
  const byName = new Map<string, number>();
  const insert = async (parent: { id: number; allLevelKey: string }, level: number, index: number, name: string) => {
    const key = String(index + 1).padStart(KEY_WIDTHS[level] ?? 2, "0");
    const [row] = await tx
      .insert(accounts)
      .values({ parentId: parent.id, level, key, allLevelKey: `${parent.allLevelKey}-${key}`, name })
      .returning({ id: accounts.id, allLevelKey: accounts.allLevelKey });
    if (!row) throw new Error(`could not seed account ${name}`);
    byName.set(name, row.id);
    return row;
  };
  const insertTree = async (
    parent: { id: number; allLevelKey: string },
    level: number,
    nodes: (Node | string)[],
    firstIndex = 0,
  ) => {
    for (const [index, node] of nodes.entries()) {
      const name = typeof node === "string" ? node : node.name;
      const row = await insert(parent, level, firstIndex + index, name);
      if (typeof node !== "string") {
        if (node.role) roles.set(node.role, [...(roles.get(node.role) ?? []), row.id]);
        await insertTree(row, level + 1, node.children);
      }
    }
  };
  for (const [classId, nodes] of Object.entries(DEFAULT_CHART)) {
    await insertTree({ id: Number(classId), allLevelKey: classId }, 2, nodes);
  }
  for (const { under, node } of [...STORE_CHART, ...POS_CHART]) {
    // A group's name, never the postable account of the same name (CASH IN HAND is both).
    const [parent] = await tx
      .select({ id: accounts.id, allLevelKey: accounts.allLevelKey, level: accounts.level })
      .from(accounts)
      .where(and(eq(accounts.name, under), lt(accounts.level, 4)));
    if (!parent) throw new Error(`seeded chart has no ${under}`);
    const siblings = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentId, parent.id));
    await insertTree(parent, parent.level + 1, [node], siblings.length);
  }

  await tx
    .insert(accountIntegration)
    .values({
      id: 1,
      cashGroupId: roles.get("cash")?.[0],
      defaultCashAccountId: byName.get(DEFAULT_CASH),
      bankGroupId: roles.get("bank")?.[0],
      receivablesGroupId: roles.get("receivables")?.[0],
      freightRevenueAccountId: byName.get(FREIGHT_REVENUE),
      openingEquityAccountId: byName.get(OPENING_EQUITY),
      storeInventoryAccountId: byName.get(STORE_INVENTORY),
      kitchenInventoryAccountId: byName.get(KITCHEN_INVENTORY),
      stockAdjustmentAccountId: byName.get(STOCK_ADJUSTMENT),
      wastageAccountId: byName.get(WASTAGE),
      cogsAccountId: byName.get(COGS),
      inputTaxAccountId: byName.get(INPUT_TAX),
      vendorsGroupId: byName.get(VENDORS_GROUP),
      restaurantCustomersGroupId: byName.get(RESTAURANT_CUSTOMERS),
      posSalesAccountId: byName.get(SALES_FOOD),
      salesDiscountAccountId: byName.get(SALES_DISCOUNTS),
      serviceChargeAccountId: byName.get(SERVICE_CHARGE),
      salesTaxPayableAccountId: byName.get(SALES_TAX_PAYABLE),
      roundingAccountId: byName.get(ROUNDING),
      cashOverShortAccountId: byName.get(CASH_OVER_SHORT),
      cardClearingAccountId: byName.get(CARD_CLEARING),
      safeCashAccountId: byName.get(SAFE_CASH),
    })
    .onConflictDoNothing();
  const headingRows = PL_HEADINGS.flatMap(({ key }) =>
    (roles.get(key) ?? []).map((accountId) => ({ heading: key, accountId })),
  );
  await tx.insert(plHeadingGroups).values(headingRows).onConflictDoNothing();
}
