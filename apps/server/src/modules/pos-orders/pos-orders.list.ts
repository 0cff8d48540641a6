import type { PosOrderListQuery, PosOrderPage, VoidReason } from "@cargodesk/shared";
import { asc, eq, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { voidReasons } from "../../db/schema/index";
import { col, rowsOf } from "../../lib/sql";
import { OUTLET_ID } from "../outlet-settings/index";
import { headerColumns, headerFrom, headerRow, rowOf } from "./pos-orders.read";

/** `GET /api/pos/order`: one business day's orders (the open day by default), newest first, paged on the server. */
export async function listOrders(db: Db, query: PosOrderListQuery): Promise<PosOrderPage> {
  let dayId = query.businessDayId ?? null;
  if (dayId === null) {
    const open = await db.execute(
      sql`SELECT id FROM business_days WHERE outlet_id = ${OUTLET_ID} AND status = 'open' ORDER BY id LIMIT 1`,
    );
    dayId = rowsOf(z.object({ id: col.int }), open)[0]?.id ?? null;
  }
  if (dayId === null) return { data: [], page: query.page, total_results: 0, businessDayId: null };
  const q = query.q?.trim();
  const filters: SQL[] = [sql`o.business_day_id = ${dayId}`];
  if (query.status) filters.push(sql`o.status = ${query.status}`);
  if (query.type) filters.push(sql`o.order_type = ${query.type}`);
  if (query.tableId) filters.push(sql`o.table_id = ${query.tableId}`);
  if (query.waiterId) filters.push(sql`o.waiter_id = ${query.waiterId}`);
  if (query.counterId) filters.push(sql`o.counter_id = ${query.counterId}`);
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    filters.push(
      /^\d{1,9}$/.test(q) ? sql`(o.number ILIKE ${like} OR o.token = ${Number(q)})` : sql`o.number ILIKE ${like}`,
    );
  }
  const where = sql.join(filters, sql` AND `);
  const result = await db.execute(sql`
    SELECT ${headerColumns}, count(*) OVER ()::int AS total
    ${headerFrom}
    WHERE ${where}
    ORDER BY o.id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`);
  const rows = rowsOf(headerRow.extend({ total: col.int }), result);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const counted = await db.execute(sql`SELECT count(*)::int AS total FROM pos_orders o WHERE ${where}`);
    total = rowsOf(z.object({ total: col.int }), counted)[0]?.total ?? 0;
  }
  return { data: rows.map(rowOf), page: query.page, total_results: total, businessDayId: dayId };
}

/** `GET /api/pos/void_reason`: the active reasons, by name. */
export async function listVoidReasons(db: Db): Promise<{ data: VoidReason[] }> {
  const rows = await db.select().from(voidReasons).where(eq(voidReasons.active, true)).orderBy(asc(voidReasons.name));
  return {
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      isWaste: row.isWaste,
      needsSupervisor: row.needsSupervisor,
    })),
  };
}
