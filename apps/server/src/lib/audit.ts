import type { Db } from "../db/client";
import { auditLog } from "../db/schema/index";

/** One row of the audit log: who did what to which user, inside the caller's transaction. */
export async function audit(
  tx: Db,
  actorId: number | null,
  action: string,
  targetUserId: number,
  details: object,
): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, targetUserId, details });
}
