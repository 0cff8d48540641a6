import { randomUUID } from "node:crypto";
import {
  hasPermission,
  POS_ORDER_MESSAGES,
  type PosFireInput,
  type PosOp,
  type PosOpsInput,
  type PosOrder,
  type PosOrderCreateInput,
  type PosPayInput,
  type PosSimpleOpInput,
  type PosVoidInput,
  perm,
} from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { posOrderOps, posOrders } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { col, executePrepared, rowsOf, tableRowsOf } from "../../lib/sql";
import { fiscalReportingOn } from "../fiscal/index";
import {
  type BatchWho,
  runBatch,
  storedOpsColumn,
  storedOpsOf,
  storedOpsQuery,
  VersionConflict,
} from "./pos-orders.batch";
import { fieldError } from "./pos-orders.env";
import { lockedSessionRow, type OpenSession, openSessionOf, openSessionSelect, tokenTaken } from "./pos-orders.pay";
import { readOrder } from "./pos-orders.read";
import { loadOrderForUpdate, type OrderState } from "./pos-orders.state";

/**
 * The register's use cases (design 5.4 item 46, 6.1, 6.2): each is one transaction that reads the
 * order under its row lock, runs a batch of operations and answers the whole order.
 */
export function whoOf(ctx: Ctx, deviceId: string | null | undefined): BatchWho {
  const user = signedIn(ctx);
  return {
    userId: user.id,
    deviceId: deviceId ?? null,
    timeZone: ctx.config.APP_TZ,
    canPay: hasPermission(user.permissions, perm("POS")),
    fiscal: fiscalReportingOn(ctx.config),
  };
}

/**
 * Runs operations on a stored order. A stale version whose operations do not commute is refused
 * with 409 and the current order in `details.order`, after the transaction rolled back.
 */
async function onOrder(
  ctx: Ctx,
  orderId: number,
  who: BatchWho,
  build: (state: OrderState) => PosOp[],
  expectedVersion: number | null = null,
): Promise<PosOrder> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const state = await loadOrderForUpdate(tx, orderId);
      const changed = await runBatch(tx, state, build(state), who, expectedVersion);
      if (changed)
        ctx.log.event("pos.order.changed", {
          orderId,
          version: state.row.version,
          status: state.row.status,
          by: who.userId,
        });
      return readOrder(tx, orderId);
    });
  } catch (error) {
    if (!(error instanceof VersionConflict)) throw error;
    const order = await readOrder(ctx.db, orderId);
    throw new AppError("POS_VERSION_CONFLICT", POS_ORDER_MESSAGES.versionConflict, { order });
  }
}

/**
 * The order a clientUuid already made, whether the counter, the table and the customer named are
 * active (null when not named), and which of the batch's operations are already stored: one statement.
 */
export async function knownOrderAndParties(tx: Db, input: KnownInput) {
  const [row] = rowsOf(knownRow, await executePrepared(tx, "pos_order_known", knownSelect(input)));
  if (!row) throw new Error("the order check answered no row");
  return row;
}

/**
 * A new order's first read, one statement: `knownOrderAndParties`, and the counter's open session
 * locked with the day's next pickup token taken (lockOpenSession), unless the clientUuid made an
 * order already (a replay takes no token).
 */
async function knownOrderAndOpenSession(tx: Db, input: KnownInput) {
  const result = await executePrepared(
    tx,
    "pos_order_open",
    sql`
    WITH ${tokenTaken(input.counterId, sql`SELECT 1 FROM pos_orders WHERE client_uuid = ${input.clientUuid}`)}
    SELECT known.*, to_jsonb(session) AS session
    FROM (${knownSelect(input)}) known
    LEFT JOIN LATERAL (${openSessionSelect(input.counterId, sql`(SELECT last_token FROM day)`)}) session ON true`,
  );
  const [row] = rowsOf(knownOpenRow, result);
  if (!row) throw new Error("the order check answered no row");
  return row;
}

type KnownInput = Pick<PosOrderCreateInput, "clientUuid" | "counterId" | "tableId" | "customerId" | "ops">;

const knownSelect = (input: KnownInput) => sql`
    SELECT (SELECT id FROM pos_orders WHERE client_uuid = ${input.clientUuid}) AS order_id,
           coalesce((SELECT active FROM pos_counters WHERE id = ${input.counterId}), false) AS counter,
           (SELECT coalesce(bool_or(active), false) FROM dining_tables WHERE id = ${input.tableId ?? null}::int
            HAVING ${input.tableId ?? null}::int IS NOT NULL) AS table_ok,
           (SELECT coalesce(bool_or(active), false) FROM pos_customers WHERE id = ${input.customerId ?? null}::int
            HAVING ${input.customerId ?? null}::int IS NOT NULL) AS customer_ok,
           ${storedOpsQuery(input.ops ?? [])} AS stored`;

const knownRow = z.object({
  order_id: col.int.nullable(),
  counter: col.bool,
  table_ok: col.bool.nullable(),
  customer_ok: col.bool.nullable(),
  stored: storedOpsColumn,
});
/** Built once: zod compiles a schema on its first parse, so one built per call costs every sale. */
const knownOpenRow = knownRow.extend({ session: lockedSessionRow.nullable() });

/** The order row of a new order in `session` with the day's pickup `token`; none when its clientUuid raced in. */
export async function insertOrder(
  tx: Db,
  input: Pick<PosOrderCreateInput, "clientUuid" | "counterId" | "orderType" | "tableId" | "guests" | "customerId">,
  session: OpenSession,
  token: number,
  who: BatchWho,
  more: { openedAt?: Date; late?: boolean } = {},
) {
  // On every sale: a prepared statement.
  const inserted = await executePrepared(
    tx,
    "pos_order_insert",
    sql`
      INSERT INTO pos_orders (client_uuid, outlet_id, business_day_id, session_id, counter_id, token, order_type,
                              table_id, guests, waiter_id, customer_id, device_id, created_by, opened_at, late)
      VALUES (${input.clientUuid}, (SELECT outlet_id FROM pos_counters WHERE id = ${input.counterId}::int),
              ${session.businessDayId}::int, ${session.id}::int, ${input.counterId}::int, ${token}::int,
              ${input.orderType}, ${input.tableId ?? null}::int, ${input.guests ?? null}::smallint,
              ${input.orderType === "dine_in" ? who.userId : null}::int, ${input.customerId ?? null}::int,
              ${who.deviceId}, ${who.userId}::int,
              coalesce(${more.openedAt?.toISOString() ?? null}::timestamptz, now()), ${more.late ?? false})
      ON CONFLICT (client_uuid) DO NOTHING
      RETURNING *`,
  );
  const [row] = tableRowsOf(posOrders, inserted);
  return row;
}

/**
 * `POST /api/pos/order`: opens an order in the counter's open session with the day's next token and
 * applies its operations (a take-away sale ends with `pay`). The same clientUuid again answers the
 * order already made and writes nothing.
 */
export async function createOrder(ctx: Ctx, input: PosOrderCreateInput, deviceHeader?: string): Promise<PosOrder> {
  const who = whoOf(ctx, input.deviceId ?? deviceHeader);
  return ctx.db.transaction(async (tx) => {
    const known = await knownOrderAndOpenSession(tx, input);
    if (known.order_id !== null) return readOrder(tx, known.order_id);
    if (!known.counter) throw fieldError("counterId", POS_ORDER_MESSAGES.counterMissing);
    if (known.table_ok === false) throw fieldError("tableId", POS_ORDER_MESSAGES.tableMissing);
    if (known.customer_ok === false) throw fieldError("customerId", POS_ORDER_MESSAGES.customer);
    const { token, ...session } = openSessionOf(known.session);
    if (token === undefined) throw new Error("the open session answered no token");
    const row = await insertOrder(tx, input, session, token, who);
    if (!row) {
      const raced = await knownOrderAndParties(tx, input);
      if (raced.order_id === null) throw new Error("order neither inserted nor found");
      return readOrder(tx, raced.order_id);
    }
    const state: OrderState = { row, businessDate: session.businessDate, lines: [], discounts: [], session };
    await runBatch(tx, state, input.ops ?? [], who, null, storedOpsOf(known.stored));
    ctx.log.event("pos.order.opened", { orderId: row.id, token, paid: state.row.status === "paid", by: who.userId });
    return readOrder(tx, row.id);
  });
}

/** `POST /api/pos/order/{id}/ops`. */
export function postOps(ctx: Ctx, orderId: number, input: PosOpsInput, deviceHeader?: string): Promise<PosOrder> {
  return onOrder(ctx, orderId, whoOf(ctx, input.deviceId ?? deviceHeader), () => input.ops, input.expectedVersion);
}

const opUuid = (given: string | undefined) => given ?? randomUUID();

/** `POST /api/pos/order/{id}/fire`: the named lines, one course, or every pending line. */
export function fireOrder(ctx: Ctx, orderId: number, input: PosFireInput, deviceHeader?: string): Promise<PosOrder> {
  return onOrder(ctx, orderId, whoOf(ctx, input.deviceId ?? deviceHeader), (state) => {
    const lineUuids = input.lineIds?.map((id, index) => {
      const line = state.lines.find((candidate) => candidate.id === id);
      if (!line) throw fieldError(`lineIds.${index}`, POS_ORDER_MESSAGES.lineMissing);
      return line.lineUuid;
    });
    return [
      {
        opUuid: opUuid(input.opUuid),
        kind: "fire",
        ...(lineUuids ? { lineUuids } : {}),
        ...(input.course ? { course: input.course } : {}),
      },
    ];
  });
}

/** `POST /api/pos/order/{id}/bill`: the pre-bill is printed; adding a line sends the order back to open. */
export function billOrder(
  ctx: Ctx,
  orderId: number,
  input: PosSimpleOpInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  return onOrder(ctx, orderId, whoOf(ctx, input.deviceId ?? deviceHeader), () => [
    { opUuid: opUuid(input.opUuid), kind: "bill" },
  ]);
}

/** `POST /api/pos/order/{id}/pay`: the payment's clientUuid is its operation id, so a replay writes nothing. */
export function payOrder(ctx: Ctx, orderId: number, input: PosPayInput, deviceHeader?: string): Promise<PosOrder> {
  return onOrder(ctx, orderId, whoOf(ctx, deviceHeader), () => [{ ...input, opUuid: input.clientUuid, kind: "pay" }]);
}

/** `POST /api/pos/order/{id}/void`: an open or billed order, with a reason (and a supervisor once a line was fired). */
export function voidWholeOrder(
  ctx: Ctx,
  orderId: number,
  input: PosVoidInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  return onOrder(ctx, orderId, whoOf(ctx, input.deviceId ?? deviceHeader), () => [
    {
      opUuid: opUuid(input.opUuid),
      kind: "void_order",
      reasonId: input.reasonId,
      ...(input.supervisorToken ? { supervisorToken: input.supervisorToken } : {}),
    },
  ]);
}

/** `POST /api/pos/order/{id}/picked_up`: a paid take-away order was collected; its kitchen state is served. */
export async function markPickedUp(
  ctx: Ctx,
  orderId: number,
  input: PosSimpleOpInput,
  deviceHeader?: string,
): Promise<PosOrder> {
  const who = whoOf(ctx, input.deviceId ?? deviceHeader);
  return ctx.db.transaction(async (tx) => {
    const state = await loadOrderForUpdate(tx, orderId, { closedDay: true });
    const uuid = opUuid(input.opUuid);
    const [replayed] = await tx.select({ id: posOrderOps.id }).from(posOrderOps).where(eq(posOrderOps.opUuid, uuid));
    if (replayed) return readOrder(tx, orderId);
    if (state.row.status !== "paid" || state.row.orderType === "dine_in")
      throw new AppError("POS_NOT_PAID", POS_ORDER_MESSAGES.pickedUp);
    const [row] = await tx
      .update(posOrders)
      .set({
        pickedUpAt: sql`coalesce(${posOrders.pickedUpAt}, now())`,
        kitchenStatus: "served",
        version: sql`${posOrders.version} + 1`,
      })
      .where(eq(posOrders.id, orderId))
      .returning({ version: posOrders.version });
    await tx.execute(sql`
      UPDATE kitchen_tickets SET status = 'served', served_at = coalesce(served_at, now())
      WHERE order_id = ${orderId} AND status NOT IN ('served', 'cancelled')`);
    await tx.insert(posOrderOps).values({
      orderId,
      opUuid: uuid,
      kind: "picked_up",
      payload: {},
      userId: who.userId,
      deviceId: who.deviceId,
      versionAfter: row?.version ?? state.row.version + 1,
    });
    return readOrder(tx, orderId);
  });
}
