import { RATE_MESSAGES, type ShipmentQuote, type shipmentQuoteSchema } from "@cargodesk/shared";
import type { z } from "zod";
import type { Ctx } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { packageRows, rateCharge, type2For } from "./shipments.rules";

/**
 * The charge a booking would get now: the same weights (packageRows), the same rate lookup
 * (rateCharge) on the company's today. No rate is an answer here, not an error: the form says so
 * before Save and offers staff the manual amount.
 */
export async function quoteShipment(ctx: Ctx, input: z.output<typeof shipmentQuoteSchema>): Promise<ShipmentQuote> {
  const packed = packageRows(input.packages);
  const rated = await rateCharge(ctx.db, {
    serviceTypeId: input.service_type_id,
    shipmentType: input.shipment_type,
    type2: type2For(input.service_type_id, input.type),
    receiverCountryId: input.receiver_country_id,
    receiverPostalCode: input.receiver_postal_code ?? null,
    weightKg: packed.totalWeight,
    date: todayIn(ctx.config.APP_TZ),
  });
  if (!rated) return { chargeable_weight: packed.totalWeight, rate: null, message: RATE_MESSAGES.noRate };
  const { stored } = rated;
  return {
    chargeable_weight: packed.totalWeight,
    rate: {
      currency: { id: stored.currencyId, code: rated.currencyCode },
      amount_minor: stored.amountMinor,
      base_amount_minor: stored.baseAmountMinor,
      weight_charges_minor: stored.weightChargesMinor,
      rate_first_kg_minor: stored.rateFirstKgMinor,
      rate_add_kg_minor: stored.rateAddKgMinor,
      rate_flat_minor: stored.rateFlatMinor,
    },
    message: null,
  };
}
