import { z } from "zod";
import { unitRowSchema } from "./master-data";
import { parseScaled } from "./money";
import { UNIT_DIMENSIONS } from "./stock";

/** Unit 1 is PCS: shipment lines default to it, so it keeps its id and its dimension. */
export const PCS_UOM_ID = 1;
/** The largest factor to base a unit may have (numeric(18,6)). */
export const MAX_UNIT_FACTOR_MICRO = 1_000_000_000_000n * 1_000_000n;

export const UNIT_MESSAGES = {
  name: "Please enter the unit name (at most 30 characters)",
  nameTaken: "A unit with this name already exists",
  symbol: "The symbol has at most 10 characters",
  dimension: "Please choose count, mass, volume or length",
  factor: "Factor must be a number above 0 with at most 6 decimals",
  pcsLocked: "PCS is the default unit of shipment lines: it cannot be deleted or change its dimension",
  inUse: "The unit is in use and cannot be deleted",
  changeInUse: "A unit that store products use cannot change its dimension or factor",
  notFound: "No such unit",
  added: "Unit added",
  updated: "Unit updated",
  deleted: "Unit deleted",
} as const;

/** A factor to the dimension's base: above 0, at most 6 decimals, within numeric(18,6). */
export const unitFactorField = (message: string = UNIT_MESSAGES.factor) =>
  z.number({ error: message }).superRefine((value, ctx) => {
    const micro = parseScaled(value, 6);
    if (micro === null || micro <= 0n || micro >= MAX_UNIT_FACTOR_MICRO) ctx.addIssue({ code: "custom", message });
  });

/** Add or change a unit (Master Control > UOM). The name is kept in capitals, as the seeded units are. */
export const unitInputSchema = z.object({
  uomName: z
    .string({ error: UNIT_MESSAGES.name })
    .trim()
    .min(1, UNIT_MESSAGES.name)
    .max(30, UNIT_MESSAGES.name)
    .transform((value) => value.toUpperCase()),
  symbol: z.string({ error: UNIT_MESSAGES.symbol }).trim().max(10, UNIT_MESSAGES.symbol).default(""),
  dimension: z.enum(UNIT_DIMENSIONS, { error: UNIT_MESSAGES.dimension }),
  factor: unitFactorField(),
});
export type UnitInput = z.input<typeof unitInputSchema>;

export const unitSavedSchema = z.object({ message: z.string(), data: unitRowSchema });

/** How many records use a unit: store products (as stock or purchase unit), packs, shipment and store document lines. */
export const unitUsageRowSchema = unitRowSchema.extend({
  stockProducts: z.number().int(),
  purchaseProducts: z.number().int(),
  packs: z.number().int(),
  shipmentLines: z.number().int(),
  /** Lines of receivings, issuances and counts entered in this unit. */
  documentLines: z.number().int(),
  /** Product-specific conversions into this unit's products: "1 CARTON = 24 PCS of Cola can". */
  conversions: z.array(
    z.object({
      storeProductId: z.number().int(),
      code: z.string(),
      name: z.string(),
      factor: z.number(),
      stockUom: z.string(),
    }),
  ),
});
export type UnitUsageRow = z.infer<typeof unitUsageRowSchema>;
