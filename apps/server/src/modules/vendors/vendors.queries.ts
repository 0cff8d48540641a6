import { minorToAmount, type Vendor } from "@cargodesk/shared";
import { and, asc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, vendors } from "../../db/schema/index";

/** The payable account's balance as the company owes it: credit minus debit over approved entries. */
const owed = sql<string>`coalesce((
  select sum(le.credit - le.debit) from ledger_entries le where le.account_id = ${vendors.payableAccountId}
), 0)::text`;

const columns = {
  id: vendors.id,
  code: vendors.code,
  name: vendors.name,
  contactPerson: vendors.contactPerson,
  phone: vendors.phone,
  email: vendors.email,
  address: vendors.address,
  ntn: vendors.ntn,
  strn: vendors.strn,
  paymentTermsDays: vendors.paymentTermsDays,
  active: vendors.active,
  payableAccountId: vendors.payableAccountId,
  payableAccountCode: accounts.allLevelKey,
  owed,
};

/** `%` and `_` typed in a search are looked for as themselves. */
export const containing = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function vendorFilter(search: string | undefined, activeOnly: boolean): SQL | undefined {
  return and(
    search ? or(ilike(vendors.name, containing(search)), ilike(vendors.code, containing(search))) : undefined,
    activeOnly ? eq(vendors.active, true) : undefined,
  );
}

export async function findVendors(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<Vendor[]> {
  const rows = await db
    .select(columns)
    .from(vendors)
    .innerJoin(accounts, eq(accounts.id, vendors.payableAccountId))
    .where(where)
    .orderBy(asc(sql`lower(${vendors.name})`), asc(vendors.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ owed: balance, ...row }) => ({ ...row, balance: minorToAmount(BigInt(balance)) }));
}

export async function countVendors(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(vendors).where(where);
  return row?.total ?? 0;
}

export async function findVendor(db: Db, id: number): Promise<Vendor | undefined> {
  const [row] = await findVendors(db, eq(vendors.id, id), 1, 0);
  return row;
}
