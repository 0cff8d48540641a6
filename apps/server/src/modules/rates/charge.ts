import { bandCharge, RATE_MESSAGES, type ShipmentType, ZIP_SERVICE_ID } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { rowsOf } from "../reports/balances";

export interface ChargeQuery {
  serviceTypeId: number;
  shipmentType: ShipmentType;
  /** "DHL" or "UPS" for service 11, else "". */
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

interface BandRow {
  sheet_id: number;
  band_id: number;
  currency_id: number;
  code: string;
  rate: string;
  flat: string | number | null;
  first_kg: string | number | null;
  add_kg: string | number | null;
}

const num = (value: string | number | null) => (value === null ? null : Number(value));

/**
 * The charge for one shipment (the one rate function the calculator, the inquiry and booking
 * use), or null when no sheet covers it. Two indexed lookups: the effective sheet, then its band.
 */
export async function chargeFor(db: Db, query: ChargeQuery): Promise<Charge | null> {
  const zipMode = query.serviceTypeId === ZIP_SERVICE_ID;
  if (zipMode ? !query.zip : !query.countryId) return null;
  const weight = String(query.weightKg);
  const destination = zipMode
    ? sql`${query.zip ?? ""} like b.zip_prefix || '%'`
    : sql`b.country_id = ${query.countryId ?? 0}`;
  const [row] = rowsOf<BandRow>(
    await db.execute(sql`
    with sheet as (
      select id from rate_sheets
      where service_type_id = ${query.serviceTypeId} and shipment_type = ${query.shipmentType}
        and type = ${query.type2} and effective_date <= ${query.date}
      order by effective_date desc, id desc limit 1
    )
    select b.sheet_id, b.id as band_id, b.currency_id, c.code, c.rate::text as rate, b.flat, b.first_kg, b.add_kg
    from rate_bands b join sheet s on s.id = b.sheet_id join currencies c on c.id = b.currency_id
    where ${destination} and b.min_kg < ${weight}::numeric and b.max_kg >= ${weight}::numeric
    order by length(coalesce(b.zip_prefix, '')) desc, b.min_kg desc
    limit 1`),
  );
  if (!row) return null;
  const band = { flatMinor: num(row.flat), firstKgMinor: num(row.first_kg), addKgMinor: num(row.add_kg) };
  const amountMinor = bandCharge(band, query.weightKg);
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

/** As chargeFor, but a missing rate is a clear 404 "no rate" (never a charge of 0). */
export async function requireCharge(db: Db, query: ChargeQuery): Promise<Charge> {
  const charge = await chargeFor(db, query);
  if (!charge) throw new AppError("NOT_FOUND", RATE_MESSAGES.noRate);
  return charge;
}
