import { z } from "zod";
import { bodyId, clientId, POS_ORDER_MESSAGES, posOpSchema } from "./pos-orders";

/**
 * The register's offline contract (design 6.7, D12, WP5): a device token bound to the counter
 * session lets the register sync after its cashier's sign-in ran out; `POST /api/pos/sync` takes
 * orders made offline, each with the invoice number the device issued, and answers each on its own.
 */
export const POS_SYNC_MESSAGES = {
  counter: "Choose the counter",
  session: "sessionId is the counter session the device took the order in",
  sessionMissing: "No such counter session for this counter",
  deviceCounter: "This device token belongs to another counter",
  deviceRequired: "This register has no device token: open the register again while online",
  deviceExpired: "This device token has expired: sign in and open the register again",
  openedAt: "openedAt is the date and time the device took the order (ISO 8601)",
  invoiceNo: "invoiceNo is the invoice number the device issued, like A01-2026-000123",
  invoiceNotNext: "This invoice number is not the counter's next one",
  orders: "Send from 1 to 500 orders",
  orderType: "An offline order is take_away or delivery",
  payLast: "An offline order ends with its pay operation",
  noDay: "No business day is open: the order waits on the device until one is",
  rescueClosed: "This counter's rescue session is already closed today: the order waits for the next day",
  waiting: "waiting is a whole number from 0 to 100000",
} as const;

const INVOICE_NO = /^[A-Za-z0-9]{1,10}-\d{4}-\d{6,}$/;
const isoMoment = (message: string) =>
  z
    .string({ error: message })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), message);

/** `POST /api/pos/device_token`: the register claims the token of its counter's open session. */
export const deviceTokenRequestSchema = z.object({
  counterId: bodyId(POS_SYNC_MESSAGES.counter),
  /** The device (else the X-Device-Id header). */
  deviceId: z.string().trim().min(1).max(100).optional(),
});
export type DeviceTokenRequest = z.infer<typeof deviceTokenRequestSchema>;

export const deviceTokenSchema = z.object({
  /** Sent as `X-Device-Token`; shown once, only its hash is kept. */
  token: z.string(),
  counterId: z.number(),
  counterCode: z.string(),
  sessionId: z.number(),
  businessDate: z.string(),
  /** The last invoice number the counter issued this year: the device's offline numbers follow it. */
  invoice: z.object({ year: z.number(), last: z.number() }),
});
export type DeviceToken = z.infer<typeof deviceTokenSchema>;

/** `POST /api/pos/heartbeat`: what waits in the device's outbox (Day Close shows it). */
export const heartbeatSchema = z.object({
  waiting: z
    .number({ error: POS_SYNC_MESSAGES.waiting })
    .int(POS_SYNC_MESSAGES.waiting)
    .min(0, POS_SYNC_MESSAGES.waiting)
    .max(100_000, POS_SYNC_MESSAGES.waiting),
});
export type Heartbeat = z.infer<typeof heartbeatSchema>;

/** One order made offline: a take-away or delivery sale, its operations ending with `pay`. */
export const offlineOrderSchema = z
  .object({
    clientUuid: clientId(POS_ORDER_MESSAGES.clientUuid),
    counterId: bodyId(POS_SYNC_MESSAGES.counter),
    sessionId: bodyId(POS_SYNC_MESSAGES.session),
    orderType: z.enum(["take_away", "delivery"], { error: POS_SYNC_MESSAGES.orderType }),
    customerId: bodyId(POS_ORDER_MESSAGES.customer).optional(),
    deviceId: z.string().trim().max(100).optional(),
    openedAt: isoMoment(POS_SYNC_MESSAGES.openedAt),
    paidAt: isoMoment(POS_SYNC_MESSAGES.openedAt).optional(),
    invoiceNo: z.string({ error: POS_SYNC_MESSAGES.invoiceNo }).regex(INVOICE_NO, POS_SYNC_MESSAGES.invoiceNo),
    ops: z.array(posOpSchema).min(2, POS_SYNC_MESSAGES.payLast).max(200, "Send from 1 to 200 operations"),
  })
  .refine((order) => order.ops.at(-1)?.kind === "pay", { path: ["ops"], message: POS_SYNC_MESSAGES.payLast });
export type OfflineOrder = z.infer<typeof offlineOrderSchema>;

export const syncInputSchema = z.object({
  orders: z.array(offlineOrderSchema).min(1, POS_SYNC_MESSAGES.orders).max(500, POS_SYNC_MESSAGES.orders),
});
export type SyncInput = z.infer<typeof syncInputSchema>;

/** Each order's answer: stored (or found stored: the first result), or refused with why. */
export const syncResultSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    clientUuid: z.string(),
    orderId: z.number(),
    number: z.string().nullable(),
    late: z.boolean(),
    /** The order was already stored by an earlier sync: nothing was written. */
    replay: z.boolean(),
  }),
  z.object({
    ok: z.literal(false),
    clientUuid: z.string(),
    status: z.number(),
    code: z.string(),
    message: z.string(),
    /** Worth sending again later (no open day, a busy server); else it needs a person. */
    retry: z.boolean(),
  }),
]);
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncAnswerSchema = z.object({ results: z.array(syncResultSchema) });
export type SyncAnswer = z.infer<typeof syncAnswerSchema>;
