import {
  bandCharge,
  normalizeZip,
  RATE_MESSAGES,
  type ShipmentType,
  VAT_PAID_SERVICE_ID,
  ZIP_SERVICE_ID,
} from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { col, rowsOf } from "../../lib/sql";

export interface ChargeQuery {
  serviceTypeId: number;
  shipmentType: ShipmentType;
  /** "DHL" or "UPS" for service 11, else "" (ignored for other services). */
  type2: string;
  /** The destination: a country, or for service 16 a zip code (longest matching prefix wins). */
  countryId?: number | null;
  zip?: string | null;
  /** The chargeable weight in kg. */
  weightKg: number;
  /** YYYY-MM-DD: the newest sheet effective on or before it applies. */
  date: string;
}

export interface Charge {
  sheetId: number;
  bandId: number;
  currency: { id: number; code: string; rate: string };
  /** The charge, in minor units of `currency`. */
  amountMinor: number;
  weightChargesMinor: number;
  rateFirstKgMinor: number | null;
  rateAddKgMinor: number | null;
  rateFlatMinor: number | null;
}

const BandRow = z.object({
  sheet_id: col.int,
  band_id: col.int,
  currency_id: col.int,
  code: col.text,
  rate: col.numeric,
  flat: col.int.nullable(),
  first_kg: col.int.nullable(),
  add_kg: col.int.nullable(),
});
type BandRow = z.output<typeof BandRow>;

const num = (value: string | number | null) => (value === null ? null : Number(value));

/** The sheets of other services carry no DHL/UPS type: the choice only picks among service 11's sheets. */
export const sheetType2 = (serviceTypeId: number, type2: string | null | undefined): string =>
  serviceTypeId === VAT_PAID_SERVICE_ID ? (type2 ?? "").toUpperCase() : "";

/** Every prefix of a zip, longest first: "10001" -> 10001, 1000, 100, 10, 1 (each an index lookup). */
export const zipPrefixes = (zip: string): string[] => {
  const normalized = normalizeZip(zip);
  return Array.from({ length: normalized.length }, (_, index) => normalized.slice(0, normalized.length - index));
};

const inList = (values: readonly string[]): SQL =>
  sql`(${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )})`;

/** The band's charge for the weight, with its breakdown. */
function toCharge(row: BandRow, weightKg: number): Charge {
  const band = { flatMinor: num(row.flat), firstKgMinor: num(row.first_kg), addKgMinor: num(row.add_kg) };
  const amountMinor = bandCharge(band, weightKg);
  return {
    sheetId: row.sheet_id,
    bandId: row.band_id,
    currency: { id: row.currency_id, code: row.code, rate: row.rate },
    amountMinor,
    weightChargesMinor: amountMinor,
    rateFirstKgMinor: band.firstKgMinor,
    rateAddKgMinor: band.addKgMinor,
    rateFlatMinor: band.flatMinor,
  };
}

/**
 * The charge for one shipment (the one rate function the calculator, the inquiry and booking
 * use), or null when no sheet covers it. Two indexed lookups: the effective sheet, then its band.
 */
export async function chargeFor(db: Db, query: ChargeQuery): Promise<Charge | null> {
  const zipMode = query.serviceTypeId === ZIP_SERVICE_ID;
  const prefixes = zipMode ? zipPrefixes(query.zip ?? "") : [];
  if (zipMode ? prefixes.length === 0 : !query.countryId) return null;
  if (!(query.weightKg > 0)) return null;
  const weight = String(query.weightKg);
  const destination = zipMode ? sql`b.zip_prefix in ${inList(prefixes)}` : sql`b.country_id = ${query.countryId ?? 0}`;
  const [row] = rowsOf(
    BandRow,
    await db.execute(sql`
    with sheet as (
      select id from rate_sheets
      where service_type_id = ${query.serviceTypeId} and shipment_type = ${query.shipmentType}
        and type = ${sheetType2(query.serviceTypeId, query.type2)} and effective_date <= ${query.date}
      order by effective_date desc, id desc limit 1
    )
    select b.sheet_id, b.id as band_id, b.currency_id, c.code, c.rate::text as rate, b.flat, b.first_kg, b.add_kg
    from rate_bands b join sheet s on s.id = b.sheet_id join currencies c on c.id = b.currency_id
    where ${destination} and b.min_kg < ${weight}::numeric and b.max_kg >= ${weight}::numeric
    order by length(coalesce(b.zip_prefix, '')) desc, b.min_kg desc
    limit 1`),
  );
  return row ? toCharge(row, query.weightKg) : null;
}

/** As chargeFor, but a missing rate is a clear 404 "no rate" (never a charge of 0). */
export async function requireCharge(db: Db, query: ChargeQuery): Promise<Charge> {
  const charge = await chargeFor(db, query);
  if (!charge) throw new AppError("RATE_NOT_AVAILABLE", RATE_MESSAGES.noRate);
  return charge;
}

export interface ChargeListQuery {
  /** One service, or every active one. */
  serviceTypeId: number | "ALL";
  shipmentType: ShipmentType;
  /** Service 11's DHL or UPS; "" lists both of its sheets. */
  type2: string;
  /** Either, both (country-priced and zip-priced services side by side) or neither (every destination). */
  countryId?: number | null;
  zip?: string | null;
  weightKg: number;
  date: string;
}

export interface ListedCharge extends Charge {
  serviceTypeId: number;
  service: string;
  type2: string;
  countryId: number | null;
  country: string | null;
  zipPrefix: string | null;
}

const ListedRow = BandRow.extend({
  service_type_id: col.int,
  service: col.text,
  type: col.text,
  country_id: col.int.nullable(),
  country: col.text.nullable(),
  zip_prefix: col.text.nullable(),
});

/**
 * chargeFor over many services and destinations at once (the calculator and the inquiry): the
 * same sheet choice (newest effective on or before the date) and band rule (min < weight <= max,
 * longest zip prefix) in one query, one row per sheet and destination.
 */
export async function chargesFor(db: Db, query: ChargeListQuery): Promise<ListedCharge[]> {
  if (!(query.weightKg > 0)) return [];
  const weight = String(query.weightKg);
  const service = query.serviceTypeId === "ALL" ? sql`st.active` : sql`s.service_type_id = ${query.serviceTypeId}`;
  const type2 = query.serviceTypeId === "ALL" ? query.type2 : sheetType2(query.serviceTypeId, query.type2);
  const places: SQL[] = [];
  if (query.countryId) places.push(sql`b.country_id = ${query.countryId}`);
  const prefixes = query.zip ? zipPrefixes(query.zip) : [];
  if (prefixes.length > 0) places.push(sql`b.zip_prefix in ${inList(prefixes)}`);
  const destination = places.length > 0 ? sql`(${sql.join(places, sql` or `)})` : sql`true`;
  // With a destination each sheet gives one band; without, one per country or zip prefix.
  const perSheet = places.length > 0 ? sql`sh.id` : sql`sh.id, b.country_id, b.zip_prefix`;
  const rows = rowsOf(
    ListedRow,
    await db.execute(sql`
    with sheets as (
      select distinct on (s.service_type_id, s.type) s.id, s.service_type_id, s.type, st.name
      from rate_sheets s join service_types st on st.service_type_id = s.service_type_id
      where ${service} and s.shipment_type = ${query.shipmentType} and s.effective_date <= ${query.date}
        and (s.type = '' or ${type2}::text = '' or s.type = ${type2})
      order by s.service_type_id, s.type, s.effective_date desc, s.id desc
    ), bands as (
      select distinct on (${perSheet}) sh.id as sheet_id, sh.service_type_id, sh.type, sh.name as service,
        b.id as band_id, b.country_id, co.name as country, b.zip_prefix, b.currency_id, c.code, c.rate::text as rate,
        b.flat, b.first_kg, b.add_kg
      from sheets sh join rate_bands b on b.sheet_id = sh.id
      join currencies c on c.id = b.currency_id left join countries co on co.country_id = b.country_id
      where ${destination} and b.min_kg < ${weight}::numeric and b.max_kg >= ${weight}::numeric
      order by ${perSheet}, length(coalesce(b.zip_prefix, '')) desc, b.min_kg desc
    )
    select * from bands order by service_type_id, type, country nulls last, zip_prefix`),
  );
  return rows.map((row) => ({
    ...toCharge(row, query.weightKg),
    serviceTypeId: row.service_type_id,
    service: row.service,
    type2: row.type,
    countryId: row.country_id,
    country: row.country,
    zipPrefix: row.zip_prefix,
  }));
}
