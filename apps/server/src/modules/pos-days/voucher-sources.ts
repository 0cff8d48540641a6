import { minorToAmount, POS_DAY_MESSAGES, type VoucherSources } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { vouchers } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { col, rowsOf } from "../../lib/sql";
import { orderLabel } from "./day-figures.queries";

const OrderRow = z.object({
  id: col.int,
  label: col.text,
  business_date: col.date,
  status: col.text,
  total: col.minor,
});
const DocumentRow = z.object({
  kind: z.enum(["GRN", "ISS", "CNT"]),
  id: col.int,
  number: col.text.nullable(),
  business_date: col.date,
  role: z.enum(["posted", "reversal"]),
});
const DayRow = z.object({ id: col.int, business_date: col.date, z_number: col.text.nullable() });

/**
 * `GET /api/voucher/{id}/sources` (design 7.4.5): what a voucher was posted from. A Day Close sales
 * JV lists the orders linked to it, its COGS JV the orders whose stock moves it took; a Store
 * voucher its GRN, issuance or count (posted, or reversed by it).
 */
export async function voucherSources(db: Db, voucherId: number): Promise<VoucherSources> {
  const [voucher] = await db
    .select({ id: vouchers.id, number: vouchers.number, source: vouchers.source })
    .from(vouchers)
    .where(eq(vouchers.id, voucherId));
  if (!voucher) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.voucherMissing);
  const [orders, documents, days] = await Promise.all([
    db.execute(sql`
      select o.id, ${orderLabel} as label, d.business_date::text as business_date, o.status, o.total_minor as total
      from pos_orders o join business_days d on d.id = o.business_day_id
      where o.sales_voucher_id = ${voucherId}
         or o.id in (select l.order_id from stock_moves m join pos_order_lines l on l.id = m.pos_order_line_id
                     where m.voucher_id = ${voucherId})
      order by o.id`),
    db.execute(sql`
      select 'GRN' as kind, id, number, business_date::text as business_date,
        case when voucher_id = ${voucherId} then 'posted' else 'reversal' end as role
      from receivings where voucher_id = ${voucherId} or reversal_voucher_id = ${voucherId}
      union all
      select 'ISS', id, number, business_date::text, case when voucher_id = ${voucherId} then 'posted' else 'reversal' end
      from issuances where voucher_id = ${voucherId} or reversal_voucher_id = ${voucherId}
      union all
      select 'CNT', id, number, business_date::text, 'posted' from stock_counts where voucher_id = ${voucherId}
      order by 1, 2`),
    db.execute(sql`
      select id, business_date::text as business_date, z_number from business_days
      where sales_voucher_id = ${voucherId} or cogs_voucher_id = ${voucherId}`),
  ]);
  const [day] = rowsOf(DayRow, days);
  return {
    voucherId: voucher.id,
    voucherNo: voucher.number,
    source: voucher.source,
    day: day ? { id: day.id, businessDate: day.business_date, zNumber: day.z_number } : null,
    orders: rowsOf(OrderRow, orders).map((row) => ({
      id: row.id,
      order: row.label,
      businessDate: row.business_date,
      status: row.status,
      total: minorToAmount(row.total),
    })),
    documents: rowsOf(DocumentRow, documents).map((row) => ({
      kind: row.kind,
      id: row.id,
      number: row.number,
      businessDate: row.business_date,
      role: row.role,
    })),
  };
}
