import type { ShipmentListQuery, ShipmentSort } from "@cargodesk/shared";
import { and, asc, desc, eq, gte, isNull, lte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { shipments, users } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";
import { cappedCount, type FoundIds, findShipmentIds } from "./shipments.queries";
import { searchWords } from "./shipments.repo";
import { searchShipmentIds } from "./shipments.search";

/** The customer column as the list shows it (company, else first and last name). */
const customerSortKey = sql`lower(coalesce(nullif(${users.companyName}, ''), trim(${users.firstName} || ' ' || ${users.lastName})))`;

const sortColumn: Record<Exclude<ShipmentSort, "customer">, SQL> = {
  date: sql`${shipments.shipmentDate}`,
  // The prefix index's operator order (tracking ids are digits, so it is their numeric order too).
  tracking: sql`${shipments.trackingId}`,
  status: sql`${shipments.trackStatus}`,
  amount: sql`${shipments.amountMinor}`,
};

/** ORDER BY terms in the index's own null placement, so the date, status and tracking indexes serve the page. */
function orderOf(sort: Exclude<ShipmentSort, "customer">, order: "asc" | "desc"): SQL[] {
  if (sort === "tracking") return [sql`${shipments.trackingId} using ${sql.raw(order === "asc" ? "~<~" : "~>~")}`];
  const direction = order === "asc" ? asc : desc;
  return [direction(sortColumn[sort]), direction(shipments.shipmentId)];
}

/** The search as conditions: digits are a tracking-id prefix, other text words that each start a search word. */
function searchConditions(search: string, customerUserId: number | undefined): SQL[] {
  const text = search.trim();
  if (text === "") return [];
  if (/^\d+$/.test(text)) return [sql`${shipments.trackingId} like ${`${text}%`}`];
  const own = customerUserId === undefined ? sql`` : sql` and t.customer_user_id = ${customerUserId}`;
  return [...new Set(searchWords(text))].map(
    (word) =>
      sql`exists (select 1 from shipment_search_terms t where t.shipment_id = ${shipments.shipmentId}
        and t.term like ${`${word}%`}${own})`,
  );
}

/**
 * A page of the list. The default (newest first, no date or status filter) keeps the tuned paths
 * of the search and the tallies; a sort or a filter reads the shipments in the chosen column's
 * order (the shipment id breaks ties, in the same direction), counting up to COUNT_CAP.
 */
export async function listShipmentIds(
  db: Db,
  query: ShipmentListQuery,
  customerUserId: number | undefined,
): Promise<FoundIds> {
  const paging = { limit: query.size, offset: (query.page - 1) * query.size };
  const search = query.search ?? "";
  const filtered = Boolean(query.from || query.to || query.status);
  const newestFirst = query.sort === "date" && query.order === "desc";
  if (newestFirst && !filtered) {
    return search
      ? searchShipmentIds(db, search, customerUserId, paging)
      : findShipmentIds(db, { customerUserId }, paging);
  }
  if (newestFirst && !search) {
    return findShipmentIds(db, { customerUserId, from: query.from, to: query.to, trackStatus: query.status }, paging);
  }
  const where = and(
    isNull(shipments.deletedAt),
    customerUserId === undefined ? undefined : eq(shipments.customerUserId, customerUserId),
    query.from ? gte(shipments.shipmentDate, query.from) : undefined,
    query.to ? lte(shipments.shipmentDate, query.to) : undefined,
    query.status ? eq(shipments.trackStatus, query.status) : undefined,
    ...searchConditions(search, customerUserId),
  );
  const ids =
    query.sort === "customer"
      ? await idsByCustomer(db, where, query.order, paging)
      : (
          await db
            .select({ id: shipments.shipmentId })
            .from(shipments)
            .where(where)
            .orderBy(...orderOf(query.sort, query.order))
            .limit(paging.limit)
            .offset(paging.offset)
        ).map((row) => row.id);
  return { ids, ...(await cappedCount(db, sql`select 1 from ${shipments} where ${where}`)) };
}

/**
 * A page in customer order. Every shipment has a customer (booking requires one), so the page walks
 * the customers in the order of their name index (users_customer_sort_idx) and takes each one's
 * shipments by id: a page reads a few customers' shipments instead of sorting every live shipment.
 * Ties between customers of the same name go by customer id.
 */
async function idsByCustomer(
  db: Db,
  where: SQL | undefined,
  order: "asc" | "desc",
  paging: { limit: number; offset: number },
): Promise<number[]> {
  const direction = sql.raw(order);
  const rows = rowsOf(
    z.object({ id: col.int }),
    await db.execute(sql`
      select page.id from ${users}
      cross join lateral (
        select ${shipments.shipmentId} as id from ${shipments}
        where ${shipments.customerUserId} = ${users.id} and ${where ?? sql`true`}
        order by ${shipments.shipmentId} ${direction}
      ) page
      order by ${customerSortKey} ${direction}, ${users.id} ${direction}, page.id ${direction}
      limit ${paging.limit} offset ${paging.offset}`),
  );
  return rows.map((row) => row.id);
}
