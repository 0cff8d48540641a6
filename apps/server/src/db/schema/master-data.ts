import { index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { countries } from "./lookups";
import { users } from "./users";

/** Address-book parties. A customer's own entries carry their id; staff entries have none. */
const partyColumns = () => ({
  name: text("name").notNull(),
  company: text("company").notNull(),
  countryId: integer("country_id")
    .notNull()
    .references(() => countries.countryId),
  address: text("address").notNull(),
  address2: text("address_2"),
  address3: text("address_3"),
  postalCode: text("postal_code").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  email: text("email"),
  phone: text("phone").notNull(),
  ownerUserId: integer("owner_user_id").references(() => users.id),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const senders = pgTable(
  "senders",
  {
    senderId: integer("sender_id").primaryKey().generatedAlwaysAsIdentity(),
    ...partyColumns(),
    gst: text("gst"),
    ntn: text("ntn").notNull(),
    cnic: text("cnic"),
  },
  (t) => [index("senders_owner_idx").on(t.ownerUserId), index("senders_country_idx").on(t.countryId)],
);

export const receivers = pgTable(
  "receivers",
  {
    receiverId: integer("receiver_id").primaryKey().generatedAlwaysAsIdentity(),
    ...partyColumns(),
    vat: text("vat"),
  },
  (t) => [index("receivers_owner_idx").on(t.ownerUserId), index("receivers_country_idx").on(t.countryId)],
);

/** Standard packages (boxes) with their weight (kg) and dimensions (cm). */
export const packages = pgTable("packages", {
  packageId: integer("package_id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull().unique(),
  weight: numeric("weight", { precision: 10, scale: 2 }).notNull(),
  length: numeric("length", { precision: 10, scale: 2 }).notNull(),
  width: numeric("width", { precision: 10, scale: 2 }).notNull(),
  height: numeric("height", { precision: 10, scale: 2 }).notNull(),
  quantity: integer("quantity").notNull().default(1),
});

/** The carriers the company ships with (the spec's "service", /api/cargo_company). */
export const cargoCompanies = pgTable("cargo_companies", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull().unique(),
  code: text("code"),
});
