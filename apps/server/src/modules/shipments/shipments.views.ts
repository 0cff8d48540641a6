import {
  fromMinor,
  type ShipmentLineView,
  type ShipmentPackageView,
  type ShipmentPartyView,
  type ShipmentSummary,
  type ShipmentType,
  type ShipmentView,
  type StatusEntryView,
} from "@cargodesk/shared";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../../db/client";
import {
  countries,
  currencies,
  shipmentLines,
  shipmentPackages,
  shipmentParties,
  shipmentPurposes,
  shipmentStatusHistory,
  shipments,
  shipmentTaxTypes,
  units,
} from "../../db/schema/index";
import { col, executePrepared, rowsOf } from "../../lib/sql";

const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));
export const customerName = (user: { firstName: string; lastName: string; companyName: string | null } | null) =>
  user ? user.companyName || `${user.firstName} ${user.lastName}`.trim() : null;

const PartyRow = z.object({
  role: col.text,
  name: col.text,
  company: col.text,
  city: col.text.nullable(),
  country: z.object({ name: col.text, code: col.text, iso2: col.text.nullable() }),
});
const SummaryRow = z.object({
  shipment_id: col.int,
  tracking_id: col.text,
  shipment_date: col.date,
  shipment_type: col.text,
  service_type_id: col.int,
  service_name: col.text,
  type: col.text,
  total_packages: col.int,
  total_weight: col.numeric,
  total_amount: col.int,
  base_amount: col.int,
  currency_id: col.int.nullable(),
  currency_code: col.text.nullable(),
  track_status: col.text.nullable(),
  expected_delivery_date: col.date.nullable(),
  invoice_type: col.int,
  customer_user_id: col.int.nullable(),
  first_name: col.text.nullable(),
  last_name: col.text.nullable(),
  company_name: col.text.nullable(),
  voucher_id: col.int.nullable(),
  voucher_number: col.text.nullable(),
  // json_agg: parsed JSON from the drivers (text on an old PGlite), null without parties.
  parties: z.preprocess(
    (value) => (typeof value === "string" ? JSON.parse(value) : value),
    z.array(PartyRow).nullable(),
  ),
});
type SummaryRow = z.output<typeof SummaryRow>;

/**
 * One statement for a page of rows: the shipment, its names and its two parties (as JSON). Every list
 * page reads it, so it is a prepared statement (planning it was half a millisecond a page).
 */
async function summaryRows(db: Db, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const query = sql`
    select s.shipment_id, s.tracking_id, s.shipment_date::text, s.shipment_type, s.service_type_id,
      st.name as service_name, s.type, s.total_packages, s.total_weight::text, s.total_amount, s.base_amount,
      s.currency_id, c.code as currency_code, s.track_status, s.expected_delivery_date::text, s.invoice_type,
      s.customer_user_id, u.first_name, u.last_name, u.company_name, s.voucher_id, v.voc_manual_number as voucher_number,
      (select json_agg(json_build_object('role', p.role, 'name', p.name, 'company', p.company, 'city', p.city,
          'country', json_build_object('name', co.name, 'code', co.code, 'iso2', co.iso2)))
        from shipment_parties p join countries co on co.country_id = p.country_id
        where p.shipment_id = s.shipment_id) as parties
    from shipments s
    join service_types st on st.service_type_id = s.service_type_id
    left join currencies c on c.id = s.currency_id
    left join users u on u.id = s.customer_user_id
    left join vouchers v on v.id = s.voucher_id
    where s.shipment_id = any(${`{${ids.join(",")}}`}::int[])`;
  const rows = rowsOf(SummaryRow, await executePrepared(db, "shipment_summaries", query));
  const byId = new Map(rows.map((row) => [Number(row.shipment_id), row]));
  return ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
}

function summaryOf(row: SummaryRow): Omit<ShipmentSummary, "shipment_senders" | "shipment_receivers"> {
  const amount = (value: number | string) => fromMinor(Number(value));
  return {
    shipment_id: Number(row.shipment_id),
    tracking_id: row.tracking_id,
    shipment_date: row.shipment_date,
    shipment_type: row.shipment_type as ShipmentType,
    service_type_id: Number(row.service_type_id),
    service_type: { name: row.service_name },
    type: row.type,
    total_packages: Number(row.total_packages),
    total_weight: Number(row.total_weight),
    total_amount: amount(row.total_amount),
    base_amount: amount(row.base_amount),
    currency:
      row.currency_id !== null && row.currency_code ? { id: Number(row.currency_id), code: row.currency_code } : null,
    track_status: row.track_status,
    expected_delivery_date: row.expected_delivery_date,
    invoice_type: Number(row.invoice_type),
    customer_user_id: row.customer_user_id === null ? null : Number(row.customer_user_id),
    customer_name:
      row.first_name === null
        ? null
        : customerName({ firstName: row.first_name, lastName: row.last_name ?? "", companyName: row.company_name }),
    voucher_id: row.voucher_id === null ? null : Number(row.voucher_id),
    voucher_number: row.voucher_number,
  };
}

async function partyRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ party: shipmentParties, country: countries })
    .from(shipmentParties)
    .innerJoin(countries, eq(countries.countryId, shipmentParties.countryId))
    .where(inArray(shipmentParties.shipmentId, [...ids]));
}

function partyView(row: Awaited<ReturnType<typeof partyRows>>[number]): ShipmentPartyView {
  const p = row.party;
  return {
    name: p.name,
    company: p.company,
    phone: p.phone,
    address: p.address,
    address_2: p.address2,
    address_3: p.address3,
    postal_code: p.postalCode,
    city: p.city,
    state: p.state,
    email: p.email,
    cnic: p.cnic,
    ntn: p.ntn,
    gst: p.gst,
    vat: p.vat,
    country_id: p.countryId,
    country: { name: row.country.name, code: row.country.code, iso2: row.country.iso2 },
  };
}

/** List rows in the order of `ids` (the caller's page order). */
export async function shipmentSummaries(db: Db, ids: readonly number[]): Promise<ShipmentSummary[]> {
  return (await summaryRows(db, ids)).map((row) => {
    const parties = row.parties ?? [];
    const of = (role: string) =>
      parties
        .filter((party) => party.role === role)
        .map(({ name, company, city, country }) => ({ name, company, city, country }));
    return { ...summaryOf(row), shipment_senders: of("sender"), shipment_receivers: of("receiver") };
  });
}

const lineCurrency = alias(currencies, "line_currency");
const origin = alias(countries, "origin");

/** The live tracking history, oldest first. */
export async function liveHistory(db: Db, shipmentId: number): Promise<StatusEntryView[]> {
  const rows = await db
    .select()
    .from(shipmentStatusHistory)
    .where(and(eq(shipmentStatusHistory.shipmentId, shipmentId), isNull(shipmentStatusHistory.supersededAt)))
    .orderBy(asc(shipmentStatusHistory.statusDate), asc(shipmentStatusHistory.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    status_location: row.statusLocation,
    status_date: row.statusDate.toISOString(),
  }));
}

/** Everything about one shipment, in the spec's read shape (no access check: callers scope first). */
export async function shipmentView(db: Db, id: number): Promise<ShipmentView | null> {
  const [row] = await summaryRows(db, [id]);
  if (!row) return null;
  const [extra] = await db
    .select({ s: shipments, purpose: shipmentPurposes.purpose, taxName: shipmentTaxTypes.name })
    .from(shipments)
    .innerJoin(shipmentTaxTypes, eq(shipmentTaxTypes.shipmentTaxId, shipments.shipmentTaxId))
    .leftJoin(shipmentPurposes, eq(shipmentPurposes.shipmentPurposeId, shipments.shipmentPurposeId))
    .where(eq(shipments.shipmentId, id));
  const parties = (await partyRows(db, [id])).map((p) => ({ role: p.party.role, view: partyView(p) }));
  const lines = await db
    .select({ line: shipmentLines, uomName: units.uomName, currency: lineCurrency, originName: origin.name })
    .from(shipmentLines)
    .innerJoin(units, eq(units.uomId, shipmentLines.uomId))
    .innerJoin(lineCurrency, eq(lineCurrency.id, shipmentLines.currencyId))
    .innerJoin(origin, eq(origin.countryId, shipmentLines.countryId))
    .where(eq(shipmentLines.shipmentId, id))
    .orderBy(asc(shipmentLines.lineNo));
  const packages = await db
    .select()
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, id))
    .orderBy(asc(shipmentPackages.lineNo));
  if (!extra) return null;
  const s = extra.s;
  return {
    ...summaryOf(row),
    shipment_desc: s.shipmentDesc,
    shipment_purpose_id: s.shipmentPurposeId,
    shipment_purpose: extra.purpose ? { purpose: extra.purpose } : null,
    shipment_tax_id: s.shipmentTaxId,
    shipment_tax_type: { name: extra.taxName },
    shipment_ref: s.shipmentRef,
    rebate: s.rebate,
    sro_number: s.sroNumber,
    financial_instruments: s.financialInstruments,
    financial_instruments_no: s.financialInstrumentsNo,
    financial_instruments_bank: s.financialInstrumentsBank,
    vat: s.vat,
    weight_charges: money(s.weightChargesMinor),
    rate_first_kg: money(s.rateFirstKgMinor),
    rate_add_kg: money(s.rateAddKgMinor),
    rate_flat: money(s.rateFlatMinor),
    rate_manual: s.rateManual,
    sender_id: s.senderId,
    receiver_id: s.receiverId,
    shipment_senders: parties.filter((p) => p.role === "sender").map((p) => p.view),
    shipment_receivers: parties.filter((p) => p.role === "receiver").map((p) => p.view),
    shipment_data: lines.map(
      ({ line, uomName, currency, originName }): ShipmentLineView => ({
        desc: line.desc,
        code: line.code,
        quantity: line.quantity,
        uom_id: line.uomId,
        uom: { uomName },
        currency_id: line.currencyId,
        currency: { name: currency.name, code: currency.code },
        value: fromMinor(line.valueMinor),
        total: fromMinor(line.valueMinor * line.quantity),
        country_id: line.countryId,
        country: { name: originName },
      }),
    ),
    shipment_packages: packages.map(
      (p): ShipmentPackageView => ({
        name: p.name,
        quantity: p.quantity,
        weight: Number(p.weight),
        length: Number(p.length),
        width: Number(p.width),
        height: Number(p.height),
        accWeight: Number(p.accWeight),
        chWeight: Number(p.chWeight),
      }),
    ),
    history: await liveHistory(db, id),
  };
}
