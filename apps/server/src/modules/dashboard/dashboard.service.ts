import {
  CARGO_LEDGER_MESSAGES,
  type DashboardCustomer,
  type DashboardRequest,
  type DashboardResponse,
  isStaffRole,
  ROLE,
  USER_STATUS,
} from "@cargodesk/shared";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { absMajor, major, signOf } from "../../lib/books/amounts";
import { periodSums } from "../../lib/books/balances";
import type { Ctx } from "../../lib/context";
import { signedIn } from "../../lib/context";
import { addDays, todayIn } from "../../lib/dates";
import { bigMinor } from "../../lib/sql";
import {
  companyReceivables,
  type DashboardScope,
  lastPayment,
  lastShipment,
  movementPerDay,
  paymentRows,
  shipmentRows,
  shipmentsPerDay,
  shipmentTotals,
} from "./dashboard.queries";

const CUSTOMER_ROLES = [ROLE.businessCustomer, ROLE.individualCustomer];
const customerName = sql<string>`coalesce(nullif(trim(${users.companyName}), ''), nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.userName})`;

interface ResolvedScope extends DashboardScope {
  customer: { id: number; name: string } | null;
  creditLimitMinor: bigint;
}

/** One customer: their shipments, their receivable account and their credit limit. */
async function customerScope(ctx: Ctx, userId: number): Promise<ResolvedScope> {
  const [row] = await ctx.db
    .select({
      id: users.id,
      name: customerName,
      accountId: users.receivableAccountId,
      creditLimitMinor: users.creditLimitMinor,
    })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.roleId, CUSTOMER_ROLES)));
  if (!row) throw new AppError("NOT_FOUND", CARGO_LEDGER_MESSAGES.noSuchCustomer);
  return {
    customerId: row.id,
    accountIds: row.accountId === null ? [] : [row.accountId],
    customer: { id: row.id, name: row.name },
    creditLimitMinor: BigInt(row.creditLimitMinor),
  };
}

/**
 * Whose figures a request gets. A customer always gets their own (naming anyone else answers 404);
 * staff get one customer's when they name one, else the company's: every shipment, every receivable
 * account, and the sum of the customers' credit limits.
 */
async function resolveScope(ctx: Ctx, userId: number | undefined): Promise<ResolvedScope> {
  const user = signedIn(ctx);
  if (!isStaffRole(user.roleId)) {
    if (userId !== undefined && userId !== user.id)
      throw new AppError("NOT_FOUND", CARGO_LEDGER_MESSAGES.noSuchCustomer);
    return customerScope(ctx, user.id);
  }
  if (userId !== undefined) return customerScope(ctx, userId);
  const [limits] = await ctx.db
    .select({ total: sql<string | number | bigint | null>`sum(${users.creditLimitMinor})` })
    .from(users)
    .where(inArray(users.roleId, CUSTOMER_ROLES));
  return {
    customerId: null,
    accountIds: await companyReceivables(ctx.db),
    customer: null,
    creditLimitMinor: bigMinor(limits?.total),
  };
}

const balanceOf = async (ctx: Ctx, ids: readonly number[], to: string): Promise<bigint> => {
  if (ids.length === 0) return 0n;
  let total = 0n;
  for (const sums of (await periodSums(ctx.db, null, to, ids)).values()) total += sums.debit - sums.credit;
  return total;
};

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** `POST /api/cargo_accounts/get_ledger_dashboard`: tiles, C/N and payment lists, a chart and the ledger by day. */
export async function dashboard(ctx: Ctx, input: DashboardRequest): Promise<DashboardResponse> {
  const today = todayIn(ctx.config.APP_TZ);
  if (input.endDate > today) {
    throw new AppError("VALIDATION", `endDate: ${CARGO_LEDGER_MESSAGES.endAfterToday}`, [
      { field: "endDate", message: CARGO_LEDGER_MESSAGES.endAfterToday },
    ]);
  }
  const { startedDate: from, endDate: to } = input;
  const scope = await resolveScope(ctx, input.user_id);
  const ids = scope.accountIds;
  const [totals, last, shipments, perDay, current, payment, payments, movement, opening] = await Promise.all([
    shipmentTotals(ctx.db, scope, from, to),
    lastShipment(ctx.db, scope, to),
    shipmentRows(ctx.db, scope, from, to),
    shipmentsPerDay(ctx.db, scope, from, to),
    balanceOf(ctx, ids, today),
    lastPayment(ctx.db, ids, to),
    paymentRows(ctx.db, ids, from, to),
    movementPerDay(ctx.db, ids, from, to),
    balanceOf(ctx, ids, addDays(from, -1)),
  ]);
  let running = opening;
  return {
    startedDate: from,
    endDate: to,
    scope: scope.customerId === null ? "company" : "customer",
    customer: scope.customer,
    tiles: {
      total_cns: totals.count,
      total_cn_amount: major(totals.amountMinor),
      last_cn_date: last?.date ?? null,
      last_cn_no: last?.trackingId ?? null,
      last_cn_amount: last ? major(last.amountMinor) : null,
      current_balance: absMajor(current),
      current_balance_sign: signOf(current),
      last_payment: payment ? major(payment.amountMinor) : null,
      last_payment_date: payment?.date ?? null,
      credit_limit: major(scope.creditLimitMinor),
    },
    shipments: shipments.map((row) => ({
      shipment_id: Number(row.shipment_id),
      tracking_id: row.tracking_id,
      shipment_date: row.shipment_date,
      customer: row.customer,
      receiver_name: row.receiver_name,
      receiver_country: row.receiver_country,
      service: row.service,
      pieces: Number(row.pieces),
      weight: Number(row.weight),
      amount: major(bigMinor(row.base_amount)),
      track_status: row.track_status,
    })),
    shipments_total: totals.count,
    payments: payments.rows.map((row) => ({
      voucher_date: row.voucher_date,
      voc_manual_number: row.voc_manual_number,
      account: row.account,
      description: row.description,
      credit: major(bigMinor(row.credit)),
    })),
    payments_total: payments.total,
    chart: everyDay(from, to).map((date) => {
      const day = perDay.get(date);
      return { date, cns: day?.count ?? 0, amount: major(day?.amountMinor ?? 0n) };
    }),
    ledger: movement.map((day) => {
      running += day.debit - day.credit;
      return {
        voucher_date: day.day,
        debit: major(day.debit),
        credit: major(day.credit),
        accBalance: absMajor(running),
        accBalance_sign: signOf(running),
      };
    }),
  };
}

/** The customers staff can pick on the dashboard or book a shipment for, by name. */
export async function dashboardCustomers(ctx: Ctx): Promise<DashboardCustomer[]> {
  const user = signedIn(ctx);
  if (!isStaffRole(user.roleId)) throw new AppError("FORBIDDEN", "Only staff choose a customer");
  const rows = await ctx.db
    .select({
      id: users.id,
      name: customerName,
      email: users.email,
      accountId: users.receivableAccountId,
      statusId: users.userStatusId,
    })
    .from(users)
    .where(inArray(users.roleId, CUSTOMER_ROLES))
    .orderBy(asc(customerName), asc(users.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    hasAccount: row.accountId !== null,
    approved: row.statusId === USER_STATUS.approved,
  }));
}
