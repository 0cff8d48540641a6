import { lineGross, POS_ORDER_MESSAGES, type PosOp, parseMinor, qtyMicroOf } from "@cargodesk/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import { coupons, posCustomers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { approval, type Effects, fieldError, type OpEnv } from "./pos-orders.env";
import { addLine, fire, isFired, ownLine, setQty, voidLine, voidOrder } from "./pos-orders.lines";
import { assertChangeable, liveQty, type OrderState } from "./pos-orders.state";

/**
 * The operations of design D9 applied to an order in memory, one after another. Each returns who
 * approved it (a supervisor) for the log; what they cause in the kitchen and the stock is gathered
 * in `Effects` (pos-orders.env.ts) and written once the new lines have ids.
 */
async function discount(
  state: OrderState,
  op: Extract<PosOp, { kind: "discount" }>,
  env: OpEnv,
  field: string,
): Promise<number | null> {
  const line = op.lineUuid === null ? null : ownLine(state, op.lineUuid, `${field}.lineUuid`);
  for (const entry of state.discounts)
    if (entry.source === "manual" && entry.lineUuid === (line?.lineUuid ?? null)) entry.removed = true;
  const pctBp = op.percent === undefined ? null : Math.round(op.percent * 100);
  const amountMinor = op.amount === undefined ? null : (parseMinor(op.amount) ?? 0n);
  if (!pctBp && !amountMinor) return null;
  const priced = state.lines.filter((entry) => entry.dealParentUuid === null);
  const base = (line ? [line] : priced).reduce(
    (sum, entry) => sum + lineGross(entry.unitPriceMinor, liveQty(entry)),
    0n,
  );
  const limit = BigInt(env.pricing.outlet.supervisorRules.maxDiscountBpWithoutApproval);
  const large = pctBp !== null ? BigInt(pctBp) > limit : (amountMinor ?? 0n) * 10_000n > limit * base;
  const approvedBy = large ? await approval(env.tx, op.supervisorToken, "discount") : null;
  state.discounts.push({
    id: null,
    lineUuid: line?.lineUuid ?? null,
    source: "manual",
    couponId: null,
    pctBp,
    amountMinor,
    allocatedMinor: 0n,
    reason: op.reason,
    approvedBy,
    createdBy: env.userId,
    removed: false,
  });
  return approvedBy;
}

/** Sets (or with no code removes) the order's coupon; the code must name an active coupon. */
export async function setCoupon(
  state: OrderState,
  code: string | null | undefined,
  env: Pick<OpEnv, "tx" | "userId">,
  field: string,
) {
  for (const entry of state.discounts) if (entry.source === "coupon") entry.removed = true;
  if (!code) return;
  const [coupon] = await env.tx
    .select({ id: coupons.id })
    .from(coupons)
    .where(and(eq(coupons.code, code.toUpperCase()), isNotNull(coupons.code), eq(coupons.active, true)));
  if (!coupon) throw fieldError(field, POS_ORDER_MESSAGES.couponUnknown);
  state.discounts.push({
    id: null,
    lineUuid: null,
    source: "coupon",
    couponId: coupon.id,
    pctBp: null,
    amountMinor: null,
    allocatedMinor: 0n,
    reason: "",
    approvedBy: null,
    createdBy: env.userId,
    removed: false,
  });
}

/** Applies one operation; answers who approved it (a supervisor) or null. */
export async function applyOp(
  state: OrderState,
  op: PosOp,
  env: OpEnv,
  effects: Effects,
  field: string,
): Promise<number | null> {
  assertChangeable(state);
  switch (op.kind) {
    case "add_line":
      addLine(state, op, env, field);
      return null;
    case "set_qty":
      setQty(state, ownLine(state, op.lineUuid, `${field}.lineUuid`), qtyMicroOf(op.qty), `${field}.lineUuid`);
      return null;
    case "void_line":
      return voidLine(state, op, env, effects, field);
    case "note": {
      const line = ownLine(state, op.lineUuid, `${field}.lineUuid`);
      if (isFired(state, line)) throw new AppError("POS_LINE_FIRED", POS_ORDER_MESSAGES.lineNotPending, { field });
      line.note = op.note;
      return null;
    }
    case "set_customer": {
      if (op.customerId !== null) {
        const [customer] = await env.tx
          .select({ id: posCustomers.id })
          .from(posCustomers)
          .where(and(eq(posCustomers.id, op.customerId), eq(posCustomers.active, true)));
        if (!customer) throw fieldError(`${field}.customerId`, POS_ORDER_MESSAGES.customer);
      }
      state.row.customerId = op.customerId;
      return null;
    }
    case "set_guests":
      state.row.guests = op.guests;
      return null;
    case "discount":
      return discount(state, op, env, field);
    case "coupon":
      await setCoupon(state, op.code, env, `${field}.code`);
      return null;
    case "fire":
      fire(state, effects, {
        ...(op.lineUuids ? { lineUuids: op.lineUuids } : {}),
        ...(op.course ? { course: op.course } : {}),
      });
      return null;
    case "bill":
      state.row.status = "billed";
      return null;
    case "pay":
      if (!env.canPay) throw new AppError("FORBIDDEN", POS_ORDER_MESSAGES.payNeedsPos);
      effects.pay = op;
      return null;
    case "void_order":
      return voidOrder(state, op, env, effects, field);
  }
}
