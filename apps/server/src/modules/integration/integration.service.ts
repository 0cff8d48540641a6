import {
  type FieldIssue,
  INTEGRATION_FIELDS,
  INTEGRATION_MESSAGES,
  type IntegrationInput,
  type IntegrationSettings,
  PL_HEADINGS,
  POS_INTEGRATION_FIELDS,
  STOCK_LOCK_MESSAGES,
  STORE_INTEGRATION_FIELDS,
  type StockLock,
  type VoucherApprovalSettings,
} from "@cargodesk/shared";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountIntegration, accounts, outlets, plHeadingGroups } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";

type AccountRef = { _id: number; name: string; allLevelKey: string; level: number };
const ref = (row: typeof accounts.$inferSelect): AccountRef => ({
  _id: row.id,
  name: row.name,
  allLevelKey: row.allLevelKey,
  level: row.level,
});

/** The Accounts Integration settings with the named accounts spelled out. */
export async function getIntegrationSettings(db: Db): Promise<IntegrationSettings> {
  const [row] = await db.select().from(accountIntegration).where(eq(accountIntegration.id, 1));
  const headings = await db
    .select({ heading: plHeadingGroups.heading, account: accounts })
    .from(plHeadingGroups)
    .innerJoin(accounts, eq(accounts.id, plHeadingGroups.accountId))
    .orderBy(accounts.allLevelKey);
  const fields = [...INTEGRATION_FIELDS, ...STORE_INTEGRATION_FIELDS, ...POS_INTEGRATION_FIELDS];
  const ids = fields.map((field) => row?.[field.key]).filter((id): id is number => typeof id === "number");
  const named = new Map(
    (ids.length ? await db.select().from(accounts).where(inArray(accounts.id, ids)) : []).map((a) => [a.id, ref(a)]),
  );
  return {
    cashGroupId: row?.cashGroupId ?? null,
    defaultCashAccountId: row?.defaultCashAccountId ?? null,
    bankGroupId: row?.bankGroupId ?? null,
    receivablesGroupId: row?.receivablesGroupId ?? null,
    freightRevenueAccountId: row?.freightRevenueAccountId ?? null,
    openingEquityAccountId: row?.openingEquityAccountId ?? null,
    storeInventoryAccountId: row?.storeInventoryAccountId ?? null,
    kitchenInventoryAccountId: row?.kitchenInventoryAccountId ?? null,
    stockAdjustmentAccountId: row?.stockAdjustmentAccountId ?? null,
    wastageAccountId: row?.wastageAccountId ?? null,
    cogsAccountId: row?.cogsAccountId ?? null,
    inputTaxAccountId: row?.inputTaxAccountId ?? null,
    vendorsGroupId: row?.vendorsGroupId ?? null,
    restaurantCustomersGroupId: row?.restaurantCustomersGroupId ?? null,
    posSalesAccountId: row?.posSalesAccountId ?? null,
    salesDiscountAccountId: row?.salesDiscountAccountId ?? null,
    serviceChargeAccountId: row?.serviceChargeAccountId ?? null,
    salesTaxPayableAccountId: row?.salesTaxPayableAccountId ?? null,
    roundingAccountId: row?.roundingAccountId ?? null,
    cashOverShortAccountId: row?.cashOverShortAccountId ?? null,
    cardClearingAccountId: row?.cardClearingAccountId ?? null,
    safeCashAccountId: row?.safeCashAccountId ?? null,
    accounts: Object.fromEntries(fields.map((field) => [field.key, named.get(row?.[field.key] ?? 0) ?? null])),
    plHeadings: PL_HEADINGS.map(({ key, label }) => ({
      heading: key,
      label,
      groups: headings.filter((entry) => entry.heading === key).map((entry) => ref(entry.account)),
    })),
  };
}

/** Replaces the settings after checking each named account is of the right kind; one transaction. */
export async function saveIntegrationSettings(ctx: Ctx, input: IntegrationInput) {
  await ctx.db.transaction(async (tx) => {
    const headingIds = Object.values(input.plHeadings).flat();
    const storeIds = [...STORE_INTEGRATION_FIELDS, ...POS_INTEGRATION_FIELDS]
      .map((field) => input[field.key])
      .filter((id): id is number => typeof id === "number");
    const ids = [...new Set([...INTEGRATION_FIELDS.map((field) => input[field.key]), ...storeIds, ...headingIds])];
    const found = new Map(
      (await tx.select().from(accounts).where(inArray(accounts.id, ids))).map((row) => [row.id, row]),
    );
    const issues: FieldIssue[] = [];
    const check = (field: string, id: number, ok: (row: typeof accounts.$inferSelect) => boolean, message: string) => {
      const row = found.get(id);
      if (!row || !ok(row)) issues.push({ field, message });
    };
    const isGroup = (row: typeof accounts.$inferSelect) => row.level === 2 || row.level === 3;
    const isAccount = (row: typeof accounts.$inferSelect) => row.level === 4;
    check("cashGroupId", input.cashGroupId, isGroup, INTEGRATION_MESSAGES.mustBeGroup);
    check("bankGroupId", input.bankGroupId, isGroup, INTEGRATION_MESSAGES.mustBeGroup);
    check("receivablesGroupId", input.receivablesGroupId, isGroup, INTEGRATION_MESSAGES.mustBeGroup);
    check("defaultCashAccountId", input.defaultCashAccountId, isAccount, INTEGRATION_MESSAGES.mustBeAccount);
    const cashGroup = found.get(input.cashGroupId);
    check(
      "defaultCashAccountId",
      input.defaultCashAccountId,
      (row) => cashGroup !== undefined && row.allLevelKey.startsWith(`${cashGroup.allLevelKey}-`),
      INTEGRATION_MESSAGES.cashUnderGroup,
    );
    check(
      "freightRevenueAccountId",
      input.freightRevenueAccountId,
      (row) => isAccount(row) && row.allLevelKey.startsWith("4-"),
      INTEGRATION_MESSAGES.revenueClass,
    );
    check(
      "openingEquityAccountId",
      input.openingEquityAccountId,
      (row) => isAccount(row) && row.allLevelKey.startsWith("3-"),
      INTEGRATION_MESSAGES.equityClass,
    );
    for (const field of STORE_INTEGRATION_FIELDS) {
      const id = input[field.key];
      if (typeof id !== "number") continue;
      const kindOk = field.kind === "group" ? isGroup : isAccount;
      const kindMessage =
        field.kind === "group" ? INTEGRATION_MESSAGES.mustBeGroup : INTEGRATION_MESSAGES.mustBeAccount;
      check(field.key, id, kindOk, kindMessage);
      check(
        field.key,
        id,
        (row) => row.allLevelKey.startsWith(`${field.classKey}-`),
        INTEGRATION_MESSAGES.classOf[field.classKey],
      );
    }
    for (const field of POS_INTEGRATION_FIELDS) {
      const id = input[field.key];
      if (typeof id !== "number") continue;
      check(field.key, id, isAccount, INTEGRATION_MESSAGES.mustBeAccount);
      const { under } = field;
      const group = typeof under === "string" ? found.get(input[under]) : undefined;
      const prefixes = typeof under === "string" ? (group ? [group.allLevelKey] : []) : under;
      check(field.key, id, (row) => prefixes.some((prefix) => row.allLevelKey.startsWith(`${prefix}-`)), field.place);
    }
    for (const [heading, list] of Object.entries(input.plHeadings)) {
      for (const [index, id] of list.entries()) {
        check(`plHeadings.${heading}.${index}`, id, (row) => row.level > 1, INTEGRATION_MESSAGES.headingAccount);
      }
    }
    const unique = issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
    if (unique.length > 0) {
      throw new AppError("VALIDATION", unique.map((issue) => `${issue.field}: ${issue.message}`).join("; "), unique);
    }
    const { plHeadings, ...values } = input;
    await tx
      .insert(accountIntegration)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: accountIntegration.id, set: values });
    await tx.delete(plHeadingGroups);
    const rows = PL_HEADINGS.flatMap(({ key }) =>
      [...new Set(plHeadings[key] ?? [])].map((accountId) => ({ heading: key, accountId })),
    );
    if (rows.length > 0) await tx.insert(plHeadingGroups).values(rows);
  });
}

export async function saveVoucherApproval(ctx: Ctx, input: VoucherApprovalSettings): Promise<void> {
  await ctx.db
    .insert(accountIntegration)
    .values({ id: 1, ...input })
    .onConflictDoUpdate({ target: accountIntegration.id, set: input });
}

/** The outlet's stock lock date (null when none). */
export async function getStockLock(db: Db): Promise<StockLock> {
  const [row] = await db.select({ stockLockDate: outlets.stockLockDate }).from(outlets).where(eq(outlets.id, 1));
  return { stockLockDate: row?.stockLockDate ?? null };
}

/** Sets or clears the stock lock date; a date after the company's today is a 400. */
export async function saveStockLock(ctx: Ctx, input: StockLock): Promise<void> {
  if (input.stockLockDate !== null && input.stockLockDate > todayIn(ctx.config.APP_TZ))
    throw new AppError("VALIDATION", STOCK_LOCK_MESSAGES.future, [
      { field: "stockLockDate", message: STOCK_LOCK_MESSAGES.future },
    ]);
  await ctx.db.update(outlets).set({ stockLockDate: input.stockLockDate }).where(eq(outlets.id, 1));
}
