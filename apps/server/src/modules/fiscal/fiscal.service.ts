import { FISCAL_REPORT_STATUSES, type FiscalStatus } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Ctx } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";

const countsRow = z.object({
  pending: col.int,
  reported: col.int,
  failed: col.int,
  oldest_pending_at: col.text.nullable(),
});
const errorRow = z.object({
  order_id: col.int,
  number: col.text.nullable(),
  status: z.enum(FISCAL_REPORT_STATUSES),
  attempts: col.int,
  last_error: col.text,
});

/** `GET /api/pos/fiscal/status`: how many reports are pending, reported and failed, and the latest error. */
export async function fiscalStatus(ctx: Ctx): Promise<FiscalStatus> {
  const [counts] = rowsOf(
    countsRow,
    await ctx.db.execute(sql`
      SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
             count(*) FILTER (WHERE status = 'reported')::int AS reported,
             count(*) FILTER (WHERE status = 'failed')::int AS failed,
             to_char(min(created_at) FILTER (WHERE status = 'pending') AT TIME ZONE 'UTC',
               'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS oldest_pending_at
      FROM fiscal_reports`),
  );
  const [error] = rowsOf(
    errorRow,
    await ctx.db.execute(sql`
      SELECT r.order_id::int AS order_id, o.number, r.status, r.attempts, r.last_error
      FROM fiscal_reports r JOIN pos_orders o ON o.id = r.order_id
      WHERE r.status <> 'reported' AND r.last_error IS NOT NULL
      ORDER BY r.id DESC LIMIT 1`),
  );
  return {
    adapter: ctx.config.FISCAL_ADAPTER,
    pending: counts?.pending ?? 0,
    reported: counts?.reported ?? 0,
    failed: counts?.failed ?? 0,
    oldestPendingAt: counts?.oldest_pending_at ?? null,
    lastError: error
      ? {
          orderId: error.order_id,
          number: error.number,
          status: error.status,
          attempts: error.attempts,
          message: error.last_error,
        }
      : null,
  };
}
