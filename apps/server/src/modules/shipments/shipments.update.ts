import {
  type FieldIssue,
  SHIPMENT_MESSAGES,
  type ShipmentType,
  type ShipmentView,
  shipmentLineSchema,
  shipmentPackageSchema,
  shipmentUpdateSchema,
  ZIP_SERVICE_ID,
} from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { shipmentLines, shipmentPackages, shipmentParties, shipments } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { getShipment, type ShipmentRow } from "./shipments.access";
import { indexShipment, replaceLines, replacePackages, saveParty } from "./shipments.repo";
import {
  chargeShipment,
  checkDeliveryDate,
  checkDifferentCountries,
  checkParty,
  checkReferences,
  contentFor,
  isCustomer,
  type LineInput,
  lineRows,
  type PackageInput,
  type PartyInput,
  packageRows,
  type StoredCharge,
  type2For,
} from "./shipments.rules";
import { shipmentView } from "./shipments.views";

/**
 * PUT /api/shipment/{id}. The shared schema, except that `data` is read row by row: the list
 * screen sends it as the shipment's lines, and a row with length, width or height and no
 * description or code is a package row.
 */
export const shipmentUpdateBody = shipmentUpdateSchema.extend({
  data: z.array(z.record(z.string(), z.unknown())).max(200).optional(),
});
export type ShipmentUpdate = z.output<typeof shipmentUpdateBody>;

const isPackageRow = (row: Record<string, unknown>) =>
  ["length", "width", "height"].some((key) => key in row) && !("desc" in row) && !("code" in row);

/** Splits `data` into item lines and package rows, validating each against its schema. */
export function splitData(rows: readonly Record<string, unknown>[]) {
  const issues: FieldIssue[] = [];
  const lines: LineInput[] = [];
  const packages: PackageInput[] = [];
  rows.forEach((row, index) => {
    const parsed = isPackageRow(row) ? shipmentPackageSchema.safeParse(row) : shipmentLineSchema.safeParse(row);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        issues.push({ field: ["data", index, ...issue.path].join("."), message: issue.message });
      return;
    }
    if ("desc" in parsed.data) lines.push(parsed.data);
    else packages.push(parsed.data);
  });
  if (issues.length)
    throw new AppError("VALIDATION", issues.map((issue) => `${issue.field}: ${issue.message}`).join("; "), issues);
  if (lines.length && packages.length)
    throw new AppError("VALIDATION", "data: Send item lines or package rows, not both");
  return { lines, packages, hasLines: rows.length === 0 || lines.length > 0 };
}

async function storedParties(tx: Db, id: number) {
  const rows = await tx.select().from(shipmentParties).where(eq(shipmentParties.shipmentId, id));
  const asInput = (role: string): PartyInput => {
    const p = rows.find((row) => row.role === role);
    if (!p) throw new Error(`shipment ${id} has no ${role}`);
    return {
      name: p.name,
      company: p.company,
      country_id: p.countryId,
      address: p.address,
      address_2: p.address2,
      address_3: p.address3,
      postal_code: p.postalCode,
      city: p.city,
      state: p.state,
      email: p.email,
      phone: p.phone,
      gst: p.gst,
      ntn: p.ntn,
      cnic: p.cnic,
      vat: p.vat,
    };
  };
  return { sender: asInput("sender"), receiver: asInput("receiver") };
}

async function storedLines(tx: Db, id: number): Promise<LineInput[]> {
  const rows = await tx
    .select()
    .from(shipmentLines)
    .where(eq(shipmentLines.shipmentId, id))
    .orderBy(shipmentLines.lineNo);
  return rows.map((row) => ({
    desc: row.desc,
    code: row.code,
    quantity: row.quantity,
    uom_id: row.uomId,
    currency_id: row.currencyId,
    value: row.valueMinor / 100,
    country_id: row.countryId,
  }));
}

async function storedPackages(tx: Db, id: number): Promise<PackageInput[]> {
  const rows = await tx
    .select()
    .from(shipmentPackages)
    .where(eq(shipmentPackages.shipmentId, id))
    .orderBy(shipmentPackages.lineNo);
  return rows.map((row) => ({
    name: row.name,
    quantity: row.quantity,
    weight: Number(row.weight),
    length: Number(row.length),
    width: Number(row.width),
    height: Number(row.height),
  }));
}

/** What the charge depends on: a posted shipment may not change any of it. */
const chargeKey = (s: {
  shipmentType: string;
  serviceTypeId: number;
  type2: string;
  weight: number;
  receiver: PartyInput;
}) =>
  JSON.stringify([
    s.shipmentType,
    s.serviceTypeId,
    s.type2,
    s.weight,
    s.receiver.country_id,
    s.serviceTypeId === ZIP_SERVICE_ID ? s.receiver.postal_code : null,
  ]);

const keptCharge = (row: ShipmentRow): StoredCharge => ({
  currencyId: row.currencyId ?? 1,
  amountMinor: row.amountMinor,
  baseAmountMinor: row.baseAmountMinor,
  weightChargesMinor: row.weightChargesMinor,
  rateFirstKgMinor: row.rateFirstKgMinor,
  rateAddKgMinor: row.rateAddKgMinor,
  rateFlatMinor: row.rateFlatMinor,
  rateSheetId: row.rateSheetId,
  rateManual: row.rateManual,
});

/**
 * Changes a shipment in one transaction; absent keys keep their values. Weights are recomputed;
 * the charge is re-rated (at the booking date) when what it depends on changed, which a posted
 * shipment refuses (409). Without a rate, a manual charge keeps its amount unless a new one is sent.
 */
export async function updateShipment(ctx: Ctx, id: number, input: ShipmentUpdate): Promise<ShipmentView> {
  const today = todayIn(ctx.config.APP_TZ);
  await ctx.db.transaction(async (tx) => {
    const row = await getShipment(ctx, tx, id, true);
    if (row.voucherId && isCustomer(ctx)) throw new AppError("SHIPMENT_POSTED", SHIPMENT_MESSAGES.postedCustomerEdit);
    const split = input.data ? splitData(input.data) : null;
    const type: ShipmentType = input.shipment_type ?? (row.shipmentType as ShipmentType);
    const serviceTypeId = input.service_type_id ?? row.serviceTypeId;
    const type2 = type2For(serviceTypeId, input.type === undefined ? row.type2 || null : input.type);
    if (input.expected_delivery_date !== undefined && input.expected_delivery_date !== row.expectedDeliveryDate)
      checkDeliveryDate(input.expected_delivery_date, today);
    const newLines = input.shipment_data ?? (split?.hasLines ? split.lines : undefined);
    const linesField = input.shipment_data ? "shipment_data" : "data";
    const content = contentFor(
      type,
      input.shipment_desc === undefined ? row.shipmentDesc : input.shipment_desc,
      input.shipment_purpose_id === undefined ? row.shipmentPurposeId : input.shipment_purpose_id,
      newLines ?? (await storedLines(tx, id)),
      linesField,
    );
    const stored = await storedParties(tx, id);
    const sender = input.sender ?? stored.sender;
    const receiver = input.receiver ?? stored.receiver;
    if (input.sender) await checkParty(tx, "sender", sender);
    if (input.receiver) await checkParty(tx, "receiver", receiver);
    checkDifferentCountries(sender, receiver);
    await checkReferences(tx, {
      serviceTypeId: input.service_type_id,
      shipmentTaxId: input.shipment_tax_id,
      purposeId: content.shipmentPurposeId,
      lines: newLines ? content.lines : [],
      linesField,
    });
    const packageInput = input.packages ?? (split?.packages.length ? split.packages : undefined);
    const packed = packageRows(packageInput ?? (await storedPackages(tx, id)));

    const before = chargeKey({
      shipmentType: row.shipmentType,
      serviceTypeId: row.serviceTypeId,
      type2: row.type2,
      weight: Number(row.totalWeight),
      receiver: stored.receiver,
    });
    const after = chargeKey({ shipmentType: type, serviceTypeId, type2, weight: packed.totalWeight, receiver });
    let charge = keptCharge(row);
    if (before !== after) {
      if (row.voucherId) throw new AppError("SHIPMENT_POSTED", SHIPMENT_MESSAGES.postedChange);
      charge = await chargeShipment(
        ctx,
        tx,
        {
          serviceTypeId,
          shipmentType: type,
          type2,
          receiverCountryId: receiver.country_id,
          receiverPostalCode: receiver.postal_code,
          weightKg: packed.totalWeight,
          date: row.shipmentDate,
        },
        // A manual charge stays manual unless staff give a new amount.
        input.amount ?? (row.rateManual === 1 ? row.baseAmountMinor / 100 : undefined),
      );
    }

    const instruments = input.financial_instruments ?? row.financialInstruments;
    const rebate = input.rebate ?? row.rebate;
    const pick = <T>(given: T | undefined, kept: T) => (given === undefined ? kept : given);
    await tx
      .update(shipments)
      .set({
        shipmentType: type,
        shipmentDesc: content.shipmentDesc,
        shipmentPurposeId: content.shipmentPurposeId,
        serviceTypeId,
        type2,
        shipmentTaxId: input.shipment_tax_id ?? row.shipmentTaxId,
        expectedDeliveryDate: pick(input.expected_delivery_date, row.expectedDeliveryDate),
        shipmentRef: pick(input.shipment_ref, row.shipmentRef),
        invoiceType: input.invoice_type ?? row.invoiceType,
        rebate,
        sroNumber: rebate === 1 ? pick(input.sro_number, row.sroNumber) : null,
        financialInstruments: instruments,
        financialInstrumentsNo:
          instruments === 1 ? pick(input.financial_instruments_no, row.financialInstrumentsNo) : null,
        financialInstrumentsBank:
          instruments === 1 ? pick(input.financial_instruments_bank, row.financialInstrumentsBank) : null,
        vat: input.receiver ? input.receiver.vat : row.vat,
        totalPackages: packed.totalPackages,
        totalWeight: String(packed.totalWeight),
        ...charge,
        updatedAt: new Date(),
      })
      .where(eq(shipments.shipmentId, id));
    if (newLines || type === "Doc") await replaceLines(tx, id, lineRows(content.lines, linesField));
    if (packageInput) await replacePackages(tx, id, packed.rows);
    if (input.sender) await saveParty(tx, id, "sender", sender);
    if (input.receiver) await saveParty(tx, id, "receiver", receiver);
    if (input.sender || input.receiver) await indexShipment(tx, id, row.customerUserId);
  });
  const view = await shipmentView(ctx.db, id);
  if (!view) throw new Error("updated shipment not found");
  return view;
}
