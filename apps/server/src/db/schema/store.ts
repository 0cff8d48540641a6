import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { units } from "./lookups";
import { users } from "./users";
import { vouchers } from "./vouchers";

/**
 * The Store and its stock ledger (design: shared/spec/restaurant-pos-inventory.md, sections 4.1-4.3).
 * Quantities are BIGINT micro-units of a product's stock unit (`*_micro`), money BIGINT minor units
 * (`*_minor`). One outlet is seeded; every outlet-owned row carries `outlet_id`.
 */
export const outlets = pgTable("outlets", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  /** Stock documents cannot be dated before this day (business days replace it with the POS). */
  stockLockDate: date("stock_lock_date", { mode: "string" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  // The outlet's POS settings (design section 4.5, D15, D16).
  taxInclusive: boolean("tax_inclusive").notNull().default(false),
  serviceChargeBp: integer("service_charge_bp").notNull().default(0),
  /** Bit mask of the order types the service charge applies to: 1 dine-in, 2 take-away, 4 delivery. */
  serviceChargeTypes: smallint("service_charge_types").notNull().default(1),
  /** Cash totals round to this many minor units (100 = one rupee); 0 or 1 = none. */
  cashRoundingMinor: integer("cash_rounding_minor").notNull().default(0),
  /** Orders before this time of day belong to the previous business day. */
  dayCutoff: text("day_cutoff").notNull().default("04:00"),
  /** block | allow_flag */
  kitchenNegativePolicy: text("kitchen_negative_policy").notNull().default("allow_flag"),
  /** payment | send */
  takeAwayFireOn: text("take_away_fire_on").notNull().default("payment"),
  /** Maximum discount without approval, void after fire, refund, price override. */
  supervisorRules: jsonb("supervisor_rules").notNull().default(sql`'{}'::jsonb`),
  receiptHeader: text("receipt_header").notNull().default(""),
  receiptFooter: text("receipt_footer").notNull().default(""),
});

export const stockLocations = pgTable(
  "stock_locations",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    code: text("code").notNull(),
    name: text("name").notNull(),
    /** store | kitchen | bar */
    kind: text("kind").notNull(),
    /** Null: the Store or Kitchen inventory account of Accounts Integration, by kind. */
    inventoryAccountId: integer("inventory_account_id").references(() => accounts.id),
    allowNegative: boolean("allow_negative").notNull().default(false),
    active: boolean("active").notNull().default(true),
  },
  (t) => [
    uniqueIndex("stock_locations_code_key").on(t.outletId, t.code),
    check("stock_locations_kind_check", sql`${t.kind} IN ('store', 'kitchen', 'bar')`),
    check("stock_locations_store_never_negative", sql`${t.kind} <> 'store' OR NOT ${t.allowNegative}`),
  ],
);

export const storeProducts = pgTable(
  "store_products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    groupName: text("group_name").notNull().default(""),
    stockUomId: integer("stock_uom_id")
      .notNull()
      .references(() => units.uomId),
    purchaseUomId: integer("purchase_uom_id").references(() => units.uomId),
    barcode: text("barcode"),
    reorderMicro: bigint("reorder_micro", { mode: "bigint" }).notNull().default(sql`0`),
    parMicro: bigint("par_micro", { mode: "bigint" }).notNull().default(sql`0`),
    /** Per stock unit, for information: the landed cost of the last receiving. */
    lastPurchaseCostMinor: bigint("last_purchase_cost_minor", { mode: "bigint" }),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("store_products_code_key").on(sql`lower(${t.code})`),
    uniqueIndex("store_products_name_key").on(sql`lower(${t.name})`),
    uniqueIndex("store_products_barcode_key").on(t.barcode),
    index("store_products_group_idx").on(t.groupName),
  ],
);

/** A product's own units: packs ("carton = 24 cans") and bridges across dimensions ("1 bunch = 250 g"). */
export const storeProductUoms = pgTable(
  "store_product_uoms",
  {
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id, { onDelete: "cascade" }),
    uomId: integer("uom_id")
      .notNull()
      .references(() => units.uomId),
    /** Stock micro-units in one of this unit. */
    factorMicro: bigint("factor_micro", { mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeProductId, t.uomId] }),
    check("store_product_uoms_factor_check", sql`${t.factorMicro} > 0`),
  ],
);

/** What a location holds of a product now. Locked FOR UPDATE in (product, location) order by every stock document. */
export const stockBins = pgTable(
  "stock_bins",
  {
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
    valueMinor: bigint("value_minor", { mode: "bigint" }).notNull().default(sql`0`),
    allowNegative: boolean("allow_negative").notNull().default(false),
    /** The last positive average (minor per stock unit = num / den), for stock that goes below zero. */
    lastRateNum: bigint("last_rate_num", { mode: "bigint" }),
    lastRateDen: bigint("last_rate_den", { mode: "bigint" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.storeProductId, t.locationId] }),
    index("stock_bins_location_idx").on(t.locationId),
    check("stock_bins_never_negative", sql`${t.allowNegative} OR ${t.qtyMicro} >= 0`),
    check("stock_bins_empty_has_no_value", sql`${t.qtyMicro} <> 0 OR ${t.valueMinor} = 0`),
  ],
);

/** The stock ledger: append-only, in posting order (`id`). */
export const stockMoves = pgTable(
  "stock_moves",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    postedAt: timestamp("posted_at", { withTimezone: true }).notNull().defaultNow(),
    docType: text("doc_type").notNull(),
    docId: integer("doc_id").notNull(),
    docLineId: integer("doc_line_id"),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
    valueMinor: bigint("value_minor", { mode: "bigint" }).notNull(),
    qtyAfterMicro: bigint("qty_after_micro", { mode: "bigint" }).notNull(),
    valueAfterMinor: bigint("value_after_minor", { mode: "bigint" }).notNull(),
    posOrderLineId: bigint("pos_order_line_id", { mode: "number" }),
    recipeVersionId: integer("recipe_version_id"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    index("stock_moves_ledger_idx").on(t.storeProductId, t.locationId, t.businessDate, t.id),
    index("stock_moves_doc_idx").on(t.docType, t.docId),
    index("stock_moves_date_idx").on(t.businessDate),
    index("stock_moves_voucher_idx").on(t.voucherId),
  ],
);

const stockTotals = {
  storeProductId: integer("store_product_id")
    .notNull()
    .references(() => storeProducts.id),
  locationId: integer("location_id")
    .notNull()
    .references(() => stockLocations.id),
  inQtyMicro: bigint("in_qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
  inValueMinor: bigint("in_value_minor", { mode: "bigint" }).notNull().default(sql`0`),
  outQtyMicro: bigint("out_qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
  outValueMinor: bigint("out_value_minor", { mode: "bigint" }).notNull().default(sql`0`),
};

/** Moves per bin and day, kept in the posting transaction: an as-of balance adds months and edge days. */
export const stockDaily = pgTable(
  "stock_daily",
  { ...stockTotals, day: date("day", { mode: "string" }).notNull() },
  (t) => [primaryKey({ columns: [t.storeProductId, t.locationId, t.day] }), index("stock_daily_day_idx").on(t.day)],
);

export const stockMonthly = pgTable(
  "stock_monthly",
  { ...stockTotals, month: date("month", { mode: "string" }).notNull() },
  (t) => [primaryKey({ columns: [t.storeProductId, t.locationId, t.month] })],
);

/** A sale that took a kitchen bin below zero: resolved by an issuance or a count, or accepted with a reason. */
export const stockExceptions = pgTable(
  "stock_exceptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    businessDayId: integer("business_day_id"),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id),
    moveId: bigint("move_id", { mode: "number" }).references(() => stockMoves.id),
    kind: text("kind").notNull().default("negative"),
    shortMicro: bigint("short_micro", { mode: "bigint" }).notNull(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id),
    resolution: text("resolution"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stock_exceptions_open_idx").on(t.storeProductId, t.locationId).where(sql`${t.resolvedAt} IS NULL`)],
);

/** Gapless numbers of store documents per kind and year (GRN, ISS, CNT): the row stays locked until commit. */
export const docCounters = pgTable(
  "doc_counters",
  {
    docType: text("doc_type").notNull(),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.docType, t.year] })],
);

export const vendors = pgTable(
  "vendors",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    contactPerson: text("contact_person").notNull().default(""),
    phone: text("phone").notNull().default(""),
    email: text("email").notNull().default(""),
    address: text("address").notNull().default(""),
    ntn: text("ntn").notNull().default(""),
    strn: text("strn").notNull().default(""),
    paymentTermsDays: integer("payment_terms_days").notNull().default(0),
    /** A level-4 account made under the Vendors group of Accounts Integration. */
    payableAccountId: integer("payable_account_id")
      .notNull()
      .references(() => accounts.id),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("vendors_code_key").on(sql`lower(${t.code})`),
    uniqueIndex("vendors_name_key").on(sql`lower(${t.name})`),
    uniqueIndex("vendors_payable_account_key").on(t.payableAccountId),
  ],
);

/** Goods received notes. A draft has no number; posting numbers it and posts its voucher; reversal, not edit. */
export const receivings = pgTable(
  "receivings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: text("number"),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    vendorBillNo: text("vendor_bill_no").notNull().default(""),
    billDate: date("bill_date", { mode: "string" }),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id),
    /** credit | cash | bank */
    payment: text("payment").notNull(),
    payAccountId: integer("pay_account_id").references(() => accounts.id),
    subtotalMinor: bigint("subtotal_minor", { mode: "bigint" }).notNull().default(sql`0`),
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull().default(sql`0`),
    taxMinor: bigint("tax_minor", { mode: "bigint" }).notNull().default(sql`0`),
    chargesMinor: bigint("charges_minor", { mode: "bigint" }).notNull().default(sql`0`),
    totalMinor: bigint("total_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** draft | posted | reversed */
    status: text("status").notNull().default("draft"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    reversalVoucherId: integer("reversal_voucher_id").references(() => vouchers.id),
    notes: text("notes").notNull().default(""),
    attachmentPath: text("attachment_path"),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    postedBy: integer("posted_by").references(() => users.id),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    reversedBy: integer("reversed_by").references(() => users.id),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("receivings_number_key").on(t.number),
    uniqueIndex("receivings_vendor_bill_key")
      .on(t.vendorId, sql`lower(${t.vendorBillNo})`)
      .where(sql`${t.vendorBillNo} <> '' AND ${t.status} <> 'reversed'`),
    index("receivings_date_idx").on(t.businessDate, t.id),
    index("receivings_vendor_idx").on(t.vendorId, t.businessDate),
    check("receivings_payment_check", sql`${t.payment} IN ('credit', 'cash', 'bank')`),
    check("receivings_status_check", sql`${t.status} IN ('draft', 'posted', 'reversed')`),
  ],
);

export const receivingLines = pgTable(
  "receiving_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    receivingId: integer("receiving_id")
      .notNull()
      .references(() => receivings.id, { onDelete: "cascade" }),
    lineNo: smallint("line_no").notNull(),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    uomId: integer("uom_id")
      .notNull()
      .references(() => units.uomId),
    /** As typed, in `uom_id`. */
    qtyEntered: numeric("qty_entered", { precision: 20, scale: 6 }).notNull(),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
    /** Per entered unit. */
    unitCostMinor: bigint("unit_cost_minor", { mode: "bigint" }).notNull(),
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull().default(sql`0`),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** Taken into stock: the net amount plus this line's share of the charges. */
    landedValueMinor: bigint("landed_value_minor", { mode: "bigint" }).notNull().default(sql`0`),
    free: boolean("free").notNull().default(false),
    moveId: bigint("move_id", { mode: "number" }).references(() => stockMoves.id),
  },
  (t) => [
    uniqueIndex("receiving_lines_no_key").on(t.receivingId, t.lineNo),
    index("receiving_lines_product_idx").on(t.storeProductId),
  ],
);

export const receivingCharges = pgTable("receiving_charges", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  receivingId: integer("receiving_id")
    .notNull()
    .references(() => receivings.id, { onDelete: "cascade" }),
  label: text("label").notNull(),
  amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
});

/** Store to kitchen (or any two locations), at the source's average cost. */
export const issuances = pgTable(
  "issuances",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: text("number"),
    fromLocationId: integer("from_location_id")
      .notNull()
      .references(() => stockLocations.id),
    toLocationId: integer("to_location_id")
      .notNull()
      .references(() => stockLocations.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    issuedTo: text("issued_to").notNull().default(""),
    notes: text("notes").notNull().default(""),
    /** draft | posted | reversed */
    status: text("status").notNull().default("draft"),
    valueMinor: bigint("value_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** Null when both locations map to the same inventory account. */
    voucherId: integer("voucher_id").references(() => vouchers.id),
    reversalVoucherId: integer("reversal_voucher_id").references(() => vouchers.id),
    reversalOfId: integer("reversal_of_id").references((): AnyPgColumn => issuances.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    postedBy: integer("posted_by").references(() => users.id),
    postedAt: timestamp("posted_at", { withTimezone: true }),
    reversedBy: integer("reversed_by").references(() => users.id),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("issuances_number_key").on(t.number),
    index("issuances_date_idx").on(t.businessDate, t.id),
    check("issuances_status_check", sql`${t.status} IN ('draft', 'posted', 'reversed')`),
    check("issuances_two_locations", sql`${t.fromLocationId} <> ${t.toLocationId}`),
  ],
);

export const issuanceLines = pgTable(
  "issuance_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    issuanceId: integer("issuance_id")
      .notNull()
      .references(() => issuances.id, { onDelete: "cascade" }),
    lineNo: smallint("line_no").notNull(),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    uomId: integer("uom_id")
      .notNull()
      .references(() => units.uomId),
    qtyEntered: numeric("qty_entered", { precision: 20, scale: 6 }).notNull(),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
    valueMinor: bigint("value_minor", { mode: "bigint" }),
    outMoveId: bigint("out_move_id", { mode: "number" }).references(() => stockMoves.id),
    inMoveId: bigint("in_move_id", { mode: "number" }).references(() => stockMoves.id),
  },
  (t) => [
    uniqueIndex("issuance_lines_no_key").on(t.issuanceId, t.lineNo),
    uniqueIndex("issuance_lines_product_key").on(t.issuanceId, t.storeProductId),
  ],
);

/** A physical count (the Difference Report). The adjustment is counted minus book at the snapshot. */
export const stockCounts = pgTable(
  "stock_counts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    number: text("number"),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    snapshotAt: timestamp("snapshot_at", { withTimezone: true }).notNull(),
    /** The last stock move when the book quantities were read. */
    snapshotMoveId: bigint("snapshot_move_id", { mode: "number" }).notNull().default(0),
    /** draft | posted */
    status: text("status").notNull().default("draft"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    postedBy: integer("posted_by").references(() => users.id),
    postedAt: timestamp("posted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("stock_counts_number_key").on(t.number),
    index("stock_counts_date_idx").on(t.businessDate, t.id),
    check("stock_counts_status_check", sql`${t.status} IN ('draft', 'posted')`),
  ],
);

export const stockCountLines = pgTable(
  "stock_count_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    countId: integer("count_id")
      .notNull()
      .references(() => stockCounts.id, { onDelete: "cascade" }),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    bookQtyMicro: bigint("book_qty_micro", { mode: "bigint" }).notNull(),
    bookValueMinor: bigint("book_value_minor", { mode: "bigint" }).notNull(),
    countedQtyMicro: bigint("counted_qty_micro", { mode: "bigint" }),
    uomId: integer("uom_id").references(() => units.uomId),
    countedEntered: numeric("counted_entered", { precision: 20, scale: 6 }),
    diffQtyMicro: bigint("diff_qty_micro", { mode: "bigint" }),
    diffValueMinor: bigint("diff_value_minor", { mode: "bigint" }),
    /** spoilage | theft | count_error | other */
    reason: text("reason"),
    moveId: bigint("move_id", { mode: "number" }).references(() => stockMoves.id),
  },
  (t) => [uniqueIndex("stock_count_lines_product_key").on(t.countId, t.storeProductId)],
);
