import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { outlets } from "./store";
import { users } from "./users";

/**
 * The floor, restaurant customers and the outlet's POS settings (design section 4.5). Tax rates,
 * thresholds and accounts are settings the accountant sets, never constants in code.
 */
export const printers = pgTable("printers", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  name: text("name").notNull(),
  /** network_escpos | browser */
  kind: text("kind").notNull().default("browser"),
  host: text("host").notNull().default(""),
  port: integer("port").notNull().default(9100),
  widthChars: smallint("width_chars").notNull().default(48),
  codepage: text("codepage").notNull().default("cp437"),
  active: boolean("active").notNull().default(true),
});

export const kitchenStations = pgTable(
  "kitchen_stations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    name: text("name").notNull(),
    printerId: integer("printer_id").references(() => printers.id),
    /** display | print | both */
    mode: text("mode").notNull().default("display"),
    targetMinutes: smallint("target_minutes").notNull().default(10),
    alertMinutes: smallint("alert_minutes").notNull().default(15),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("kitchen_stations_name_key").on(t.outletId, sql`lower(${t.name})`)],
);

export const taxClasses = pgTable(
  "tax_classes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    rateBp: integer("rate_bp").notNull(),
    /** The sales tax payable account (under LIABILITIES). */
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("tax_classes_name_key").on(sql`lower(${t.name})`),
    check("tax_classes_rate_check", sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
  ],
);

/** cash | card | bank | wallet | on_account; cash uses the counter's cash account. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    accountId: integer("account_id").references(() => accounts.id),
    opensDrawer: boolean("opens_drawer").notNull().default(false),
    countedAtClose: boolean("counted_at_close").notNull().default(true),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("payment_methods_name_key").on(sql`lower(${t.name})`),
    check("payment_methods_kind_check", sql`${t.kind} IN ('cash', 'card', 'bank', 'wallet', 'on_account')`),
  ],
);

/** A tax class's rate when paid by one method (the Punjab card rate). */
export const taxMethodRates = pgTable(
  "tax_method_rates",
  {
    taxClassId: integer("tax_class_id")
      .notNull()
      .references(() => taxClasses.id, { onDelete: "cascade" }),
    paymentMethodId: integer("payment_method_id")
      .notNull()
      .references(() => paymentMethods.id),
    rateBp: integer("rate_bp").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taxClassId, t.paymentMethodId] }),
    check("tax_method_rates_rate_check", sql`${t.rateBp} >= 0 AND ${t.rateBp} <= 10000`),
  ],
);

/** Terminals. Each has its own cash account, a level-4 account under the cash group. */
export const posCounters = pgTable(
  "pos_counters",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    cashAccountId: integer("cash_account_id")
      .notNull()
      .references(() => accounts.id),
    receiptPrinterId: integer("receipt_printer_id").references(() => printers.id),
    /** take_away | dine_in | delivery */
    defaultOrderType: text("default_order_type").notNull().default("take_away"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("pos_counters_code_key").on(t.outletId, sql`lower(${t.code})`)],
);

export const halls = pgTable(
  "halls",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    serviceChargeBp: integer("service_charge_bp"),
    backgroundImagePath: text("background_image_path"),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("halls_name_key").on(t.outletId, sql`lower(${t.name})`)],
);

/** Tables of a hall (named so to avoid the SQL word). Positions are on the hall's floor plan. */
export const diningTables = pgTable(
  "dining_tables",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    hallId: integer("hall_id")
      .notNull()
      .references(() => halls.id),
    name: text("name").notNull(),
    seats: smallint("seats").notNull().default(4),
    /** square | round | long */
    shape: text("shape").notNull().default("square"),
    x: integer("x").notNull().default(0),
    y: integer("y").notNull().default(0),
    w: integer("w").notNull().default(80),
    h: integer("h").notNull().default(80),
    /** reserved | cleaning | null */
    statusOverride: text("status_override"),
    qrToken: text("qr_token").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("dining_tables_name_key").on(t.hallId, sql`lower(${t.name})`),
    uniqueIndex("dining_tables_qr_key").on(t.qrToken),
    check("dining_tables_shape_check", sql`${t.shape} IN ('square', 'round', 'long')`),
  ],
);

/** Restaurant customers, separate from CargoDesk's sign-in customers; credit makes a house account. */
export const posCustomers = pgTable(
  "pos_customers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    notes: text("notes").notNull().default(""),
    discountBp: integer("discount_bp").notNull().default(0),
    creditAllowed: boolean("credit_allowed").notNull().default(false),
    creditLimitMinor: bigint("credit_limit_minor", { mode: "bigint" }).notNull().default(sql`0`),
    receivableAccountId: integer("receivable_account_id").references(() => accounts.id),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("pos_customers_phone_key").on(t.phone),
    check("pos_customers_discount_check", sql`${t.discountBp} >= 0 AND ${t.discountBp} <= 10000`),
  ],
);
