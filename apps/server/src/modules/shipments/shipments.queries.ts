import { and, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shipments, shipmentTallies } from "../../db/schema/index";
import { rowsOf } from "../reports/balances";
import { searchWords } from "./shipments.repo";

export interface ShipmentFilter {
  /** A customer's own shipments only. */
  customerUserId?: number | undefined;
  /** Tracking-id prefix (digits), or words each matching the start of a party's or the customer's name word. */
  search?: string | undefined;
  /** One exact tracking id. */
  trackingId?: string | undefined;
  /** The current status name. */
  trackStatus?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface Paging {
  limit: number;
  offset: number;
}

/** At most this many matches are counted for a search; the pager stops there (refine the search). */
export const SEARCH_COUNT_CAP = 10_000;

/** One prefix word: a shipment has a search word starting with it (a customer's own words only). */
function wordMatch(word: string, customerUserId: number | undefined): SQL {
  const own = customerUserId === undefined ? sql`` : sql`and t.customer_user_id = ${customerUserId}`;
  return sql`${shipments.shipmentId} in (select t.shipment_id from shipment_search_terms t
    where t.term like ${`${word}%`} ${own})`;
}

function searchCondition(search: string, customerUserId: number | undefined): SQL | undefined {
  const trimmed = search.trim();
  if (/^\d+$/.test(trimmed))
    return sql`(${shipments.trackingId} like ${`${trimmed}%`} or ${wordMatch(trimmed, customerUserId)})`;
  const words = [...new Set(searchWords(trimmed))];
  if (words.length === 0) return undefined;
  return and(...words.map((word) => wordMatch(word, customerUserId)));
}

function conditions(filter: ShipmentFilter): { where: SQL | undefined; narrowed: boolean } {
  const search = filter.search ? searchCondition(filter.search, filter.customerUserId) : undefined;
  const parts: (SQL | undefined)[] = [
    isNull(shipments.deletedAt),
    filter.customerUserId === undefined ? undefined : eq(shipments.customerUserId, filter.customerUserId),
    search,
    filter.trackingId === undefined ? undefined : eq(shipments.trackingId, filter.trackingId),
    filter.trackStatus === undefined ? undefined : eq(shipments.trackStatus, filter.trackStatus),
    filter.from ? gte(shipments.shipmentDate, filter.from) : undefined,
    filter.to ? lte(shipments.shipmentDate, filter.to) : undefined,
  ];
  const narrowed = Boolean(
    search || filter.trackingId !== undefined || filter.trackStatus !== undefined || filter.from || filter.to,
  );
  return { where: and(...parts), narrowed };
}

/** Live shipments without a filter: the tallies kept when booking and deleting. */
async function liveTotal(db: Db, customerUserId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${shipmentTallies.live}), 0)::int` })
    .from(shipmentTallies)
    .where(customerUserId === undefined ? undefined : eq(shipmentTallies.customerUserId, customerUserId));
  return Number(row?.total ?? 0);
}

/**
 * A page of shipment ids, newest first (or by date when a date range is given), with the number
 * of matches. Searches count at most SEARCH_COUNT_CAP matches.
 */
export async function findShipmentIds(
  db: Db,
  filter: ShipmentFilter,
  page: Paging,
): Promise<{ ids: number[]; total: number }> {
  const { where, narrowed } = conditions(filter);
  const byDate = Boolean(filter.from || filter.to);
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(where)
    .orderBy(...(byDate ? [desc(shipments.shipmentDate)] : []), desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((row) => row.id);
  if (!narrowed) return { ids, total: await liveTotal(db, filter.customerUserId) };
  const counted = filter.search ? sql`limit ${SEARCH_COUNT_CAP}` : sql``;
  const [count] = rowsOf<{ total: number }>(
    await db.execute(
      sql`select count(*)::int as total from (select 1 from ${shipments} where ${where} ${counted}) matches`,
    ),
  );
  return { ids, total: Number(count?.total ?? 0) };
}

/** A page answer in the spec's shape (page is 1-based). */
export const pageOf = <T>(data: T[], page: number, size: number, total: number) => ({
  data,
  page,
  total_results: total,
  total_pages: Math.ceil(total / size),
});
