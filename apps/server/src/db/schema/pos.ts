import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { coupons, deals, productVariants, recipes } from "./menu";
import {
  diningTables,
  kitchenStations,
  paymentMethods,
  posCounters,
  posCustomers,
  printers,
  taxClasses,
} from "./outlet";
import { outlets } from "./store";
import { users } from "./users";
import { vouchers } from "./vouchers";

/**
 * The POS: business days and counter sessions, orders changed through an append-only log of
 * operations, payments, kitchen tickets and print jobs (design: shared/spec/restaurant-pos-inventory.md,
 * sections 4.6-4.8). Money is BIGINT minor units, quantities BIGINT micro-units (1 portion = 1,000,000).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** One business day per outlet and date; at most one open per outlet. */
export const businessDays = pgTable(
  "business_days",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    businessDate: date("business_date", { mode: "string" }).notNull(),
    /** open | closed */
    status: text("status").notNull().default("open"),
    openedBy: integer("opened_by").references(() => users.id),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    closedBy: integer("closed_by").references(() => users.id),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    salesVoucherId: integer("sales_voucher_id").references(() => vouchers.id),
    cogsVoucherId: integer("cogs_voucher_id").references(() => vouchers.id),
    /** Z-A-2026-00042: the Z report's number, the bill number on the day's voucher lines. */
    zNumber: text("z_number"),
    /** The frozen Z figures: printing the Z again gives the same numbers. */
    snapshot: jsonb("snapshot"),
    /** The last pickup token handed out today (tokens restart at 1 each day). */
    lastToken: integer("last_token").notNull().default(0),
  },
  (t) => [
    uniqueIndex("business_days_date_key").on(t.outletId, t.businessDate),
    uniqueIndex("business_days_one_open").on(t.outletId).where(sql`${t.status} = 'open'`),
    check("business_days_status_check", sql`${t.status} IN ('open', 'closed')`),
  ],
);

/** A counter's session inside a business day; at most one open per counter. */
export const posSessions = pgTable(
  "pos_sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    businessDayId: integer("business_day_id")
      .notNull()
      .references(() => businessDays.id),
    counterId: integer("counter_id")
      .notNull()
      .references(() => posCounters.id),
    cashierId: integer("cashier_id")
      .notNull()
      .references(() => users.id),
    /** open | closed */
    status: text("status").notNull().default("open"),
    /** Takes orders that arrive after their own day closed (offline devices, WP5). */
    rescue: boolean("rescue").notNull().default(false),
    openingFloatMinor: bigint("opening_float_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** {"5000": 1, "1000": 3, ...}: count per denomination in minor units. */
    openingDenoms: jsonb("opening_denoms"),
    /** The counter cash account's book balance when the session opened. */
    floatBookMinor: bigint("float_book_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** {methodId: minor} worked out at close. */
    expected: jsonb("expected"),
    counted: jsonb("counted"),
    countedDenoms: jsonb("counted_denoms"),
    overShortMinor: bigint("over_short_minor", { mode: "bigint" }),
    /** What the manager noted when opening the counter. */
    notes: text("notes").notNull().default(""),
    /** What the cashier or manager noted when counting it at close. */
    closeNotes: text("close_notes").notNull().default(""),
    deviceId: text("device_id"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    openedBy: integer("opened_by").references(() => users.id),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    closedBy: integer("closed_by").references(() => users.id),
  },
  (t) => [
    // A counter has one working session; a rescue session (late offline orders) may be open beside it.
    uniqueIndex("pos_sessions_one_open").on(t.counterId).where(sql`${t.status} = 'open' AND NOT ${t.rescue}`),
    uniqueIndex("pos_sessions_one_rescue").on(t.counterId, t.businessDayId).where(sql`${t.rescue}`),
    index("pos_sessions_day_idx").on(t.businessDayId),
    check("pos_sessions_status_check", sql`${t.status} IN ('open', 'closed')`),
    check("pos_sessions_float_check", sql`${t.openingFloatMinor} >= 0`),
  ],
);

/** Pay-ins, pay-outs and drops to the safe during a session. */
export const cashMoves = pgTable(
  "cash_moves",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => posSessions.id),
    /** pay_in | pay_out | drop */
    kind: text("kind").notNull(),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    /** The expense for a pay-out, the source for a pay-in, the safe or bank for a drop. */
    accountId: integer("account_id").references(() => accounts.id),
    reason: text("reason").notNull().default(""),
    clientUuid: text("client_uuid").notNull(),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cash_moves_client_key").on(t.clientUuid),
    index("cash_moves_session_idx").on(t.sessionId),
    check("cash_moves_kind_check", sql`${t.kind} IN ('pay_in', 'pay_out', 'drop')`),
    check("cash_moves_amount_check", sql`${t.amountMinor} > 0`),
  ],
);

/** Gapless invoice numbers per counter and year (A01-2026-000123): the row stays locked until commit. */
export const posInvoiceCounters = pgTable(
  "pos_invoice_counters",
  {
    counterId: integer("counter_id")
      .notNull()
      .references(() => posCounters.id),
    year: integer("year").notNull(),
    last: integer("last").notNull(),
  },
  (t) => [primaryKey({ columns: [t.counterId, t.year] })],
);

export const voidReasons = pgTable(
  "void_reasons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    /** A fired line voided for this reason is recorded as waste (its ingredients leave the kitchen). */
    isWaste: boolean("is_waste").notNull().default(false),
    needsSupervisor: boolean("needs_supervisor").notNull().default(false),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("void_reasons_name_key").on(sql`lower(${t.name})`)],
);

export const posOrders = pgTable(
  "pos_orders",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    clientUuid: text("client_uuid").notNull(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    businessDayId: integer("business_day_id")
      .notNull()
      .references(() => businessDays.id),
    sessionId: integer("session_id").references(() => posSessions.id),
    counterId: integer("counter_id").references(() => posCounters.id),
    /** The invoice number, given at payment: gapless per counter and year. */
    number: text("number"),
    /** The short daily number called out for pickup. */
    token: integer("token").notNull(),
    /** take_away | dine_in | delivery */
    orderType: text("order_type").notNull(),
    tableId: integer("table_id").references(() => diningTables.id),
    guests: smallint("guests"),
    waiterId: integer("waiter_id").references(() => users.id),
    customerId: integer("customer_id").references(() => posCustomers.id),
    /** open | billed | paid | voided | merged | refund */
    status: text("status").notNull().default("open"),
    /** none | new | preparing | ready | served, worked out from the kitchen tickets */
    kitchenStatus: text("kitchen_status").notNull().default("none"),
    version: integer("version").notNull().default(1),
    subtotalMinor: bigint("subtotal_minor", { mode: "bigint" }).notNull().default(sql`0`),
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull().default(sql`0`),
    serviceChargeMinor: bigint("service_charge_minor", { mode: "bigint" }).notNull().default(sql`0`),
    taxMinor: bigint("tax_minor", { mode: "bigint" }).notNull().default(sql`0`),
    roundingMinor: bigint("rounding_minor", { mode: "bigint" }).notNull().default(sql`0`),
    totalMinor: bigint("total_minor", { mode: "bigint" }).notNull().default(sql`0`),
    paidMinor: bigint("paid_minor", { mode: "bigint" }).notNull().default(sql`0`),
    changeMinor: bigint("change_minor", { mode: "bigint" }).notNull().default(sql`0`),
    refundOfId: bigint("refund_of_id", { mode: "number" }).references((): AnyPgColumn => posOrders.id),
    mergedIntoId: bigint("merged_into_id", { mode: "number" }).references((): AnyPgColumn => posOrders.id),
    splitFromId: bigint("split_from_id", { mode: "number" }).references((): AnyPgColumn => posOrders.id),
    salesVoucherId: integer("sales_voucher_id").references(() => vouchers.id),
    voidReasonId: integer("void_reason_id").references(() => voidReasons.id),
    /** Synced after its own day closed: taken by the next day's rescue session. */
    late: boolean("late").notNull().default(false),
    /** Offline order whose prices differed from the server's: accepted as recorded and flagged. */
    priceFlag: boolean("price_flag").notNull().default(false),
    fiscalNumber: text("fiscal_number"),
    fiscalQr: text("fiscal_qr"),
    deviceId: text("device_id"),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    pickedUpAt: timestamp("picked_up_at", { withTimezone: true }),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("pos_orders_client_key").on(t.clientUuid),
    uniqueIndex("pos_orders_number_key").on(t.number),
    index("pos_orders_day_idx").on(t.businessDayId, t.status),
    index("pos_orders_table_idx").on(t.tableId).where(sql`${t.status} IN ('open', 'billed')`),
    index("pos_orders_refund_idx").on(t.refundOfId),
    index("pos_orders_voucher_idx").on(t.salesVoucherId),
    check("pos_orders_status_check", sql`${t.status} IN ('open', 'billed', 'paid', 'voided', 'merged', 'refund')`),
    check("pos_orders_type_check", sql`${t.orderType} IN ('take_away', 'dine_in', 'delivery')`),
  ],
);

export const posOrderLines = pgTable(
  "pos_order_lines",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    lineUuid: text("line_uuid").notNull(),
    /** Null on a deal's header line. */
    variantId: integer("variant_id").references(() => productVariants.id),
    dealId: integer("deal_id").references(() => deals.id),
    /** A deal's component lines point to the deal's header line. */
    dealParentLineId: bigint("deal_parent_line_id", { mode: "number" }).references((): AnyPgColumn => posOrderLines.id),
    nameSnapshot: text("name_snapshot").notNull(),
    sizeName: text("size_name"),
    flavourName: text("flavour_name"),
    categoryId: integer("category_id"),
    stationId: integer("station_id").references(() => kitchenStations.id),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
    unitPriceMinor: bigint("unit_price_minor", { mode: "bigint" }).notNull(),
    priceOverrideMinor: bigint("price_override_minor", { mode: "bigint" }),
    overrideBy: integer("override_by").references(() => users.id),
    /** The line's gross (unit price x qty), before discounts. */
    grossMinor: bigint("gross_minor", { mode: "bigint" }).notNull().default(sql`0`),
    discountMinor: bigint("discount_minor", { mode: "bigint" }).notNull().default(sql`0`),
    netMinor: bigint("net_minor", { mode: "bigint" }).notNull().default(sql`0`),
    taxClassId: integer("tax_class_id").references(() => taxClasses.id),
    taxRateBp: integer("tax_rate_bp").notNull().default(0),
    taxMinor: bigint("tax_minor", { mode: "bigint" }).notNull().default(sql`0`),
    serviceChargeMinor: bigint("service_charge_minor", { mode: "bigint" }).notNull().default(sql`0`),
    course: smallint("course").notNull().default(1),
    note: text("note").notNull().default(""),
    /** pending | fired | voided */
    status: text("status").notNull().default("pending"),
    firedAt: timestamp("fired_at", { withTimezone: true }),
    voidedQtyMicro: bigint("voided_qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
    voidReasonId: integer("void_reason_id").references(() => voidReasons.id),
    voidedBy: integer("voided_by").references(() => users.id),
    recipeVersionId: integer("recipe_version_id").references(() => recipes.id),
    /** Filled at payment from the line's stock moves. */
    costMinor: bigint("cost_minor", { mode: "bigint" }).notNull().default(sql`0`),
    refundedQtyMicro: bigint("refunded_qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
    /** On a refund order's line: the sold line it gives back. */
    refundOfLineId: bigint("refund_of_line_id", { mode: "number" }).references((): AnyPgColumn => posOrderLines.id),
    splitFromLineId: bigint("split_from_line_id", { mode: "number" }).references((): AnyPgColumn => posOrderLines.id),
    addedBy: integer("added_by").references(() => users.id),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pos_order_lines_uuid_key").on(t.orderId, t.lineUuid),
    index("pos_order_lines_order_idx").on(t.orderId),
    index("pos_order_lines_refund_idx").on(t.refundOfLineId),
    check("pos_order_lines_status_check", sql`${t.status} IN ('pending', 'fired', 'voided')`),
  ],
);

/** The order's audit trail and its replay protection: one row per operation, never changed. */
export const posOrderOps = pgTable(
  "pos_order_ops",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    opUuid: text("op_uuid").notNull(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    userId: integer("user_id").references(() => users.id),
    /** Who approved it, when a supervisor had to. */
    approvedBy: integer("approved_by").references(() => users.id),
    deviceId: text("device_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    versionAfter: integer("version_after").notNull(),
  },
  (t) => [uniqueIndex("pos_order_ops_uuid_key").on(t.opUuid), index("pos_order_ops_order_idx").on(t.orderId, t.id)],
);

export const posOrderDiscounts = pgTable(
  "pos_order_discounts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    /** Null: the whole order. */
    lineId: bigint("line_id", { mode: "number" }).references(() => posOrderLines.id),
    /** manual | coupon | promotion | customer */
    source: text("source").notNull(),
    couponId: integer("coupon_id").references(() => coupons.id),
    pctBp: integer("pct_bp"),
    amountMinor: bigint("amount_minor", { mode: "bigint" }),
    allocatedMinor: bigint("allocated_minor", { mode: "bigint" }).notNull().default(sql`0`),
    reason: text("reason").notNull().default(""),
    approvedBy: integer("approved_by").references(() => users.id),
    createdBy: integer("created_by").references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index("pos_order_discounts_order_idx").on(t.orderId),
    check("pos_order_discounts_source_check", sql`${t.source} IN ('manual', 'coupon', 'promotion', 'customer')`),
  ],
);

export const posPayments = pgTable(
  "pos_payments",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    sessionId: integer("session_id")
      .notNull()
      .references(() => posSessions.id),
    methodId: integer("method_id")
      .notNull()
      .references(() => paymentMethods.id),
    /** What the tender settles (negative on a refund). */
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    tenderedMinor: bigint("tendered_minor", { mode: "bigint" }).notNull(),
    changeMinor: bigint("change_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** The taxable base this tender covered, and its tax (design D16). */
    baseMinor: bigint("base_minor", { mode: "bigint" }).notNull().default(sql`0`),
    taxMinor: bigint("tax_minor", { mode: "bigint" }).notNull().default(sql`0`),
    reference: text("reference").notNull().default(""),
    clientUuid: text("client_uuid").notNull(),
    /** done | reversed */
    status: text("status").notNull().default("done"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    by: integer("by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("pos_payments_client_key").on(t.clientUuid),
    index("pos_payments_order_idx").on(t.orderId),
    index("pos_payments_session_idx").on(t.sessionId),
    check("pos_payments_status_check", sql`${t.status} IN ('done', 'reversed')`),
  ],
);

/** One-time approvals a supervisor gives at the terminal (valid 60 s, used once). */
export const supervisorApprovals = pgTable(
  "supervisor_approvals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text("token_hash").notNull(),
    supervisorId: integer("supervisor_id")
      .notNull()
      .references(() => users.id),
    /** discount | void_after_fire | void_order | refund | price_override */
    action: text("action").notNull(),
    requestedBy: integer("requested_by").references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("supervisor_approvals_token_key").on(t.tokenHash)],
);

export const kitchenTickets = pgTable(
  "kitchen_tickets",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    stationId: integer("station_id")
      .notNull()
      .references(() => kitchenStations.id),
    fireSeq: integer("fire_seq").notNull(),
    /** new | addition | void */
    kind: text("kind").notNull(),
    /** new | preparing | ready | served | cancelled */
    status: text("status").notNull().default("new"),
    priority: boolean("priority").notNull().default(false),
    course: smallint("course").notNull().default(1),
    tableLabel: text("table_label"),
    token: integer("token"),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    servedAt: timestamp("served_at", { withTimezone: true }),
    recalledCount: integer("recalled_count").notNull().default(0),
    /** Printed on the counter's printer while the register was offline: shown, not cooked again. */
    printedOffline: boolean("printed_offline").notNull().default(false),
  },
  (t) => [
    index("kitchen_tickets_station_idx").on(t.stationId, t.status),
    index("kitchen_tickets_order_idx").on(t.orderId),
    check("kitchen_tickets_kind_check", sql`${t.kind} IN ('new', 'addition', 'void')`),
    check("kitchen_tickets_status_check", sql`${t.status} IN ('new', 'preparing', 'ready', 'served', 'cancelled')`),
  ],
);

export const kitchenTicketItems = pgTable(
  "kitchen_ticket_items",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: bigint("ticket_id", { mode: "number" })
      .notNull()
      .references(() => kitchenTickets.id),
    orderLineId: bigint("order_line_id", { mode: "number" })
      .notNull()
      .references(() => posOrderLines.id),
    nameSnapshot: text("name_snapshot").notNull(),
    modifiersSnapshot: text("modifiers_snapshot").notNull().default(""),
    note: text("note").notNull().default(""),
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
    voidedQtyMicro: bigint("voided_qty_micro", { mode: "bigint" }).notNull().default(sql`0`),
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    index("kitchen_ticket_items_ticket_idx").on(t.ticketId),
    index("kitchen_ticket_items_line_idx").on(t.orderLineId),
  ],
);

/** The KDS and floor event stream; `id` is the SSE event id. Kept for 3 days. */
export const kdsEvents = pgTable(
  "kds_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    outletId: integer("outlet_id")
      .notNull()
      .references(() => outlets.id),
    /** Null: every screen. */
    stationId: integer("station_id"),
    kind: text("kind").notNull(),
    ticketId: bigint("ticket_id", { mode: "number" }),
    orderId: bigint("order_id", { mode: "number" }),
    payload: jsonb("payload").notNull().default(sql`'{}'::jsonb`),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("kds_events_station_idx").on(t.stationId, t.id), index("kds_events_at_idx").on(t.at)],
);

/** Receipts, kitchen tickets and reports for network printers, sent with retries. */
export const printJobs = pgTable(
  "print_jobs",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    printerId: integer("printer_id")
      .notNull()
      .references(() => printers.id),
    /** receipt | kitchen | bill | z_report | label | test */
    kind: text("kind").notNull(),
    refType: text("ref_type"),
    refId: bigint("ref_id", { mode: "number" }),
    payload: bytea("payload").notNull(),
    /** queued | sent | failed */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When the sender may take it (again): after a failed try's backoff, or a sender's lease while it sends. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("print_jobs_queue_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    index("print_jobs_printer_idx").on(t.printerId, t.id),
    check("print_jobs_status_check", sql`${t.status} IN ('queued', 'sent', 'failed')`),
  ],
);

/**
 * A register's device token (design 6.7, D12): bound to one counter session and one device, it lets
 * that register sync its offline orders until the session closes plus 24 h, whatever happens to the
 * cashier's own sign-in. Only the token's SHA-256 is kept. The row also holds the device's heartbeat.
 */
export const posDeviceTokens = pgTable(
  "pos_device_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => posSessions.id),
    counterId: integer("counter_id")
      .notNull()
      .references(() => posCounters.id),
    deviceId: text("device_id").notNull(),
    /** The cashier who claimed it: synced orders are recorded as theirs. */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    tokenHash: text("token_hash").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** Orders waiting in the device's outbox at its last heartbeat or sync. */
    waiting: integer("waiting").notNull().default(0),
  },
  (t) => [
    uniqueIndex("pos_device_tokens_hash_key").on(t.tokenHash),
    uniqueIndex("pos_device_tokens_device_key").on(t.sessionId, t.deviceId),
  ],
);

/**
 * The fiscal reporting queue (design D16, WP5): one row per invoice, written in the payment's
 * transaction, delivered to the configured fiscal adapter with retries; the answer's fiscal number
 * and QR go onto the order and its receipt.
 */
export const fiscalReports = pgTable(
  "fiscal_reports",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: bigint("order_id", { mode: "number" })
      .notNull()
      .references(() => posOrders.id),
    /** pending | reported | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    reportedAt: timestamp("reported_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("fiscal_reports_order_key").on(t.orderId),
    index("fiscal_reports_queue_idx").on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'pending'`),
    check("fiscal_reports_status_check", sql`${t.status} IN ('pending', 'reported', 'failed')`),
  ],
);
