import { and, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { shipments, shipmentTallies } from "../../db/schema/index";
import { rowsOf } from "../reports/balances";
import { searchWords } from "./shipments.repo";

export interface ShipmentFilter {
  /** A customer's own shipments only. */
  customerUserId?: number | undefined;
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

export interface FoundIds {
  ids: number[];
  total: number;
  /** True when there are more than COUNT_CAP matches and `total` stops at the cap. */
  capped: boolean;
}

/** At most this many matches of a search or filter are counted; the pager stops there (refine the search). */
export const COUNT_CAP = 10_000;

/** Counts the rows of `query` (a select), stopping after COUNT_CAP + 1. */
async function cappedCount(db: Db, query: SQL): Promise<{ total: number; capped: boolean }> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from (${query} limit ${COUNT_CAP + 1}) counted`),
  );
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
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
 * A page of live shipment ids, newest first (by booking date first when a date range is given),
 * with the number of matches (capped at COUNT_CAP when filtered).
 */
export async function findShipmentIds(db: Db, filter: ShipmentFilter, page: Paging): Promise<FoundIds> {
  const where = and(
    isNull(shipments.deletedAt),
    filter.customerUserId === undefined ? undefined : eq(shipments.customerUserId, filter.customerUserId),
    filter.trackingId === undefined ? undefined : eq(shipments.trackingId, filter.trackingId),
    filter.trackStatus === undefined ? undefined : eq(shipments.trackStatus, filter.trackStatus),
    filter.from ? gte(shipments.shipmentDate, filter.from) : undefined,
    filter.to ? lte(shipments.shipmentDate, filter.to) : undefined,
  );
  const byDate = Boolean(filter.from || filter.to);
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(where)
    .orderBy(...(byDate ? [desc(shipments.shipmentDate)] : []), desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((row) => row.id);
  const narrowed = filter.trackingId !== undefined || filter.trackStatus !== undefined || byDate;
  if (!narrowed) return { ids, total: await liveTotal(db, filter.customerUserId), capped: false };
  return { ids, ...(await cappedCount(db, sql`select 1 from ${shipments} where ${where}`)) };
}

/** Search words of one prefix (a customer's own words only). */
const wordRows = (word: string, customerUserId: number | undefined, alias = sql.raw("t")) =>
  sql`${alias}.term like ${`${word}%`}${customerUserId === undefined ? sql`` : sql` and ${alias}.customer_user_id = ${customerUserId}`}`;

/** Tracking ids starting with the digits. */
async function searchTracking(db: Db, digits: string, customerUserId: number | undefined, page: Paging) {
  const where = and(
    isNull(shipments.deletedAt),
    sql`${shipments.trackingId} like ${`${digits}%`}`,
    customerUserId === undefined ? undefined : eq(shipments.customerUserId, customerUserId),
  );
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(where)
    .orderBy(desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), ...(await cappedCount(db, sql`select 1 from ${shipments} where ${where}`)) };
}

/**
 * The list search. Digits are a tracking-id prefix. Other text is split into words, and a
 * shipment matches when each word starts one of its search words (parties' names and companies,
 * the customer's name). The rarest word drives: when it has at most COUNT_CAP rows, the matches
 * are gathered from it (the others checked per shipment) and counted exactly; when every word is
 * common, the page comes from the newest shipments down and the count stops at the cap.
 */
export async function searchShipmentIds(
  db: Db,
  search: string,
  customerUserId: number | undefined,
  page: Paging,
): Promise<FoundIds> {
  const text = search.trim();
  if (/^\d+$/.test(text)) return searchTracking(db, text, customerUserId, page);
  const words = [...new Set(searchWords(text))];
  if (words.length === 0) return findShipmentIds(db, { customerUserId }, page);
  const sizes = await Promise.all(
    words.map(async (word) => ({
      word,
      ...(await cappedCount(db, sql`select 1 from shipment_search_terms t where ${wordRows(word, customerUserId)}`)),
    })),
  );
  const [driver, ...others] = sizes.sort((a, b) => a.total - b.total);
  if (!driver) return { ids: [], total: 0, capped: false };
  const alsoHas = others.map(
    ({ word }) =>
      sql` and exists (select 1 from shipment_search_terms u where u.shipment_id = t.shipment_id and ${wordRows(word, undefined, sql.raw("u"))})`,
  );
  if (!driver.capped) {
    const [row] = rowsOf<{ total: number; ids: number[] | string | null }>(
      await db.execute(sql`
        with matches as materialized (
          select distinct t.shipment_id from shipment_search_terms t
          where ${wordRows(driver.word, customerUserId)}${sql.join(alsoHas)}
        )
        select (select count(*)::int from matches) as total,
          (select array_agg(shipment_id order by shipment_id desc) from
            (select shipment_id from matches order by shipment_id desc limit ${page.limit} offset ${page.offset}) paged) as ids`),
    );
    return { ids: idList(row?.ids ?? null), total: Number(row?.total ?? 0), capped: false };
  }
  const each = words.map(
    (word) =>
      sql`${shipments.shipmentId} in (select t.shipment_id from shipment_search_terms t where ${wordRows(word, customerUserId)})`,
  );
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(and(isNull(shipments.deletedAt), ...each))
    .orderBy(desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), total: COUNT_CAP, capped: true };
}

/** An int[] from the driver: node-postgres parses arrays, PGlite may answer the literal. */
function idList(value: number[] | string | null): number[] {
  if (value === null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
}

/** A page answer in the spec's shape (page is 1-based); total_capped says the count stopped at COUNT_CAP. */
export const pageOf = <T>(data: T[], page: number, size: number, found: { total: number; capped: boolean }) => ({
  data,
  page,
  total_results: found.total,
  total_pages: Math.ceil(found.total / size),
  total_capped: found.capped,
});
