import { minorToAmount, type PosCustomer } from "@cargodesk/shared";
import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, posCustomers } from "../../db/schema/index";

/** What the customer owes: debit minus credit of the house account over approved entries (0 without one). */
const owes = sql<string>`coalesce((
  select sum(le.debit - le.credit) from ledger_entries le where le.account_id = ${posCustomers.receivableAccountId}
), 0)::text`;

const columns = {
  id: posCustomers.id,
  name: posCustomers.name,
  phone: posCustomers.phone,
  email: posCustomers.email,
  address: posCustomers.address,
  notes: posCustomers.notes,
  discountBp: posCustomers.discountBp,
  creditAllowed: posCustomers.creditAllowed,
  creditLimitMinor: posCustomers.creditLimitMinor,
  receivableAccountId: posCustomers.receivableAccountId,
  receivableAccountCode: accounts.allLevelKey,
  active: posCustomers.active,
  owes,
};

/** `%` and `_` typed in a search are looked for as themselves. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Name, phone (as typed or in its stored form) or e-mail containing the search. */
export function customerFilter(search: string | undefined, phoneSearch: string | undefined, activeOnly: boolean) {
  return and(
    search
      ? or(
          ilike(posCustomers.name, containing(search)),
          ilike(posCustomers.phone, containing(phoneSearch || search)),
          ilike(posCustomers.email, containing(search)),
        )
      : undefined,
    activeOnly ? eq(posCustomers.active, true) : undefined,
  );
}

export async function findCustomers(
  db: Db,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<PosCustomer[]> {
  const rows = await db
    .select(columns)
    .from(posCustomers)
    .leftJoin(accounts, eq(accounts.id, posCustomers.receivableAccountId))
    .where(where)
    .orderBy(asc(sql`lower(${posCustomers.name})`), asc(posCustomers.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ owes: balance, discountBp, creditLimitMinor, ...row }) => ({
    ...row,
    discountPercent: discountBp / 100,
    creditLimit: minorToAmount(creditLimitMinor),
    balance: minorToAmount(BigInt(balance)),
    // The POS (WP3) records orders; until then nobody has visited.
    visits: 0,
    totalSpent: 0,
    lastVisit: null,
  }));
}

export async function countCustomers(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(posCustomers).where(where);
  return row?.total ?? 0;
}

export async function findCustomer(db: Db, where: SQL): Promise<PosCustomer | undefined> {
  const [row] = await findCustomers(db, where, 1, 0);
  return row;
}
