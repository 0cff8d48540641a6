import { type LocalMoment, POS_ORDER_MESSAGES, type PosPayInput, type SupervisorAction } from "@cargodesk/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { voidReasons } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { consumeSupervisorApproval } from "../pos-supervisor/index";
import type { TicketLine } from "./pos-orders.kitchen";
import type { MenuFor } from "./pos-orders.menu";
import type { PricingContext } from "./pos-orders.pricing";

/**
 * What the operations of a batch work with (the transaction, who, the menu rows and the pricing
 * context) and what they leave for later: the kitchen's tickets, waste and the payment, written once
 * the new lines have ids.
 */
export interface OpEnv {
  tx: Db;
  userId: number;
  canPay: boolean;
  menu: MenuFor;
  pricing: PricingContext;
  at: LocalMoment;
  /**
   * An order made offline (design 6.1 step 3.2): its receipt is printed, so a price that differs
   * from the menu's is taken as recorded and the order flagged, not refused.
   */
  offline: boolean;
}

export interface Effects {
  /** Each fire: the lines it sends. */
  fires: TicketLine[][];
  /** Fired lines voided (a void ticket), and those of them voided for a waste reason. */
  voids: TicketLine[];
  waste: TicketLine[];
  pay: PosPayInput | null;
}

export const noEffects = (): Effects => ({ fires: [], voids: [], waste: [], pay: null });

export const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);

/** Spends the supervisor's approval an operation carries, or 403 asking for one. */
export async function approval(tx: Db, token: string | undefined, action: SupervisorAction): Promise<number> {
  if (!token) throw new AppError("POS_SUPERVISOR_REQUIRED", POS_ORDER_MESSAGES.supervisor, { action });
  return consumeSupervisorApproval(tx, token, action);
}

/** An active void reason, or a 400 naming the field (also when none was given). */
export async function activeVoidReason(tx: Db, id: number | undefined, field: string) {
  if (id === undefined) throw fieldError(field, POS_ORDER_MESSAGES.reason);
  const [reason] = await tx
    .select()
    .from(voidReasons)
    .where(and(eq(voidReasons.id, id), eq(voidReasons.active, true)));
  if (!reason) throw fieldError(field, POS_ORDER_MESSAGES.reasonMissing);
  return reason;
}
