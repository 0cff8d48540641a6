import { DASHBOARD_LIST_LIMIT } from "@cargodesk/shared";
import { type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { col, intArray, rowsOf } from "../../lib/sql";

const IdRow = z.object({ id: col.int });
const CountRow = z.object({ n: col.int });
const TotalsRow = z.object({ n: col.int, amount: col.minor });
const LastShipmentRow = z.object({ tracking_id: col.text, shipment_date: col.date, base_amount: col.minor });
const DayRow = z.object({ day: col.date, n: col.int, amount: col.minor });
const LastPaymentRow = z.object({ entry_date: col.date, credit: col.minor });
const MovementRow = z.object({ day: col.date, debit: col.minor, credit: col.minor });
const ShipmentRowSchema = z.object({
  shipment_id: col.int,
  tracking_id: col.text,
  shipment_date: col.date,
  customer: col.text.nullable(),
  receiver_name: col.text.nullable(),
  receiver_country: col.text.nullable(),
  service: col.text.nullable(),
  pieces: col.int,
  weight: col.numeric,
  base_amount: col.minor,
  track_status: col.text.nullable(),
});
const PaymentRowSchema = z.object({
  voucher_date: col.date,
  voc_manual_number: col.text,
  account: col.text,
  description: col.text,
  credit: col.minor,
});

/** Which shipments and ledger accounts a dashboard reads: one customer's, or the company's. */
export interface DashboardScope {
  /** null: every customer (staff's company view). */
  customerId: number | null;
  /** The receivable account(s) whose ledger the figures come from; may be empty. */
  accountIds: number[];
}

const live = (scope: DashboardScope): SQL =>
  scope.customerId === null
    ? sql`s.deleted_at is null`
    : sql`s.deleted_at is null and s.customer_user_id = ${scope.customerId}`;

const inAccounts = (ids: readonly number[]): SQL => sql`le.account_id = any(${intArray(ids)})`;

/** The company's receivable accounts: those under the receivables group of Accounts Integration, and every customer's own. */
export async function companyReceivables(db: Db): Promise<number[]> {
  const rows = rowsOf(
    IdRow,
    await db.execute(sql`
      select a.id from accounts a
      where a.level = 4 and (
        exists (select 1 from account_integration i join accounts g on g.id = i.receivables_group_id
                where i.id = 1 and (a.all_level_key = g.all_level_key or a.all_level_key like g.all_level_key || '-%'))
        or a.id in (select receivable_account_id from users where receivable_account_id is not null))
      order by a.id`),
  );
  return rows.map((row) => row.id);
}

/** C/Ns booked in the range: how many and their amount in the base currency (minor units). */
export async function shipmentTotals(db: Db, scope: DashboardScope, from: string, to: string) {
  const [row] = rowsOf(
    TotalsRow,
    await db.execute(sql`
      select count(*) as n, coalesce(sum(s.base_amount), 0) as amount from shipments s
      where ${live(scope)} and s.shipment_date between ${from} and ${to}`),
  );
  return { count: row?.n ?? 0, amountMinor: row?.amount ?? 0n };
}

/** The latest C/N booked on or before `to`. */
export async function lastShipment(db: Db, scope: DashboardScope, to: string) {
  const [row] = rowsOf(
    LastShipmentRow,
    await db.execute(sql`
      select s.tracking_id, s.shipment_date::text as shipment_date, s.base_amount from shipments s
      where ${live(scope)} and s.shipment_date <= ${to}
      order by s.shipment_date desc, s.shipment_id desc limit 1`),
  );
  return row ? { trackingId: row.tracking_id, date: row.shipment_date, amountMinor: row.base_amount } : null;
}

export type ShipmentRow = z.output<typeof ShipmentRowSchema>;

/** The range's C/Ns, newest first, at most DASHBOARD_LIST_LIMIT of them. */
export async function shipmentRows(db: Db, scope: DashboardScope, from: string, to: string): Promise<ShipmentRow[]> {
  return rowsOf(
    ShipmentRowSchema,
    await db.execute(sql`
      select s.shipment_id, s.tracking_id, s.shipment_date::text as shipment_date,
        nullif(coalesce(nullif(u.company_name, ''), trim(u.first_name || ' ' || u.last_name)), '') as customer,
        r.name as receiver_name, c.name as receiver_country, st.name as service,
        s.total_packages as pieces, s.total_weight as weight, s.base_amount, s.track_status
      from shipments s
      left join users u on u.id = s.customer_user_id
      left join shipment_parties r on r.shipment_id = s.shipment_id and r.role = 'receiver'
      left join countries c on c.country_id = r.country_id
      left join service_types st on st.service_type_id = s.service_type_id
      where ${live(scope)} and s.shipment_date between ${from} and ${to}
      order by s.shipment_date desc, s.shipment_id desc
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
}

/** C/Ns and their amount per day of the range (only days with some). */
export async function shipmentsPerDay(db: Db, scope: DashboardScope, from: string, to: string) {
  const rows = rowsOf(
    DayRow,
    await db.execute(sql`
      select s.shipment_date::text as day, count(*) as n, sum(s.base_amount) as amount from shipments s
      where ${live(scope)} and s.shipment_date between ${from} and ${to}
      group by s.shipment_date`),
  );
  return new Map(rows.map((row) => [row.day, { count: row.n, amountMinor: row.amount }]));
}

/** Credits on the receivable account(s) that are payments: every approved credit except reversals of charges. */
const payments = (ids: readonly number[]) => sql`${inAccounts(ids)} and le.credit > 0 and v.source <> 'reversal'`;

/** The latest payment on or before `to`. */
export async function lastPayment(db: Db, ids: readonly number[], to: string) {
  if (ids.length === 0) return null;
  const [row] = rowsOf(
    LastPaymentRow,
    await db.execute(sql`
      select le.entry_date::text as entry_date, le.credit from ledger_entries le
      join vouchers v on v.id = le.voucher_id
      where ${payments(ids)} and le.entry_date <= ${to}
      order by le.entry_date desc, le.voucher_number desc, le.line_no desc limit 1`),
  );
  return row ? { date: row.entry_date, amountMinor: row.credit } : null;
}

export type PaymentRow = z.output<typeof PaymentRowSchema>;

/** The range's payments, newest first (at most DASHBOARD_LIST_LIMIT), and how many there are. */
export async function paymentRows(db: Db, ids: readonly number[], from: string, to: string) {
  if (ids.length === 0) return { rows: [] as PaymentRow[], total: 0 };
  const where = sql`${payments(ids)} and le.entry_date between ${from} and ${to}`;
  const rows = rowsOf(
    PaymentRowSchema,
    await db.execute(sql`
      select le.entry_date::text as voucher_date, le.voucher_number as voc_manual_number, a.name as account,
        vl.description, le.credit
      from ledger_entries le
      join vouchers v on v.id = le.voucher_id
      join voucher_lines vl on vl.id = le.line_id
      join accounts a on a.id = le.account_id
      where ${where}
      order by le.entry_date desc, le.voucher_number desc, le.line_no desc
      limit ${DASHBOARD_LIST_LIMIT}`),
  );
  const [counted] = rowsOf(
    CountRow,
    await db.execute(
      sql`select count(*) as n from ledger_entries le join vouchers v on v.id = le.voucher_id where ${where}`,
    ),
  );
  return { rows, total: counted?.n ?? 0 };
}

/** Debits and credits per day of the range on the account(s), from the daily balances. */
export async function movementPerDay(db: Db, ids: readonly number[], from: string, to: string) {
  if (ids.length === 0) return [];
  const rows = rowsOf(
    MovementRow,
    await db.execute(sql`
      select le.day::text as day, sum(le.debit) as debit, sum(le.credit) as credit
      from account_daily_balances le
      where ${inAccounts(ids)} and le.day between ${from} and ${to}
      group by le.day order by le.day`),
  );
  return rows.map((row) => ({ day: row.day, debit: row.debit, credit: row.credit }));
}
