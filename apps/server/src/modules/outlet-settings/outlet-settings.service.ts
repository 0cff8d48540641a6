import { type OUTLET_MESSAGES, type OutletSettings, supervisorRulesSchema } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { outlets } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";

/** The one seeded outlet; every outlet table carries outlet_id so more can come without a migration (D15). */
export const OUTLET_ID = 1;

export type OutletMessage = (typeof OUTLET_MESSAGES)[keyof typeof OUTLET_MESSAGES];

export const fieldError = (field: string, message: OutletMessage) =>
  new AppError("VALIDATION", message, [{ field, message }]);

export async function getOutletSettings(ctx: Ctx): Promise<OutletSettings> {
  const [row] = await ctx.db.select().from(outlets).where(eq(outlets.id, OUTLET_ID));
  if (!row) throw new AppError("NOT_FOUND", "The outlet is not set up");
  return {
    taxInclusive: row.taxInclusive,
    serviceChargeBp: row.serviceChargeBp,
    serviceChargeTypes: row.serviceChargeTypes,
    cashRoundingMinor: row.cashRoundingMinor,
    dayCutoff: row.dayCutoff,
    kitchenNegativePolicy: row.kitchenNegativePolicy === "block" ? "block" : "allow_flag",
    takeAwayFireOn: row.takeAwayFireOn === "send" ? "send" : "payment",
    // Keys saved before a rule existed read as that rule's default.
    supervisorRules: supervisorRulesSchema.parse(row.supervisorRules ?? {}),
    receiptHeader: row.receiptHeader,
    receiptFooter: row.receiptFooter,
  };
}

export async function saveOutletSettings(ctx: Ctx, input: OutletSettings): Promise<OutletSettings> {
  const updated = await ctx.db
    .update(outlets)
    .set(input)
    .where(eq(outlets.id, OUTLET_ID))
    .returning({ id: outlets.id });
  if (updated.length === 0) throw new AppError("NOT_FOUND", "The outlet is not set up");
  return getOutletSettings(ctx);
}
