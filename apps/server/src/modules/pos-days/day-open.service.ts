import {
  businessDateAt,
  type CounterOpening,
  type DayHeader,
  type DayOpenCurrent,
  type DayOpenInput,
  hasPermission,
  minorToAmount,
  POS_DAY_MESSAGES,
  type PosSession,
  parseMinor,
  perm,
  ROLE,
  USER_STATUS,
} from "@cargodesk/shared";
import { eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { accounts, businessDays, outlets, posCounters, posSessions, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { periodSums } from "../../lib/books/balances";
import { type Ctx, signedIn } from "../../lib/context";
import { todayIn } from "../../lib/dates";
import { col, rowsOf } from "../../lib/sql";
import { effectivePermissions } from "../../plugins/access";
import { OUTLET_ID } from "../outlet-settings/index";
import { type DayRecord, findOpenDay, findSessions, type SessionRecord } from "./day-checks.queries";
import { countedCashMinor, sessionsWithFigures } from "./day-figures";

const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);
const person = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? "" });

/** A day row as the screens show it. */
export const dayHeaderOf = (day: DayRecord): DayHeader => ({
  id: day.id,
  businessDate: day.business_date,
  status: day.status,
  openedAt: day.opened_at,
  openedBy: person(day.opened_by_id, day.opened_by),
  closedAt: day.closed_at,
  closedBy: person(day.closed_by_id, day.closed_by),
  zNumber: day.z_number,
  salesVoucherId: day.sales_voucher_id,
  salesVoucherNo: day.sales_voucher_no,
  cogsVoucherId: day.cogs_voucher_id,
  cogsVoucherNo: day.cogs_voucher_no,
});

/** Opening and closing days take turns per outlet: the outlet row is the lock. */
export async function lockOutlet(tx: Db): Promise<{ dayCutoff: string }> {
  const [row] = await tx
    .select({ dayCutoff: outlets.dayCutoff })
    .from(outlets)
    .where(eq(outlets.id, OUTLET_ID))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND", "The outlet is not set up");
  return row;
}

/**
 * Each cash account's book balance now: its approved entries, plus what the open day's closed
 * sessions on it will post at Day Close (each brings the account from its opening book to its count).
 */
async function bookBalances(
  db: Db,
  cashAccountIds: readonly number[],
  closedToday: readonly SessionRecord[],
  counted: (record: SessionRecord) => bigint,
): Promise<Map<number, bigint>> {
  const ids = [...new Set(cashAccountIds)];
  const sums = await periodSums(db, null, "9999-12-31", ids);
  return new Map(
    ids.map((id) => {
      const sum = sums.get(id);
      const unposted = closedToday
        .filter((record) => record.cash_account_id === id && record.status === "closed")
        .reduce((total, record) => total + counted(record) - record.float_book, 0n);
      return [id, (sum ? sum.debit - sum.credit : 0n) + unposted];
    }),
  );
}

const cashierRow = z.object({ id: col.int, name: col.text, user_name: col.text });

/** Approved users who may take a counter: the admin, and employees holding POS. */
async function cashiers(db: Db) {
  return rowsOf(
    cashierRow,
    await db.execute(sql`
      select u.id, coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.user_name) as name, u.user_name
      from users u
      where u.user_status_id = ${USER_STATUS.approved}
        and (u.role_id = ${ROLE.admin} or (u.role_id = ${ROLE.employee} and exists (
          select 1 from user_permissions p where p.user_id = u.id and p.permissions_name = 'POS')))
      order by name, u.id`),
  );
}

/** `GET /api/setting/day_open/current`: the open day and its counters, or what Day Open offers. */
export async function currentDay(ctx: Ctx): Promise<DayOpenCurrent> {
  const [outlet] = await ctx.db.select({ dayCutoff: outlets.dayCutoff }).from(outlets).where(eq(outlets.id, OUTLET_ID));
  const day = await findOpenDay(ctx.db, OUTLET_ID);
  const [lastClosed] = rowsOf(
    z.object({ business_date: col.date }),
    await ctx.db.execute(sql`
      select business_date::text as business_date from business_days
      where outlet_id = ${OUTLET_ID} and status = 'closed' order by business_date desc limit 1`),
  );
  const records = day ? await findSessions(ctx.db, { dayIds: [day.id] }) : [];
  const figures = day
    ? await sessionsWithFigures(ctx.db, records, { dayId: day.id, businessDate: day.business_date })
    : { sessions: [] as PosSession[], methods: [] };
  const counters = await ctx.db
    .select({
      id: posCounters.id,
      code: posCounters.code,
      name: posCounters.name,
      cashAccountId: posCounters.cashAccountId,
      cashAccountName: accounts.name,
    })
    .from(posCounters)
    .innerJoin(accounts, eq(accounts.id, posCounters.cashAccountId))
    .where(sql`${posCounters.outletId} = ${OUTLET_ID} and ${posCounters.active}`)
    .orderBy(posCounters.code);
  const books = await bookBalances(
    ctx.db,
    counters.map((counter) => counter.cashAccountId),
    records,
    (record) => countedCashMinor(record, figures.methods),
  );
  return {
    day: day ? dayHeaderOf(day) : null,
    defaultBusinessDate: businessDateAt(new Date(), ctx.config.APP_TZ, outlet?.dayCutoff ?? "00:00"),
    lastClosedDate: lastClosed?.business_date ?? null,
    sessions: figures.sessions,
    counters: counters.map((counter) => ({
      ...counter,
      bookBalance: minorToAmount(books.get(counter.cashAccountId) ?? 0n),
      openSessionId: records.find((record) => record.counter_id === counter.id && record.status === "open")?.id ?? null,
    })),
    cashiers: (await cashiers(ctx.db)).map((row) => ({ id: row.id, name: row.name, userName: row.user_name })),
  };
}

/** The counters and cashiers of the openings, checked: active counters with no open session, approved cashiers holding POS. */
async function checkOpenings(
  tx: Db,
  openings: readonly CounterOpening[],
  field: (index: number, name: string) => string,
) {
  const counters = await tx
    .select()
    .from(posCounters)
    .where(
      inArray(
        posCounters.id,
        openings.map((row) => row.counterId),
      ),
    );
  const people = await tx
    .select({ id: users.id, roleId: users.roleId, status: users.userStatusId })
    .from(users)
    .where(
      inArray(
        users.id,
        openings.map((row) => row.cashierId),
      ),
    );
  const open = await tx
    .select({ counterId: posSessions.counterId })
    .from(posSessions)
    .where(
      sql`${posSessions.status} = 'open' and not ${posSessions.rescue} and ${posSessions.counterId} = any(${`{${openings.map((row) => row.counterId).join(",")}}`}::int[])`,
    );
  for (const [index, row] of openings.entries()) {
    const counter = counters.find((entry) => entry.id === row.counterId);
    if (!counter || counter.outletId !== OUTLET_ID)
      throw fieldError(field(index, "counterId"), POS_DAY_MESSAGES.counterMissing);
    if (!counter.active) throw fieldError(field(index, "counterId"), POS_DAY_MESSAGES.counterInactive);
    if (open.some((entry) => entry.counterId === row.counterId))
      throw new AppError("COUNTER_ALREADY_OPEN", `${counter.code}: ${POS_DAY_MESSAGES.counterOpen}`, {
        field: field(index, "counterId"),
      });
    const cashier = people.find((entry) => entry.id === row.cashierId);
    if (!cashier) throw fieldError(field(index, "cashierId"), POS_DAY_MESSAGES.cashierMissing);
    if (cashier.status !== USER_STATUS.approved)
      throw fieldError(field(index, "cashierId"), POS_DAY_MESSAGES.cashierNotActive);
    const held = await effectivePermissions(tx, cashier.id, cashier.roleId);
    if (!hasPermission(held, perm("POS"))) throw fieldError(field(index, "cashierId"), POS_DAY_MESSAGES.cashierNoPos);
  }
  return counters;
}

/** Opens sessions with their counted float, each next to its cash account's book balance. */
async function insertSessions(
  tx: Db,
  day: DayRecord,
  openings: readonly CounterOpening[],
  counters: readonly (typeof posCounters.$inferSelect)[],
  userId: number,
) {
  const today = await findSessions(tx, { dayIds: [day.id] });
  const { methods } = await sessionsWithFigures(tx, today, { dayId: day.id, businessDate: day.business_date });
  const books = await bookBalances(
    tx,
    counters.map((counter) => counter.cashAccountId),
    today,
    (record) => countedCashMinor(record, methods),
  );
  const inserted = await tx
    .insert(posSessions)
    .values(
      openings.map((row) => {
        const counter = counters.find((entry) => entry.id === row.counterId);
        return {
          businessDayId: day.id,
          counterId: row.counterId,
          cashierId: row.cashierId,
          openingFloatMinor: parseMinor(row.openingFloat) ?? 0n,
          openingDenoms: row.denominations ?? null,
          floatBookMinor: books.get(counter?.cashAccountId ?? 0) ?? 0n,
          notes: row.notes,
          openedBy: userId,
        };
      }),
    )
    .returning({ id: posSessions.id });
  return inserted.map((row) => row.id);
}

async function sessionsByIds(db: Db, day: DayRecord, ids: readonly number[]): Promise<PosSession[]> {
  const records = await findSessions(db, { dayIds: [day.id] });
  const { sessions } = await sessionsWithFigures(db, records, { dayId: day.id, businessDate: day.business_date });
  return sessions.filter((session) => ids.includes(session.id));
}

/** `POST /api/setting/day_open`: the business day and its first counters, in one transaction. */
export async function openDay(ctx: Ctx, input: DayOpenInput) {
  const user = signedIn(ctx);
  const opened = await ctx.db.transaction(async (tx) => {
    await lockOutlet(tx);
    if (input.businessDate > todayIn(ctx.config.APP_TZ)) throw fieldError("businessDate", POS_DAY_MESSAGES.future);
    if (await findOpenDay(tx, OUTLET_ID)) throw new AppError("DAY_ALREADY_OPEN", POS_DAY_MESSAGES.dayOpen);
    const [latest] = rowsOf(
      z.object({ business_date: col.date }),
      await tx.execute(sql`
        select business_date::text as business_date from business_days
        where outlet_id = ${OUTLET_ID} order by business_date desc limit 1`),
    );
    if (latest?.business_date === input.businessDate)
      throw new AppError("DAY_ALREADY_OPEN", POS_DAY_MESSAGES.dateTaken, { field: "businessDate" });
    if (latest && latest.business_date > input.businessDate)
      throw fieldError("businessDate", `${POS_DAY_MESSAGES.afterClosed} (${latest.business_date})`);
    const counters = await checkOpenings(tx, input.counters, (index, name) => `counters.${index}.${name}`);
    const [created] = await tx
      .insert(businessDays)
      .values({ outletId: OUTLET_ID, businessDate: input.businessDate, openedBy: user.id })
      .returning({ id: businessDays.id });
    if (!created) throw new Error("business day not stored");
    const day = await findOpenDay(tx, OUTLET_ID);
    if (!day) throw new Error("business day not found after opening");
    const ids = await insertSessions(tx, day, input.counters, counters, user.id);
    return { message: POS_DAY_MESSAGES.opened, dayId: day.id, sessions: await sessionsByIds(tx, day, ids) };
  });
  ctx.log.event("day.opened", {
    dayId: opened.dayId,
    businessDate: input.businessDate,
    counters: opened.sessions.map((session) => session.counterCode),
    by: user.id,
  });
  return opened;
}

/** `POST /api/setting/day_open/session`: one more counter in the open day. */
export async function openSession(ctx: Ctx, input: CounterOpening) {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    await lockOutlet(tx);
    const day = await findOpenDay(tx, OUTLET_ID);
    if (!day) throw new AppError("DAY_NOT_OPEN", POS_DAY_MESSAGES.noOpenDay);
    const counters = await checkOpenings(tx, [input], (_, name) => name);
    const [id] = await insertSessions(tx, day, [input], counters, user.id);
    const [session] = await sessionsByIds(tx, day, id === undefined ? [] : [id]);
    if (!session) throw new Error("session not found after opening");
    return { message: POS_DAY_MESSAGES.sessionOpened, session };
  });
}
