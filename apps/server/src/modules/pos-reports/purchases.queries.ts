import { type RestaurantReportOptions, restaurantReportOptionsSchema } from "@cargodesk/shared";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";
import type { SalesRange } from "./pos-reports.queries";

const PurchaseRow = z.object({
  receiving_id: col.int,
  number: col.text,
  business_date: col.date,
  kind: z.enum(["posted", "reversal"]),
  vendor_id: col.int,
  vendor_code: col.text,
  vendor_name: col.text,
  gross: col.minor,
  discount: col.minor,
  tax: col.minor,
  charges: col.minor,
  total: col.minor,
  landed: col.minor,
});
export type PurchaseFigure = z.output<typeof PurchaseRow>;

/**
 * The GRNs posted in the range (their business date; drafts never count) and the reversals dated
 * in it (the day their mirror moves took the stock out), a reversal's amounts negative. A GRN
 * posted and reversed in the same range nets to nothing but shows both lines.
 */
export async function purchaseDocuments(db: Db, range: SalesRange, vendorId: number | null): Promise<PurchaseFigure[]> {
  return rowsOf(
    PurchaseRow,
    await db.execute(sql`
      with documents as (
        select r.id, r.business_date, 'posted' as kind, 1 as sign from receivings r
        where r.status in ('posted', 'reversed') and r.business_date between ${range.startDate}::date and ${range.endDate}::date
        union all
        select r.id, rv.business_date, 'reversal', -1 from receivings r
        cross join lateral (
          select min(m.business_date) as business_date from stock_moves m
          where m.doc_type = 'receiving_reversal' and m.doc_id = r.id
        ) rv
        where r.status = 'reversed' and rv.business_date between ${range.startDate}::date and ${range.endDate}::date
      )
      select r.id as receiving_id, coalesce(r.number, '') as number, d.business_date, d.kind,
        v.id as vendor_id, v.code as vendor_code, v.name as vendor_name,
        d.sign * r.subtotal_minor as gross, d.sign * r.discount_minor as discount, d.sign * r.tax_minor as tax,
        d.sign * r.charges_minor as charges, d.sign * r.total_minor as total,
        d.sign * (select coalesce(sum(l.landed_value_minor), 0) from receiving_lines l where l.receiving_id = r.id) as landed
      from documents d join receivings r on r.id = d.id join vendors v on v.id = r.vendor_id
      where ${vendorId === null ? sql`true` : sql`r.vendor_id = ${vendorId}`}
      order by v.name, d.business_date, r.number, d.kind`),
  );
}

/** The stock locations (active ones) and every vendor (a report may look back at one no longer used), in one read. */
export async function reportOptions(db: Db): Promise<RestaurantReportOptions> {
  const [row] = rowsOf(
    restaurantReportOptionsSchema,
    await db.execute(sql`
      select
        coalesce((select json_agg(json_build_object('id', l.id, 'name', l.name, 'kind', l.kind) order by l.id)
          from stock_locations l where l.active), '[]'::json) as locations,
        coalesce((select json_agg(json_build_object('id', v.id, 'code', v.code, 'name', v.name, 'active', v.active)
          order by v.active desc, v.name) from vendors v), '[]'::json) as vendors`),
  );
  return row ?? { locations: [], vendors: [] };
}
