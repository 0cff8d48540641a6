import type { PosOp, PosOrder, PosOrderCreateInput } from "@cargodesk/shared";
import type { Draft, DraftDiscount, DraftLine } from "./draft";

/** Makes the device's ids (operations, lines, orders, payments). */
export type NewId = () => string;

const sameDiscount = (a: DraftDiscount | null, b: DraftDiscount | null): boolean =>
  (a?.percent ?? null) === (b?.percent ?? null) && (a?.amount ?? null) === (b?.amount ?? null);

/** A discount op; no discount is a 0% one, which removes it. */
function discountOp(id: NewId, lineUuid: string | null, discount: DraftDiscount | null): PosOp {
  const value =
    discount === null || (discount.percent === null && discount.amount === null)
      ? { percent: 0 }
      : discount.percent !== null
        ? { percent: discount.percent }
        : { amount: discount.amount ?? 0 };
  return {
    opUuid: id(),
    kind: "discount",
    lineUuid,
    ...value,
    reason: "",
    ...(discount?.supervisorToken ? { supervisorToken: discount.supervisorToken } : {}),
  };
}

const addLineOp = (id: NewId, line: DraftLine): PosOp => ({
  opUuid: id(),
  kind: "add_line",
  lineUuid: line.lineUuid,
  ...(line.dealId !== null
    ? { dealId: line.dealId, picks: line.picks }
    : { variantId: line.variantId ?? 0, picks: [] }),
  qty: line.qty,
  unitPrice: line.unitPriceMinor / 100,
  note: line.note,
  course: line.course,
});

/** The manual discounts the server holds, by the device's line id (null: the order's). */
function serverDiscounts(order: PosOrder): Map<string | null, DraftDiscount> {
  const uuidOf = new Map(order.lines.map((line) => [line.id, line.lineUuid]));
  const found = new Map<string | null, DraftDiscount>();
  for (const entry of order.discounts) {
    if (entry.source !== "manual") continue;
    const key = entry.lineId === null ? null : (uuidOf.get(entry.lineId) ?? null);
    found.set(key, { percent: entry.percent, amount: entry.percent === null ? entry.amount : null });
  }
  return found;
}

/**
 * What the server has not seen of the draft, as operations (design D9): new lines, changed
 * quantities and notes of pending lines, pending lines taken off (free before firing), discounts,
 * the customer, guests and the coupon. Against no server order, everything the draft holds.
 */
export function toOps(draft: Draft, id: NewId): PosOp[] {
  const server = draft.server;
  const before = new Map(server?.lines.map((line) => [line.lineUuid, line]) ?? []);
  const ops: PosOp[] = [];
  for (const line of draft.lines) {
    const known = before.get(line.lineUuid);
    if (!known) {
      if (line.status === "pending" && line.qty > 0) ops.push(addLineOp(id, line));
      continue;
    }
    if (known.status !== "pending") continue;
    if (Math.abs(known.qty - known.voidedQty - line.qty) > 1e-9)
      ops.push({ opUuid: id(), kind: "set_qty", lineUuid: line.lineUuid, qty: line.qty });
    if (known.note !== line.note) ops.push({ opUuid: id(), kind: "note", lineUuid: line.lineUuid, note: line.note });
  }
  const kept = new Set(draft.lines.map((line) => line.lineUuid));
  for (const line of server?.lines ?? []) {
    const gone = !kept.has(line.lineUuid) && line.dealParentLineId === null && line.refundOfLineId === null;
    if (gone && line.status === "pending") ops.push({ opUuid: id(), kind: "void_line", lineUuid: line.lineUuid });
  }

  const held = server ? serverDiscounts(server) : new Map<string | null, DraftDiscount>();
  for (const line of draft.lines) {
    if (line.status === "voided" || !(line.discount || held.has(line.lineUuid))) continue;
    if (!sameDiscount(line.discount, held.get(line.lineUuid) ?? null))
      ops.push(discountOp(id, line.lineUuid, line.discount));
  }
  if (!sameDiscount(draft.orderDiscount, held.get(null) ?? null)) ops.push(discountOp(id, null, draft.orderDiscount));

  const customerId = draft.customer?.id ?? null;
  if (server ? (server.customer?.id ?? null) !== customerId : false)
    ops.push({ opUuid: id(), kind: "set_customer", customerId });
  if (server && draft.guests !== null && server.guests !== draft.guests)
    ops.push({ opUuid: id(), kind: "set_guests", guests: draft.guests });
  const code = draft.coupon?.code ?? null;
  if ((server?.couponCode ?? null) !== code) ops.push({ opUuid: id(), kind: "coupon", code });
  return ops;
}

/** `POST /api/pos/order` for a draft the server has not seen, with its operations and any `extra` (a fire, a pay). */
export function createBody(
  draft: Draft,
  counterId: number,
  deviceId: string,
  id: NewId,
  extra: readonly PosOp[] = [],
): PosOrderCreateInput {
  return {
    clientUuid: draft.clientUuid,
    counterId,
    orderType: draft.orderType,
    ...(draft.tableId !== null ? { tableId: draft.tableId } : {}),
    ...(draft.guests !== null ? { guests: draft.guests } : {}),
    ...(draft.customer ? { customerId: draft.customer.id } : {}),
    deviceId,
    ops: [...toOps(draft, id), ...extra],
  };
}
