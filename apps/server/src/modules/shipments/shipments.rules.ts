import {
  isStaffRole,
  MASTER_MESSAGES,
  MAX_LINE_MINOR,
  MONEY_MESSAGES,
  packageWeights,
  RATE_MESSAGES,
  SHIPMENT_MESSAGES,
  type ShipmentType,
  type shipmentLineSchema,
  type shipmentPackageSchema,
  type shipmentPartySchema,
  toMinor,
  USER_STATUS,
  VAT_PAID_SERVICE_ID,
} from "@cargodesk/shared";
import { validPhoneFor } from "@cargodesk/shared/phone";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db } from "../../db/client";
import {
  countries,
  currencies,
  receivers,
  senders,
  serviceTypes,
  shipmentPurposes,
  shipmentTaxTypes,
  units,
  users,
} from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { type Charge, chargeFor } from "../rates";

/** A 400 naming one field, in the shape the validation handler gives. */
export const invalid = (field: string, message: string) =>
  new AppError("VALIDATION", `${field}: ${message}`, [{ field, message }]);

export const isCustomer = (ctx: Ctx) => Boolean(ctx.user && !isStaffRole(ctx.user.roleId));

export type PartyInput = z.output<typeof shipmentPartySchema>;
export type LineInput = z.output<typeof shipmentLineSchema>;
export type PackageInput = z.output<typeof shipmentPackageSchema>;

/** The customer a shipment is for: staff name an approved customer, a customer books for themselves. */
export async function resolveCustomer(ctx: Ctx, tx: Db, requested: number | null | undefined): Promise<number> {
  if (!ctx.user) throw new AppError("UNAUTHENTICATED", "Sign in first");
  if (isCustomer(ctx)) return ctx.user.id;
  if (!requested) throw invalid("customer_user_id", SHIPMENT_MESSAGES.customer);
  const [user] = await tx
    .select({ roleId: users.roleId, status: users.userStatusId })
    .from(users)
    .where(eq(users.id, requested));
  if (!user || isStaffRole(user.roleId) || user.status !== USER_STATUS.approved)
    throw invalid("customer_user_id", SHIPMENT_MESSAGES.customer);
  return requested;
}

/** Each listed id must exist in its lookup table; the first one missing is a 400 naming its field. */
async function requireIds(tx: Db, table: PgTable, column: AnyPgColumn, wanted: { field: string; id: number }[]) {
  const ids = [...new Set(wanted.map((entry) => entry.id))];
  if (ids.length === 0) return;
  const found = new Set(
    (await tx.select({ id: column }).from(table).where(inArray(column, ids))).map((row) => Number(row.id)),
  );
  const missing = wanted.find((entry) => !found.has(entry.id));
  if (missing) throw invalid(missing.field, "No such entry; choose one from the list");
}

export interface ReferenceCheck {
  serviceTypeId?: number | undefined;
  shipmentTaxId?: number | undefined;
  purposeId?: number | null | undefined;
  lines?: readonly LineInput[] | undefined;
  linesField?: string;
}

/** Services, payers, purposes, units, currencies and origin countries named by a payload exist. */
export async function checkReferences(tx: Db, check: ReferenceCheck): Promise<void> {
  const lines = check.lines ?? [];
  const field = check.linesField ?? "data";
  if (check.serviceTypeId)
    await requireIds(tx, serviceTypes, serviceTypes.serviceTypeId, [
      { field: "service_type_id", id: check.serviceTypeId },
    ]);
  if (check.shipmentTaxId)
    await requireIds(tx, shipmentTaxTypes, shipmentTaxTypes.shipmentTaxId, [
      { field: "shipment_tax_id", id: check.shipmentTaxId },
    ]);
  if (check.purposeId)
    await requireIds(tx, shipmentPurposes, shipmentPurposes.shipmentPurposeId, [
      { field: "shipment_purpose_id", id: check.purposeId },
    ]);
  await requireIds(
    tx,
    units,
    units.uomId,
    lines.map((line, index) => ({ field: `${field}.${index}.uom_id`, id: line.uom_id })),
  );
  await requireIds(
    tx,
    currencies,
    currencies.id,
    lines.map((line, index) => ({ field: `${field}.${index}.currency_id`, id: line.currency_id })),
  );
  await requireIds(
    tx,
    countries,
    countries.countryId,
    lines.map((line, index) => ({ field: `${field}.${index}.country_id`, id: line.country_id })),
  );
}

export type CountryRow = typeof countries.$inferSelect;

/** The party's country exists and its phone is valid there (exactly 10 digits for the US). */
export async function checkParty(tx: Db, role: "sender" | "receiver", party: PartyInput): Promise<CountryRow> {
  const [country] = await tx.select().from(countries).where(eq(countries.countryId, party.country_id));
  if (!country) throw invalid(`${role}.country_id`, MASTER_MESSAGES.countryRequired);
  if (!validPhoneFor(party.phone, country.iso2)) throw invalid(`${role}.phone`, MASTER_MESSAGES.cell);
  return country;
}

export function checkDifferentCountries(sender: PartyInput, receiver: PartyInput): void {
  if (sender.country_id === receiver.country_id) throw invalid("receiver.country_id", SHIPMENT_MESSAGES.sameCountry);
}

/** An address-book id given with the payload must be one the caller can see (a customer's own). */
export async function checkBookEntry(ctx: Ctx, tx: Db, role: "sender" | "receiver", id: number | null | undefined) {
  if (!id) return null;
  const own = isCustomer(ctx) && ctx.user;
  const where = (idColumn: AnyPgColumn, ownerColumn: AnyPgColumn): SQL | undefined =>
    and(eq(idColumn, id), own ? eq(ownerColumn, own.id) : undefined);
  const rows =
    role === "sender"
      ? await tx.select({ id: senders.senderId }).from(senders).where(where(senders.senderId, senders.ownerUserId))
      : await tx
          .select({ id: receivers.receiverId })
          .from(receivers)
          .where(where(receivers.receiverId, receivers.ownerUserId));
  if (rows.length === 0) throw invalid(`${role}_id`, `No such ${role} in your address book`);
  return id;
}

/** Service 11 needs DHL or UPS; every other service stores "". */
export function type2For(serviceTypeId: number, type: string | null | undefined): string {
  if (serviceTypeId !== VAT_PAID_SERVICE_ID) return "";
  if (!type) throw invalid("type", SHIPMENT_MESSAGES.type2);
  return type;
}

export function checkDeliveryDate(date: string | null | undefined, today: string): void {
  if (date && date < today) throw invalid("expected_delivery_date", SHIPMENT_MESSAGES.deliveryDatePast);
}

/** Doc carries a description and no purpose or lines; Pack carries at least one item line. */
export function contentFor(
  type: ShipmentType,
  desc: string | null | undefined,
  purposeId: number | null | undefined,
  lines: readonly LineInput[],
  linesField = "data",
) {
  if (type === "Doc") {
    if (!desc) throw invalid("shipment_desc", SHIPMENT_MESSAGES.description);
    return { shipmentDesc: desc, shipmentPurposeId: null, lines: [] as LineInput[] };
  }
  if (lines.length === 0) throw invalid(linesField, SHIPMENT_MESSAGES.lines);
  return { shipmentDesc: desc ?? null, shipmentPurposeId: purposeId || null, lines: [...lines] };
}

/** Line values as minor units of the line's currency (at most 2 decimals). */
export function lineRows(lines: readonly LineInput[], field = "data") {
  return lines.map((line, index) => {
    const valueMinor = toMinor(line.value);
    if (valueMinor === null) throw invalid(`${field}.${index}.value`, "Use at most 2 decimals");
    if (valueMinor > MAX_LINE_MINOR) throw invalid(`${field}.${index}.value`, MONEY_MESSAGES.tooLarge);
    return { ...line, valueMinor };
  });
}

/** Package rows with the server's own dimensional and chargeable weights; the totals count each row's quantity. */
export function packageRows(packages: readonly PackageInput[]) {
  const rows = packages.map((row, index) => {
    const { accWeight, chWeight } = packageWeights(row);
    return { ...row, name: row.name?.trim() || `BOX ${index + 1}`, quantity: row.quantity ?? 1, accWeight, chWeight };
  });
  const totalPackages = rows.reduce((sum, row) => sum + row.quantity, 0);
  // Whole kg per row, so the sum is exact.
  const totalWeight = rows.reduce((sum, row) => sum + row.chWeight * row.quantity, 0);
  return { rows, totalPackages, totalWeight };
}

/** amount x rate, rounded half up to minor units; the rate is a decimal string with up to 6 places. */
export function toBaseMinor(amountMinor: number, rate: string): number {
  const [whole = "0", fraction = ""] = rate.split(".");
  const scaled = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
  return Number((BigInt(amountMinor) * scaled + 500_000n) / 1_000_000n);
}

export interface StoredCharge {
  currencyId: number;
  amountMinor: number;
  baseAmountMinor: number;
  weightChargesMinor: number | null;
  rateFirstKgMinor: number | null;
  rateAddKgMinor: number | null;
  rateFlatMinor: number | null;
  rateSheetId: number | null;
  rateManual: number;
}

const fromCharge = (charge: Charge): StoredCharge => ({
  currencyId: charge.currency.id,
  amountMinor: charge.amountMinor,
  baseAmountMinor: toBaseMinor(charge.amountMinor, charge.currency.rate),
  weightChargesMinor: charge.weightChargesMinor,
  rateFirstKgMinor: charge.rateFirstKgMinor,
  rateAddKgMinor: charge.rateAddKgMinor,
  rateFlatMinor: charge.rateFlatMinor,
  rateSheetId: charge.sheetId,
  rateManual: 0,
});

export interface RateQuery {
  serviceTypeId: number;
  shipmentType: ShipmentType;
  type2: string;
  receiverCountryId: number;
  receiverPostalCode: string | null;
  weightKg: number;
  date: string;
}

/**
 * The rate sheets' charge as booking stores it, with its currency's code; null when no sheet covers
 * the shipment. Booking and the booking form's quote both price through it.
 */
export async function rateCharge(
  tx: Db,
  query: RateQuery,
): Promise<{ stored: StoredCharge; currencyCode: string } | null> {
  const charge = await chargeFor(tx, {
    serviceTypeId: query.serviceTypeId,
    shipmentType: query.shipmentType,
    type2: query.type2,
    countryId: query.receiverCountryId,
    zip: query.receiverPostalCode,
    weightKg: query.weightKg,
    date: query.date,
  });
  if (!charge) return null;
  const stored = fromCharge(charge);
  if (stored.amountMinor > MAX_LINE_MINOR || stored.baseAmountMinor > MAX_LINE_MINOR)
    throw invalid("amount", MONEY_MESSAGES.chargeTooLarge);
  return { stored, currencyCode: charge.currency.code };
}

/**
 * The charge from the rate sheets; without a rate, staff may give the amount themselves (base
 * currency, marked manual). A customer without a rate is refused.
 */
export async function chargeShipment(
  ctx: Ctx,
  tx: Db,
  query: RateQuery,
  manualAmount: number | null | undefined,
): Promise<StoredCharge> {
  const rated = await rateCharge(tx, query);
  if (rated) return rated.stored;
  if (isCustomer(ctx) || manualAmount === null || manualAmount === undefined)
    throw invalid("amount", RATE_MESSAGES.noRate);
  const minor = toMinor(manualAmount);
  if (minor === null) throw invalid("amount", "Use at most 2 decimals");
  if (minor > MAX_LINE_MINOR) throw invalid("amount", MONEY_MESSAGES.tooLarge);
  return {
    currencyId: 1,
    amountMinor: minor,
    baseAmountMinor: minor,
    weightChargesMinor: minor,
    rateFirstKgMinor: null,
    rateAddKgMinor: null,
    rateFlatMinor: null,
    rateSheetId: null,
    rateManual: 1,
  };
}

/** The customer whose shipments the caller may see: themselves for a customer, everyone (undefined) for staff. */
export const ownScope = (ctx: Ctx): number | undefined => (isCustomer(ctx) && ctx.user ? ctx.user.id : undefined);
