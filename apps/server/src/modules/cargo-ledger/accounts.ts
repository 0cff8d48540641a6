import { CARGO_LEDGER_MESSAGES, isStaffRole, type LevelFiveAccount } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";

const LevelFiveRow = z.object({ id: col.int, name: col.text, all_level_key: col.text, path: col.text.nullable() });

/**
 * Postable accounts (level 4 here, the spec's "level five") with the names of the groups above
 * them, in code order; `only` narrows the list to one account.
 */
export async function listLevelFive(db: Db, only?: number): Promise<LevelFiveAccount[]> {
  const rows = rowsOf(
    LevelFiveRow,
    await db.execute(sql`
      select a.id, a.name, a.all_level_key, concat_ws(' / ', p1.name, p2.name, p3.name) as path
      from accounts a
      left join accounts p3 on p3.id = a.parent_id
      left join accounts p2 on p2.id = p3.parent_id
      left join accounts p1 on p1.id = p2.parent_id
      where a.level = 4 ${only === undefined ? sql`` : sql`and a.id = ${only}`}
      order by a.all_level_key`),
  );
  return rows.map((row) => ({
    levelFiveId: row.id,
    levelFiveName: row.name,
    allLevelKey: row.all_level_key,
    path: row.path ?? "",
  }));
}

/** A user's own receivable account, or null while none is open. */
export async function receivableOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await db.select({ accountId: users.receivableAccountId }).from(users).where(eq(users.id, userId));
  return row?.accountId ?? null;
}

/** The ledger accounts a caller may pick: staff every postable account, a customer only their own. */
export async function levelFiveFor(ctx: Ctx): Promise<LevelFiveAccount[]> {
  const user = signedIn(ctx);
  if (isStaffRole(user.roleId)) return listLevelFive(ctx.db);
  const own = await receivableOf(ctx.db, user.id);
  return own === null ? [] : listLevelFive(ctx.db, own);
}

/**
 * The account a ledger request reads. A customer always reads their own receivable account: any
 * other id answers 404, as if it did not exist. Staff must name one.
 */
export async function ledgerAccountFor(ctx: Ctx, requested: number | undefined): Promise<number> {
  const user = signedIn(ctx);
  if (isStaffRole(user.roleId)) {
    if (requested === undefined) {
      throw new AppError("VALIDATION", `levelFiveId: ${CARGO_LEDGER_MESSAGES.accountRequired}`, [
        { field: "levelFiveId", message: CARGO_LEDGER_MESSAGES.accountRequired },
      ]);
    }
    return requested;
  }
  const own = await receivableOf(ctx.db, user.id);
  if (own === null) throw new AppError("NOT_FOUND", CARGO_LEDGER_MESSAGES.noLedgerAccount);
  if (requested !== undefined && requested !== own)
    throw new AppError("NOT_FOUND", CARGO_LEDGER_MESSAGES.noSuchAccount);
  return own;
}
