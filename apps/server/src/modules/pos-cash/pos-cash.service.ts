import {
  CASH_MOVE_MESSAGES,
  type CashMove,
  type CashMoveInput,
  type CashMoveList,
  minorToAmount,
  POS_INTEGRATION_FIELDS,
  parseMinor,
  posMappingMissing,
} from "@cargodesk/shared";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cashMoves, posCounters, posSessions } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { findAccount } from "../../lib/books/accounts";
import { getIntegration } from "../../lib/books/integration";
import { type Ctx, signedIn } from "../../lib/context";
import { bigMinor } from "../../lib/sql";
import { OUTLET_ID } from "../outlet-settings/index";
import { findCashMoveByClientUuid, findCashMoves, lockOpenSession } from "./pos-cash.queries";

const fieldError = (field: string, message: string) => new AppError("VALIDATION", message, [{ field, message }]);

const safeField = POS_INTEGRATION_FIELDS.find((field) => field.key === "safeCashAccountId");
if (!safeField) throw new Error("Accounts Integration has no safeCashAccountId field");
/** "Set the Safe Cash account in Accounts Integration". */
const SAFE_MISSING = posMappingMissing(safeField);

/** Whether a level 4 account sits beneath the group with this id (Accounts Integration's cash or bank group). */
async function isUnderGroup(tx: Db, allLevelKey: string, groupId: number | null | undefined): Promise<boolean> {
  const group = groupId ? await findAccount(tx, groupId) : undefined;
  return group !== undefined && allLevelKey.startsWith(`${group.allLevelKey}-`);
}

/**
 * The account on the other side of the counter's cash: a pay-out's expense (level 4 under EXPENSES),
 * a drop's cash or bank account (the safe of Accounts Integration when none is given), a pay-in's
 * source (the safe by default). Never the counter's own cash account.
 */
async function counterpartAccount(tx: Db, input: CashMoveInput, counterCashId: number): Promise<number> {
  const integration = await getIntegration(tx);
  const id = input.accountId ?? (input.kind === "pay_out" ? null : integration?.safeCashAccountId);
  if (!id) {
    if (input.kind === "pay_out") throw fieldError("accountId", CASH_MOVE_MESSAGES.payOutAccount);
    throw new AppError("INTEGRATION_NOT_SET", SAFE_MISSING, { field: "safeCashAccountId" });
  }
  if (id === counterCashId) throw fieldError("accountId", CASH_MOVE_MESSAGES.ownCash);
  const account = await findAccount(tx, id);
  const level4 = account?.level === 4;
  if (input.kind === "pay_out" && !(level4 && account.allLevelKey.startsWith("5-")))
    throw fieldError("accountId", CASH_MOVE_MESSAGES.payOutAccount);
  if (input.kind === "drop") {
    const underCashOrBank =
      level4 &&
      ((await isUnderGroup(tx, account.allLevelKey, integration?.cashGroupId)) ||
        (await isUnderGroup(tx, account.allLevelKey, integration?.bankGroupId)));
    if (!underCashOrBank) throw fieldError("accountId", CASH_MOVE_MESSAGES.dropAccount);
  }
  if (input.kind === "pay_in" && !level4) throw fieldError("accountId", CASH_MOVE_MESSAGES.payInAccount);
  return id;
}

/** A clientUuid seen before: the same move again is answered with the first row; anything else is 409. */
function replayOf(
  existing: { id: number; kind: string; amountMinor: bigint; counterId: number },
  input: CashMoveInput,
  amountMinor: bigint,
): number {
  if (existing.kind !== input.kind || existing.amountMinor !== amountMinor || existing.counterId !== input.counterId)
    throw new AppError("CLIENT_UUID_REUSED", CASH_MOVE_MESSAGES.clientUuidReused, { cashMoveId: existing.id });
  return existing.id;
}

async function getCashMove(db: Db, id: number): Promise<CashMove> {
  const [row] = await findCashMoves(db, eq(cashMoves.id, id));
  if (!row) throw new AppError("NOT_FOUND", "No such cash move");
  return row;
}

/**
 * Records a pay-in, pay-out or drop into the counter's open session (409 naming Day Open when there
 * is none). The device's clientUuid makes a resend harmless: it answers the row made the first time.
 */
export async function recordCashMove(ctx: Ctx, input: CashMoveInput): Promise<CashMove> {
  const user = signedIn(ctx);
  const amountMinor = parseMinor(input.amount);
  if (amountMinor === null || amountMinor <= 0n) throw fieldError("amount", CASH_MOVE_MESSAGES.amount);
  const id = await ctx.db.transaction(async (tx) => {
    const seen = await findCashMoveByClientUuid(tx, input.clientUuid);
    if (seen) return replayOf(seen, input, amountMinor);
    const [counter] = await tx
      .select({ id: posCounters.id, cashAccountId: posCounters.cashAccountId })
      .from(posCounters)
      .where(and(eq(posCounters.id, input.counterId), eq(posCounters.outletId, OUTLET_ID)));
    if (!counter) throw fieldError("counterId", CASH_MOVE_MESSAGES.counterMissing);
    const session = await lockOpenSession(tx, counter.id);
    if (!session)
      throw new AppError("SESSION_NOT_OPEN", CASH_MOVE_MESSAGES.noSession, {
        counterId: counter.id,
        screen: "Day Open",
      });
    const accountId = await counterpartAccount(tx, input, counter.cashAccountId);
    const [row] = await tx
      .insert(cashMoves)
      .values({
        sessionId: session.id,
        kind: input.kind,
        amountMinor,
        accountId,
        reason: input.reason,
        clientUuid: input.clientUuid,
        createdBy: user.id,
      })
      .onConflictDoNothing({ target: cashMoves.clientUuid })
      .returning({ id: cashMoves.id });
    if (row) return row.id;
    // Sent twice at once: the other request's row won.
    const raced = await findCashMoveByClientUuid(tx, input.clientUuid);
    if (!raced) throw new Error("cash move neither inserted nor found");
    return replayOf(raced, input, amountMinor);
  });
  return getCashMove(ctx.db, id);
}

/** A session's cash moves with a total per kind (what Day Close adds to or takes from the expected cash). */
export async function listCashMoves(ctx: Ctx, query: { sessionId: number }): Promise<CashMoveList> {
  const [session] = await ctx.db
    .select({ id: posSessions.id })
    .from(posSessions)
    .where(eq(posSessions.id, query.sessionId));
  if (!session) throw new AppError("NOT_FOUND", "No such counter session");
  const [rows, sums] = await Promise.all([
    findCashMoves(ctx.db, eq(cashMoves.sessionId, session.id)),
    ctx.db
      .select({ kind: cashMoves.kind, minor: sql<string>`sum(${cashMoves.amountMinor})` })
      .from(cashMoves)
      .where(eq(cashMoves.sessionId, session.id))
      .groupBy(cashMoves.kind),
  ]);
  const total = (kind: CashMove["kind"]) => minorToAmount(bigMinor(sums.find((sum) => sum.kind === kind)?.minor));
  return { rows, totals: { payIn: total("pay_in"), payOut: total("pay_out"), drop: total("drop") } };
}
