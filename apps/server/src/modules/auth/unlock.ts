import { ROLE } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import type { Ctx } from "../../lib/context";

/**
 * Lifts a sign-in lock (and any wait) before it ends: the wrong-password count starts again at 0.
 * Only an admin unlocks an admin, as only an admin changes an admin's status. Audited either way.
 */
export async function unlockUser(ctx: Ctx, id: number): Promise<{ wasLocked: boolean }> {
  const actorId = ctx.user?.id ?? null;
  const [target] = await ctx.db
    .select({ roleId: users.roleId, failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, id));
  if (!target) throw new AppError("NOT_FOUND", "No such user");
  if (target.roleId === ROLE.admin && ctx.user?.roleId !== ROLE.admin) {
    const reason = "Only an administrator can unlock an administrator's account";
    await audit(ctx.db, actorId, "unlock refused", id, { reason });
    throw new AppError("FORBIDDEN", reason);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, id));
    await audit(tx, actorId, "unlock", id, {
      failedSignIns: target.failedSignIns,
      lockedUntil: target.lockedUntil?.toISOString() ?? null,
    });
  });
  return { wasLocked: target.lockedUntil !== null && target.lockedUntil.getTime() > Date.now() };
}
