import {
  type LocalMoment,
  lineGross,
  type OrderType,
  POS_ORDER_MESSAGES,
  type PosOp,
  type PosPayInput,
  parseMinor,
  qtyMicroOf,
  type SupervisorAction,
} from "@cargodesk/shared";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { coupons, posCustomers, voidReasons } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { consumeSupervisorApproval } from "../pos-supervisor/index";
import type { TicketLine } from "./pos-orders.kitchen";
import { dealPicks, type MenuFor, sellableVariant } from "./pos-orders.menu";
import type { PricingContext } from "./pos-orders.pricing";
import { assertChangeable, componentsOf, type LineState, lineOf, liveQty, type OrderState } from "./pos-orders.state";

/**
 * The operations of design D9 applied to an order in memory, one after another. Each returns what
 * the log keeps (its payload and who approved it); what they cause in the kitchen and the stock is
 * gathered in `Effects` and written once the new lines have ids.
 */
export interface OpEnv {
  tx: Db;
  userId: number;
  canPay: boolean;
  menu: MenuFor;
  pricing: PricingContext;
  at: LocalMoment;
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

const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);

/** Spends the supervisor's approval the operation carries, or 403 asking for one. */
async function approval(env: OpEnv, token: string | undefined, action: SupervisorAction): Promise<number> {
  if (!token) throw new AppError("POS_SUPERVISOR_REQUIRED", POS_ORDER_MESSAGES.supervisor, { action });
  return consumeSupervisorApproval(env.tx, token, action);
}

async function voidReason(env: OpEnv, id: number | undefined, field: string) {
  if (id === undefined) throw fieldError(field, POS_ORDER_MESSAGES.reason);
  const [reason] = await env.tx
    .select()
    .from(voidReasons)
    .where(and(eq(voidReasons.id, id), eq(voidReasons.active, true)));
  if (!reason) throw fieldError(field, POS_ORDER_MESSAGES.reasonMissing);
  return reason;
}

function newLine(
  state: OrderState,
  env: OpEnv,
  fields: Partial<LineState> & Pick<LineState, "lineUuid" | "name">,
): LineState {
  const line: LineState = {
    id: null,
    variantId: null,
    dealId: null,
    dealParentUuid: null,
    sizeName: null,
    flavourName: null,
    categoryId: null,
    stationId: null,
    qtyMicro: 0n,
    unitPriceMinor: 0n,
    taxClassId: null,
    course: 1,
    note: "",
    status: "pending",
    voidedQtyMicro: 0n,
    voidReasonId: null,
    voidedBy: null,
    refundedQtyMicro: 0n,
    refundOfLineId: null,
    recipeVersionId: null,
    costMinor: 0n,
    grossMinor: 0n,
    discountMinor: 0n,
    netMinor: 0n,
    taxMinor: 0n,
    taxRateBp: 0,
    serviceChargeMinor: 0n,
    addedBy: env.userId,
    ...fields,
  };
  state.lines.push(line);
  return line;
}

function checkPrice(sent: number | undefined, priceMinor: bigint, lineUuid: string): void {
  if (sent !== undefined && parseMinor(sent) !== priceMinor)
    throw new AppError("POS_PRICES_CHANGED", POS_ORDER_MESSAGES.pricesChanged, {
      lineUuid,
      price: Number(priceMinor) / 100,
    });
}

function addLine(state: OrderState, op: Extract<PosOp, { kind: "add_line" }>, env: OpEnv, field: string): void {
  if (state.lines.some((line) => line.lineUuid === op.lineUuid))
    throw fieldError(`${field}.lineUuid`, POS_ORDER_MESSAGES.lineTaken);
  if ((op.variantId === undefined) === (op.dealId === undefined))
    throw fieldError(`${field}.variantId`, POS_ORDER_MESSAGES.itemOrDeal);
  const orderType = state.row.orderType as OrderType;
  const qtyMicro = qtyMicroOf(op.qty);
  const common = { lineUuid: op.lineUuid, qtyMicro, note: op.note, course: op.course };
  if (op.variantId !== undefined) {
    const variant = sellableVariant(env.menu, op.variantId, orderType, `${field}.variantId`);
    checkPrice(op.unitPrice, variant.price_minor, op.lineUuid);
    newLine(state, env, {
      ...common,
      variantId: variant.id,
      name: variant.name,
      sizeName: variant.size_name,
      flavourName: variant.flavour_name,
      categoryId: variant.category_id,
      stationId: variant.station_id,
      unitPriceMinor: variant.price_minor,
      taxClassId: variant.tax_class_id,
    });
  } else {
    const { deal, parts } = dealPicks(env.menu, op.dealId ?? 0, op.picks, orderType, env.at, field);
    const priceMinor = deal.price_minor + parts.reduce((sum, part) => sum + part.extraMinor, 0n);
    checkPrice(op.unitPrice, priceMinor, op.lineUuid);
    // The header is taxed by the class of its largest part, the one allocateDeal gives the remainder.
    const largest = parts.reduce<(typeof parts)[number] | undefined>(
      (best, part) =>
        !best || part.variant.price_minor * BigInt(part.qty) > best.variant.price_minor * BigInt(best.qty)
          ? part
          : best,
      undefined,
    );
    newLine(state, env, {
      ...common,
      dealId: deal.id,
      name: deal.name,
      categoryId: deal.category_id,
      unitPriceMinor: priceMinor,
      taxClassId: largest?.variant.tax_class_id ?? null,
    });
    parts.forEach((part, index) => {
      newLine(state, env, {
        lineUuid: `${op.lineUuid}-${index + 1}`,
        dealId: deal.id,
        dealParentUuid: op.lineUuid,
        variantId: part.variant.id,
        name: part.variant.name,
        sizeName: part.variant.size_name,
        flavourName: part.variant.flavour_name,
        categoryId: part.variant.category_id,
        stationId: part.variant.station_id,
        qtyMicro: qtyMicro * BigInt(part.qty),
        unitPriceMinor: part.variant.price_minor,
        taxClassId: part.variant.tax_class_id,
        course: op.course,
      });
    });
  }
  if (state.row.status === "billed") state.row.status = "open";
}

/** A line the cashier may change: on the order, not a deal's part, not voided. */
function ownLine(state: OrderState, lineUuid: string, field: string): LineState {
  const line = lineOf(state, lineUuid, field);
  if (line.dealParentUuid !== null) throw fieldError(field, POS_ORDER_MESSAGES.lineIsComponent);
  if (line.status === "voided") throw fieldError(field, POS_ORDER_MESSAGES.lineVoided);
  return line;
}

const isFired = (state: OrderState, line: LineState) =>
  line.status === "fired" || componentsOf(state, line).some((part) => part.status === "fired");

/** Changes a pending line's quantity; a deal's parts follow in proportion. */
function setQty(state: OrderState, line: LineState, qtyMicro: bigint, field: string): void {
  if (isFired(state, line)) throw new AppError("POS_LINE_FIRED", POS_ORDER_MESSAGES.lineNotPending, { field });
  const before = line.qtyMicro - line.voidedQtyMicro;
  for (const part of componentsOf(state, line)) part.qtyMicro = (part.qtyMicro * qtyMicro) / before;
  line.qtyMicro = qtyMicro + line.voidedQtyMicro;
}

async function voidLine(
  state: OrderState,
  op: Extract<PosOp, { kind: "void_line" }>,
  env: OpEnv,
  effects: Effects,
  field: string,
): Promise<number | null> {
  const line = ownLine(state, op.lineUuid, `${field}.lineUuid`);
  const live = liveQty(line);
  const qty = op.qty === undefined ? live : qtyMicroOf(op.qty);
  if (qty > live) throw fieldError(`${field}.qty`, POS_ORDER_MESSAGES.voidQty);
  const parts = [line, ...componentsOf(state, line)];
  if (!isFired(state, line)) {
    // A pending line goes freely (the log keeps the removal).
    if (qty < live) setQty(state, line, live - qty, field);
    else
      for (const part of parts)
        Object.assign(part, { status: "voided", voidedQtyMicro: part.qtyMicro, voidedBy: env.userId });
    return null;
  }
  const reason = await voidReason(env, op.reasonId, `${field}.reasonId`);
  const rules = env.pricing.outlet.supervisorRules;
  const approvedBy =
    rules.voidAfterFireNeedsSupervisor || reason.needsSupervisor
      ? await approval(env, op.supervisorToken, "void_after_fire")
      : null;
  for (const part of parts) {
    const partQty = part === line ? qty : (part.qtyMicro * qty) / line.qtyMicro;
    if (part.status === "fired") {
      effects.voids.push({ line: part, qtyMicro: partQty });
      if (reason.isWaste) effects.waste.push({ line: part, qtyMicro: partQty });
    }
    part.voidedQtyMicro += partQty;
    part.voidReasonId = reason.id;
    part.voidedBy = env.userId;
    if (liveQty(part) === 0n) part.status = "voided";
  }
  return approvedBy;
}

/** Every fired line of a voided order leaves the kitchen (waste when the reason says so). */
export async function voidOrder(
  state: OrderState,
  op: { reasonId: number; supervisorToken?: string | undefined },
  env: OpEnv,
  effects: Effects,
  field: string,
): Promise<number | null> {
  const reason = await voidReason(env, op.reasonId, `${field}.reasonId`);
  const anyFired = state.lines.some((line) => line.status === "fired");
  const approvedBy = anyFired || reason.needsSupervisor ? await approval(env, op.supervisorToken, "void_order") : null;
  for (const line of state.lines) {
    const live = liveQty(line);
    if (line.status === "fired" && live > 0n) {
      effects.voids.push({ line, qtyMicro: live });
      if (reason.isWaste) effects.waste.push({ line, qtyMicro: live });
    }
    if (line.status !== "voided")
      Object.assign(line, {
        status: "voided",
        voidedQtyMicro: line.qtyMicro,
        voidReasonId: reason.id,
        voidedBy: env.userId,
      });
  }
  state.row.status = "voided";
  state.row.voidReasonId = reason.id;
  return approvedBy;
}

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
  const approvedBy = large ? await approval(env, op.supervisorToken, "discount") : null;
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

/** Sends pending lines (these, this course, or all) to the kitchen; a deal goes with its parts. */
export function fire(
  state: OrderState,
  effects: Effects,
  filter: { lineUuids?: readonly string[]; course?: number },
): void {
  const chosen = state.lines.filter((line) => {
    if (line.status !== "pending" || liveQty(line) === 0n) return false;
    const own = line.dealParentUuid ?? line.lineUuid;
    if (filter.lineUuids && !filter.lineUuids.includes(own) && !filter.lineUuids.includes(line.lineUuid)) return false;
    return filter.course === undefined || line.course === filter.course;
  });
  const sent = chosen.filter((line) => line.stationId !== null);
  for (const line of sent) line.status = "fired";
  for (const header of state.lines.filter((line) => line.dealParentUuid === null && line.dealId !== null))
    if (header.status === "pending" && componentsOf(state, header).some((part) => part.status === "fired"))
      header.status = "fired";
  if (sent.length > 0) effects.fires.push(sent.map((line) => ({ line, qtyMicro: liveQty(line) })));
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
