import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, executePrepared, rowsOf, sqlArray } from "../../lib/sql";
import type { LineState, OrderState } from "./pos-orders.state";

/** Row schemas built once: zod compiles a schema on its first parse. */
const insertedLine = z.object({ id: col.int, line_uuid: col.text });
const writtenOrder = z.object({ version: col.int });

/**
 * Writes the engine's state back in set-based statements: new lines (headers and plain lines first,
 * then deal parts with their header's id), every line's figures, the discounts, and the order row with
 * its version raised by one.
 */
const bigints = (lines: readonly LineState[], pick: (line: LineState) => bigint) => sqlArray(lines.map(pick), "bigint");
const ints = (lines: readonly LineState[], pick: (line: LineState) => number | null) =>
  sqlArray(lines.map(pick), "int");
const texts = (lines: readonly LineState[], pick: (line: LineState) => string | null) =>
  sqlArray(lines.map(pick), "text");

async function insertLines(tx: Db, state: OrderState, lines: readonly LineState[]): Promise<void> {
  if (lines.length === 0) return;
  const parentId = (line: LineState) =>
    line.dealParentUuid === null
      ? null
      : (state.lines.find((candidate) => candidate.lineUuid === line.dealParentUuid)?.id ?? null);
  const result = await executePrepared(
    tx,
    "pos_lines_insert",
    sql`
    INSERT INTO pos_order_lines (order_id, line_uuid, variant_id, deal_id, deal_parent_line_id, name_snapshot, size_name,
      flavour_name, category_id, station_id, qty_micro, unit_price_minor, tax_class_id, course, note, status,
      refund_of_line_id, added_by, fired_at)
    SELECT ${state.row.id}::bigint, u.*, CASE WHEN u.status = 'fired' THEN now() END
    FROM unnest(${texts(lines, (line) => line.lineUuid)},
      ${ints(lines, (line) => line.variantId)}, ${ints(lines, (line) => line.dealId)},
      ${sqlArray(lines.map(parentId), "bigint")}, ${texts(lines, (line) => line.name)},
      ${texts(lines, (line) => line.sizeName)}, ${texts(lines, (line) => line.flavourName)},
      ${ints(lines, (line) => line.categoryId)}, ${ints(lines, (line) => line.stationId)},
      ${bigints(lines, (line) => line.qtyMicro)}, ${bigints(lines, (line) => line.unitPriceMinor)},
      ${ints(lines, (line) => line.taxClassId)}, ${ints(lines, (line) => line.course)}, ${texts(lines, (line) => line.note)},
      ${texts(lines, (line) => line.status)}, ${sqlArray(
        lines.map((line) => line.refundOfLineId),
        "bigint",
      )}, ${ints(lines, (line) => line.addedBy)})
      AS u(line_uuid, variant_id, deal_id, deal_parent_line_id, name_snapshot, size_name, flavour_name, category_id,
        station_id, qty_micro, unit_price_minor, tax_class_id, course, note, status, refund_of_line_id, added_by)
    RETURNING id, line_uuid`,
  );
  const ids = new Map(rowsOf(insertedLine, result).map((row) => [row.line_uuid, row.id]));
  for (const line of lines) line.id = ids.get(line.lineUuid) ?? null;
}

/** Gives every new line its id (deal parts after their header), so tickets and moves can name them. */
export async function insertNewLines(tx: Db, state: OrderState): Promise<void> {
  const fresh = state.lines.filter((line) => line.id === null);
  await insertLines(
    tx,
    state,
    fresh.filter((line) => line.dealParentUuid === null),
  );
  await insertLines(
    tx,
    state,
    fresh.filter((line) => line.dealParentUuid !== null),
  );
}

/** Every line's state and figures: one UPDATE (a CTE of the order's write). */
function updateLines(lines: readonly LineState[]): SQL {
  if (lines.length === 0) return sql`SELECT 1`;
  return sql`
    UPDATE pos_order_lines l SET qty_micro = u.qty, note = u.note, status = u.status,
      fired_at = CASE WHEN u.status = 'fired' AND l.status <> 'fired' THEN now() ELSE l.fired_at END,
      voided_qty_micro = u.voided, void_reason_id = u.reason, voided_by = u.voided_by, gross_minor = u.gross,
      discount_minor = u.discount, net_minor = u.net, tax_rate_bp = u.rate, tax_minor = u.tax,
      service_charge_minor = u.service, cost_minor = u.cost, recipe_version_id = u.recipe
    FROM unnest(${sqlArray(
      lines.map((line) => line.id),
      "bigint",
    )}, ${bigints(lines, (line) => line.qtyMicro)}, ${texts(lines, (line) => line.note)},
      ${texts(lines, (line) => line.status)}, ${bigints(lines, (line) => line.voidedQtyMicro)},
      ${ints(lines, (line) => line.voidReasonId)}, ${ints(lines, (line) => line.voidedBy)},
      ${bigints(lines, (line) => line.grossMinor)}, ${bigints(lines, (line) => line.discountMinor)},
      ${bigints(lines, (line) => line.netMinor)}, ${ints(lines, (line) => line.taxRateBp)},
      ${bigints(lines, (line) => line.taxMinor)}, ${bigints(lines, (line) => line.serviceChargeMinor)},
      ${bigints(lines, (line) => line.costMinor)}, ${ints(lines, (line) => line.recipeVersionId)})
      AS u(id, qty, note, status, voided, reason, voided_by, gross, discount, net, rate, tax, service, cost, recipe)
    WHERE l.id = u.id`;
}

async function writeDiscounts(tx: Db, state: OrderState): Promise<void> {
  const lineId = (uuid: string | null) =>
    uuid === null ? null : (state.lines.find((line) => line.lineUuid === uuid)?.id ?? null);
  const removed = state.discounts
    .filter((entry) => entry.removed && entry.id !== null)
    .map((entry) => entry.id as number);
  if (removed.length > 0)
    await tx.execute(sql`DELETE FROM pos_order_discounts WHERE id = ANY(${sqlArray(removed, "bigint")})`);
  const kept = state.discounts.filter((entry) => !entry.removed && entry.id !== null);
  if (kept.length > 0)
    await tx.execute(sql`
      UPDATE pos_order_discounts d SET allocated_minor = u.allocated
      FROM unnest(${sqlArray(
        kept.map((entry) => entry.id),
        "bigint",
      )}, ${sqlArray(
        kept.map((entry) => entry.allocatedMinor),
        "bigint",
      )}) AS u(id, allocated)
      WHERE d.id = u.id AND d.allocated_minor <> u.allocated`);
  const fresh = state.discounts.filter((entry) => !entry.removed && entry.id === null);
  if (fresh.length === 0) return;
  const column = <T extends number | bigint | string | null>(
    pick: (entry: (typeof fresh)[number]) => T,
    type: "int" | "bigint" | "text",
  ) => sqlArray(fresh.map(pick), type);
  await tx.execute(sql`
    INSERT INTO pos_order_discounts (order_id, line_id, source, coupon_id, pct_bp, amount_minor, allocated_minor, reason,
      approved_by, created_by)
    SELECT ${state.row.id}::bigint, * FROM unnest(${column((entry) => lineId(entry.lineUuid), "bigint")},
      ${column((entry) => entry.source, "text")}, ${column((entry) => entry.couponId, "int")},
      ${column((entry) => entry.pctBp, "int")}, ${column((entry) => entry.amountMinor, "bigint")},
      ${column((entry) => entry.allocatedMinor, "bigint")}, ${column((entry) => entry.reason, "text")},
      ${column((entry) => entry.approvedBy, "int")}, ${column((entry) => entry.createdBy, "int")})`);
}

export interface LoggedOp {
  opUuid: string;
  kind: string;
  payload: Record<string, unknown>;
  approvedBy: number | null;
}

/** The batch's operations with the new version (a CTE of the order's write). */
function logOps(orderId: number, ops: readonly LoggedOp[], userId: number | null, deviceId: string | null): SQL {
  return sql`
    INSERT INTO pos_order_ops (order_id, op_uuid, kind, payload, user_id, approved_by, device_id, version_after)
    SELECT ${orderId}::bigint, u.op_uuid, u.kind, u.payload::jsonb, ${userId}::int, u.approved_by, ${deviceId}::text,
      (SELECT version FROM order_written)
    FROM unnest(${sqlArray(
      ops.map((op) => op.opUuid),
      "text",
    )}, ${sqlArray(
      ops.map((op) => op.kind),
      "text",
    )}, ${sqlArray(
      ops.map((op) => JSON.stringify(op.payload)),
      "text",
    )}, ${sqlArray(
      ops.map((op) => op.approvedBy),
      "int",
    )}) WITH ORDINALITY AS u(op_uuid, kind, payload, approved_by, ord)
    ORDER BY u.ord`;
}

/** The invoice number a payment takes at the write: the counter's next, gapless per counter and year. */
export interface InvoiceFor {
  counterId: number;
  counterCode: string;
  year: number;
}

/** What else the order's one write carries: CTEs (payments, tickets) and the invoice number to take. */
export interface ExtraWrites {
  ctes: SQL[];
  invoice: InvoiceFor | null;
}

/** The order's number: as it is, or the counter's next (A01-2026-000123; its counter row stays locked). */
function numberOf(state: OrderState, invoice: InvoiceFor | null): { cte: SQL; value: SQL } {
  if (!invoice) return { cte: sql``, value: sql`${state.row.number}` };
  return {
    cte: sql`invoice AS (
      INSERT INTO pos_invoice_counters (counter_id, year, last) VALUES (${invoice.counterId}, ${invoice.year}, 1)
      ON CONFLICT (counter_id, year) DO UPDATE SET last = pos_invoice_counters.last + 1
      RETURNING last),`,
    value: sql`${`${invoice.counterCode}-${invoice.year}-`} || lpad((SELECT last FROM invoice)::text, 6, '0')`,
  };
}

/**
 * Writes the order back (lines must already have ids) in one statement: every line, the order row
 * with its version raised by one (the row is locked since it was read), the batch's log and what
 * else the batch writes (payments, tickets, the invoice number).
 */
export async function flushOrder(
  tx: Db,
  state: OrderState,
  ops: readonly LoggedOp[],
  who: { userId: number | null; deviceId: string | null },
  extra: ExtraWrites = { ctes: [], invoice: null },
): Promise<number> {
  await insertNewLines(tx, state);
  await writeDiscounts(tx, state);
  const row = state.row;
  const number = numberOf(state, extra.invoice);
  const more = extra.ctes.length > 0 ? sql`, ${sql.join(extra.ctes, sql`, `)}` : sql``;
  const result = await executePrepared(
    tx,
    "pos_order_write",
    sql`
    WITH lines_written AS (${updateLines(state.lines)}), ${number.cte}
    order_written AS (
      UPDATE pos_orders SET version = version + 1, status = ${row.status}, kitchen_status = ${row.kitchenStatus},
        customer_id = ${row.customerId}, guests = ${row.guests}, subtotal_minor = ${row.subtotalMinor},
        discount_minor = ${row.discountMinor}, service_charge_minor = ${row.serviceChargeMinor},
        tax_minor = ${row.taxMinor}, rounding_minor = ${row.roundingMinor}, total_minor = ${row.totalMinor},
        paid_minor = ${row.paidMinor}, change_minor = ${row.changeMinor}, number = ${number.value},
        session_id = ${row.sessionId}, void_reason_id = ${row.voidReasonId},
        paid_at = ${row.status === "paid" ? sql`coalesce(paid_at, now())` : sql`paid_at`}
      WHERE id = ${row.id}
      RETURNING version
    ), ops_written AS (${logOps(row.id, ops, who.userId, who.deviceId)})${more}
    SELECT version FROM order_written`,
  );
  const [updated] = rowsOf(writtenOrder, result);
  if (!updated) throw new Error("order vanished under its lock");
  row.version = updated.version;
  return updated.version;
}
