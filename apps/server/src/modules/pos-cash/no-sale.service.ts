import { NO_SALE_MESSAGES, type NoSale, type NoSaleInput } from "@cargodesk/shared";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { posCounters } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { type Ctx, signedIn } from "../../lib/context";
import { col, rowsOf } from "../../lib/sql";
import { OUTLET_ID } from "../outlet-settings/index";
import { lockOpenSession } from "./pos-cash.queries";

/** The audit action of a drawer opened without a sale. */
export const NO_SALE_ACTION = "pos.no_sale";

const noSaleRow = z.object({
  id: col.int,
  session_id: col.int,
  counter_id: col.int,
  reason: col.text,
  client_uuid: col.text,
  at: col.text,
  session_count: col.int,
});

/** The no-sale rows matching `where`, with the count of no-sales in their session up to each. */
async function findNoSales(db: Db, where: ReturnType<typeof sql>) {
  return rowsOf(
    noSaleRow,
    await db.execute(sql`
      SELECT * FROM (
        SELECT id, (details->>'sessionId')::int AS session_id, (details->>'counterId')::int AS counter_id,
          details->>'reason' AS reason, details->>'clientUuid' AS client_uuid,
          to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
          (count(*) OVER (PARTITION BY details->>'sessionId' ORDER BY id))::int AS session_count
        FROM audit_log WHERE action = ${NO_SALE_ACTION}
      ) no_sales WHERE ${where}`),
  );
}

const toNoSale = (row: z.infer<typeof noSaleRow>): NoSale => ({
  id: row.id,
  sessionId: row.session_id,
  counterId: row.counter_id,
  reason: row.reason,
  at: row.at,
  sessionCount: row.session_count,
});

/**
 * `POST /api/pos/no_sale`: the drawer is opened without a sale. Recorded in the audit log against
 * the cashier, with the counter session, so the till's drawer openings can be counted and checked
 * (the anchors' no-sale count). Needs the counter's open session; the device's clientUuid makes a
 * resend answer the first row.
 */
export async function recordNoSale(ctx: Ctx, input: NoSaleInput): Promise<NoSale> {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    const [seen] = await findNoSales(tx, sql`client_uuid = ${input.clientUuid}`);
    if (seen) return toNoSale(seen);
    const [counter] = await tx
      .select({ id: posCounters.id })
      .from(posCounters)
      .where(and(eq(posCounters.id, input.counterId), eq(posCounters.outletId, OUTLET_ID)));
    if (!counter)
      throw new AppError("VALIDATION", NO_SALE_MESSAGES.counterMissing, [
        { field: "counterId", message: NO_SALE_MESSAGES.counterMissing },
      ]);
    const session = await lockOpenSession(tx, counter.id);
    if (!session)
      throw new AppError("SESSION_NOT_OPEN", NO_SALE_MESSAGES.noSession, { counterId: counter.id, screen: "Day Open" });
    // One opening per clientUuid even when the same request arrives twice at once.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`no-sale:${input.clientUuid}`}))`);
    const [raced] = await findNoSales(tx, sql`client_uuid = ${input.clientUuid}`);
    if (raced) return toNoSale(raced);
    await audit(tx, user.id, NO_SALE_ACTION, user.id, {
      counterId: counter.id,
      sessionId: session.id,
      reason: input.reason,
      clientUuid: input.clientUuid,
    });
    const [row] = await findNoSales(tx, sql`client_uuid = ${input.clientUuid}`);
    if (!row) throw new Error("no-sale neither inserted nor found");
    return toNoSale(row);
  });
}
