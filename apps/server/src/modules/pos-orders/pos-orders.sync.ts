import { randomBytes } from "node:crypto";
import {
  type DeviceToken,
  type DeviceTokenRequest,
  type Heartbeat,
  type OfflineOrder,
  POS_ORDER_MESSAGES,
  POS_SYNC_MESSAGES,
  type SyncAnswer,
  type SyncInput,
  type SyncResult,
} from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { posDeviceTokens } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { type DeviceAuth, deviceTokenHash } from "../../plugins/access";
import { runBatch, storedOpsOf } from "./pos-orders.batch";
import { fieldError } from "./pos-orders.env";
import { lockOpenSession, type OpenSession } from "./pos-orders.pay";
import { insertOrder, knownOrderAndParties, whoOf } from "./pos-orders.service";
import type { OrderState } from "./pos-orders.state";

/**
 * The register's offline side on the server (design 6.7, D8, D12): the device token a register claims
 * for its counter's open session, its heartbeat, and the sync of orders it made offline. Each synced
 * order is its own transaction; a clientUuid already stored answers its first result; an order whose
 * session is closed goes to the counter's rescue session in the open day, flagged late, and never into
 * a closed day; the invoice number the device issued must be the counter's next.
 */

const invoiceRow = z.object({ code: col.text, last: col.int });

/**
 * `POST /api/pos/device_token`: the register's token for its counter's open session, made again on
 * each claim from the same device (only its hash is kept), with the counter's last invoice number so
 * the device can number sales it makes offline.
 */
export async function claimDeviceToken(
  ctx: Ctx,
  input: DeviceTokenRequest,
  deviceHeader: string | undefined,
): Promise<DeviceToken> {
  const user = signedIn(ctx);
  const deviceId = input.deviceId ?? deviceHeader ?? `user-${user.id}`;
  return ctx.db.transaction(async (tx) => {
    const session = await lockOpenSession(tx, input.counterId);
    const token = randomBytes(32).toString("base64url");
    await tx
      .insert(posDeviceTokens)
      .values({
        sessionId: session.id,
        counterId: session.counterId,
        deviceId,
        userId: user.id,
        tokenHash: deviceTokenHash(token),
      })
      .onConflictDoUpdate({
        target: [posDeviceTokens.sessionId, posDeviceTokens.deviceId],
        set: { tokenHash: deviceTokenHash(token), userId: user.id, issuedAt: sql`now()`, lastSeenAt: sql`now()` },
      });
    const year = Number(session.businessDate.slice(0, 4));
    const [invoice] = rowsOf(
      invoiceRow,
      await tx.execute(sql`
        SELECT c.code, coalesce((SELECT last FROM pos_invoice_counters WHERE counter_id = c.id AND year = ${year}), 0) AS last
        FROM pos_counters c WHERE c.id = ${session.counterId}`),
    );
    ctx.log.event("pos.device.claimed", { counterId: session.counterId, sessionId: session.id, deviceId, by: user.id });
    return {
      token,
      counterId: session.counterId,
      counterCode: invoice?.code ?? session.counterCode,
      sessionId: session.id,
      businessDate: session.businessDate,
      invoice: { year, last: invoice?.last ?? 0 },
    };
  });
}

const requireDevice = (device: DeviceAuth | null): DeviceAuth => {
  if (!device) throw new AppError("UNAUTHENTICATED", POS_SYNC_MESSAGES.deviceRequired);
  return device;
};

/** `POST /api/pos/heartbeat`: the register is alive and holds `waiting` orders (Day Close shows both). */
export async function heartbeat(ctx: Ctx, device: DeviceAuth | null, input: Heartbeat): Promise<{ ok: true }> {
  const { tokenId } = requireDevice(device);
  await ctx.db
    .update(posDeviceTokens)
    .set({ lastSeenAt: sql`now()`, waiting: input.waiting })
    .where(eq(posDeviceTokens.id, tokenId));
  return { ok: true };
}

const sessionRow = z.object({
  id: col.int,
  counter_id: col.int,
  code: col.text,
  outlet_id: col.int,
  status: col.text,
  rescue: col.bool,
  business_day_id: col.int,
  business_date: col.date,
  day_status: col.text,
});
const dayRow = z.object({ id: col.int, business_date: col.date, token: col.int });
const rescueRow = z.object({ id: col.int, status: col.text });

/** Where an offline order goes: the session it was taken in while that is open, else the rescue session. */
interface SyncTarget {
  session: OpenSession;
  token: number;
  late: boolean;
}

/**
 * The order's own session, locked, with the day's next pickup token while it is open; else the
 * counter's rescue session in the outlet's open day (made on the first late order), flagged late.
 */
async function syncTarget(tx: Db, order: OfflineOrder, userId: number): Promise<SyncTarget> {
  const [own] = rowsOf(
    sessionRow,
    await tx.execute(sql`
      SELECT s.id, s.counter_id, c.code, c.outlet_id, s.status, s.rescue, s.business_day_id,
             d.business_date::text AS business_date, d.status AS day_status
      FROM pos_sessions s JOIN pos_counters c ON c.id = s.counter_id JOIN business_days d ON d.id = s.business_day_id
      WHERE s.id = ${order.sessionId} AND s.counter_id = ${order.counterId}
      FOR UPDATE OF s`),
  );
  if (!own) throw fieldError("sessionId", POS_SYNC_MESSAGES.sessionMissing);
  const sessionOf = (id: number, dayId: number, date: string): OpenSession => ({
    id,
    counterId: own.counter_id,
    counterCode: own.code,
    businessDayId: dayId,
    businessDate: date,
  });
  const takeToken = (dayId: number) =>
    tx.execute(sql`
      UPDATE business_days SET last_token = last_token + 1 WHERE id = ${dayId}
      RETURNING id, business_date::text AS business_date, last_token AS token`);
  if (own.status === "open" && own.day_status === "open") {
    const [day] = rowsOf(dayRow, await takeToken(own.business_day_id));
    if (!day) throw new Error("the session's day vanished");
    return { session: sessionOf(own.id, own.business_day_id, own.business_date), token: day.token, late: false };
  }
  // Day Close locks the day row before the sessions; the open day is locked here the same way.
  const [day] = rowsOf(
    dayRow,
    await tx.execute(sql`
      UPDATE business_days SET last_token = last_token + 1
      WHERE id = (SELECT id FROM business_days WHERE outlet_id = ${own.outlet_id} AND status = 'open' LIMIT 1)
      RETURNING id, business_date::text AS business_date, last_token AS token`),
  );
  if (!day) throw new AppError("POS_SYNC_NO_DAY", POS_SYNC_MESSAGES.noDay);
  const [rescue] = rowsOf(
    rescueRow,
    await tx.execute(sql`
      INSERT INTO pos_sessions (business_day_id, counter_id, cashier_id, rescue, opened_by, notes)
      VALUES (${day.id}, ${own.counter_id}, ${userId}, true, ${userId}, 'Late orders synced after their own session closed')
      ON CONFLICT (counter_id, business_day_id) WHERE rescue DO UPDATE SET rescue = true
      RETURNING id, status`),
  );
  if (!rescue) throw new Error("the rescue session neither made nor found");
  if (rescue.status !== "open") throw new AppError("POS_RESCUE_CLOSED", POS_SYNC_MESSAGES.rescueClosed);
  const session = {
    ...sessionOf(rescue.id, day.id, day.business_date),
    invoiceYear: Number(own.business_date.slice(0, 4)),
  };
  return { session, token: day.token, late: true };
}

const writtenRow = z.object({ number: col.text.nullable(), late: col.bool });

const accepted = (order: OfflineOrder, orderId: number, row: z.infer<typeof writtenRow>, replay: boolean) =>
  ({ ok: true, clientUuid: order.clientUuid, orderId, number: row.number, late: row.late, replay }) as const;

async function written(tx: Db, orderId: number) {
  const [row] = rowsOf(writtenRow, await tx.execute(sql`SELECT number, late FROM pos_orders WHERE id = ${orderId}`));
  if (!row) throw new Error("synced order vanished");
  return row;
}

/** One offline order in its own transaction. */
async function syncOrder(ctx: Ctx, order: OfflineOrder, device: DeviceAuth | null, deviceHeader?: string) {
  const who = { ...whoOf(ctx, order.deviceId ?? device?.deviceId ?? deviceHeader), offline: true };
  return ctx.db.transaction(async (tx): Promise<SyncResult> => {
    const known = await knownOrderAndParties(tx, order);
    if (known.order_id !== null) return accepted(order, known.order_id, await written(tx, known.order_id), true);
    if (device && device.counterId !== order.counterId)
      throw new AppError("POS_DEVICE_COUNTER", POS_SYNC_MESSAGES.deviceCounter);
    if (!known.counter) throw fieldError("counterId", POS_ORDER_MESSAGES.counterMissing);
    if (known.customer_ok === false) throw fieldError("customerId", POS_ORDER_MESSAGES.customer);
    const openedAt = new Date(order.openedAt);
    const target = await syncTarget(tx, order, who.userId);
    const row = await insertOrder(tx, order, target.session, target.token, who, { openedAt, late: target.late });
    if (!row) throw new Error("an offline order raced in under its own lock");
    const state: OrderState = {
      row,
      businessDate: target.session.businessDate,
      lines: [],
      discounts: [],
      session: target.session,
    };
    await runBatch(tx, state, order.ops, { ...who, at: openedAt }, null, storedOpsOf(known.stored));
    const stored = await written(tx, row.id);
    if (stored.number !== order.invoiceNo)
      throw new AppError("POS_INVOICE_NOT_NEXT", POS_SYNC_MESSAGES.invoiceNotNext, { expected: stored.number });
    await tx.execute(sql`
      UPDATE pos_orders SET opened_at = ${openedAt}, paid_at = ${new Date(order.paidAt ?? order.openedAt)},
        price_flag = ${state.row.priceFlag}
      WHERE id = ${row.id}`);
    // Its kitchen tickets were printed on the counter's printer while offline: shown, not cooked again.
    await tx.execute(sql`UPDATE kitchen_tickets SET printed_offline = true WHERE order_id = ${row.id}`);
    ctx.log.event("pos.order.synced", {
      orderId: row.id,
      late: target.late,
      priceFlag: state.row.priceFlag,
      by: who.userId,
    });
    return accepted(order, row.id, stored, false);
  });
}

/** Worth sending again later: nothing about the order itself is wrong. */
const RETRY_CODES = new Set(["POS_SYNC_NO_DAY", "POS_RESCUE_CLOSED"]);

/**
 * `POST /api/pos/sync`: each order on its own (one transaction each, in the order sent, so the
 * device's invoice numbers meet the counter's in turn); a refusal names its code and whether to retry.
 */
export async function syncOrders(
  ctx: Ctx,
  input: SyncInput,
  device: DeviceAuth | null,
  deviceHeader?: string,
): Promise<SyncAnswer> {
  const results: SyncResult[] = [];
  for (const order of input.orders) {
    try {
      results.push(await syncOrder(ctx, order, device, deviceHeader));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      results.push({
        ok: false,
        clientUuid: order.clientUuid,
        status: error.status,
        code: error.code,
        message: error.message,
        retry: RETRY_CODES.has(error.code),
      });
    }
  }
  if (device) {
    await ctx.db.update(posDeviceTokens).set({ lastSeenAt: sql`now()` }).where(eq(posDeviceTokens.id, device.tokenId));
  }
  return { results };
}
