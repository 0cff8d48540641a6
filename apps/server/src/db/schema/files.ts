import { bigint, customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Uploaded files (registration images, the company logo, rate sheets), kept in the database so any
 * app server can serve any of them and a backup of the database holds them all. `key` is the path
 * the file had under DATA_DIR before (e.g. `uploads/images/img_<hex>.png`, `rates/<hex>.csv`), which
 * is what the owning rows name: uploads.name (under uploads/images/), company_profile.logo_path,
 * rate_sheets.path. The content is in `stored_file_chunks`.
 */
export const storedFiles = pgTable("stored_files", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  key: text("key").notNull().unique(),
  /** image | logo | rate-sheet */
  kind: text("kind").notNull(),
  mime: text("mime").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  /** Hex SHA-256 of the whole content. */
  sha256: text("sha256").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A file's content in pieces of at most 256 KB, numbered from 0, so a file is written and read a
 * piece at a time and never has to sit whole in memory.
 */
export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    fileId: bigint("file_id", { mode: "number" })
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
