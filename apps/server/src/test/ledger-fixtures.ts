/**
 * Test fixtures of the dashboard and cargo ledger: shipments booked through the API and moved to
 * a chosen date, their charges posted as approved vouchers whose receivable line carries the
 * shipment columns, and customers' payments.
 */

import { ROLE, toMinor } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { accounts, users } from "../db/schema/index";
import { postVoucher } from "../lib/books/posting";
import { col, rowsOf } from "../lib/sql";
import { accountId, TEST_ADMIN, type TestApp } from "./harness";
import { bookShipment, createCustomer } from "./shipment-fixtures";

const minor = (amount: number): number => {
  const value = toMinor(amount);
  if (value === null) throw new Error(`bad amount ${amount}`);
  return value;
};

async function adminId(t: TestApp): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  if (!row) throw new Error("no admin");
  return row.id;
}

export async function receivableOf(t: TestApp, userId: number): Promise<number> {
  const [row] = await t.db.select({ id: users.receivableAccountId }).from(users).where(eq(users.id, userId));
  if (!row?.id) throw new Error(`user ${userId} has no receivable account`);
  return row.id;
}

/** Books a shipment for the customer at `amount` (PKR) through the API and dates it `date`. */
export async function shipmentOn(t: TestApp, staffToken: string, customerId: number, date: string, amount: number) {
  const view = await bookShipment(t.app, staffToken, { customer_user_id: customerId, amount });
  await t.db.execute(sql`update shipments set shipment_date = ${date} where shipment_id = ${view.shipment_id}`);
  return { id: view.shipment_id, trackingId: view.tracking_id };
}

/**
 * Posts a shipment's charge as an approved JV on its date: the customer's receivable debited and
 * freight revenue credited, both lines carrying the shipment columns (as shipment posting does).
 */
export async function chargeShipment(t: TestApp, shipmentId: number) {
  const [row] = rowsOf(
    z.object({
      tracking_id: col.text,
      shipment_date: col.date,
      base_amount: col.int,
      total_packages: col.int,
      total_weight: col.numeric,
      weight_charges: col.int.nullable(),
      rate_first_kg: col.int.nullable(),
      rate_add_kg: col.int.nullable(),
      rate_flat: col.int.nullable(),
      customer_user_id: col.int,
      destination: col.text,
      service: col.text,
    }),
    await t.db.execute(sql`
      select s.tracking_id, s.shipment_date::text as shipment_date, s.base_amount, s.total_packages, s.total_weight,
        s.weight_charges, s.rate_first_kg, s.rate_add_kg, s.rate_flat, s.customer_user_id,
        c.name as destination, st.name as service
      from shipments s
      join shipment_parties r on r.shipment_id = s.shipment_id and r.role = 'receiver'
      join countries c on c.country_id = r.country_id
      join service_types st on st.service_type_id = s.service_type_id
      where s.shipment_id = ${shipmentId}`),
  );
  if (!row) throw new Error(`no shipment ${shipmentId}`);
  const amount = Number(row.base_amount);
  const cargo = {
    shipmentId,
    trackingNo: row.tracking_id,
    destination: row.destination,
    packages: row.total_packages,
    weight: row.total_weight,
    weightChargesMinor: row.weight_charges === null ? null : Number(row.weight_charges),
    rateFirstKgMinor: row.rate_first_kg === null ? null : Number(row.rate_first_kg),
    rateAddKgMinor: row.rate_add_kg === null ? null : Number(row.rate_add_kg),
    rateFlatMinor: row.rate_flat === null ? null : Number(row.rate_flat),
    service: row.service,
  };
  const receivable = await receivableOf(t, row.customer_user_id);
  const revenue = await accountId(t.db, "INTERNATIONAL FREIGHT REVENUE");
  const description = `C/N ${row.tracking_id} FREIGHT`;
  // PGlite has one connection: everything the transaction needs is read before it starts.
  const approvedBy = await adminId(t);
  const voucher = await t.db.transaction(async (tx) => {
    const posted = await postVoucher(tx, {
      typeId: 5,
      date: row.shipment_date,
      cashAccountId: null,
      source: "shipment",
      createdBy: null,
      approvedBy,
      lines: [
        {
          accountId: receivable,
          debit: amount,
          credit: 0,
          description,
          billNumber: row.tracking_id,
          accountTitle: "",
          cargo,
        },
        {
          accountId: revenue,
          debit: 0,
          credit: amount,
          description,
          billNumber: row.tracking_id,
          accountTitle: "",
          cargo,
        },
      ],
    });
    await tx.execute(sql`update shipments set voucher_id = ${posted.id} where shipment_id = ${shipmentId}`);
    return posted;
  });
  return voucher.number;
}

/** A customer's payment in cash: an approved CRV crediting their receivable account. */
export async function payment(
  t: TestApp,
  customerId: number,
  date: string,
  amount: number,
  description = "PAYMENT RECEIVED",
) {
  const receivable = await receivableOf(t, customerId);
  const [cashRow] = await t.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.allLevelKey, "1-01-001-0001"));
  const cash = cashRow?.id ?? 0;
  const value = minor(amount);
  const approvedBy = await adminId(t);
  const posted = await t.db.transaction((tx) =>
    postVoucher(tx, {
      typeId: 2,
      date,
      cashAccountId: cash,
      source: "manual",
      createdBy: null,
      approvedBy,
      lines: [
        { accountId: cash, debit: value, credit: 0, description, billNumber: "", accountTitle: "" },
        { accountId: receivable, debit: 0, credit: value, description, billNumber: "", accountTitle: "" },
      ],
    }),
  );
  return posted.number;
}

/**
 * The story both test files check, worked out by hand:
 * - customer A: a 1,000.00 charge (2025-06-20) and a 300.00 payment (06-25) before July, so July opens
 *   at 700.00 DR; July charges 1,500.25 (07-01), 2,750.50 (07-10) and 99.99 (07-31), a payment of
 *   2,000.10 (07-15, "CHEQUE 1234"): 4,350.74 debit, 2,000.10 credit, closing 3,050.64 DR; a booked
 *   but unposted 500.00 C/N (07-20), a deleted one (07-05), and a 10.00 charge on 2025-08-05;
 * - customer B (individual): a 400.00 charge (07-12) and a 1,000.00 payment (07-13): 600.00 CR.
 */
export async function seedLedgerStory(t: TestApp, staffToken: string) {
  const a = await createCustomer(t);
  const b = await createCustomer(t, ROLE.individualCustomer);
  const cn: Record<"s0" | "s1" | "s2" | "s3" | "s4" | "s5" | "s6" | "b1", { id: number; trackingId: string }> = {
    s0: await shipmentOn(t, staffToken, a.id, "2025-06-20", 1000),
    s1: await shipmentOn(t, staffToken, a.id, "2025-07-01", 1500.25),
    s2: await shipmentOn(t, staffToken, a.id, "2025-07-10", 2750.5),
    s3: await shipmentOn(t, staffToken, a.id, "2025-07-31", 99.99),
    s4: await shipmentOn(t, staffToken, a.id, "2025-07-20", 500),
    s5: await shipmentOn(t, staffToken, a.id, "2025-07-05", 123),
    s6: await shipmentOn(t, staffToken, a.id, "2025-08-05", 10),
    b1: await shipmentOn(t, staffToken, b.id, "2025-07-12", 400),
  };
  await chargeShipment(t, cn.s0.id);
  await payment(t, a.id, "2025-06-25", 300);
  for (const shipment of [cn.s1, cn.s2, cn.s3, cn.s6, cn.b1]) await chargeShipment(t, shipment.id);
  await payment(t, a.id, "2025-07-15", 2000.1, "CHEQUE 1234");
  await payment(t, b.id, "2025-07-13", 1000);
  await t.db.execute(sql`update shipments set deleted_at = now() where shipment_id = ${cn.s5.id}`);
  return { a, b, cn, account: { a: await receivableOf(t, a.id), b: await receivableOf(t, b.id) } };
}
