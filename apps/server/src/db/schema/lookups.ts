import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

/** `code` is the ISO 3166-1 numeric code; `iso2` drives phone rules; `dial_code` is e.g. "+92". */
export const countries = pgTable(
  "countries",
  {
    countryId: integer("country_id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    code: text("code").notNull(),
    iso2: text("iso2"),
    dialCode: text("dial_code"),
  },
  (t) => [uniqueIndex("countries_code_key").on(t.code), uniqueIndex("countries_iso2_key").on(t.iso2)],
);

/**
 * Units of measure. Units convert only within one dimension, by `factor_to_base` (g = 1, kg = 1000;
 * ml = 1, L = 1000; pcs = 1, dozen = 12); a store product's own packs live in `store_product_uoms`.
 */
export const units = pgTable(
  "units",
  {
    uomId: integer("uom_id").primaryKey().generatedByDefaultAsIdentity(),
    uomName: text("uom_name").notNull().unique(),
    symbol: text("symbol").notNull().default(""),
    /** count | mass | volume | length */
    dimension: text("dimension").notNull().default("count"),
    factorToBase: numeric("factor_to_base", { precision: 18, scale: 6 }).notNull().default("1"),
  },
  (t) => [
    check("units_dimension_check", sql`${t.dimension} IN ('count', 'mass', 'volume', 'length')`),
    check("units_factor_check", sql`${t.factorToBase} > 0`),
  ],
);

export const currencies = pgTable("currencies", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull(),
  sign: text("sign").notNull(),
  code: text("code").notNull().unique(),
  /** Exchange rate to the company's base currency; a ratio, not an amount of money. */
  rate: numeric("rate", { precision: 18, scale: 6 }).notNull(),
});

export const shipmentPurposes = pgTable("shipment_purposes", {
  shipmentPurposeId: integer("shipment_purpose_id").primaryKey().generatedByDefaultAsIdentity(),
  purpose: text("purpose").notNull().unique(),
});

/** Who pays duties and taxes. */
export const shipmentTaxTypes = pgTable("shipment_tax_types", {
  shipmentTaxId: integer("shipment_tax_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
});

/** Services 11 (UK DHL/UPS VAT paid) and 16 (zip-based) have special rules in the spec. */
export const serviceTypes = pgTable("service_types", {
  serviceTypeId: integer("service_type_id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
  active: boolean("active").notNull().default(true),
});

export const complaintStatuses = pgTable("complaint_statuses", {
  statusId: integer("status_id").primaryKey().generatedByDefaultAsIdentity(),
  status: text("status").notNull().unique(),
});

export const shipmentStatuses = pgTable("shipment_statuses", {
  id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
  name: text("name").notNull().unique(),
});
