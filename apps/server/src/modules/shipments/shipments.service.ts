import { type ShipmentView, type shipmentCreateSchema, trackingIdFor } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { shipmentStatusHistory, shipments } from "../../db/schema/index";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { adjustTally, indexShipment, replaceLines, replacePackages, saveParty } from "./shipments.repo";
import {
  chargeShipment,
  checkBookEntry,
  checkDeliveryDate,
  checkDifferentCountries,
  checkParty,
  checkReferences,
  contentFor,
  lineRows,
  packageRows,
  resolveCustomer,
  type2For,
} from "./shipments.rules";
import { shipmentView } from "./shipments.views";

export type ShipmentCreate = z.output<typeof shipmentCreateSchema>;

/** Where a shipment is booked: the sender's city and country. */
export const bookingLocation = (city: string | null, country: string) => (city ? `${city}, ${country}` : country);

/**
 * Books a shipment in one transaction: checks the payload against the database, recomputes the
 * weights, charges it from the rate sheets (or the amount staff gave), stores the snapshots, lines,
 * packages and the first history row (BOOKED), and answers the stored shipment.
 */
export async function createShipment(ctx: Ctx, input: ShipmentCreate): Promise<ShipmentView> {
  const today = todayIn(ctx.config.APP_TZ);
  const id = await ctx.db.transaction(async (tx) => {
    const customerUserId = await resolveCustomer(ctx, tx, input.customer_user_id);
    const type2 = type2For(input.service_type_id, input.type);
    checkDeliveryDate(input.expected_delivery_date, today);
    const content = contentFor(input.shipment_type, input.shipment_desc, input.shipment_purpose_id, input.data);
    const senderCountry = await checkParty(tx, "sender", input.sender);
    await checkParty(tx, "receiver", input.receiver);
    checkDifferentCountries(input.sender, input.receiver);
    await checkReferences(tx, {
      serviceTypeId: input.service_type_id,
      shipmentTaxId: input.shipment_tax_id,
      purposeId: content.shipmentPurposeId,
      lines: content.lines,
    });
    const senderId = await checkBookEntry(ctx, tx, "sender", input.sender_id);
    const receiverId = await checkBookEntry(ctx, tx, "receiver", input.receiver_id);
    const lines = lineRows(content.lines);
    const packed = packageRows(input.packages);
    const charge = await chargeShipment(
      ctx,
      tx,
      {
        serviceTypeId: input.service_type_id,
        shipmentType: input.shipment_type,
        type2,
        receiverCountryId: input.receiver.country_id,
        receiverPostalCode: input.receiver.postal_code,
        weightKg: packed.totalWeight,
        date: today,
      },
      input.amount,
    );
    const [serial] = rowsOf(
      z.object({ serial: col.text }),
      await tx.execute(sql`select nextval('shipment_tracking_serial')::text as serial`),
    );
    const instrument = input.financial_instruments === 1;
    const [created] = await tx
      .insert(shipments)
      .values({
        trackingId: trackingIdFor(serial?.serial ?? ""),
        shipmentDate: today,
        shipmentType: input.shipment_type,
        shipmentDesc: content.shipmentDesc,
        shipmentPurposeId: content.shipmentPurposeId,
        serviceTypeId: input.service_type_id,
        type2,
        shipmentTaxId: input.shipment_tax_id,
        expectedDeliveryDate: input.expected_delivery_date,
        shipmentRef: input.shipment_ref,
        invoiceType: input.invoice_type,
        rebate: input.rebate,
        sroNumber: input.rebate === 1 ? input.sro_number : null,
        financialInstruments: input.financial_instruments,
        financialInstrumentsNo: instrument ? input.financial_instruments_no : null,
        financialInstrumentsBank: instrument ? input.financial_instruments_bank : null,
        vat: input.vat ?? input.receiver.vat,
        totalPackages: packed.totalPackages,
        totalWeight: String(packed.totalWeight),
        trackStatus: "BOOKED",
        customerUserId,
        senderId,
        receiverId,
        ...charge,
        createdBy: ctx.user?.id ?? null,
      })
      .returning({ id: shipments.shipmentId });
    if (!created) throw new Error("shipment not stored");
    await saveParty(tx, created.id, "sender", input.sender);
    await saveParty(tx, created.id, "receiver", input.receiver);
    await replaceLines(tx, created.id, lines);
    await replacePackages(tx, created.id, packed.rows);
    await tx.insert(shipmentStatusHistory).values({
      shipmentId: created.id,
      status: "BOOKED",
      statusLocation: bookingLocation(input.sender.city, senderCountry.name.toUpperCase()),
      statusDate: new Date(),
      enteredBy: ctx.user?.id ?? null,
    });
    await indexShipment(tx, created.id, customerUserId);
    await adjustTally(tx, customerUserId, 1);
    return created.id;
  });
  const view = await shipmentView(ctx.db, id);
  if (!view) throw new Error("stored shipment not found");
  return view;
}
