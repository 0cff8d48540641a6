import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { units } from "./lookups";
import { kitchenStations, taxClasses } from "./outlet";
import { storeProducts } from "./store";
import { users } from "./users";

/**
 * Menu master data (design: shared/spec/restaurant-pos-inventory.md, section 4.4). Every sellable
 * item is a variant of a product (size x flavour); recipes belong to variants and are versioned.
 * `order_types` is a bit mask: 1 dine-in, 2 take-away, 4 delivery. `weekdays`: bit 0 Monday ... bit 6 Sunday.
 */
export const menuCategories = pgTable(
  "menu_categories",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    parentId: integer("parent_id").references((): AnyPgColumn => menuCategories.id),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    color: text("color").notNull().default(""),
    imagePath: text("image_path"),
    stationId: integer("station_id").references(() => kitchenStations.id),
    sendToKitchen: boolean("send_to_kitchen").notNull().default(true),
    revenueAccountId: integer("revenue_account_id").references(() => accounts.id),
    cogsAccountId: integer("cogs_account_id").references(() => accounts.id),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("menu_categories_name_key").on(sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
    index("menu_categories_parent_idx").on(t.parentId),
  ],
);

export const flavours = pgTable(
  "flavours",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("flavours_name_key").on(sql`lower(${t.name})`)],
);

export const sizes = pgTable(
  "sizes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull().default(""),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("sizes_name_key").on(sql`lower(${t.name})`)],
);

/** Menu items. `track`: recipe | direct (one store product x a factor) | none. */
export const products = pgTable(
  "products",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => menuCategories.id),
    description: text("description").notNull().default(""),
    imagePath: text("image_path"),
    taxClassId: integer("tax_class_id").references(() => taxClasses.id),
    stationId: integer("station_id").references(() => kitchenStations.id),
    prepMinutes: integer("prep_minutes").notNull().default(0),
    track: text("track").notNull().default("none"),
    orderTypes: smallint("order_types").notNull().default(7),
    availableInPos: boolean("available_in_pos").notNull().default(false),
    soldOut: boolean("sold_out").notNull().default(false),
    sort: integer("sort").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_code_key").on(sql`lower(${t.code})`),
    uniqueIndex("products_name_key").on(sql`lower(${t.name})`),
    index("products_category_idx").on(t.categoryId),
    check("products_track_check", sql`${t.track} IN ('recipe', 'direct', 'none')`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    sizeId: integer("size_id").references(() => sizes.id),
    flavourId: integer("flavour_id").references(() => flavours.id),
    priceMinor: bigint("price_minor", { mode: "bigint" }).notNull(),
    barcode: text("barcode"),
    directStoreProductId: integer("direct_store_product_id").references(() => storeProducts.id),
    directQtyMicro: bigint("direct_qty_micro", { mode: "bigint" }),
    active: boolean("active").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    uniqueIndex("product_variants_grid_key").on(
      t.productId,
      sql`coalesce(${t.sizeId}, 0)`,
      sql`coalesce(${t.flavourId}, 0)`,
    ),
    uniqueIndex("product_variants_barcode_key").on(t.barcode),
    check("product_variants_price_check", sql`${t.priceMinor} >= 0`),
  ],
);

/** A variant's recipe; an edit makes version n+1 and the old version stays for the order lines that used it. */
export const recipes = pgTable(
  "recipes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    variantId: integer("variant_id")
      .notNull()
      .references(() => productVariants.id),
    version: integer("version").notNull(),
    yieldPortions: numeric("yield_portions", { precision: 12, scale: 3 }).notNull().default("1"),
    effectiveFrom: timestamp("effective_from", { withTimezone: true }).notNull().defaultNow(),
    active: boolean("active").notNull().default(true),
    notes: text("notes").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("recipes_version_key").on(t.variantId, t.version),
    uniqueIndex("recipes_one_active_key").on(t.variantId).where(sql`${t.active}`),
  ],
);

export const recipeLines = pgTable(
  "recipe_lines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    recipeId: integer("recipe_id")
      .notNull()
      .references(() => recipes.id, { onDelete: "cascade" }),
    lineNo: smallint("line_no").notNull(),
    storeProductId: integer("store_product_id")
      .notNull()
      .references(() => storeProducts.id),
    uomId: integer("uom_id")
      .notNull()
      .references(() => units.uomId),
    qtyEntered: numeric("qty_entered", { precision: 20, scale: 6 }).notNull(),
    /** Trim loss in basis points. */
    wasteBp: integer("waste_bp").notNull().default(0),
    /** Stock micro-units per portion, after yield and waste. */
    qtyMicro: bigint("qty_micro", { mode: "bigint" }).notNull(),
  },
  (t) => [
    uniqueIndex("recipe_lines_product_key").on(t.recipeId, t.storeProductId),
    index("recipe_lines_store_product_idx").on(t.storeProductId),
  ],
);

export const deals = pgTable(
  "deals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    categoryId: integer("category_id").references(() => menuCategories.id),
    priceMinor: bigint("price_minor", { mode: "bigint" }).notNull(),
    imagePath: text("image_path"),
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    weekdays: smallint("weekdays").notNull().default(127),
    timeFrom: time("time_from"),
    timeTo: time("time_to"),
    orderTypes: smallint("order_types").notNull().default(7),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("deals_code_key").on(sql`lower(${t.code})`),
    check("deals_price_check", sql`${t.priceMinor} > 0`),
  ],
);

export const dealComponents = pgTable("deal_components", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  dealId: integer("deal_id")
    .notNull()
    .references(() => deals.id, { onDelete: "cascade" }),
  /** fixed | choice */
  kind: text("kind").notNull(),
  label: text("label").notNull().default(""),
  minChoose: smallint("min_choose").notNull().default(1),
  maxChoose: smallint("max_choose").notNull().default(1),
  sort: integer("sort").notNull().default(0),
});

export const dealComponentOptions = pgTable("deal_component_options", {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  componentId: integer("component_id")
    .notNull()
    .references(() => dealComponents.id, { onDelete: "cascade" }),
  variantId: integer("variant_id")
    .notNull()
    .references(() => productVariants.id),
  qty: integer("qty").notNull().default(1),
  extraPriceMinor: bigint("extra_price_minor", { mode: "bigint" }).notNull().default(sql`0`),
  isDefault: boolean("is_default").notNull().default(false),
});

/** Codes and automatic promotions (code null), one engine. `value`: basis points or minor units by `kind`. */
export const coupons = pgTable(
  "coupons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    code: text("code"),
    name: text("name").notNull(),
    /** percent | amount */
    kind: text("kind").notNull(),
    value: bigint("value", { mode: "bigint" }).notNull(),
    maxDiscountMinor: bigint("max_discount_minor", { mode: "bigint" }),
    minOrderMinor: bigint("min_order_minor", { mode: "bigint" }).notNull().default(sql`0`),
    /** order | category | variant */
    scope: text("scope").notNull().default("order"),
    scopeIds: integer("scope_ids").array().notNull().default(sql`'{}'::int[]`),
    orderTypes: smallint("order_types").notNull().default(7),
    validFrom: date("valid_from", { mode: "string" }),
    validTo: date("valid_to", { mode: "string" }),
    weekdays: smallint("weekdays").notNull().default(127),
    timeFrom: time("time_from"),
    timeTo: time("time_to"),
    usageLimit: integer("usage_limit"),
    perCustomerLimit: integer("per_customer_limit"),
    usedCount: integer("used_count").notNull().default(0),
    autoApply: boolean("auto_apply").notNull().default(false),
    priority: integer("priority").notNull().default(0),
    stackable: boolean("stackable").notNull().default(false),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer("created_by").references(() => users.id),
  },
  (t) => [
    uniqueIndex("coupons_code_key").on(t.code),
    check("coupons_kind_check", sql`${t.kind} IN ('percent', 'amount')`),
    check("coupons_scope_check", sql`${t.scope} IN ('order', 'category', 'variant')`),
    check("coupons_percent_check", sql`${t.kind} <> 'percent' OR (${t.value} > 0 AND ${t.value} <= 10000)`),
  ],
);

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: bigint("order_id", { mode: "number" }).notNull(),
    customerId: integer("customer_id"),
    amountMinor: bigint("amount_minor", { mode: "bigint" }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("coupon_redemptions_order_key").on(t.couponId, t.orderId),
    index("coupon_redemptions_customer_idx").on(t.couponId, t.customerId),
  ],
);
