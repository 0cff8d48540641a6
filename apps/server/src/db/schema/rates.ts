import { bigint, date, index, integer, numeric, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { countries, currencies, serviceTypes } from "./lookups";
import { users } from "./users";

/**
 * One uploaded rate sheet: effective from `effective_date` for its service, shipment type (Doc or
 * Pack) and, for service 11 only, its DHL or UPS (VAT paid) type. The newest sheet dated on or
 * before a shipment's date applies. The original file is kept under DATA_DIR for download.
 */
export const rateSheets = pgTable(
  "rate_sheets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    serviceTypeId: integer("service_type_id")
      .notNull()
      .references(() => serviceTypes.serviceTypeId),
    /** Doc or Pack. */
    shipmentType: text("shipment_type").notNull(),
    /** DHL or UPS for service 11, otherwise the empty string (so it can sit in a unique lookup). */
    type2: text("type").notNull().default(""),
    effectiveDate: date("effective_date", { mode: "string" }).notNull(),
    /** The stored file's path relative to DATA_DIR, and the name it was uploaded under. */
    path: text("path").notNull(),
    originalName: text("original_name").notNull(),
    rowCount: integer("row_count").notNull(),
    uploadedBy: integer("uploaded_by").references(() => users.id),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("rate_sheets_lookup_idx").on(t.serviceTypeId, t.shipmentType, t.type2, t.effectiveDate, t.id),
    index("rate_sheets_uploaded_idx").on(t.uploadedAt, t.id),
  ],
);

/**
 * One weight band of a sheet for one destination: a country, or (service 16) a postal code or
 * prefix. It matches when `min_kg < weight <= max_kg`. Either `flat` is set, or `first_kg` and
 * `add_kg` are, where the charge is `first_kg + ceil(weight - 1) x add_kg`. Amounts are minor
 * units of the band's currency.
 */
export const rateBands = pgTable(
  "rate_bands",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    sheetId: integer("sheet_id")
      .notNull()
      .references(() => rateSheets.id, { onDelete: "cascade" }),
    /** The source row in the file, for messages. */
    rowNo: integer("row_no").notNull(),
    countryId: integer("country_id").references(() => countries.countryId),
    zipPrefix: text("zip_prefix"),
    minKg: numeric("min_kg", { precision: 10, scale: 3 }).notNull(),
    maxKg: numeric("max_kg", { precision: 10, scale: 3 }).notNull(),
    currencyId: integer("currency_id")
      .notNull()
      .references(() => currencies.id),
    flatMinor: bigint("flat", { mode: "number" }),
    firstKgMinor: bigint("first_kg", { mode: "number" }),
    addKgMinor: bigint("add_kg", { mode: "number" }),
  },
  (t) => [
    index("rate_bands_country_idx").on(t.sheetId, t.countryId, t.maxKg),
    index("rate_bands_zip_idx").on(t.sheetId, t.zipPrefix, t.maxKg),
  ],
);
