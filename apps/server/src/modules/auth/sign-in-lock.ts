import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { unknownSignIns, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { col, rowsOf } from "../../lib/sql";

/** Wrong passwords in a row that cost nothing; from the next one on, each try waits. */
export const SIGN_IN_FREE_FAILURES = 3;
/** The first wait; it doubles with every further wrong password until the lock. */
export const SIGN_IN_FIRST_WAIT_SECONDS = 5;

export interface LockPolicy {
  lockAfter: number;
  lockMinutes: number;
}

export const lockPolicy = (config: Config): LockPolicy => ({
  lockAfter: config.SIGN_IN_LOCK_AFTER,
  lockMinutes: config.SIGN_IN_LOCK_MINUTES,
});

/** Seconds sign-in is refused after the n-th wrong password in a row: 0, 0, 5, 10, 20 ... then the lock. */
export function waitAfterFailures(failures: number, policy: LockPolicy): number {
  const lockSeconds = policy.lockMinutes * 60;
  if (failures >= policy.lockAfter) return lockSeconds;
  if (failures < SIGN_IN_FREE_FAILURES) return 0;
  return Math.min(SIGN_IN_FIRST_WAIT_SECONDS * 2 ** (failures - SIGN_IN_FREE_FAILURES), lockSeconds);
}

const formatWait = (seconds: number): string =>
  seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;

const clockTime = (at: Date, timeZone: string): string =>
  new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);

/** The 429 a refused sign-in gets: a short wait, or the lock with the time it ends (company time). */
export function signInRefusal(failures: number, until: Date, policy: LockPolicy, timeZone: string): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  const locked = failures >= policy.lockAfter;
  const message = locked
    ? `This account is locked after too many wrong passwords until ${clockTime(until, timeZone)}. Try again then, or ask an administrator to unlock it.`
    : `Too many wrong passwords for this account. Please wait ${formatWait(retryAfterSeconds)} and try again.`;
  return new AppError(locked ? "SIGN_IN_LOCKED" : "SIGN_IN_WAIT", message, {
    locked,
    lockedUntil: until.toISOString(),
    retryAfterSeconds,
  });
}

/** The waits as one int[] literal, indexed by the count of wrong passwords (1-based, capped at the lock). */
function waitsLiteral(policy: LockPolicy): string {
  const waits = Array.from({ length: policy.lockAfter }, (_, index) => waitAfterFailures(index + 1, policy));
  return `{${waits.join(",")}}`;
}

/**
 * The time a wait is set from and checked against: the clock when the statement touches the row, not
 * `now()`, the start of its transaction. A concurrent try that waited for another's row lock starts
 * earlier than the wait the other just set (0 s for a free try), and with `now()` it saw itself
 * waiting, then found no wait in force, and was answered as an unknown name.
 */
const CLOCK = sql.raw("clock_timestamp()");

const notWaiting = or(isNull(users.lockedUntil), lte(users.lockedUntil, CLOCK));

/**
 * Counts this try as a wrong password BEFORE the password is checked, in one UPDATE, and sets the
 * wait it earns; a user who is waiting or locked matches nothing. So concurrent guesses cannot all
 * be checked before the count catches up: once the free tries are spent the row refuses the rest.
 * A right password then clears the count (`clearFailures`). Null: no such user, or waiting/locked.
 */
export async function claimSignInAttempt(db: Db, column: PgColumn, login: string, policy: LockPolicy) {
  const failures = sql`${users.failedSignIns} + 1`;
  const [claimed] = await db
    .update(users)
    .set({
      failedSignIns: failures,
      lockedUntil: sql`${CLOCK} + (${waitsLiteral(policy)}::int[])[least(${failures}, ${policy.lockAfter})] * interval '1 second'`,
    })
    .where(and(eq(sql`lower(${column})`, login), notWaiting))
    .returning({
      id: users.id,
      roleId: users.roleId,
      userStatusId: users.userStatusId,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
      failedSignIns: users.failedSignIns,
      lockedUntil: users.lockedUntil,
    });
  return claimed ?? null;
}

/** Why a user is refused before the password is checked; null when there is no such user (or it just ended). */
export async function currentWait(db: Db, column: PgColumn, login: string) {
  const [row] = await db
    .select({ failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(sql`lower(${column})`, login));
  if (!row?.lockedUntil || row.lockedUntil.getTime() <= Date.now()) return null;
  return { failures: row.failedSignIns, until: row.lockedUntil };
}

/** After the right password: the count starts again. */
export async function clearFailures(db: Db, userId: number): Promise<void> {
  await db.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, userId));
}

const unknownRow = z.object({ failures: col.int, wait_until: col.timestamp });

/**
 * Wrong tries against names that do not exist (table unknown_sign_ins), so that an unknown name
 * earns the same waits and lock as a real one on every app server, and the answers do not tell who
 * has an account. A name nobody tried for a day is forgotten (lib/rate-limits' cleanup).
 */
export function createUnknownLogins(db: Db) {
  return {
    /** The wait in force for this name, or counts a wrong try and returns the count and the wait it earned. */
    async claim(key: string, policy: LockPolicy) {
      const failures = sql`u.failures + 1`;
      const counted = rowsOf(
        unknownRow,
        await db.execute(sql`
          INSERT INTO ${unknownSignIns} AS u (key, failures, wait_until, last_try_at)
          VALUES (${key}, 1, ${CLOCK} + ${waitAfterFailures(1, policy)} * interval '1 second', now())
          ON CONFLICT (key) DO UPDATE SET
            failures = ${failures},
            wait_until = ${CLOCK} + (${waitsLiteral(policy)}::int[])[least(${failures}, ${policy.lockAfter})] * interval '1 second',
            last_try_at = now()
          WHERE u.wait_until <= ${CLOCK}
          RETURNING u.failures, u.wait_until::text AS wait_until`),
      );
      const [row] =
        counted.length > 0
          ? counted
          : rowsOf(
              unknownRow,
              await db.execute(
                sql`SELECT failures, wait_until::text AS wait_until FROM ${unknownSignIns} WHERE key = ${key}`,
              ),
            );
      if (!row) throw new Error(`unknown sign-in ${key} was not counted`);
      return { refused: counted.length === 0, failures: row.failures, until: new Date(row.wait_until).getTime() };
    },
  };
}
export type UnknownLogins = ReturnType<typeof createUnknownLogins>;
