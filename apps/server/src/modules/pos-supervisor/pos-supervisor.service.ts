import { createHash, randomBytes } from "node:crypto";
import {
  hasPermission,
  perm,
  SUPERVISOR_MESSAGES,
  SUPERVISOR_TOKEN_SECONDS,
  type SupervisorAction,
  type SupervisorApproval,
  type SupervisorRequest,
  USER_STATUS,
} from "@cargodesk/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { supervisorApprovals, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { type Ctx, signedIn } from "../../lib/context";
import { personName } from "../../lib/person-name";
import { effectivePermissions } from "../../plugins/access";
import { checkPassword, type UnknownLogins } from "../auth/index";

/** Who may approve: design D13. */
export const SUPERVISOR_PERMISSION = perm("Setting", "Day Close");

const hashOf = (token: string): string => createHash("sha256").update(token).digest("hex");

/**
 * A supervisor approves one action at the terminal. The password check is the sign-in's, with its
 * waits and lock, so the approval dialog cannot be used to guess passwords: a wrong one counts on the
 * named user's row like a wrong sign-in, and each refusal is logged (`supervisor.refused`, with the
 * caller). A refusal writes no row. The token is random and only its hash is stored; it lives
 * SUPERVISOR_TOKEN_SECONDS and is spent by the operation.
 */
export async function approveAsSupervisor(
  ctx: Ctx,
  input: SupervisorRequest,
  unknownLogins: UnknownLogins,
): Promise<SupervisorApproval> {
  const caller = signedIn(ctx);
  const refuse = (supervisorId: number | null, message: string): AppError => {
    ctx.log.event("supervisor.refused", { supervisorId, action: input.action, by: caller.id });
    return new AppError("SUPERVISOR_REFUSED", message);
  };
  const wrong = new AppError("SUPERVISOR_REFUSED", SUPERVISOR_MESSAGES.wrong);
  let user: Awaited<ReturnType<typeof checkPassword>>;
  try {
    user = await checkPassword(
      ctx,
      { column: users.userName, login: input.userName, password: input.password },
      unknownLogins,
      () => wrong,
    );
  } catch (error) {
    if (error !== wrong) throw error;
    const [named] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.userName})`, input.userName.trim().toLowerCase()));
    throw refuse(named?.id ?? null, SUPERVISOR_MESSAGES.wrong);
  }
  const permissions = await effectivePermissions(ctx.db, user.id, user.roleId);
  if (user.userStatusId !== USER_STATUS.approved || !hasPermission(permissions, SUPERVISOR_PERMISSION)) {
    throw refuse(user.id, SUPERVISOR_MESSAGES.notSupervisor);
  }

  const token = randomBytes(32).toString("base64url");
  const [row] = await ctx.db
    .insert(supervisorApprovals)
    .values({
      tokenHash: hashOf(token),
      supervisorId: user.id,
      action: input.action,
      requestedBy: caller.id,
      expiresAt: sql`now() + make_interval(secs => ${SUPERVISOR_TOKEN_SECONDS})`,
    })
    .returning({ expiresAt: supervisorApprovals.expiresAt });
  const [person] = await ctx.db.select({ name: personName }).from(users).where(eq(users.id, user.id));
  if (!row || !person) throw new Error("supervisor approval not stored");
  ctx.log.event("supervisor.approved", { supervisorId: user.id, action: input.action, by: caller.id });
  return { token, expiresAt: row.expiresAt.toISOString(), supervisor: { id: user.id, name: person.name } };
}

/**
 * Spends a supervisor's approval inside the caller's transaction and answers the supervisor's user
 * id (for `approved_by`). 403 when the token is unknown, expired, already used or given for another
 * action. If the caller's transaction rolls back, the token stays unspent until it expires.
 */
export async function consumeSupervisorApproval(
  tx: Db,
  token: string | null | undefined,
  action: SupervisorAction,
): Promise<number> {
  if (!token) throw new AppError("SUPERVISOR_APPROVAL_INVALID", SUPERVISOR_MESSAGES.invalid, { action });
  const [row] = await tx
    .update(supervisorApprovals)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(supervisorApprovals.tokenHash, hashOf(token)),
        eq(supervisorApprovals.action, action),
        isNull(supervisorApprovals.usedAt),
        gt(supervisorApprovals.expiresAt, sql`now()`),
      ),
    )
    .returning({ supervisorId: supervisorApprovals.supervisorId });
  if (!row) throw new AppError("SUPERVISOR_APPROVAL_INVALID", SUPERVISOR_MESSAGES.invalid, { action });
  return row.supervisorId;
}
