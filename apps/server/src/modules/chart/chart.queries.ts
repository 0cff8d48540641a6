import { ACCOUNT_TYPE, minorToAmount } from "@cargodesk/shared";
import { and, asc, eq, like, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { accounts, ledgerEntries } from "../../db/schema/index";

const l1 = alias(accounts, "l1");
const l2 = alias(accounts, "l2");
const l3 = alias(accounts, "l3");

/** Balance sign as the spec shows it: 2 debit, 1 credit, with the amount as a positive number. */
export function signed(minor: bigint): { amount: number; sign: 1 | 2 } {
  return {
    amount: minorToAmount(minor < 0n ? -minor : minor),
    sign: minor < 0n ? ACCOUNT_TYPE.credit : ACCOUNT_TYPE.debit,
  };
}

/** Closing balance (debit - credit, minor units) of each node at a level, summed over everything beneath it. */
async function balancesAtLevel(db: Db, level: number): Promise<Map<number, bigint>> {
  const rows = await db
    .select({
      id: accounts.id,
      balance: sql<
        string | number | bigint
      >`coalesce(sum(${ledgerEntries.debitMinor} - ${ledgerEntries.creditMinor}), 0)::bigint`,
    })
    .from(accounts)
    .innerJoin(
      sql`accounts d`,
      sql`d.all_level_key = ${accounts.allLevelKey} or d.all_level_key like ${accounts.allLevelKey} || '-%'`,
    )
    .innerJoin(ledgerEntries, sql`${ledgerEntries.accountId} = d.id`)
    .where(eq(accounts.level, level))
    .groupBy(accounts.id);
  return new Map(rows.map((row) => [row.id, BigInt(row.balance)]));
}

export async function listLevelOne(db: Db) {
  const rows = await db.select().from(accounts).where(eq(accounts.level, 1)).orderBy(asc(accounts.allLevelKey));
  return rows.map((row) => ({ _id: row.id, levelOneId: row.id, name: row.name, key: row.key }));
}

export async function listLevelTwo(db: Db, levelOneId?: number) {
  const rows = await db
    .select({ account: accounts, one: { name: l1.name, key: l1.key } })
    .from(accounts)
    .innerJoin(l1, eq(l1.id, accounts.parentId))
    .where(and(eq(accounts.level, 2), levelOneId ? eq(accounts.parentId, levelOneId) : undefined))
    .orderBy(asc(accounts.allLevelKey));
  const balances = await balancesAtLevel(db, 2);
  return rows.map(({ account, one }) => ({
    _id: account.id,
    levelTwoId: account.id,
    levelTwoName: account.name,
    levelTwoKey: account.key,
    allKey: account.allLevelKey,
    levelOneId: account.parentId ?? 0,
    level_one: one,
    amount: { total_amount: minorToAmount(balances.get(account.id) ?? 0n) },
  }));
}

export async function listLevelThree(db: Db, levelTwoId?: number) {
  const rows = await db
    .select({
      account: accounts,
      two: { id: l2.id, levelTwoName: l2.name, levelTwoKey: l2.key },
      one: { id: l1.id, name: l1.name, key: l1.key },
    })
    .from(accounts)
    .innerJoin(l2, eq(l2.id, accounts.parentId))
    .innerJoin(l1, eq(l1.id, l2.parentId))
    .where(and(eq(accounts.level, 3), levelTwoId ? eq(accounts.parentId, levelTwoId) : undefined))
    .orderBy(asc(accounts.allLevelKey));
  return rows.map(({ account, two, one }) => ({
    _id: account.id,
    levelThreeId: account.id,
    levelThreeName: account.name,
    levelThreeKey: account.key,
    allLvlKey: account.allLevelKey,
    allLevlKey: account.allLevelKey,
    levelOneId: one.id,
    levelTwoId: two.id,
    level_one: { name: one.name, key: one.key },
    level_two: { levelTwoName: two.levelTwoName, levelTwoKey: two.levelTwoKey },
  }));
}

export interface LevelFourFilter {
  levelThreeId?: number | undefined;
  /** Only accounts beneath this group (any level), e.g. the cash group. */
  underGroupKey?: string | undefined;
  search?: string | undefined;
}

export async function listLevelFour(db: Db, filter: LevelFourFilter = {}) {
  const conditions: (SQL | undefined)[] = [eq(accounts.level, 4)];
  if (filter.levelThreeId) conditions.push(eq(accounts.parentId, filter.levelThreeId));
  if (filter.underGroupKey) conditions.push(like(accounts.allLevelKey, `${filter.underGroupKey}-%`));
  if (filter.search) {
    const pattern = `%${filter.search.toUpperCase()}%`;
    conditions.push(or(like(accounts.name, pattern), like(accounts.allLevelKey, pattern)));
  }
  const rows = await db
    .select({
      account: accounts,
      three: { id: l3.id, levelThreeName: l3.name, levelThreeKey: l3.key },
      two: { id: l2.id, levelTwoName: l2.name, levelTwoKey: l2.key },
      one: { id: l1.id, name: l1.name, key: l1.key },
      balance: sql<
        string | number | bigint
      >`coalesce((select sum(le.debit - le.credit) from ledger_entries le where le.account_id = ${accounts.id}), 0)::bigint`,
    })
    .from(accounts)
    .innerJoin(l3, eq(l3.id, accounts.parentId))
    .innerJoin(l2, eq(l2.id, l3.parentId))
    .innerJoin(l1, eq(l1.id, l2.parentId))
    .where(and(...conditions))
    .orderBy(asc(accounts.allLevelKey));
  return rows.map(({ account, three, two, one, balance }) => {
    const { amount, sign } = signed(BigInt(balance));
    return {
      _id: account.id,
      levelFourId: account.id,
      levelFourName: account.name,
      levelFourKey: account.key,
      allLevelKey: account.allLevelKey,
      levelBalance: amount,
      debitCreditId: sign,
      levelOneId: one.id,
      levelTwoId: two.id,
      levelThreeId: three.id,
      levelThree: { _id: three.id, levelThreeName: three.levelThreeName, levelThreeKey: three.levelThreeKey },
      level_two: { levelTwoName: two.levelTwoName, levelTwoKey: two.levelTwoKey },
      level_one: { name: one.name, key: one.key },
    };
  });
}
