import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, rowsOf } from "../../lib/sql";

/** A complaint as the spec reads it ("statu.status" spelling included) with its shipment's summary. */
export interface ComplaintView {
  complaint_id: number;
  cn_number: string;
  complaint_satement: string;
  complaint_date: string;
  shipment_id: number;
  status_id: number;
  statu: { status: string };
  customer_user_id: number | null;
  shipment: {
    tracking_id: string;
    shipment_date: string;
    shipment_type: string;
    total_packages: number;
    total_weight: number;
    shipper: PartySummary;
    consignee: PartySummary;
  };
}

interface PartySummary {
  name: string;
  city: string | null;
  country: string;
}

const Row = z.object({
  complaint_id: col.int,
  cn_number: col.text,
  complaint_satement: col.text,
  complaint_date: col.date,
  shipment_id: col.int,
  status_id: col.int,
  status: col.text,
  customer_user_id: col.int.nullable(),
  tracking_id: col.text,
  shipment_date: col.date,
  shipment_type: col.text,
  total_packages: col.int,
  total_weight: col.numeric,
  shipper_name: col.text.nullable(),
  shipper_city: col.text.nullable(),
  shipper_country: col.text.nullable(),
  consignee_name: col.text.nullable(),
  consignee_city: col.text.nullable(),
  consignee_country: col.text.nullable(),
});
type Row = z.output<typeof Row>;

const party = (name: string | null, city: string | null, country: string | null): PartySummary => ({
  name: name ?? "",
  city,
  country: country ?? "",
});

const view = (row: Row): ComplaintView => ({
  complaint_id: Number(row.complaint_id),
  cn_number: row.cn_number,
  complaint_satement: row.complaint_satement,
  complaint_date: row.complaint_date,
  shipment_id: Number(row.shipment_id),
  status_id: Number(row.status_id),
  statu: { status: row.status },
  customer_user_id: row.customer_user_id === null ? null : Number(row.customer_user_id),
  shipment: {
    tracking_id: row.tracking_id,
    shipment_date: row.shipment_date,
    shipment_type: row.shipment_type,
    total_packages: Number(row.total_packages),
    total_weight: Number(row.total_weight),
    shipper: party(row.shipper_name, row.shipper_city, row.shipper_country),
    consignee: party(row.consignee_name, row.consignee_city, row.consignee_country),
  },
});

export interface ComplaintFilter {
  /** Only this customer's complaints (a customer reading); undefined for staff. */
  customerUserId?: number | undefined;
  complaintId?: number | undefined;
}

/** Complaints newest first, each with its status and its shipment's parties. */
export async function findComplaints(db: Db, filter: ComplaintFilter): Promise<ComplaintView[]> {
  const conditions: SQL[] = [sql`true`];
  if (filter.customerUserId !== undefined) conditions.push(sql`c.customer_user_id = ${filter.customerUserId}`);
  if (filter.complaintId !== undefined) conditions.push(sql`c.complaint_id = ${filter.complaintId}`);
  const result = await db.execute(sql`
    select c.complaint_id, c.cn_number, c.complaint_satement, to_char(c.complaint_date, 'YYYY-MM-DD') as complaint_date,
      c.shipment_id, c.status_id, cs.status, c.customer_user_id,
      s.tracking_id, to_char(s.shipment_date, 'YYYY-MM-DD') as shipment_date, s.shipment_type, s.total_packages,
      s.total_weight::text as total_weight,
      sp.name as shipper_name, sp.city as shipper_city, sc.name as shipper_country,
      rp.name as consignee_name, rp.city as consignee_city, rc.name as consignee_country
    from complaints c
    join complaint_statuses cs on cs.status_id = c.status_id
    join shipments s on s.shipment_id = c.shipment_id
    left join shipment_parties sp on sp.shipment_id = s.shipment_id and sp.role = 'sender'
    left join countries sc on sc.country_id = sp.country_id
    left join shipment_parties rp on rp.shipment_id = s.shipment_id and rp.role = 'receiver'
    left join countries rc on rc.country_id = rp.country_id
    where ${sql.join(conditions, sql` and `)}
    order by c.complaint_id desc`);
  return rowsOf(Row, result).map(view);
}
