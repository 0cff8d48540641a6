import { sql } from "drizzle-orm";
import { bigint, check, pgTable, smallint, timestamp } from "drizzle-orm/pg-core";

/**
 * One row whose version every write to the POS master data raises (statement-level triggers on
 * those tables, migration 0014; the first write makes the row, none means version 1), so
 * `GET /api/pos/bootstrap` can answer `If-None-Match` with 304 from this row alone. `changed_at` (the clock at the bump) keeps two timelines of the same
 * version apart, e.g. after a backup is restored and edited again.
 */
export const catalogVersions = pgTable(
  "catalog_versions",
  {
    id: smallint("id").primaryKey().default(1),
    version: bigint("version", { mode: "bigint" }).notNull().default(sql`1`),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("catalog_versions_one_row", sql`${t.id} = 1`)],
);
