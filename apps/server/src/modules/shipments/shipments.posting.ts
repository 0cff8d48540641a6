import { SHIPMENT_MESSAGES } from "@cargodesk/shared";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, countries, serviceTypes, shipmentParties, shipments, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { getIntegration } from "../../lib/books/integration";
import { type CargoColumns, postVoucher } from "../../lib/books/posting";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { getShipment, type ShipmentRow } from "./shipments.access";
import { adjustTally, dropSearchTerms } from "./shipments.repo";

/** Soft delete (kept, marked deleted, with an audit row); a posted shipment is refused. */
export async function deleteShipment(ctx: Ctx, id: number): Promise<void> {
  const trackingId = await ctx.db.transaction(async (tx) => {
    const row = await getShipment(ctx, tx, id, true);
    if (row.voucherId) throw new AppError("SHIPMENT_POSTED", SHIPMENT_MESSAGES.postedDelete);
    await tx
      .update(shipments)
      .set({ deletedAt: new Date(), deletedBy: ctx.user?.id ?? null })
      .where(eq(shipments.shipmentId, id));
    await dropSearchTerms(tx, id);
    await adjustTally(tx, row.customerUserId, -1);
    const actor = ctx.user?.id ?? null;
    const target = row.customerUserId ?? actor;
    if (target !== null)
      await audit(tx, actor, "shipment.delete", target, {
        shipment_id: row.shipmentId,
        tracking_id: row.trackingId,
        base_amount: row.baseAmountMinor,
      });
    return row.trackingId;
  });
  ctx.log.event("shipment.deleted", { shipmentId: id, trackingId, by: ctx.user?.id ?? null });
}

/** A breakdown amount in the base currency, at the ratio the booking used (base amount / amount). */
function atBookingRate(row: ShipmentRow, minor: number | null): number | null {
  if (minor === null) return null;
  if (row.amountMinor === 0) return 0;
  return Number(
    (BigInt(minor) * BigInt(row.baseAmountMinor) * 2n + BigInt(row.amountMinor)) / (2n * BigInt(row.amountMinor)),
  );
}

async function cargoColumns(tx: Db, row: ShipmentRow): Promise<CargoColumns> {
  const [destination] = await tx
    .select({ city: shipmentParties.city, country: countries.name })
    .from(shipmentParties)
    .innerJoin(countries, eq(countries.countryId, shipmentParties.countryId))
    .where(and(eq(shipmentParties.shipmentId, row.shipmentId), eq(shipmentParties.role, "receiver")));
  const [service] = await tx
    .select({ name: serviceTypes.name })
    .from(serviceTypes)
    .where(eq(serviceTypes.serviceTypeId, row.serviceTypeId));
  const country = destination?.country.toUpperCase() ?? "";
  return {
    shipmentId: row.shipmentId,
    trackingNo: row.trackingId,
    destination: destination?.city ? `${destination.city}, ${country}` : country,
    packages: row.totalPackages,
    weight: row.totalWeight,
    weightChargesMinor: row.baseAmountMinor,
    rateFirstKgMinor: atBookingRate(row, row.rateFirstKgMinor),
    rateAddKgMinor: atBookingRate(row, row.rateAddKgMinor),
    rateFlatMinor: atBookingRate(row, row.rateFlatMinor),
    service: [service?.name ?? "", row.type2].filter(Boolean).join(" "),
  };
}

/**
 * Posts the shipment's charge: an approved journal voucher dated today debiting the customer's
 * receivable account and crediting freight revenue with the base amount, both lines carrying the
 * cargo ledger's columns. The shipment row stays locked until the voucher is linked, so a second
 * post (even a concurrent one) is refused.
 */
export async function postShipmentCharge(ctx: Ctx, id: number): Promise<{ id: number; number: string }> {
  const { posted, trackingId, amountMinor } = await ctx.db.transaction(async (tx) => {
    const row = await getShipment(ctx, tx, id, true);
    if (row.voucherId) throw new AppError("SHIPMENT_POSTED", SHIPMENT_MESSAGES.posted);
    if (row.baseAmountMinor <= 0) throw new AppError("SHIPMENT_NO_CHARGE", SHIPMENT_MESSAGES.noCharge);
    if (!row.customerUserId) throw new AppError("SHIPMENT_NO_CUSTOMER", SHIPMENT_MESSAGES.noCustomer);
    const [customer] = await tx
      .select({ receivable: users.receivableAccountId })
      .from(users)
      .where(eq(users.id, row.customerUserId));
    if (!customer?.receivable) throw new AppError("CUSTOMER_NO_RECEIVABLE", SHIPMENT_MESSAGES.noReceivable);
    const revenueId = (await getIntegration(tx))?.freightRevenueAccountId;
    if (!revenueId) throw new AppError("INTEGRATION_NOT_SET", SHIPMENT_MESSAGES.noRevenueAccount);
    const names = new Map(
      (
        await tx
          .select({ id: accounts.id, name: accounts.name })
          .from(accounts)
          .where(inArray(accounts.id, [customer.receivable, revenueId]))
      ).map((account) => [account.id, account.name]),
    );
    const cargo = await cargoColumns(tx, row);
    const description = `C/N ${row.trackingId} ${cargo.destination}`;
    const line = (accountId: number, debit: number, credit: number) => ({
      accountId,
      debit,
      credit,
      description,
      billNumber: row.trackingId,
      accountTitle: names.get(accountId) ?? "",
      cargo,
    });
    const posted = await postVoucher(tx, {
      typeId: 5,
      date: todayIn(ctx.config.APP_TZ),
      lines: [line(customer.receivable, row.baseAmountMinor, 0), line(revenueId, 0, row.baseAmountMinor)],
      cashAccountId: null,
      source: "shipment",
      createdBy: ctx.user?.id ?? null,
      approvedBy: ctx.user?.id ?? null,
    });
    const linked = await tx
      .update(shipments)
      .set({ voucherId: posted.id, updatedAt: new Date() })
      .where(and(eq(shipments.shipmentId, id), isNull(shipments.voucherId)))
      .returning({ id: shipments.shipmentId });
    if (linked.length === 0) throw new AppError("SHIPMENT_POSTED", SHIPMENT_MESSAGES.posted);
    return { posted, trackingId: row.trackingId, amountMinor: row.baseAmountMinor };
  });
  ctx.log.event("shipment.charged", {
    shipmentId: id,
    trackingId,
    voucherId: posted.id,
    number: posted.number,
    amountMinor,
    by: ctx.user?.id ?? null,
  });
  return posted;
}
