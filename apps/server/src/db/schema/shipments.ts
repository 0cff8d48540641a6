import {
  bigint,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  complaintStatuses,
  countries,
  currencies,
  serviceTypes,
  shipmentPurposes,
  shipmentTaxTypes,
  units,
} from "./lookups";
import { receivers, senders } from "./master-data";
import { rateSheets } from "./rates";
import { users } from "./users";
import { vouchers } from "./vouchers";

/** Nine-digit serials; a Luhn check digit is appended, so tracking ids have ten digits. */
export const trackingSerial = pgSequence("shipment_tracking_serial", { startWith: 100000000, increment: 1 });

/**
 * A consignment (C/N). The parties are snapshots in `shipment_parties`; the charge is the rate
 * applied when booked, in the band's currency, with its breakdown and its base-currency amount.
 */
export const shipments = pgTable(
  "shipments",
  {
    shipmentId: integer("shipment_id").primaryKey().generatedAlwaysAsIdentity(),
    trackingId: text("tracking_id").notNull(),
    shipmentDate: date("shipment_date", { mode: "string" }).notNull(),
    /** Doc or Pack. */
    shipmentType: text("shipment_type").notNull(),
    shipmentDesc: text("shipment_desc"),
    shipmentPurposeId: integer("shipment_purpose_id").references(() => shipmentPurposes.shipmentPurposeId),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.serviceTypeId),
    /** DHL or UPS for service 11, else "". */
    type2: text("type").notNull().default(""),
    shipmentTaxId: integer("shipment_tax_id")
      .notNull()
      .references(() => shipmentTaxTypes.shipmentTaxId),
    expectedDeliveryDate: date("expected_delivery_date", { mode: "string" }),
    shipmentRef: text("shipment_ref"),
    /** 1 custom invoice, 0 own invoice. */
    invoiceType: smallint("invoice_type").notNull().default(1),
    rebate: smallint("rebate").notNull().default(1),
    sroNumber: text("sro_number"),
    financialInstruments: smallint("financial_instruments").notNull().default(0),
    financialInstrumentsNo: text("financial_instruments_no"),
    financialInstrumentsBank: text("financial_instruments_bank"),
    vat: text("vat"),
    totalPackages: integer("total_packages").notNull(),
    /** The sum of the package rows' chargeable weights, in kg. */
    totalWeight: numeric("total_weight", { precision: 12, scale: 2 }).notNull(),
    /** The latest tracking status, kept with the history in one transaction. */
    trackStatus: text("track_status"),
    /** The customer the shipment is for (its receivable account is charged). */
    customerUserId: integer("customer_user_id").references(() => users.id),
    senderId: integer("sender_id").references(() => senders.senderId),
    receiverId: integer("receiver_id").references(() => receivers.receiverId),
    /** The charge, in minor units of `currency_id`, and its breakdown. */
    currencyId: integer("currency_id").references(() => currencies.id),
    amountMinor: bigint("total_amount", { mode: "number" }).notNull().default(0),
    /** The charge in the company's base currency at booking: what the voucher posts. */
    baseAmountMinor: bigint("base_amount", { mode: "number" }).notNull().default(0),
    weightChargesMinor: bigint("weight_charges", { mode: "number" }),
    rateFirstKgMinor: bigint("rate_first_kg", { mode: "number" }),
    rateAddKgMinor: bigint("rate_add_kg", { mode: "number" }),
    rateFlatMinor: bigint("rate_flat", { mode: "number" }),
    rateSheetId: integer("rate_sheet_id").references(() => rateSheets.id),
    /** The amount was entered by staff because no rate sheet covered the shipment. */
    rateManual: smallint("rate_manual").notNull().default(0),
    /** Set once the charge is posted; a posted shipment cannot be deleted. */
    voucherId: integer("voucher_id").references(() => vouchers.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: integer("deleted_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("shipments_tracking_key").on(t.trackingId),
    uniqueIndex("shipments_voucher_key").on(t.voucherId),
    index("shipments_list_idx").on(t.shipmentId),
    index("shipments_customer_date_idx").on(t.customerUserId, t.shipmentDate, t.shipmentId),
    index("shipments_date_idx").on(t.shipmentDate, t.shipmentId),
    /** A customer's list, newest first. */
    index("shipments_customer_list_idx").on(t.customerUserId, t.shipmentId),
    /** Shipments by current status (get_shipment_with_statusId). */
    index("shipments_status_idx").on(t.trackStatus, t.shipmentId),
    /** Tracking-id prefix search (LIKE '123%') whatever the database collation. */
    index("shipments_tracking_prefix_idx").on(t.trackingId.op("text_pattern_ops")),
    /** Shipment Details sorted by amount, either way. */
    index("shipments_amount_idx").on(t.amountMinor, t.shipmentId),
  ],
);

/**
 * The list search: each lower-case word of a live shipment's sender and receiver name and company
 * and its customer's name, searched by prefix (LIKE 'word%') on a plain btree, so it works the
 * same on PostgreSQL and PGlite without extensions. Rows go when the shipment is deleted.
 */
export const shipmentSearchTerms = pgTable(
  "shipment_search_terms",
  {
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    customerUserId: integer("customer_user_id").references(() => users.id),
    term: text("term").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.term] }),
    index("shipment_search_terms_term_idx").on(t.term.op("text_pattern_ops"), t.shipmentId),
    index("shipment_search_terms_customer_idx").on(t.customerUserId, t.term.op("text_pattern_ops"), t.shipmentId),
  ],
);

/** Live (not deleted) shipments per customer, kept in the booking and deleting transactions: list totals without counting a million rows. */
export const shipmentTallies = pgTable("shipment_tallies", {
  customerUserId: integer("customer_user_id")
    .primaryKey()
    .references(() => users.id),
  live: integer("live").notNull().default(0),
});

/** The sender and receiver as they were when booked (role "sender" or "receiver"). */
export const shipmentParties = pgTable(
  "shipment_parties",
  {
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    role: text("role").notNull(),
    name: text("name").notNull(),
    company: text("company").notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.countryId),
    address: text("address").notNull(),
    address2: text("address_2"),
    address3: text("address_3"),
    postalCode: text("postal_code"),
    city: text("city"),
    state: text("state"),
    email: text("email"),
    phone: text("phone").notNull(),
    gst: text("gst"),
    ntn: text("ntn"),
    cnic: text("cnic"),
    vat: text("vat"),
  },
  (t) => [primaryKey({ columns: [t.shipmentId, t.role] })],
);

/** Customs item lines (the spec's shipment_data). `value` is per piece, in the line's currency. */
export const shipmentLines = pgTable(
  "shipment_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    lineNo: smallint("line_no").notNull(),
    desc: text("desc").notNull(),
    code: text("code").notNull(),
    quantity: integer("quantity").notNull(),
    uomId: integer("uom_id")
      .notNull()
      .references(() => units.uomId),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    valueMinor: bigint("value", { mode: "number" }).notNull(),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.countryId),
  },
  (t) => [uniqueIndex("shipment_lines_key").on(t.shipmentId, t.lineNo)],
);

/** Package rows: actual weight (kg), dimensions (cm), dimensional and chargeable weight. */
export const shipmentPackages = pgTable(
  "shipment_packages",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    lineNo: smallint("line_no").notNull(),
    name: text("name").notNull(),
    quantity: integer("quantity").notNull().default(1),
    weight: numeric("weight", { precision: 10, scale: 2 }).notNull(),
    length: numeric("length", { precision: 10, scale: 2 }).notNull(),
    width: numeric("width", { precision: 10, scale: 2 }).notNull(),
    height: numeric("height", { precision: 10, scale: 2 }).notNull(),
    accWeight: numeric("acc_weight", { precision: 12, scale: 2 }).notNull(),
    chWeight: numeric("ch_weight", { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex("shipment_packages_key").on(t.shipmentId, t.lineNo)],
);

/**
 * Tracking history. Adding a status appends a row; editing the history marks the current rows
 * superseded (kept for audit) and writes the replacement. The public page shows live rows only.
 */
export const shipmentStatusHistory = pgTable(
  "shipment_status_history",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    status: text("status").notNull(),
    statusLocation: text("status_location").notNull(),
    statusDate: timestamp("status_date", { withTimezone: true }).notNull(),
    enteredBy: integer("entered_by").references(() => users.id),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
    supersededBy: integer("superseded_by").references(() => users.id),
  },
  (t) => [index("shipment_status_history_shipment_idx").on(t.shipmentId, t.statusDate, t.id)],
);

/** A complaint against a consignment; its owner is the shipment's customer. */
export const complaints = pgTable(
  "complaints",
  {
    complaintId: integer("complaint_id").primaryKey().generatedAlwaysAsIdentity(),
    cnNumber: text("cn_number").notNull(),
    complaintStatement: text("complaint_satement").notNull(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.shipmentId),
    statusId: integer("status_id")
      .notNull()
      .references(() => complaintStatuses.statusId),
    complaintDate: date("complaint_date", { mode: "string" }).notNull(),
    customerUserId: integer("customer_user_id").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("complaints_shipment_idx").on(t.shipmentId),
    index("complaints_customer_idx").on(t.customerUserId, t.complaintId),
  ],
);
