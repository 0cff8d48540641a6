import {
  ORDER_TYPES,
  POS_LINE_STATUSES,
  type PosOrder,
  type PosOrderLine,
  posOpSchema,
  posOrderSchema,
} from "@cargodesk/shared";
import { z } from "zod";
import { minorOf } from "../../lib/format";

/**
 * The order on the register, built on the device (design 6.1 step 2): lines, discounts, customer and
 * coupon, plus `server`, the order as the server last answered it (null until it is held, sent or
 * paid). What the server has not seen yet is the difference between the two (`toOps`). Money is
 * minor units as plain numbers so the draft survives a reload as JSON (lib/drafts).
 */

const discountSchema = z.object({
  /** Percent (12.5) or an amount in major units, never both. */
  percent: z.number().nullable(),
  amount: z.number().nullable(),
  /** The supervisor's one-time approval when the discount is above the outlet's limit. */
  supervisorToken: z.string().optional(),
  approvedBy: z.string().optional(),
});
export type DraftDiscount = z.infer<typeof discountSchema>;

const lineSchema = z.object({
  lineUuid: z.string(),
  variantId: z.number().int().nullable(),
  dealId: z.number().int().nullable(),
  /** A deal's picked option ids. */
  picks: z.array(z.number().int()),
  name: z.string(),
  /** "L · Spicy", or a deal's parts. */
  detail: z.string(),
  categoryId: z.number().int(),
  /** The variant whose product's tax class taxes the line: its own, or a deal's largest part (as the server taxes it). */
  taxVariantId: z.number().int().nullable(),
  unitPriceMinor: z.number().int(),
  /** Portions still on the order. */
  qty: z.number(),
  note: z.string(),
  discount: discountSchema.nullable(),
  status: z.enum(POS_LINE_STATUSES),
  /** Dine-in courses: Send fires course 1 (and a course already started); later ones wait for Fire course N. */
  course: z.number().int().min(1).max(9).default(1),
});
export type DraftLine = z.infer<typeof lineSchema>;

const customerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  /** The customer's standing discount (percent). */
  discountPercent: z.number(),
});
export type DraftCustomer = z.infer<typeof customerSchema>;

const couponSchema = z.object({ code: z.string(), name: z.string(), discountMinor: z.number().int() });
export type DraftCoupon = z.infer<typeof couponSchema>;

export const draftSchema = z.object({
  clientUuid: z.string(),
  orderType: z.enum(ORDER_TYPES),
  tableId: z.number().int().nullable(),
  guests: z.number().int().nullable(),
  customer: customerSchema.nullable(),
  lines: z.array(lineSchema),
  orderDiscount: discountSchema.nullable(),
  coupon: couponSchema.nullable(),
  /** The course that items added now go to (dine-in). */
  course: z.number().int().min(1).max(9).default(1),
  server: posOrderSchema.nullable(),
  /**
   * A send that found no network (design 6.7, dine-in offline): the operations it carried (a fire, a
   * bill), sent again with the draft's changes as soon as the network is back. Absent: nothing waits.
   */
  queued: z.array(posOpSchema).optional(),
});
export type Draft = z.infer<typeof draftSchema>;
export type OrderTypeName = Draft["orderType"];

export const emptyDraft = (clientUuid: string, orderType: OrderTypeName): Draft => ({
  clientUuid,
  orderType,
  tableId: null,
  guests: null,
  customer: null,
  lines: [],
  orderDiscount: null,
  coupon: null,
  course: 1,
  server: null,
});

/** A line as the menu adds it (qty 1 unless said). */
export type NewLine = Omit<DraftLine, "qty" | "note" | "discount" | "status" | "course"> & { qty?: number };

export type DraftAction =
  | { type: "add"; line: NewLine }
  | { type: "qty"; lineUuid: string; qty: number }
  | { type: "remove"; lineUuid: string }
  | { type: "note"; lineUuid: string; note: string }
  | { type: "lineDiscount"; lineUuid: string; discount: DraftDiscount | null }
  | { type: "orderDiscount"; discount: DraftDiscount | null }
  | { type: "orderType"; orderType: OrderTypeName }
  | { type: "table"; tableId: number | null }
  | { type: "guests"; guests: number | null }
  | { type: "customer"; customer: DraftCustomer | null }
  | { type: "coupon"; coupon: DraftCoupon | null }
  /** Items added from now on go to this course. */
  | { type: "course"; course: number }
  | { type: "synced"; order: PosOrder }
  /** The menu's prices now, by line, for lines the server has not seen (after "Prices changed"). */
  | { type: "reprice"; prices: Readonly<Record<string, number>> };

const samePick = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/** Whether the server already has this line (it then changes only through the server's rules). */
export const isOnServer = (draft: Draft, lineUuid: string): boolean =>
  draft.server?.lines.some((line) => line.lineUuid === lineUuid) ?? false;

/** Only lines that are still pending (not sent to the kitchen) change freely. */
const editable = (line: DraftLine) => line.status === "pending";

function updateLine(draft: Draft, lineUuid: string, change: (line: DraftLine) => DraftLine | null): Draft {
  const lines = draft.lines.flatMap((line) => {
    if (line.lineUuid !== lineUuid || !editable(line)) return [line];
    const next = change(line);
    return next ? [next] : [];
  });
  return { ...draft, lines };
}

export function draftReducer(draft: Draft, action: DraftAction): Draft {
  switch (action.type) {
    case "add": {
      const { qty = 1, ...line } = action.line;
      // Tapping the same plain item again adds to its pending line instead of a new one.
      const same = draft.lines.find(
        (candidate) =>
          editable(candidate) &&
          candidate.note === "" &&
          candidate.discount === null &&
          candidate.variantId === line.variantId &&
          candidate.dealId === line.dealId &&
          samePick(candidate.picks, line.picks) &&
          candidate.unitPriceMinor === line.unitPriceMinor &&
          candidate.course === draft.course,
      );
      if (same) return updateLine(draft, same.lineUuid, (found) => ({ ...found, qty: found.qty + qty }));
      return {
        ...draft,
        lines: [...draft.lines, { ...line, qty, note: "", discount: null, status: "pending", course: draft.course }],
      };
    }
    case "qty":
      return action.qty > 0 ? updateLine(draft, action.lineUuid, (line) => ({ ...line, qty: action.qty })) : draft;
    case "remove":
      return updateLine(draft, action.lineUuid, () => null);
    case "note":
      return updateLine(draft, action.lineUuid, (line) => ({ ...line, note: action.note.trim() }));
    case "lineDiscount":
      return {
        ...draft,
        lines: draft.lines.map((line) =>
          line.lineUuid === action.lineUuid && line.status !== "voided" ? { ...line, discount: action.discount } : line,
        ),
      };
    case "orderDiscount":
      return { ...draft, orderDiscount: action.discount };
    case "orderType":
      // The server keeps an order's type: it can change only before the order is held or sent.
      if (draft.server) return draft;
      return {
        ...draft,
        orderType: action.orderType,
        tableId: action.orderType === "dine_in" ? draft.tableId : null,
        guests: action.orderType === "dine_in" ? draft.guests : null,
      };
    case "table":
      return draft.server ? draft : { ...draft, tableId: action.tableId };
    case "guests":
      return { ...draft, guests: action.guests };
    case "customer":
      return { ...draft, customer: action.customer };
    case "coupon":
      return { ...draft, coupon: action.coupon };
    case "course":
      return { ...draft, course: action.course };
    case "synced":
      return fromServer(action.order, draft);
    case "reprice":
      return {
        ...draft,
        lines: draft.lines.map((line) => {
          const price = action.prices[line.lineUuid];
          return price === undefined || isOnServer(draft, line.lineUuid) ? line : { ...line, unitPriceMinor: price };
        }),
      };
  }
}

const discountOf = (entry: { percent: number | null; amount: number | null }): DraftDiscount => ({
  percent: entry.percent,
  amount: entry.percent === null ? entry.amount : null,
});

/**
 * The draft as the server's order says, after a hold, send or any answer: the server's lines,
 * discounts, customer and coupon, with the local customer's discount kept when it is the same one.
 * Deal parts are shown in their header line's detail; fully voided lines stay, struck through.
 */
export function fromServer(order: PosOrder, previous: Draft): Draft {
  const manual = order.discounts.filter((entry) => entry.source === "manual");
  const lineDiscount = (lineId: number) => manual.find((entry) => entry.lineId === lineId);
  const partsOf = (headerId: number) => order.lines.filter((line) => line.dealParentLineId === headerId);
  const largestPart = (headerId: number) =>
    partsOf(headerId).reduce<PosOrderLine | undefined>(
      (best, part) => (!best || part.unitPrice * part.qty > best.unitPrice * best.qty ? part : best),
      undefined,
    );
  const orderDiscount = manual.find((entry) => entry.lineId === null);
  const couponDiscount = order.discounts.find((entry) => entry.source === "coupon");
  return {
    clientUuid: order.clientUuid,
    orderType: order.orderType,
    tableId: order.table?.id ?? null,
    guests: order.guests,
    customer: order.customer
      ? {
          ...order.customer,
          discountPercent: previous.customer?.id === order.customer.id ? previous.customer.discountPercent : 0,
        }
      : null,
    lines: order.lines
      .filter((line) => line.dealParentLineId === null && line.refundOfLineId === null)
      .map((line) => {
        const discount = lineDiscount(line.id);
        return {
          lineUuid: line.lineUuid,
          variantId: line.variantId,
          dealId: line.dealId,
          picks: [],
          name: line.name,
          detail:
            line.dealId !== null
              ? partsOf(line.id)
                  .map((part) => part.name)
                  .join(", ")
              : [line.sizeName, line.flavourName].filter(Boolean).join(" · "),
          categoryId: line.categoryId ?? 0,
          taxVariantId: line.dealId !== null ? (largestPart(line.id)?.variantId ?? null) : line.variantId,
          unitPriceMinor: minorOf(line.unitPrice),
          qty: Math.round((line.qty - line.voidedQty) * 1000) / 1000,
          note: line.note,
          discount: discount ? discountOf(discount) : null,
          status: line.status,
          course: line.course,
        };
      }),
    orderDiscount: orderDiscount ? discountOf(orderDiscount) : null,
    coupon:
      order.couponCode && couponDiscount
        ? {
            code: order.couponCode,
            name: previous.coupon?.name ?? order.couponCode,
            discountMinor: minorOf(couponDiscount.allocated),
          }
        : null,
    course: previous.course,
    server: order,
  };
}

/** The lines that count: not voided and with something left. */
export const liveLines = (draft: Draft): DraftLine[] =>
  draft.lines.filter((line) => line.status !== "voided" && line.qty > 0);

/** The courses a Send fires: course 1 and every course already started (a line of it was sent). */
function startedCourses(draft: Draft): Set<number> {
  return new Set([1, ...draft.lines.filter((line) => line.status !== "pending").map((line) => line.course)]);
}

/**
 * What Send fires (design 6.2 step 3): the pending lines of the courses already started; null when
 * that is every pending line (a plain fire). Later courses wait for their Fire course N.
 */
export function sendableLines(draft: Draft): string[] | null {
  const started = startedCourses(draft);
  const pending = liveLines(draft).filter((line) => line.status === "pending");
  const now = pending.filter((line) => started.has(line.course));
  return now.length === pending.length ? null : now.map((line) => line.lineUuid);
}

/** The courses held back, lowest first: they have pending lines and none of theirs was sent yet. */
export function heldCourses(draft: Draft): number[] {
  const started = startedCourses(draft);
  const held = liveLines(draft)
    .filter((line) => line.status === "pending" && !started.has(line.course))
    .map((line) => line.course);
  return [...new Set(held)].sort((a, b) => a - b);
}
