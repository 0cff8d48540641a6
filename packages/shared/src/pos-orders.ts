import { z } from "zod";
import { idSchema, MAX_ID } from "./input";
import { moneyAmount } from "./money";
import { ORDER_TYPES } from "./outlet-settings";

/**
 * The POS order engine's contract (design: restaurant-pos-inventory.md, 4.7-4.8, 5.4 items 46-47, 6.1,
 * 6.2, 6.8, D9): an order lives on the server and changes only through operations, each with its own
 * `opUuid` (a replay is skipped) and stored in the order's log. Money crosses as decimal major units,
 * quantities as portions with at most 3 decimals. The pricing maths is `computeOrder` in pos-totals.ts.
 */
export const POS_ORDER_MESSAGES = {
  clientUuid: "clientUuid is an id of 8 to 64 letters, digits, - or _ made by the device",
  opUuid: "opUuid is an id of 8 to 64 letters, digits, - or _ made by the device",
  lineUuid: "lineUuid is an id of 1 to 64 letters, digits, - or _ made by the device",
  counter: "Choose the counter",
  counterMissing: "No such counter",
  orderType: "Choose take_away, dine_in or delivery",
  table: "Choose a table",
  tableMissing: "No such table",
  tableNeeded: "A dine-in order needs a table",
  guests: "Guests is a whole number from 1 to 99",
  customer: "No such customer",
  variant: "Choose an active menu item that the POS sells",
  deal: "Choose an active deal that is on now for this order type",
  dealPicks: "Choose the deal's options: each group needs between its minimum and maximum picks",
  itemOrderType: "This item is not sold for this order type",
  soldOut: "This item is sold out",
  qty: "Quantity is a number from 0.001 to 10000 with at most 3 decimals",
  unitPrice: "Price must be a number with at most 2 decimals",
  note: "A note has at most 200 characters",
  course: "Course is a whole number from 1 to 9",
  ops: "Send from 1 to 200 operations",
  lineMissing: "No such line on this order",
  lineTaken: "This lineUuid is already a line of this order",
  itemOrDeal: "Give either a menu item (variantId) or a deal (dealId)",
  payLast: "A pay operation must be the last one",
  payNeedsPos: "Taking payment needs the POS permission",
  lineNotPending: "This line was sent to the kitchen: void it with a reason instead",
  lineVoided: "This line is already voided",
  lineIsComponent: "Change the deal's line, not its parts",
  voidQty: "Void at most the line's quantity that is not voided yet",
  discountPct: "A discount is from 0 to 100%",
  discountAmount: "A discount amount is 0 or more, with at most 2 decimals",
  discountOne: "Give a percentage or an amount, not both",
  reason: "Choose a reason",
  reasonMissing: "No such void reason",
  couponCode: "A coupon code has at most 30 letters, digits or -",
  couponUnknown: "No such coupon code",
  pricesChanged: "Prices changed, please review",
  noSession: "This counter has no open session: open it on Day Open first",
  dayClosed: "This business day is closed (day closed): the order cannot change",
  versionConflict: "The order was changed on another device: here is the current order",
  notOpen: "This order is paid, voided or merged: it cannot change",
  notPaid: "Only a paid order can be refunded or picked up",
  noLines: "An order with no lines cannot be paid",
  payments: "Add from 1 to 10 payments",
  method: "Choose a payment method",
  methodMissing: "No such payment method",
  amount: "Amount must be a number of 0 or more with at most 2 decimals",
  tendered: "Tendered cash must be at least the amount",
  reference: "A reference has at most 60 characters",
  underpaid: "Payments must add up to at least the amount due",
  overDue: "Only cash gives change: a card or other payment cannot be more than the amount due",
  alreadyCovered: "The order is already paid in full: remove the extra payment",
  zeroPayment: "A payment must be more than 0",
  paymentUsed: "This payment's clientUuid was already used for another payment",
  onAccountCustomer: "A customer is required for on-account payment",
  onAccountNotAllowed: "This customer has no house account (credit is not allowed)",
  creditLimit: "This payment would take the customer past the credit limit",
  supervisor: "A supervisor must approve this: ask for the supervisor's approval",
  discountApproval: "A discount this large needs a supervisor's approval",
  refundLines: "Choose at least one line to refund",
  refundQty: "You cannot refund more than was sold less what was already refunded",
  refundLine: "This line is not on the order being refunded",
  refundCash: "Cash refunds come from an open session: open a counter on Day Open first",
  pickedUp: "Only a paid take-away order can be marked picked up",
  orderMissing: "No such order",
} as const;

const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const LINE_ID = /^[A-Za-z0-9_-]{1,64}$/;
export const clientId = (message: string) => z.string({ error: message }).regex(CLIENT_ID, message);

/** A body id: a positive whole number that fits the database's integer keys. */
export const bodyId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** Portions with at most 3 decimals, 0.001 to 10,000. */
export const posQtySchema = z.number({ error: POS_ORDER_MESSAGES.qty }).refine((value) => {
  const milli = Number.isFinite(value) ? Math.round(value * 1000) : Number.NaN;
  return milli >= 1 && milli <= 10_000_000 && Math.abs(milli - value * 1000) < 1e-6;
}, POS_ORDER_MESSAGES.qty);

/** Micro-portions of a validated quantity (1 portion = 1,000,000). */
export const qtyMicroOf = (qty: number): bigint => BigInt(Math.round(qty * 1000)) * 1000n;

const supervisorToken = z.string().trim().min(1).max(200).optional();
const note = z.string({ error: POS_ORDER_MESSAGES.note }).trim().max(200, POS_ORDER_MESSAGES.note);
const course = z
  .number({ error: POS_ORDER_MESSAGES.course })
  .int(POS_ORDER_MESSAGES.course)
  .min(1, POS_ORDER_MESSAGES.course)
  .max(9, POS_ORDER_MESSAGES.course);

export const posPaymentInputSchema = z
  .object({
    methodId: bodyId(POS_ORDER_MESSAGES.method),
    /** What this tender settles; cash above the amount due gives change. */
    amount: moneyAmount(POS_ORDER_MESSAGES.amount, 0),
    /** Cash handed over (at least the amount); the change is worked out from it. */
    tendered: moneyAmount(POS_ORDER_MESSAGES.amount, 0).optional(),
    /** Card slip number or last 4 digits. */
    reference: z.string().trim().max(60, POS_ORDER_MESSAGES.reference).default(""),
  })
  .refine((tender) => tender.tendered === undefined || tender.tendered >= tender.amount, {
    path: ["tendered"],
    message: POS_ORDER_MESSAGES.tendered,
  });
export type PosPaymentInput = z.infer<typeof posPaymentInputSchema>;

export const posPayInputSchema = z.object({
  /** The payment's own id from the device: the same payment sent again is the same payment. */
  clientUuid: clientId(POS_ORDER_MESSAGES.clientUuid),
  payments: z.array(posPaymentInputSchema).min(1, POS_ORDER_MESSAGES.payments).max(10, POS_ORDER_MESSAGES.payments),
  /** Replaces the order's coupon code; "" removes it. */
  couponCode: z.string().trim().max(30, POS_ORDER_MESSAGES.couponCode).optional(),
  /** The total the screen showed: a different total on the server is 409 "Prices changed, please review". */
  total: moneyAmount(POS_ORDER_MESSAGES.amount, 0).optional(),
  /** The counter taking the money (its open session); the order's own counter when left out. */
  counterId: bodyId(POS_ORDER_MESSAGES.counter).optional(),
  supervisorToken,
});
export type PosPayInput = z.infer<typeof posPayInputSchema>;

const opBase = { opUuid: clientId(POS_ORDER_MESSAGES.opUuid) };
const lineUuid = z.string({ error: POS_ORDER_MESSAGES.lineUuid }).regex(LINE_ID, POS_ORDER_MESSAGES.lineUuid);

/** One operation on an order (its log's `kind`). Lines are named by the device's `lineUuid`. */
export const posOpSchema = z.discriminatedUnion("kind", [
  z.object({
    ...opBase,
    kind: z.literal("add_line"),
    lineUuid,
    /** A menu item; or `dealId` with the picked option ids of its choice groups. */
    variantId: bodyId(POS_ORDER_MESSAGES.variant).optional(),
    dealId: bodyId(POS_ORDER_MESSAGES.deal).optional(),
    picks: z.array(bodyId(POS_ORDER_MESSAGES.dealPicks)).max(50).default([]),
    qty: posQtySchema,
    /** The price the device showed: a different menu price is 409 "Prices changed, please review". */
    unitPrice: moneyAmount(POS_ORDER_MESSAGES.unitPrice, 0).optional(),
    note: note.default(""),
    course: course.default(1),
  }),
  z.object({ ...opBase, kind: z.literal("set_qty"), lineUuid, qty: posQtySchema }),
  z.object({
    ...opBase,
    kind: z.literal("void_line"),
    lineUuid,
    /** Part of a fired line; the whole line when left out. */
    qty: posQtySchema.optional(),
    reasonId: bodyId(POS_ORDER_MESSAGES.reason).optional(),
    supervisorToken,
  }),
  z.object({ ...opBase, kind: z.literal("note"), lineUuid, note }),
  z.object({ ...opBase, kind: z.literal("set_customer"), customerId: bodyId(POS_ORDER_MESSAGES.customer).nullable() }),
  z.object({
    ...opBase,
    kind: z.literal("set_guests"),
    guests: z
      .number({ error: POS_ORDER_MESSAGES.guests })
      .int(POS_ORDER_MESSAGES.guests)
      .min(1, POS_ORDER_MESSAGES.guests)
      .max(99, POS_ORDER_MESSAGES.guests),
  }),
  z
    .object({
      ...opBase,
      kind: z.literal("discount"),
      /** The line discounted; null for the whole order. A 0 discount removes it. */
      lineUuid: lineUuid.nullable(),
      /** Percent (0-100, up to 2 decimals) or an amount. */
      percent: z
        .number({ error: POS_ORDER_MESSAGES.discountPct })
        .min(0, POS_ORDER_MESSAGES.discountPct)
        .max(100, POS_ORDER_MESSAGES.discountPct)
        .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, POS_ORDER_MESSAGES.discountPct)
        .optional(),
      amount: moneyAmount(POS_ORDER_MESSAGES.discountAmount, 0).optional(),
      reason: z.string().trim().max(200).default(""),
      supervisorToken,
    })
    .refine((op) => (op.percent === undefined) !== (op.amount === undefined), {
      path: ["percent"],
      message: POS_ORDER_MESSAGES.discountOne,
    }),
  z.object({
    ...opBase,
    kind: z.literal("coupon"),
    /** null or "" removes the order's coupon. */
    code: z.string().trim().max(30, POS_ORDER_MESSAGES.couponCode).nullable(),
  }),
  z.object({
    ...opBase,
    kind: z.literal("fire"),
    /** Only these lines, or only this course; every pending line when both are left out. */
    lineUuids: z.array(lineUuid).max(500).optional(),
    course: course.optional(),
  }),
  z.object({ ...opBase, kind: z.literal("bill") }),
  z.object({ ...opBase, kind: z.literal("pay"), ...posPayInputSchema.shape }),
  z.object({
    ...opBase,
    kind: z.literal("void_order"),
    reasonId: bodyId(POS_ORDER_MESSAGES.reason),
    supervisorToken,
  }),
]);
export type PosOp = z.infer<typeof posOpSchema>;
export type PosOpKind = PosOp["kind"];
export const POS_OP_KINDS = [
  "add_line",
  "set_qty",
  "void_line",
  "note",
  "set_customer",
  "set_guests",
  "discount",
  "coupon",
  "fire",
  "bill",
  "pay",
  "void_order",
] as const satisfies readonly PosOpKind[];

const opsArray = z.array(posOpSchema).max(200, POS_ORDER_MESSAGES.ops);
const deviceId = z.string().trim().max(100).optional();

/** `POST /api/pos/order`: a new order (the same clientUuid again answers the same order, writing nothing). */
export const posOrderCreateSchema = z
  .object({
    clientUuid: clientId(POS_ORDER_MESSAGES.clientUuid),
    counterId: bodyId(POS_ORDER_MESSAGES.counter),
    orderType: z.enum(ORDER_TYPES, { error: POS_ORDER_MESSAGES.orderType }),
    tableId: bodyId(POS_ORDER_MESSAGES.table).optional(),
    guests: z
      .number({ error: POS_ORDER_MESSAGES.guests })
      .int(POS_ORDER_MESSAGES.guests)
      .min(1, POS_ORDER_MESSAGES.guests)
      .max(99, POS_ORDER_MESSAGES.guests)
      .optional(),
    customerId: bodyId(POS_ORDER_MESSAGES.customer).optional(),
    /** The device (else the X-Device-Id header) recorded on every operation. */
    deviceId,
    /** Operations applied at once (none: an empty order); a take-away sale ends with a `pay` operation. */
    ops: opsArray.optional(),
  })
  .refine((input) => input.orderType !== "dine_in" || input.tableId !== undefined, {
    path: ["tableId"],
    message: POS_ORDER_MESSAGES.tableNeeded,
  });
export type PosOrderCreateInput = z.infer<typeof posOrderCreateSchema>;

/** `POST /api/pos/order/{id}/ops`. */
export const posOpsInputSchema = z.object({
  expectedVersion: z.number().int().min(1),
  ops: opsArray.min(1, POS_ORDER_MESSAGES.ops),
  deviceId,
});
export type PosOpsInput = z.infer<typeof posOpsInputSchema>;

/** `POST /api/pos/order/{id}/fire`: the named lines (ids), one course, or every pending line. */
export const posFireInputSchema = z.object({
  opUuid: clientId(POS_ORDER_MESSAGES.opUuid).optional(),
  lineIds: z.array(z.number().int().positive()).max(500).optional(),
  course: course.optional(),
  deviceId,
});
export type PosFireInput = z.infer<typeof posFireInputSchema>;

/** `POST /api/pos/order/{id}/bill` (and `/picked_up`): an optional id for replays. */
export const posSimpleOpInputSchema = z.object({ opUuid: clientId(POS_ORDER_MESSAGES.opUuid).optional(), deviceId });
export type PosSimpleOpInput = z.infer<typeof posSimpleOpInputSchema>;

/** `POST /api/pos/order/{id}/void`: an open or billed order; a supervisor when a line was fired. */
export const posVoidInputSchema = z.object({
  opUuid: clientId(POS_ORDER_MESSAGES.opUuid).optional(),
  reasonId: bodyId(POS_ORDER_MESSAGES.reason),
  supervisorToken,
  deviceId,
});
export type PosVoidInput = z.infer<typeof posVoidInputSchema>;

/** `POST /api/pos/order/{id}/refund`: a new `refund` order against the paid order's lines. */
export const posRefundInputSchema = z.object({
  clientUuid: clientId(POS_ORDER_MESSAGES.clientUuid),
  lines: z
    .array(
      z.object({
        lineId: z.number({ error: POS_ORDER_MESSAGES.refundLine }).int().positive(POS_ORDER_MESSAGES.refundLine),
        qty: posQtySchema,
        /** Only for items sold as they are (direct): the quantity goes back to the Kitchen. */
        backToStock: z.boolean().default(false),
      }),
    )
    .min(1, POS_ORDER_MESSAGES.refundLines)
    .max(500, POS_ORDER_MESSAGES.refundLines),
  methodId: bodyId(POS_ORDER_MESSAGES.method),
  reasonId: bodyId(POS_ORDER_MESSAGES.reason),
  /** The counter whose open session pays the money out (else the original order's counter). */
  counterId: bodyId(POS_ORDER_MESSAGES.counter).optional(),
  supervisorToken,
  deviceId,
});
export type PosRefundInput = z.infer<typeof posRefundInputSchema>;

export const POS_ORDER_STATUSES = ["open", "billed", "paid", "voided", "merged", "refund"] as const;
export const KITCHEN_STATUSES = ["none", "new", "preparing", "ready", "served"] as const;
export const POS_LINE_STATUSES = ["pending", "fired", "voided"] as const;

/** `GET /api/pos/order`: server paging; the open day when businessDayId is left out. */
export const posOrderListQuerySchema = z.object({
  businessDayId: idSchema().optional(),
  status: z.enum(POS_ORDER_STATUSES).optional(),
  type: z.enum(ORDER_TYPES).optional(),
  tableId: idSchema().optional(),
  waiterId: idSchema().optional(),
  counterId: idSchema().optional(),
  /** An invoice number (or part of it) or a token. */
  q: z.string().trim().max(40).optional(),
  size: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).default(1),
});
export type PosOrderListQuery = z.infer<typeof posOrderListQuerySchema>;

export const posOrderIdParams = z.object({ id: idSchema(POS_ORDER_MESSAGES.orderMissing) });
