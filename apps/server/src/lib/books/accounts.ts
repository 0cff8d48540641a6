import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema/index";

export type AccountRow = typeof accounts.$inferSelect;

export async function findAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

/** The names of the accounts asked for, by id (a voucher line carries its account's title). */
export async function accountTitles(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Locks the parent row so two concurrent creations under it take turns choosing the next key. */
export async function lockAccount(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).for("update");
  return row;
}

export async function nextChildKey(db: Db, parentId: number, width: number): Promise<string> {
  const [row] = await db
    .select({ max: sql<number | null>`max(${accounts.key}::int)` })
    .from(accounts)
    .where(eq(accounts.parentId, parentId));
  return String((row?.max ?? 0) + 1).padStart(width, "0");
}

export async function findChildByName(db: Db, parentId: number, name: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.parentId, parentId), eq(accounts.name, name)));
  return row;
}

/**
 * Closing balance (debit minus credit, minor units) of every account beneath a node, or of the
 * node itself for a postable account, over all approved entries.
 */
export function balanceBeneath(prefixColumn: typeof accounts.allLevelKey) {
  return sql<number>`coalesce((
    select sum(le.debit - le.credit) from ledger_entries le
    join accounts a4 on a4.id = le.account_id
    where a4.all_level_key = ${prefixColumn} or a4.all_level_key like ${prefixColumn} || '-%'
  ), 0)::bigint`;
}
