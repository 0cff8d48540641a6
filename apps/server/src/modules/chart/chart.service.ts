import { ACCOUNT_TYPE, type AddLevelFourInput, CHART_MESSAGES, KEY_WIDTH, toMinor } from "@cargodesk/shared";
import { eq, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountIntegration, accounts, voucherLines } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type AccountRow, findAccount, findChildByName, lockAccount, nextChildKey } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import { postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";

/** Checks that `ids` form a chain down the tree: each is a child of the one before, at the right level. */
export async function resolveChain(db: Db, ids: readonly number[], fields: readonly string[]): Promise<AccountRow[]> {
  const chain: AccountRow[] = [];
  for (const [index, id] of ids.entries()) {
    const row = await findAccount(db, id);
    const parent = chain[index - 1];
    const field = fields[index] ?? "id";
    if (!row || row.level !== index + 1)
      throw new AppError("VALIDATION", `${field}: ${CHART_MESSAGES.notFound}`, [
        { field, message: CHART_MESSAGES.notFound },
      ]);
    if (parent && row.parentId !== parent.id) {
      throw new AppError("ACCOUNT_LEVELS_MISMATCH", `${field}: ${CHART_MESSAGES.wrongParent}`, [
        { field, message: CHART_MESSAGES.wrongParent },
      ]);
    }
    chain.push(row);
  }
  return chain;
}

/** Adds a child under a locked parent with the next key; a name already there is a 409. */
export async function addChild(tx: Db, parentId: number, name: string): Promise<AccountRow> {
  const parent = await lockAccount(tx, parentId);
  if (!parent) throw new AppError("NOT_FOUND", CHART_MESSAGES.notFound);
  const level = parent.level + 1;
  if (level !== 2 && level !== 3 && level !== 4)
    throw new AppError("ACCOUNT_TOO_DEEP", "Accounts go at most four levels deep");
  if (await findChildByName(tx, parent.id, name)) {
    throw new AppError("ACCOUNT_NAME_TAKEN", `${name}: ${CHART_MESSAGES.duplicateName}`, { name });
  }
  const key = await nextChildKey(tx, parent.id, KEY_WIDTH[level]);
  const [row] = await tx
    .insert(accounts)
    .values({ parentId: parent.id, level, key, allLevelKey: `${parent.allLevelKey}-${key}`, name })
    .returning();
  if (!row) throw new Error("account not stored");
  return row;
}

/** An opening amount becomes an approved opening entry against Opening Balance Equity. */
export async function postOpening(
  ctx: Ctx,
  tx: Db,
  account: AccountRow,
  amountMinor: number,
  side: typeof ACCOUNT_TYPE.debit | typeof ACCOUNT_TYPE.credit,
): Promise<void> {
  if (amountMinor === 0) return;
  const integration = await getIntegration(tx);
  const equityId = integration?.openingEquityAccountId;
  if (!equityId)
    throw new AppError("INTEGRATION_NOT_SET", "Set the Opening Balance Equity account in Accounts Integration first");
  const isDebit = side === ACCOUNT_TYPE.debit;
  await postVoucher(tx, {
    typeId: 5,
    date: todayIn(ctx.config.APP_TZ),
    cashAccountId: null,
    source: "opening",
    createdBy: ctx.user?.id ?? null,
    approvedBy: ctx.user?.id ?? null,
    lines: [
      {
        accountId: account.id,
        debit: isDebit ? amountMinor : 0,
        credit: isDebit ? 0 : amountMinor,
        description: "OPENING BALANCE",
        billNumber: "",
        accountTitle: account.name,
      },
      {
        accountId: equityId,
        debit: isDebit ? 0 : amountMinor,
        credit: isDebit ? amountMinor : 0,
        description: `OPENING BALANCE OF ${account.name}`,
        billNumber: "",
        accountTitle: "OPENING BALANCE EQUITY",
      },
    ],
  });
}

export function addLevelTwo(ctx: Ctx, input: { levelOneId: number; levelTwoName: string }) {
  return ctx.db.transaction(async (tx) => {
    await resolveChain(tx, [input.levelOneId], ["levelOneId"]);
    return addChild(tx, input.levelOneId, input.levelTwoName);
  });
}

export function addLevelThree(ctx: Ctx, input: { levelOneId: number; levelTwoId: number; levelThreeName: string }) {
  return ctx.db.transaction(async (tx) => {
    await resolveChain(tx, [input.levelOneId, input.levelTwoId], ["levelOneId", "levelTwoId"]);
    return addChild(tx, input.levelTwoId, input.levelThreeName);
  });
}

export function addLevelFour(ctx: Ctx, input: AddLevelFourInput) {
  return ctx.db.transaction(async (tx) => {
    await resolveChain(
      tx,
      [input.levelOneId, input.levelTwoId, input.levelThreeId],
      ["levelOneId", "levelTwoId", "levelThreeId"],
    );
    const account = await addChild(tx, input.levelThreeId, input.levelFourName);
    if (input.debitCreditId !== 0) {
      await postOpening(ctx, tx, account, toMinor(input.levelBalance) ?? 0, input.debitCreditId);
    }
    return account;
  });
}

export async function renameAccount(ctx: Ctx, id: number, name: string): Promise<AccountRow> {
  return ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account || account.level === 1) throw new AppError("NOT_FOUND", CHART_MESSAGES.notFound);
    if (account.parentId !== null) {
      const clash = await findChildByName(tx, account.parentId, name);
      if (clash && clash.id !== id)
        throw new AppError("ACCOUNT_NAME_TAKEN", `${name}: ${CHART_MESSAGES.duplicateName}`);
    }
    const [row] = await tx.update(accounts).set({ name }).where(eq(accounts.id, id)).returning();
    if (!row) throw new AppError("NOT_FOUND", CHART_MESSAGES.notFound);
    return row;
  });
}

/** Deletes a group without children or an account without entries; the books never lose a line. */
export async function deleteAccount(ctx: Ctx, id: number, level: 2 | 3 | 4): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const account = await lockAccount(tx, id);
    if (!account || account.level !== level) throw new AppError("NOT_FOUND", CHART_MESSAGES.notFound);
    const [child] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentId, id)).limit(1);
    if (child) throw new AppError("ACCOUNT_HAS_CHILDREN", CHART_MESSAGES.hasChildren);
    const [line] = await tx
      .select({ id: voucherLines.id })
      .from(voucherLines)
      .where(eq(voucherLines.accountId, id))
      .limit(1);
    if (line) throw new AppError("ACCOUNT_HAS_ENTRIES", CHART_MESSAGES.hasEntries);
    const [used] = await tx
      .select({ id: accountIntegration.id })
      .from(accountIntegration)
      .where(
        or(
          eq(accountIntegration.cashGroupId, id),
          eq(accountIntegration.defaultCashAccountId, id),
          eq(accountIntegration.bankGroupId, id),
          eq(accountIntegration.receivablesGroupId, id),
          eq(accountIntegration.freightRevenueAccountId, id),
          eq(accountIntegration.openingEquityAccountId, id),
          sql`exists (select 1 from pl_heading_groups p where p.account_id = ${id})`,
        ),
      )
      .limit(1);
    if (used) throw new AppError("ACCOUNT_IN_INTEGRATION", CHART_MESSAGES.systemAccount);
    await tx.delete(accounts).where(eq(accounts.id, id));
  });
}
