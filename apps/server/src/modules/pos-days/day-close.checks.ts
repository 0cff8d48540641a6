import {
  DAY_CLOSE_BLOCKERS,
  type DayClosePreview,
  type DayVoucher,
  microToQty,
  minorToAmount,
  POS_DAY_MESSAGES,
  zReportNumber,
} from "@cargodesk/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { getIntegration } from "../../lib/books/integration";
import {
  closedDaysInYear,
  type DayRecord,
  devicesOf,
  findDay,
  kitchenNotServed,
  openExceptions,
  openOrdersOf,
  unbalancedOrders,
} from "./day-checks.queries";
import { type DayFigures, dayFigures } from "./day-figures";
import { dayHeaderOf } from "./day-open.service";
import { buildDayVouchers, type DayVouchers, type DraftLine } from "./day-vouchers";

/**
 * What Day Close checks and would post, read once for the preview and again, under the day's lock,
 * by the close itself: the figures, the checklist (open orders and counters, stock exceptions,
 * orders whose payments do not add up, missing accounts), the warnings and the two vouchers.
 */
export interface DayCloseState {
  day: DayRecord;
  figures: DayFigures;
  vouchers: DayVouchers;
  blockers: string[];
  warnings: string[];
  zNumber: string;
  checks: Pick<DayClosePreview, "openOrders" | "devices" | "kitchen" | "exceptions">;
}

export async function getDay(db: Db, dayId: number): Promise<DayRecord> {
  const day = await findDay(db, dayId);
  if (!day) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.dayMissing);
  return day;
}

/** The next Z number of the day's outlet and year: closes of one outlet take turns under its lock. */
export async function nextZNumber(db: Db, day: DayRecord): Promise<string> {
  const year = Number(day.business_date.slice(0, 4));
  return zReportNumber(day.outlet_id, year, (await closedDaysInYear(db, day.outlet_id, year)) + 1);
}

export async function dayCloseState(db: Db, day: DayRecord): Promise<DayCloseState> {
  const scope = { dayId: day.id, businessDate: day.business_date };
  // One after the other: inside the close's transaction they share one connection.
  const figures = await dayFigures(db, scope);
  const openOrders = await openOrdersOf(db, day.id);
  const kitchen = await kitchenNotServed(db, day.id);
  const devices = await devicesOf(db, day.id);
  const exceptions = await openExceptions(db);
  const unbalanced = await unbalancedOrders(db, day.id);
  const integration = await getIntegration(db);
  const zNumber = await nextZNumber(db, day);
  const vouchers = buildDayVouchers(figures.books, integration ?? {});
  const openCounters = figures.sessions.filter((session) => session.status === "open");
  const blockers = [
    ...(openCounters.length > 0
      ? [DAY_CLOSE_BLOCKERS.openSessions(openCounters.map((session) => session.counterCode))]
      : []),
    ...(openOrders.length > 0 ? [DAY_CLOSE_BLOCKERS.openOrders(openOrders.length)] : []),
    ...(exceptions.length > 0 ? [DAY_CLOSE_BLOCKERS.exceptions(exceptions.length)] : []),
    ...unbalanced.map((order) => DAY_CLOSE_BLOCKERS.unpaid(order.label)),
    ...vouchers.missing.map((entry) => entry.message),
    ...vouchers.problems,
  ];
  const warnings = [
    ...(kitchen.length > 0
      ? [`${kitchen.length} kitchen ticket${kitchen.length === 1 ? " is" : "s are"} not served yet`]
      : []),
    ...(devices.length > 0
      ? [
          `Check that ${devices.map((device) => device.device_id).join(", ")} sent every order: one sent after the close goes to the next day's rescue session`,
        ]
      : []),
    ...devices
      .filter((device) => device.waiting > 0)
      .map(
        (device) =>
          `${device.device_id} said ${device.waiting} order${device.waiting === 1 ? " was" : "s were"} waiting to sync`,
      ),
  ];
  return {
    day,
    figures,
    vouchers,
    blockers,
    warnings,
    zNumber,
    checks: {
      openOrders: openOrders.map((order) => ({
        id: order.id,
        order: order.label,
        orderType: order.order_type,
        status: order.status,
        table: order.table_name,
        total: minorToAmount(order.total),
        openedAt: order.opened_at,
      })),
      devices: devices.map((device) => ({
        deviceId: device.device_id,
        lastSeenAt: device.last_seen_at,
        orders: device.orders,
        waiting: device.waiting,
      })),
      kitchen: kitchen.map((ticket) => ({
        id: ticket.id,
        order: ticket.label,
        station: ticket.station,
        status: ticket.status,
        createdAt: ticket.created_at,
      })),
      exceptions: exceptions.map((entry) => ({
        id: entry.id,
        storeProductId: entry.store_product_id,
        product: entry.product,
        location: entry.location,
        short: microToQty(entry.short),
        unit: entry.unit,
        createdAt: entry.created_at,
      })),
    },
  };
}

/** A voucher's lines with their accounts spelled out ("(not set)" where Accounts Integration lacks one). */
export async function voucherView(
  db: Db,
  lines: readonly DraftLine[],
  posted: { id: number; number: string } | null,
): Promise<DayVoucher | null> {
  if (lines.length === 0) return null;
  const ids = [...new Set(lines.flatMap((line) => (line.accountId === null ? [] : [line.accountId])))];
  const named = new Map(
    (ids.length > 0
      ? await db
          .select({ id: accounts.id, name: accounts.name, allLevelKey: accounts.allLevelKey })
          .from(accounts)
          .where(inArray(accounts.id, ids))
      : []
    ).map((row) => [row.id, row]),
  );
  const total = (pick: (line: DraftLine) => bigint) => lines.reduce((sum, line) => sum + pick(line), 0n);
  return {
    voucherId: posted?.id ?? null,
    voucherNo: posted?.number ?? null,
    lines: lines.map((line) => {
      const account = line.accountId === null ? undefined : named.get(line.accountId);
      return {
        accountId: line.accountId,
        accountName: account?.name ?? "(not set)",
        allLevelKey: account?.allLevelKey ?? "",
        description: line.description,
        debit: minorToAmount(line.debit),
        credit: minorToAmount(line.credit),
      };
    }),
    debit: minorToAmount(total((line) => line.debit)),
    credit: minorToAmount(total((line) => line.credit)),
  };
}

/** `GET /api/setting/day_close/preview?dayId`. */
export async function dayClosePreview(db: Db, dayId: number): Promise<DayClosePreview> {
  const day = await getDay(db, dayId);
  if (day.status === "closed") throw alreadyClosed(day);
  const state = await dayCloseState(db, day);
  return {
    day: dayHeaderOf(day),
    canClose: state.blockers.length === 0,
    blockers: state.blockers,
    warnings: state.warnings,
    ...state.checks,
    counters: state.figures.sessions,
    summary: state.figures.summary,
    zNumber: state.zNumber,
    vouchers: {
      sales: await voucherView(db, state.vouchers.sales, null),
      cogs: await voucherView(db, state.vouchers.cogs, null),
    },
    mappings: state.vouchers.missing,
  };
}

/** 409 naming what the earlier close posted. */
export function alreadyClosed(day: DayRecord): AppError {
  const posted = [
    day.sales_voucher_no ? `sales voucher ${day.sales_voucher_no}` : null,
    day.cogs_voucher_no ? `COGS voucher ${day.cogs_voucher_no}` : null,
  ].filter((entry) => entry !== null);
  const vouchers = posted.length > 0 ? posted.join(" and ") : "no vouchers (nothing was sold)";
  return new AppError(
    "DAY_ALREADY_CLOSED",
    `${day.business_date} is already closed (${day.z_number ?? "Z"}): it posted ${vouchers}`,
    {
      zNumber: day.z_number,
      salesVoucherId: day.sales_voucher_id,
      salesVoucherNo: day.sales_voucher_no,
      cogsVoucherId: day.cogs_voucher_id,
      cogsVoucherNo: day.cogs_voucher_no,
    },
  );
}
