import { type CashMove, cashMoveSchema, minorToAmount } from "@cargodesk/shared";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accounts, cashMoves, posCounters, posSessions, users } from "../../db/schema/index";
import { personName } from "../../lib/person-name";

/** The cash moves matching `where`, oldest first, with their counter, account and who made them. */
export async function findCashMoves(db: Db, where: SQL | undefined): Promise<CashMove[]> {
  const rows = await db
    .select({
      id: cashMoves.id,
      sessionId: cashMoves.sessionId,
      counterId: posSessions.counterId,
      counterCode: posCounters.code,
      kind: cashMoves.kind,
      amountMinor: cashMoves.amountMinor,
      accountId: accounts.id,
      accountName: accounts.name,
      allLevelKey: accounts.allLevelKey,
      reason: cashMoves.reason,
      clientUuid: cashMoves.clientUuid,
      byId: users.id,
      byName: personName,
      at: cashMoves.createdAt,
    })
    .from(cashMoves)
    .innerJoin(posSessions, eq(posSessions.id, cashMoves.sessionId))
    .innerJoin(posCounters, eq(posCounters.id, posSessions.counterId))
    .leftJoin(accounts, eq(accounts.id, cashMoves.accountId))
    .leftJoin(users, eq(users.id, cashMoves.createdBy))
    .where(where)
    .orderBy(asc(cashMoves.id));
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.sessionId,
    counterId: row.counterId,
    counterCode: row.counterCode,
    kind: cashMoveSchema.shape.kind.parse(row.kind),
    amount: minorToAmount(row.amountMinor),
    account:
      row.accountId !== null && row.accountName !== null && row.allLevelKey !== null
        ? { id: row.accountId, name: row.accountName, allLevelKey: row.allLevelKey }
        : null,
    reason: row.reason,
    clientUuid: row.clientUuid,
    by: row.byId !== null ? { id: row.byId, name: row.byName } : null,
    at: row.at.toISOString(),
  }));
}

export async function findCashMoveByClientUuid(db: Db, clientUuid: string) {
  const [row] = await db
    .select({
      id: cashMoves.id,
      kind: cashMoves.kind,
      amountMinor: cashMoves.amountMinor,
      counterId: posSessions.counterId,
    })
    .from(cashMoves)
    .innerJoin(posSessions, eq(posSessions.id, cashMoves.sessionId))
    .where(eq(cashMoves.clientUuid, clientUuid));
  return row;
}

/** The counter's open session, share-locked so Day Close cannot close it under this move. */
export async function lockOpenSession(db: Db, counterId: number) {
  const [row] = await db
    .select({ id: posSessions.id })
    .from(posSessions)
    .where(and(eq(posSessions.counterId, counterId), eq(posSessions.status, "open"), eq(posSessions.rescue, false)))
    .for("share");
  return row;
}
