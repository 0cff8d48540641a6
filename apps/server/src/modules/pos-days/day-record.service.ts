import {
  type DayDetail,
  type DayListQuery,
  type DayRow,
  type DaySummary,
  minorToAmount,
  POS_DAY_MESSAGES,
  type PosSession,
  parseMinor,
  type ZSnapshot,
  zSnapshotSchema,
} from "@cargodesk/shared";
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessDays } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { cashMovesOfDay, type DayRecord, findDays, findSessions } from "./day-checks.queries";
import { getDay } from "./day-close.checks";
import { dayFigures } from "./day-figures";
import { dayHeaderOf } from "./day-open.service";

/**
 * DayOpen Record: business days with their figures. A closed day answers from its frozen Z snapshot
 * (what was posted), the open day from its live figures.
 */
async function snapshotsOf(db: Db, ids: readonly number[]): Promise<Map<number, ZSnapshot>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: businessDays.id, snapshot: businessDays.snapshot })
    .from(businessDays)
    .where(inArray(businessDays.id, [...ids]));
  return new Map(
    rows.flatMap((row) => {
      const parsed = zSnapshotSchema.safeParse(row.snapshot);
      return parsed.success ? [[row.id, parsed.data] as const] : [];
    }),
  );
}

/** The frozen Z figures of a closed day; 404 for an unknown day, 409 while it is open. */
export async function zSnapshotOf(db: Db, dayId: number): Promise<ZSnapshot> {
  const day = await getDay(db, dayId);
  const snapshot = (await snapshotsOf(db, [day.id])).get(day.id);
  if (day.status !== "closed" || !snapshot) throw new AppError("DAY_NOT_CLOSED", POS_DAY_MESSAGES.notClosed);
  return snapshot;
}

const minor = (value: number) => parseMinor(value) ?? 0n;
const cashOf = (sessions: readonly PosSession[], pick: (method: PosSession["methods"][number]) => number | null) =>
  sessions.reduce(
    (total, session) =>
      total +
      session.methods
        .filter((method) => method.kind === "cash")
        .reduce((sum, method) => sum + minor(pick(method) ?? 0), 0n),
    0n,
  );

/** A day's row from its sessions and summary: counted cash only once every counter is closed. */
function rowOf(day: DayRecord, sessions: readonly PosSession[], summary: DaySummary): DayRow {
  const allClosed = sessions.length > 0 && sessions.every((session) => session.status === "closed");
  return {
    ...dayHeaderOf(day),
    orders: summary.orders,
    netSales: summary.net,
    tax: summary.tax,
    expectedCash: minorToAmount(cashOf(sessions, (method) => method.expected)),
    countedCash: allClosed ? minorToAmount(cashOf(sessions, (method) => method.counted)) : null,
    overShort: allClosed ? summary.overShort : null,
  };
}

async function figuresOf(db: Db, day: DayRecord, snapshot: ZSnapshot | undefined) {
  if (snapshot) return { sessions: snapshot.counters, summary: snapshot.summary };
  const live = await dayFigures(db, { dayId: day.id, businessDate: day.business_date });
  return { sessions: live.sessions, summary: live.summary };
}

/** `GET /api/setting/day`: newest first. */
export async function listDays(db: Db, query: DayListQuery) {
  const { rows, total } = await findDays(db, query.from || null, query.to || null, query.size, query.page);
  const snapshots = await snapshotsOf(
    db,
    rows.filter((row) => row.status === "closed").map((row) => row.id),
  );
  const data: DayRow[] = [];
  for (const day of rows) {
    const { sessions, summary } = await figuresOf(db, day, snapshots.get(day.id));
    data.push(rowOf(day, sessions, summary));
  }
  return { data, page: query.page, total_results: total };
}

/** `GET /api/setting/day/{id}`: the day with its counters, cash moves, late orders and figures. */
export async function dayDetail(db: Db, dayId: number): Promise<DayDetail> {
  const day = await getDay(db, dayId);
  const snapshot = (await snapshotsOf(db, [day.id])).get(day.id);
  const { sessions, summary } = await figuresOf(db, day, snapshot);
  const moves = await cashMovesOfDay(db, day.id);
  return {
    ...rowOf(day, sessions, summary),
    sessions,
    cashMoves: moves.map((move) => ({
      id: move.id,
      sessionId: move.session_id,
      counterCode: move.counter_code,
      kind: move.kind,
      amount: minorToAmount(move.amount),
      account: move.account,
      reason: move.reason,
      by: move.who,
      at: move.at,
    })),
    summary,
  };
}

/** One counter session's figures so far (the X report): its orders, payments, cash moves and stock. */
export async function sessionReport(db: Db, sessionId: number) {
  const [record] = await findSessions(db, { sessionId });
  if (!record) throw new AppError("NOT_FOUND", POS_DAY_MESSAGES.sessionMissing);
  const day = await getDay(db, record.day_id);
  const figures = await dayFigures(db, { dayId: day.id, businessDate: day.business_date, sessionId });
  const [session] = figures.sessions;
  if (!session) throw new Error("session figures missing");
  return { session, summary: figures.summary, businessDate: day.business_date };
}
