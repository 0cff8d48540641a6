import {
  type DayClosed,
  denominationsMinor,
  POS_DAY_MESSAGES,
  type PostingLine,
  parseMinor,
  type SessionCloseInput,
  type VoucherTypeId,
  type ZSnapshot,
} from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessDays, outlets, posSessions, stockExceptions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { accountTitles } from "../../lib/books/accounts";
import { postVoucher } from "../../lib/books/posting";
import { type Ctx, signedIn } from "../../lib/context";
import { findSessions } from "./day-checks.queries";
import { alreadyClosed, dayCloseState, getDay, voucherView } from "./day-close.checks";
import { sessionsWithFigures } from "./day-figures";
import { linkDayMoves } from "./day-figures.queries";
import { lockOutlet } from "./day-open.service";
import type { DraftLine } from "./day-vouchers";

const JOURNAL: VoucherTypeId = 5;
const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);

/** A counter's session with its live figures (one session's scope). */
async function sessionWithFigures(db: Db, sessionId: number) {
  const [record] = await findSessions(db, { sessionId });
  if (!record) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.sessionMissing);
  const day = await getDay(db, record.day_id);
  const { sessions, methods } = await sessionsWithFigures(db, [record], {
    dayId: day.id,
    businessDate: day.business_date,
    sessionId,
  });
  const [session] = sessions;
  if (!session) throw new Error("session figures missing");
  return { session, methods, day };
}

/**
 * `POST /api/setting/day_close/session/{sessionId}`: the counter is counted and closed. What each
 * method should hold is frozen with what was counted (a method not counted at close counts as
 * expected); the cash difference is the session's over/short.
 */
export async function closeSession(ctx: Ctx, sessionId: number, input: SessionCloseInput) {
  const user = signedIn(ctx);
  const closed = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: posSessions.status })
      .from(posSessions)
      .where(eq(posSessions.id, sessionId))
      .for("update");
    if (!locked) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.sessionMissing);
    if (locked.status === "closed") throw new AppError("SESSION_ALREADY_CLOSED", POS_DAY_MESSAGES.sessionClosed);
    const { session, methods } = await sessionWithFigures(tx, sessionId);
    for (const key of Object.keys(input.counted)) {
      if (!session.methods.some((method) => String(method.methodId) === key))
        throw fieldError(`counted.${key}`, POS_DAY_MESSAGES.countedMethod);
    }
    const expected = new Map<number, bigint>();
    const counted = new Map<number, bigint>();
    for (const method of session.methods) {
      const expectedMinor = parseMinor(method.expected) ?? 0n;
      const given = input.counted[String(method.methodId)];
      const countable = method.countedAtClose && method.kind !== "on_account";
      if (countable && given === undefined)
        throw fieldError(`counted.${method.methodId}`, `${POS_DAY_MESSAGES.countedMissing} for ${method.name}`);
      expected.set(method.methodId, expectedMinor);
      counted.set(method.methodId, given === undefined ? expectedMinor : (parseMinor(given) ?? 0n));
    }
    const cashIds = methods.filter((method) => method.kind === "cash").map((method) => method.id);
    const cash = (amounts: Map<number, bigint>) => cashIds.reduce((sum, id) => sum + (amounts.get(id) ?? 0n), 0n);
    if (input.denominations && denominationsMinor(input.denominations) !== cash(counted))
      throw fieldError("denominations", POS_DAY_MESSAGES.countedDenominations);
    const json = (amounts: Map<number, bigint>) =>
      Object.fromEntries([...amounts].map(([id, minor]) => [id, Number(minor)]));
    await tx
      .update(posSessions)
      .set({
        status: "closed",
        expected: json(expected),
        counted: json(counted),
        countedDenoms: input.denominations ?? null,
        overShortMinor: cash(counted) - cash(expected),
        closeNotes: input.notes,
        closedAt: new Date(),
        closedBy: user.id,
      })
      .where(eq(posSessions.id, sessionId));
    return { message: POS_DAY_MESSAGES.sessionClosedOk, session: (await sessionWithFigures(tx, sessionId)).session };
  });
  ctx.log.event("day.session_closed", {
    sessionId,
    counter: closed.session.counterCode,
    overShortMinor: Number(parseMinor(closed.session.overShort ?? 0) ?? 0n),
    by: user.id,
  });
  return closed;
}

/** `POST /api/setting/day_close/exception/{id}/accept`: a stock exception accepted with a reason. */
export async function acceptException(ctx: Ctx, id: number, reason: string) {
  const user = signedIn(ctx);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(stockExceptions).where(eq(stockExceptions.id, id)).for("update");
    if (!row) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.exceptionMissing);
    if (row.resolvedAt !== null) throw new AppError("STOCK_EXCEPTION_RESOLVED", POS_DAY_MESSAGES.exceptionResolved);
    const resolvedAt = new Date();
    await tx
      .update(stockExceptions)
      .set({ resolvedAt, resolvedBy: user.id, resolution: "accepted", note: reason })
      .where(eq(stockExceptions.id, id));
    return {
      message: POS_DAY_MESSAGES.accepted,
      exception: {
        id,
        resolution: "accepted",
        note: reason,
        resolvedAt: resolvedAt.toISOString(),
        resolvedBy: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() || user.userName },
      },
    };
  });
}

async function post(
  tx: Db,
  lines: readonly DraftLine[],
  source: "pos_close" | "pos_cogs",
  meta: { date: string; zNumber: string; userId: number },
) {
  if (lines.length === 0) return null;
  const titles = await accountTitles(
    tx,
    lines.flatMap((line) => (line.accountId === null ? [] : [line.accountId])),
  );
  const posting: PostingLine[] = lines.map((line) => {
    if (line.accountId === null) throw new Error("a Day Close line has no account after the checks");
    return {
      accountId: line.accountId,
      debit: Number(line.debit),
      credit: Number(line.credit),
      description: line.description,
      billNumber: meta.zNumber,
      accountTitle: titles.get(line.accountId) ?? "",
    };
  });
  return postVoucher(tx, {
    typeId: JOURNAL,
    date: meta.date,
    lines: posting,
    cashAccountId: null,
    source,
    createdBy: meta.userId,
    approvedBy: meta.userId,
  });
}

/**
 * `POST /api/setting/day_close`: in ONE transaction, under the outlet's and the day's locks, the
 * checks run again; the sales JV and the COGS JV are posted approved; every sold order of the day and
 * every POS stock move it counted are linked to them (one UPDATE each); the Z figures are frozen and
 * the day is closed. A second close is refused naming what the first posted.
 */
export async function closeDay(ctx: Ctx, dayId: number): Promise<DayClosed> {
  const user = signedIn(ctx);
  const closed = await ctx.db.transaction(async (tx): Promise<DayClosed & { businessDate: string }> => {
    await lockOutlet(tx);
    const [locked] = await tx
      .select({ id: businessDays.id })
      .from(businessDays)
      .where(eq(businessDays.id, dayId))
      .for("update");
    if (!locked) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.dayMissing);
    const day = await getDay(tx, dayId);
    if (day.status === "closed") throw alreadyClosed(day);
    const state = await dayCloseState(tx, day);
    if (state.blockers.length > 0)
      throw new AppError("DAY_CLOSE_BLOCKED", `${POS_DAY_MESSAGES.blocked}: ${state.blockers.join("; ")}`, {
        blockers: state.blockers,
        mappings: state.vouchers.missing,
      });
    const meta = { date: day.business_date, zNumber: state.zNumber, userId: user.id };
    const sales = await post(tx, state.vouchers.sales, "pos_close", meta);
    const cogs = await post(tx, state.vouchers.cogs, "pos_cogs", meta);
    if (sales)
      await tx.execute(sql`
        update pos_orders set sales_voucher_id = ${sales.id}
        where business_day_id = ${day.id} and status in ('paid', 'refund')`);
    if (cogs) await linkDayMoves(tx, day.business_date, state.figures.lastMoveId, cogs.id);

    const closedAt = new Date();
    const [outlet] = await tx.select({ name: outlets.name }).from(outlets).where(eq(outlets.id, day.outlet_id));
    const snapshot: ZSnapshot = {
      zNumber: state.zNumber,
      businessDate: day.business_date,
      outlet: outlet?.name ?? "",
      openedAt: day.opened_at,
      openedBy: day.opened_by ?? "",
      closedAt: closedAt.toISOString(),
      closedBy: `${user.firstName} ${user.lastName}`.trim() || user.userName,
      counters: state.figures.sessions,
      summary: state.figures.summary,
      vouchers: {
        sales: await voucherView(tx, state.vouchers.sales, sales),
        cogs: await voucherView(tx, state.vouchers.cogs, cogs),
      },
    };
    await tx
      .update(businessDays)
      .set({
        status: "closed",
        closedAt,
        closedBy: user.id,
        salesVoucherId: sales?.id ?? null,
        cogsVoucherId: cogs?.id ?? null,
        zNumber: state.zNumber,
        snapshot,
      })
      .where(eq(businessDays.id, day.id));
    return {
      message: POS_DAY_MESSAGES.closed,
      dayId: day.id,
      businessDate: day.business_date,
      zNumber: state.zNumber,
      salesVoucherId: sales?.id ?? null,
      salesVoucherNo: sales?.number ?? null,
      cogsVoucherId: cogs?.id ?? null,
      cogsVoucherNo: cogs?.number ?? null,
    };
  });
  const { businessDate, ...answer } = closed;
  ctx.log.event("day.closed", {
    dayId: answer.dayId,
    businessDate,
    zNumber: answer.zNumber,
    salesVoucherId: answer.salesVoucherId,
    cogsVoucherId: answer.cogsVoucherId,
    by: user.id,
  });
  return answer;
}
