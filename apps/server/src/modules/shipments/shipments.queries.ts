import { and, desc, eq, gte, isNull, lte, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { shipments, shipmentTallies } from "../../db/schema/index";
import { col, executePrepared, rowsOf } from "../../lib/sql";

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
export async function cappedCount(db: Db, query: SQL): Promise<{ total: number; capped: boolean }> {
  const [row] = rowsOf(
    z.object({ n: col.int }),
    await db.execute(sql`select count(*)::int as n from (${query} limit ${COUNT_CAP + 1}) counted`),
  );
  const n = row?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

const NewestRow = z.object({ ids: col.ints, total: col.int });

/**
 * The list as it opens (live shipments newest first, no filter) with its total from the tallies kept
 * when booking and deleting, in one prepared statement: every list page starts with it. A customer's
 * own page reads their shipments and tally only.
 */
async function newestIds(db: Db, customerUserId: number | undefined, page: Paging): Promise<FoundIds> {
  const own = (column: SQLWrapper) => (customerUserId === undefined ? sql`` : sql` and ${column} = ${customerUserId}`);
  const result = await executePrepared(
    db,
    "shipment_newest_page",
    sql`select array(select ${shipments.shipmentId} from ${shipments}
        where ${shipments.deletedAt} is null${own(shipments.customerUserId)}
        order by ${shipments.shipmentId} desc limit ${page.limit} offset ${page.offset}) as ids,
      (select coalesce(sum(${shipmentTallies.live}), 0)::int from ${shipmentTallies}
        where true${own(shipmentTallies.customerUserId)}) as total`,
  );
  const [row] = rowsOf(NewestRow, result);
  return { ids: row?.ids ?? [], total: row?.total ?? 0, capped: false };
}

/**
 * A page of live shipment ids, newest first (by booking date first when a date range is given),
 * with the number of matches (capped at COUNT_CAP when filtered).
 */
export async function findShipmentIds(db: Db, filter: ShipmentFilter, page: Paging): Promise<FoundIds> {
  const byDate = Boolean(filter.from || filter.to);
  const narrowed = filter.trackingId !== undefined || filter.trackStatus !== undefined || byDate;
  if (!narrowed) return newestIds(db, filter.customerUserId, page);
  const where = and(
    isNull(shipments.deletedAt),
    filter.customerUserId === undefined ? undefined : eq(shipments.customerUserId, filter.customerUserId),
    filter.trackingId === undefined ? undefined : eq(shipments.trackingId, filter.trackingId),
    filter.trackStatus === undefined ? undefined : eq(shipments.trackStatus, filter.trackStatus),
    filter.from ? gte(shipments.shipmentDate, filter.from) : undefined,
    filter.to ? lte(shipments.shipmentDate, filter.to) : undefined,
  );
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(where)
    .orderBy(...(byDate ? [desc(shipments.shipmentDate)] : []), desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((row) => row.id);
  return { ids, ...(await cappedCount(db, sql`select 1 from ${shipments} where ${where}`)) };
}

/** A page answer in the spec's shape (page is 1-based); total_capped says the count stopped at COUNT_CAP. */
export const pageOf = <T>(data: T[], page: number, size: number, found: { total: number; capped: boolean }) => ({
  data,
  page,
  total_results: found.total,
  total_pages: Math.ceil(found.total / size),
  total_capped: found.capped,
});
