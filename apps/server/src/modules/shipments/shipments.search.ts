import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { shipments } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";
import { COUNT_CAP, cappedCount, type FoundIds, findShipmentIds, type Paging } from "./shipments.queries";
import { searchWords } from "./shipments.repo";

/** A word prefix standing for more distinct words than this is matched by its prefix alone. */
const MAX_EXPANSION = 20;

const TermRow = z.object({ term: col.text });
const PageRow = z.object({ total: col.int, ids: col.ints.nullable() });

const own = (customerUserId: number | undefined, alias: string) =>
  customerUserId === undefined ? sql`` : sql` and ${sql.raw(alias)}.customer_user_id = ${customerUserId}`;

/** Rows of the search words starting with `word` (a customer's own words only). */
const startsWith = (word: string, customerUserId: number | undefined, alias = "t") =>
  sql`${sql.raw(alias)}.term like ${`${word}%`}${own(customerUserId, alias)}`;

/**
 * The distinct search words starting with a prefix, up to MAX_EXPANSION + 1, by a loose index
 * scan (one index probe per distinct word, however many shipments carry it).
 */
async function wordsStarting(db: Db, word: string, customerUserId: number | undefined): Promise<string[]> {
  const rows = rowsOf(
    TermRow,
    await db.execute(sql`
      with recursive found(term) as (
        (select t.term from shipment_search_terms t where ${startsWith(word, customerUserId)}
          order by t.term using ~<~ limit 1)
        union all
        select (select t.term from shipment_search_terms t
            where ${startsWith(word, customerUserId)} and t.term ~>~ found.term order by t.term using ~<~ limit 1)
        from found where found.term is not null
      )
      select term from found where term is not null limit ${MAX_EXPANSION + 1}`),
  );
  return rows.map((row) => row.term);
}

/** Tracking ids starting with the digits, newest first (tracking ids grow with the sequence). */
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
    // The prefix index's own order, so a short prefix reads only the page it shows.
    .orderBy(sql`${shipments.trackingId} using ~>~`)
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), ...(await cappedCount(db, sql`select 1 from ${shipments} where ${where}`)) };
}

interface Word {
  word: string;
  /** The distinct search words it stands for, when there are at most MAX_EXPANSION. */
  terms: string[] | null;
  total: number;
  capped: boolean;
}

/** The exact path: gather the rarest word's shipments (at most COUNT_CAP), check the others on each. */
async function gather(db: Db, driver: Word, others: Word[], customerUserId: number | undefined, page: Paging) {
  const alsoHas = others.map(
    ({ word }) =>
      sql` and exists (select 1 from shipment_search_terms u where u.shipment_id = t.shipment_id and ${startsWith(word, undefined, "u")})`,
  );
  const [row] = rowsOf(
    PageRow,
    await db.execute(sql`
      with matches as materialized (
        select distinct t.shipment_id from shipment_search_terms t
        where ${startsWith(driver.word, customerUserId)}${sql.join(alsoHas)}
      )
      select (select count(*)::int from matches) as total,
        (select array_agg(shipment_id order by shipment_id desc) from
          (select shipment_id from matches order by shipment_id desc limit ${page.limit} offset ${page.offset}) paged) as ids`),
  );
  return { ids: row?.ids ?? [], total: row?.total ?? 0, capped: false };
}

/**
 * The broad path, every word common: newest shipments first. A word standing for one distinct
 * search word is read in shipment order from the index (so two such words merge); any other word
 * is checked per shipment. The count stops at the cap.
 */
async function newestMatches(db: Db, words: Word[], customerUserId: number | undefined, page: Paging) {
  const conditions: SQL[] = words.map(({ word, terms }) =>
    terms?.length === 1
      ? sql`${shipments.shipmentId} in (select t.shipment_id from shipment_search_terms t
          where t.term = ${terms[0]}${own(customerUserId, "t")})`
      : sql`exists (select 1 from shipment_search_terms u where u.shipment_id = ${shipments.shipmentId}
          and ${startsWith(word, undefined, "u")} offset 0)`,
  );
  const rows = await db
    .select({ id: shipments.shipmentId })
    .from(shipments)
    .where(
      and(
        isNull(shipments.deletedAt),
        customerUserId === undefined ? undefined : eq(shipments.customerUserId, customerUserId),
        ...conditions,
      ),
    )
    .orderBy(desc(shipments.shipmentId))
    .limit(page.limit)
    .offset(page.offset);
  return { ids: rows.map((row) => row.id), total: COUNT_CAP, capped: true };
}

/**
 * The list search. Digits are a tracking-id prefix. Other text is split into words, and a
 * shipment matches when each word starts one of its search words (parties' names and companies,
 * the customer's name). The rarest word drives: when it has at most COUNT_CAP rows, the matches
 * are gathered from it and counted exactly; when every word is common, the page comes from the
 * newest shipments down and the count stops at the cap.
 */
export async function searchShipmentIds(
  db: Db,
  search: string,
  customerUserId: number | undefined,
  page: Paging,
): Promise<FoundIds> {
  const text = search.trim();
  if (/^\d+$/.test(text)) return searchTracking(db, text, customerUserId, page);
  const unique = [...new Set(searchWords(text))];
  if (unique.length === 0) return findShipmentIds(db, { customerUserId }, page);
  const words: Word[] = [];
  for (const word of unique) {
    const terms = await wordsStarting(db, word, customerUserId);
    if (terms.length === 0) return { ids: [], total: 0, capped: false };
    const size = await cappedCount(
      db,
      sql`select 1 from shipment_search_terms t where ${startsWith(word, customerUserId)}`,
    );
    words.push({ word, terms: terms.length > MAX_EXPANSION ? null : terms, ...size });
  }
  const [driver, ...others] = [...words].sort((a, b) => a.total - b.total);
  if (driver && !driver.capped) return gather(db, driver, others, customerUserId, page);
  return newestMatches(db, words, customerUserId, page);
}
