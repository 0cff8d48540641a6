import { sql } from "drizzle-orm";
import { type AnyPgColumn, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * The chart of accounts as one tree. Level 1 classes are seeded; levels 2 and 3 are groups;
 * level 4 is the postable account. `key` is generated within the parent, `all_level_key` is the
 * full code such as 1-01-001-0001.
 */
export const accounts = pgTable(
  "accounts",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer("parent_id").references((): AnyPgColumn => accounts.id),
    level: smallint("level").notNull(),
    key: text("key").notNull(),
    allLevelKey: text("all_level_key").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("accounts_all_level_key").on(t.allLevelKey),
    uniqueIndex("accounts_parent_name_key").on(sql`coalesce(${t.parentId}, 0)`, t.name),
    index("accounts_parent_idx").on(t.parentId),
    index("accounts_level_idx").on(t.level),
  ],
);
