import { type OrderType, POS_ORDER_MESSAGES, type PosOp, parseMinor, qtyMicroOf } from "@cargodesk/shared";
import { AppError } from "../../lib/app-error";
import { activeVoidReason, approval, type Effects, fieldError, type OpEnv } from "./pos-orders.env";
import { dealPicks, sellableVariant } from "./pos-orders.menu";
import { componentsOf, type LineState, lineOf, liveQty, type OrderState } from "./pos-orders.state";

/**
 * The operations on lines (design D9, 4.8): adding an item or a deal with its parts, changing a
 * pending line's quantity, voiding (a pending line freely, a fired one with a reason and by default a
 * supervisor), voiding the whole order, and sending lines to the kitchen.
 */
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

/**
 * The line's price: the menu's, when the device sent none or the same. A different one is 409
 * "Prices changed" online; offline the device's price stands and the order is flagged.
 */
function agreedPrice(
  sent: number | undefined,
  priceMinor: bigint,
  lineUuid: string,
  state: OrderState,
  env: OpEnv,
): bigint {
  const sentMinor = sent === undefined ? null : parseMinor(sent);
  if (sentMinor === null || sentMinor === priceMinor) return priceMinor;
  if (env.offline) {
    state.row.priceFlag = true;
    return sentMinor;
  }
  throw new AppError("POS_PRICES_CHANGED", POS_ORDER_MESSAGES.pricesChanged, {
    lineUuid,
    price: Number(priceMinor) / 100,
  });
}

export function addLine(state: OrderState, op: Extract<PosOp, { kind: "add_line" }>, env: OpEnv, field: string): void {
  if (state.lines.some((line) => line.lineUuid === op.lineUuid))
    throw fieldError(`${field}.lineUuid`, POS_ORDER_MESSAGES.lineTaken);
  if ((op.variantId === undefined) === (op.dealId === undefined))
    throw fieldError(`${field}.variantId`, POS_ORDER_MESSAGES.itemOrDeal);
  const orderType = state.row.orderType as OrderType;
  const qtyMicro = qtyMicroOf(op.qty);
  const common = { lineUuid: op.lineUuid, qtyMicro, note: op.note, course: op.course };
  if (op.variantId !== undefined) {
    const variant = sellableVariant(env.menu, op.variantId, orderType, `${field}.variantId`);
    const unitPriceMinor = agreedPrice(op.unitPrice, variant.price_minor, op.lineUuid, state, env);
    newLine(state, env, {
      ...common,
      variantId: variant.id,
      name: variant.name,
      sizeName: variant.size_name,
      flavourName: variant.flavour_name,
      categoryId: variant.category_id,
      stationId: variant.station_id,
      unitPriceMinor,
      taxClassId: variant.tax_class_id,
    });
  } else {
    const { deal, parts } = dealPicks(env.menu, op.dealId ?? 0, op.picks, orderType, env.at, field);
    const priceMinor = agreedPrice(
      op.unitPrice,
      deal.price_minor + parts.reduce((sum, part) => sum + part.extraMinor, 0n),
      op.lineUuid,
      state,
      env,
    );
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
export function ownLine(state: OrderState, lineUuid: string, field: string): LineState {
  const line = lineOf(state, lineUuid, field);
  if (line.dealParentUuid !== null) throw fieldError(field, POS_ORDER_MESSAGES.lineIsComponent);
  if (line.status === "voided") throw fieldError(field, POS_ORDER_MESSAGES.lineVoided);
  return line;
}

export const isFired = (state: OrderState, line: LineState) =>
  line.status === "fired" || componentsOf(state, line).some((part) => part.status === "fired");

/** Changes a pending line's quantity; a deal's parts follow in proportion. */
export function setQty(state: OrderState, line: LineState, qtyMicro: bigint, field: string): void {
  if (isFired(state, line)) throw new AppError("POS_LINE_FIRED", POS_ORDER_MESSAGES.lineNotPending, { field });
  const before = line.qtyMicro - line.voidedQtyMicro;
  for (const part of componentsOf(state, line)) part.qtyMicro = (part.qtyMicro * qtyMicro) / before;
  line.qtyMicro = qtyMicro + line.voidedQtyMicro;
}

export async function voidLine(
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
  const reason = await activeVoidReason(env.tx, op.reasonId, `${field}.reasonId`);
  const rules = env.pricing.outlet.supervisorRules;
  const approvedBy =
    rules.voidAfterFireNeedsSupervisor || reason.needsSupervisor
      ? await approval(env.tx, op.supervisorToken, "void_after_fire")
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
  const reason = await activeVoidReason(env.tx, op.reasonId, `${field}.reasonId`);
  const anyFired = state.lines.some((line) => line.status === "fired");
  const approvedBy =
    anyFired || reason.needsSupervisor ? await approval(env.tx, op.supervisorToken, "void_order") : null;
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
