import { z } from "zod";
import { TABLE_SHAPES } from "./floor";
import { idSchema, MAX_ID } from "./input";
import { POS_ORDER_MESSAGES, posQtySchema } from "./pos-orders";

/**
 * Table Order's floor and check moves (design 4.7, 4.8, 5.4 item 49, 6.2): the floor with each table's
 * occupancy worked out from its open and billed orders, the reserved / cleaning override, and moving
 * checks: transfer to another table, merge into another check, split into new checks. None of them
 * sends anything to the kitchen again; the kitchen screens get `order_moved` and the floor
 * `table_status` events. Money crosses as decimal major units, quantities as portions.
 */
export const POS_TABLE_MESSAGES = {
  hall: "Choose a hall",
  hallMissing: "No such hall",
  table: "Choose a table",
  tableMissing: "No such table",
  sameTable: "The order is already on this table",
  override: "Status is reserved, cleaning or none",
  intoOrder: "Choose the check to merge into",
  intoOrderMissing: "No such check to merge into",
  mergeSelf: "A check cannot be merged into itself",
  mergeDay: "Both checks must belong to the same business day",
  intoClosed: "The check to merge into is paid, voided or merged: it cannot take lines",
  mergeDiscounts: "Remove this check's order discount or coupon before merging it",
  splitDiscounts: "Remove the check's discounts and coupon before splitting it",
  parts: "Send from 1 to 20 parts",
  partLines: "Each part needs from 1 to 200 lines",
  line: "Choose a line of this order",
  lineMissing: "No such line on this order",
  splitQty: "Move at most the line's quantity that is not voided",
  splitAll: "Leave at least one item on the original check",
  dealWhole: "Move a deal whole: its full quantity, with its items",
  dealPart: "Move the deal's line, not its parts",
  opUuidUsed: "This opUuid was already used for a change of another order",
} as const;

const int = z.number().int();
const CLIENT_ID = /^[A-Za-z0-9_-]{8,64}$/;
const opUuid = z.string({ error: POS_ORDER_MESSAGES.opUuid }).regex(CLIENT_ID, POS_ORDER_MESSAGES.opUuid).optional();
const deviceId = z.string().trim().max(100).optional();
const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** How a table shows on the floor (design 4.8): worked out, never stored (but for the override). */
export const TABLE_STATES = ["free", "occupied", "billed", "reserved", "cleaning"] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const TABLE_OVERRIDES = ["reserved", "cleaning"] as const;
export type TableOverride = (typeof TABLE_OVERRIDES)[number];

/**
 * A table's state: occupied while any of its checks is open, billed when every check has its pre-bill
 * printed, else the override (reserved, cleaning), else free.
 */
export function tableStateOf(
  orderStatuses: readonly ("open" | "billed")[],
  override: TableOverride | null,
): TableState {
  if (orderStatuses.length > 0) return orderStatuses.every((status) => status === "billed") ? "billed" : "occupied";
  return override ?? "free";
}

/** `GET /api/pos/floor?hallId`: one hall's tables, or every active hall's when left out. */
export const posFloorQuerySchema = z.object({ hallId: idSchema(POS_TABLE_MESSAGES.hallMissing).optional() });
export type PosFloorQuery = z.infer<typeof posFloorQuerySchema>;

export const posFloorTableSchema = z.object({
  id: int,
  hallId: int,
  hallName: z.string(),
  name: z.string(),
  seats: int,
  shape: z.enum(TABLE_SHAPES),
  x: int,
  y: int,
  w: int,
  h: int,
  state: z.enum(TABLE_STATES),
  override: z.enum(TABLE_OVERRIDES).nullable(),
  /** Guests over the table's open and billed checks (null when none says). */
  guests: int.nullable(),
  /** When the oldest open or billed check was opened, and the seconds since then on the server's clock. */
  openedAt: z.string().nullable(),
  elapsedSeconds: int.nullable(),
  /** The open and billed checks' totals together. */
  total: z.number(),
  /** The open and billed checks, oldest first. */
  orderIds: z.array(int),
  /** A kitchen ticket of a check is ready (bumped, not yet served). */
  ready: z.boolean(),
  /** A kitchen ticket still cooking is past its station's target plus alert minutes. */
  late: z.boolean(),
  /** A check's pre-bill is printed (status billed). */
  billPrinted: z.boolean(),
});
export type PosFloorTable = z.infer<typeof posFloorTableSchema>;

export const posFloorSchema = z.object({
  serverTime: z.string(),
  hallId: int.nullable(),
  tables: z.array(posFloorTableSchema),
});
export type PosFloor = z.infer<typeof posFloorSchema>;

export const posTableIdParams = z.object({ id: idSchema(POS_TABLE_MESSAGES.tableMissing) });

/** `PUT /api/pos/table/{id}/status`: set or clear (none) the reserved / cleaning override. */
export const posTableStatusInputSchema = z.object({
  override: z.enum(["reserved", "cleaning", "none"], { error: POS_TABLE_MESSAGES.override }),
});
export type PosTableStatusInput = z.infer<typeof posTableStatusInputSchema>;

/** `POST /api/pos/order/{id}/transfer`: the check moves to another table; only its table changes. */
export const posTransferInputSchema = z.object({
  tableId: bodyId(POS_TABLE_MESSAGES.table),
  opUuid,
  deviceId,
});
export type PosTransferInput = z.infer<typeof posTransferInputSchema>;

/** `POST /api/pos/order/{id}/merge`: the check's lines move into another check, with their kitchen tickets. */
export const posMergeInputSchema = z.object({
  intoOrderId: bodyId(POS_TABLE_MESSAGES.intoOrder),
  opUuid,
  deviceId,
});
export type PosMergeInput = z.infer<typeof posMergeInputSchema>;

/** `POST /api/pos/order/{id}/split`: each part becomes a new check on the same table. */
export const posSplitInputSchema = z.object({
  parts: z
    .array(
      z.object({
        lines: z
          .array(z.object({ lineId: bodyId(POS_TABLE_MESSAGES.line), qty: posQtySchema }))
          .min(1, POS_TABLE_MESSAGES.partLines)
          .max(200, POS_TABLE_MESSAGES.partLines),
      }),
      { error: POS_TABLE_MESSAGES.parts },
    )
    .min(1, POS_TABLE_MESSAGES.parts)
    .max(20, POS_TABLE_MESSAGES.parts),
  opUuid,
  deviceId,
});
export type PosSplitInput = z.infer<typeof posSplitInputSchema>;

export const posSplitResultSchema = z.object({
  /** The original check. */
  orderId: int,
  /** The new checks, one per part, in the parts' order. */
  newOrderIds: z.array(int),
});
export type PosSplitResult = z.infer<typeof posSplitResultSchema>;

/** How long a "being edited by" hint lasts on other devices unless the editing device says so again. */
export const POS_EDITING_SECONDS = 30;

/**
 * `POST /api/pos/order/{id}/editing` (design 5.4 item 49): this device holds changes to the check it
 * has not sent yet. Every floor and check screen of the table shows who is editing it, for
 * POS_EDITING_SECONDS; the device says so again while it keeps editing.
 */
export const posEditingInputSchema = z.object({ deviceId });
export type PosEditingInput = z.infer<typeof posEditingInputSchema>;

/** The `order_editing` event's payload, and the answer to the call. */
export const posEditingSchema = z.object({
  orderId: int,
  tableId: int.nullable(),
  /** The waiter's name as the screens show it. */
  userName: z.string(),
  deviceId: z.string().nullable(),
  /** When the hint goes unless renewed (server time). */
  until: z.string(),
});
export type PosEditing = z.infer<typeof posEditingSchema>;
