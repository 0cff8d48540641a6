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
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  countries,
  currencies,
  serviceTypes,
  shipmentLines,
  shipmentPackages,
  shipmentParties,
  shipmentPurposes,
  shipmentStatusHistory,
  shipments,
  shipmentTaxTypes,
  units,
  users,
  vouchers,
} from "../../db/schema/index";

const money = (minor: number | null) => (minor === null ? null : fromMinor(minor));
export const customerName = (user: { firstName: string; lastName: string; companyName: string | null } | null) =>
  user ? user.companyName || `${user.firstName} ${user.lastName}`.trim() : null;

const summaryColumns = {
  shipment: shipments,
  serviceName: serviceTypes.name,
  currencyCode: currencies.code,
  customerFirst: users.firstName,
  customerLast: users.lastName,
  customerCompany: users.companyName,
  voucherNumber: vouchers.number,
};
type SummaryRow = {
  shipment: typeof shipments.$inferSelect;
  serviceName: string;
  currencyCode: string | null;
  customerFirst: string | null;
  customerLast: string | null;
  customerCompany: string | null;
  voucherNumber: string | null;
};

async function summaryRows(db: Db, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(shipments)
    .innerJoin(serviceTypes, eq(serviceTypes.serviceTypeId, shipments.serviceTypeId))
    .leftJoin(currencies, eq(currencies.id, shipments.currencyId))
    .leftJoin(users, eq(users.id, shipments.customerUserId))
    .leftJoin(vouchers, eq(vouchers.id, shipments.voucherId))
    .where(inArray(shipments.shipmentId, [...ids]));
  const byId = new Map(rows.map((row) => [row.shipment.shipmentId, row]));
  return ids.map((id) => byId.get(id)).filter((row): row is SummaryRow => row !== undefined);
}

function summaryOf(row: SummaryRow): Omit<ShipmentSummary, "shipment_senders" | "shipment_receivers"> {
  const s = row.shipment;
  return {
    shipment_id: s.shipmentId,
    tracking_id: s.trackingId,
    shipment_date: s.shipmentDate,
    shipment_type: s.shipmentType as ShipmentType,
    service_type_id: s.serviceTypeId,
    service_type: { name: row.serviceName },
    type: s.type2,
    total_packages: s.totalPackages,
    total_weight: Number(s.totalWeight),
    total_amount: fromMinor(s.amountMinor),
    base_amount: fromMinor(s.baseAmountMinor),
    currency: s.currencyId !== null && row.currencyCode ? { id: s.currencyId, code: row.currencyCode } : null,
    track_status: s.trackStatus,
    expected_delivery_date: s.expectedDeliveryDate,
    invoice_type: s.invoiceType,
    customer_user_id: s.customerUserId,
    customer_name:
      row.customerFirst === null
        ? null
        : customerName({
            firstName: row.customerFirst,
            lastName: row.customerLast ?? "",
            companyName: row.customerCompany,
          }),
    voucher_id: s.voucherId,
    voucher_number: row.voucherNumber,
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
  const [rows, parties] = [await summaryRows(db, ids), await partyRows(db, ids)];
  const short = (p: ShipmentPartyView) => ({ name: p.name, company: p.company, city: p.city, country: p.country });
  return rows.map((row) => {
    const mine = parties.filter((party) => party.party.shipmentId === row.shipment.shipmentId);
    return {
      ...summaryOf(row),
      shipment_senders: mine.filter((p) => p.party.role === "sender").map((p) => short(partyView(p))),
      shipment_receivers: mine.filter((p) => p.party.role === "receiver").map((p) => short(partyView(p))),
    };
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
  const s = row.shipment;
  const [extra] = await db
    .select({ purpose: shipmentPurposes.purpose, taxName: shipmentTaxTypes.name })
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
  return {
    ...summaryOf(row),
    shipment_desc: s.shipmentDesc,
    shipment_purpose_id: s.shipmentPurposeId,
    shipment_purpose: extra?.purpose ? { purpose: extra.purpose } : null,
    shipment_tax_id: s.shipmentTaxId,
    shipment_tax_type: { name: extra?.taxName ?? "" },
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
