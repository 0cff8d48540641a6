import { z } from "zod";
import { idSchema } from "./input";
import { SHIPMENT_MESSAGES, SHIPMENT_TYPES, shipmentPackageSchema, TYPE2_CHOICES } from "./shipments";

/**
 * POST /api/shipment/quote: what the charge depends on, as the booking form knows it before Save.
 * The server prices it with the very function booking uses, on the company's today.
 */
export const shipmentQuoteSchema = z.object({
  service_type_id: idSchema(SHIPMENT_MESSAGES.service),
  /** DHL or UPS, for service 11. */
  type: z
    .enum(TYPE2_CHOICES)
    .nullish()
    .or(z.literal("").transform(() => null)),
  shipment_type: z.enum(SHIPMENT_TYPES),
  receiver_country_id: idSchema("Please select a country"),
  /** Service 16 is priced by the receiver's postal code. */
  receiver_postal_code: z.string().trim().max(20).nullish(),
  packages: z.array(shipmentPackageSchema).min(1, SHIPMENT_MESSAGES.packages).max(200),
});
export type ShipmentQuoteInput = z.input<typeof shipmentQuoteSchema>;

const minor = z.number().int();

/** The charge and its breakdown in minor units of `currency` (base_amount_minor in the base currency), or no rate. */
export const shipmentQuoteAnswerSchema = z.object({
  /** Whole kg: the sum of the packages' chargeable weights. */
  chargeable_weight: z.number(),
  rate: z
    .object({
      currency: z.object({ id: z.number().int(), code: z.string() }),
      amount_minor: minor,
      base_amount_minor: minor,
      weight_charges_minor: minor.nullable(),
      rate_first_kg_minor: minor.nullable(),
      rate_add_kg_minor: minor.nullable(),
      rate_flat_minor: minor.nullable(),
    })
    .nullable(),
  /** RATE_MESSAGES.noRate when no rate sheet covers the shipment, else null. */
  message: z.string().nullable(),
});
export type ShipmentQuote = z.output<typeof shipmentQuoteAnswerSchema>;
