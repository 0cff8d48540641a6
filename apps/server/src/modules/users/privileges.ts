import { ROLE, USER_STATUS } from "@cargodesk/shared";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { auditLog, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";

/**
 * A staff action the privilege rules forbid: a 403 with the reason, audited as `refused:<what>`.
 * Thrown inside a transaction and audited after it rolls back (see `auditRefusals`).
 */
export class Refusal extends AppError {
  readonly what: string;
  readonly targetUserId: number | null;
  readonly facts: Record<string, unknown>;

  constructor(what: string, message: string, targetUserId: number | null, facts: Record<string, unknown> = {}) {
    super("FORBIDDEN", message, { reason: what });
    this.what = what;
    this.targetUserId = targetUserId;
    this.facts = facts;
  }
}

/** Runs a use case; a refusal it throws is written to audit_log (outside its rolled-back transaction). */
export async function auditRefusals<T>(ctx: Ctx, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Refusal) {
      await ctx.db.insert(auditLog).values({
        actorId: ctx.user?.id ?? null,
        action: `refused:${error.what}`,
        targetUserId: error.targetUserId,
        details: { reason: error.message, ...error.facts },
      });
    }
    throw error;
  }
}

const isAdmin = (ctx: Ctx) => ctx.user?.roleId === ROLE.admin;

/**
 * Locks every approved Admin row, in id order, and answers their ids. Every use case that could
 * leave the company without an approved Admin takes this lock first, so two concurrent requests
 * (two Admins blocking or demoting each other) queue here and the second sees the first's result.
 */
export async function lockApprovedAdmins(tx: Db): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, ROLE.admin), eq(users.userStatusId, USER_STATUS.approved)))
    .orderBy(asc(users.id))
    .for("update");
  return rows.map((row) => row.id);
}

function assertNotLastAdmin(approvedAdmins: number[], target: { id: number }, what: string) {
  if (approvedAdmins.includes(target.id) && approvedAdmins.length <= 1)
    throw new Refusal(what, "The last approved Admin cannot be blocked, cancelled or demoted", target.id);
}

/** Only an Admin creates an Admin. */
export function assertMayCreate(ctx: Ctx, role: number, email: string): void {
  if (role === ROLE.admin && !isAdmin(ctx))
    throw new Refusal("create admin", "Only an Admin creates an Admin", null, { email });
}

/** Role and e-mail changes in the edit form, checked against the stored user. */
export function assertMayEdit(
  ctx: Ctx,
  approvedAdmins: number[],
  before: { id: number; roleId: number; email: string },
  after: { role: number; email: string },
): void {
  const roleChanges = before.roleId !== after.role;
  const facts = { from: before.roleId, to: after.role };
  if (roleChanges && before.id === ctx.user?.id)
    throw new Refusal("own role", "You cannot change your own role", before.id, facts);
  if (roleChanges && (before.roleId === ROLE.admin || after.role === ROLE.admin)) {
    if (!isAdmin(ctx)) throw new Refusal("role", "Only an Admin gives or removes the Admin role", before.id, facts);
    if (before.roleId === ROLE.admin) assertNotLastAdmin(approvedAdmins, before, "demote last admin");
  }
  if (before.roleId === ROLE.admin && before.email.toLowerCase() !== after.email.toLowerCase() && !isAdmin(ctx))
    throw new Refusal("admin email", "Only an Admin changes an Admin's e-mail", before.id, { to: after.email });
}

/** Approve, cancel, block, unblock, and "sign out everywhere" (`to` null). */
export function assertMayChangeStatus(
  ctx: Ctx,
  approvedAdmins: number[],
  target: { id: number; roleId: number; userStatusId: number },
  to: number | null,
): void {
  const facts = { from: target.userStatusId, to };
  if (to !== null && target.id === ctx.user?.id)
    throw new Refusal("own status", "You cannot change your own status", target.id, facts);
  if (target.roleId === ROLE.admin && !isAdmin(ctx)) {
    const message =
      to === null ? "Only an Admin signs an Admin out everywhere" : "Only an Admin changes an Admin's status";
    throw new Refusal(to === null ? "admin sign out" : "admin status", message, target.id, facts);
  }
  if (to !== null && to !== USER_STATUS.approved) assertNotLastAdmin(approvedAdmins, target, "block last admin");
}

/** Nobody changes their own permissions. */
export function assertMayAssignPermissions(ctx: Ctx, userId: number): void {
  if (userId === ctx.user?.id) throw new Refusal("own permissions", "You cannot change your own permissions", userId);
}

/** Ends every token issued to the user before now: the access check compares versions on each request. */
export async function endSessions(tx: Db, userId: number): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion ?? 0;
}
