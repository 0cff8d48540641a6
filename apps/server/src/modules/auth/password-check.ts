import type { PgColumn } from "drizzle-orm/pg-core";
import type { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { dummyHash, verifyPassword } from "../../lib/passwords";
import {
  claimSignInAttempt,
  clearFailures,
  currentWait,
  lockPolicy,
  signInRefusal,
  type UnknownLogins,
} from "./sign-in-lock";

/**
 * Checks a password for the user found by `column` (compared case-insensitively) with the sign-in
 * waits and lock (sign-in-lock.ts): a wrong password counts against the account, a right one clears
 * the count. Unknown names cost the same work and earn the same waits, so the answer does not reveal
 * who exists. Throws `wrong()` for a wrong password or unknown name, the 429 refusal while waiting or
 * locked; answers the user row when the password is right (whatever the user's status).
 */
export async function checkPassword(
  ctx: Ctx,
  input: { column: PgColumn; login: string; password: string },
  unknownLogins: UnknownLogins,
  wrong: () => AppError,
) {
  const login = input.login.trim().toLowerCase();
  const policy = lockPolicy(ctx.config);
  const user = await claimSignInAttempt(ctx.db, input.column, login, policy);
  if (!user) {
    const wait = await currentWait(ctx.db, input.column, login);
    if (wait) throw signInRefusal(wait.failures, wait.until, policy, ctx.config.APP_TZ);
    const unknown = await unknownLogins.claim(`${input.column.name}:${login}`, policy);
    if (unknown.refused) throw signInRefusal(unknown.failures, new Date(unknown.until), policy, ctx.config.APP_TZ);
    await verifyPassword(input.password, await dummyHash);
    if (unknown.failures >= policy.lockAfter) {
      throw signInRefusal(unknown.failures, new Date(unknown.until), policy, ctx.config.APP_TZ);
    }
    throw wrong();
  }
  if (!(await verifyPassword(input.password, user.passwordHash))) {
    if (user.failedSignIns >= policy.lockAfter && user.lockedUntil) {
      const lockedUntil = user.lockedUntil.toISOString();
      ctx.log.event("sign_in.locked", { userId: user.id, failures: user.failedSignIns, lockedUntil });
      throw signInRefusal(user.failedSignIns, user.lockedUntil, policy, ctx.config.APP_TZ);
    }
    throw wrong();
  }
  await clearFailures(ctx.db, user.id);
  return user;
}
