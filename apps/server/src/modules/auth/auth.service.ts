import { AUTH_MESSAGES, type PermissionEntry, USER_STATUS } from "@cargodesk/shared";
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { dummyHash, verifyPassword } from "../../lib/passwords";
import { effectivePermissions } from "../../plugins/access";

export interface SignedIn {
  token: string;
  userId: number;
  roleId: number;
  permissions: PermissionEntry[];
}

const STATUS_MESSAGES: Record<number, string> = {
  [USER_STATUS.pending]: AUTH_MESSAGES.pending,
  [USER_STATUS.cancelled]: AUTH_MESSAGES.cancelled,
  [USER_STATUS.blocked]: AUTH_MESSAGES.blocked,
};

/** Signs in by user name (accounts login) or e-mail (cargo login). Both compare case-insensitively. */
export async function signIn(
  ctx: Ctx,
  input: { by: "userName" | "email"; login: string; password: string },
): Promise<SignedIn> {
  const column = input.by === "userName" ? users.userName : users.email;
  const [user] = await ctx.db
    .select({
      id: users.id,
      roleId: users.roleId,
      userStatusId: users.userStatusId,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .where(eq(sql`lower(${column})`, input.login.trim().toLowerCase()));
  // Unknown users cost the same scrypt work as known ones, so timing does not reveal who exists.
  const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash));
  if (!user || !passwordOk) {
    throw new AppError(
      "UNAUTHENTICATED",
      input.by === "userName" ? AUTH_MESSAGES.wrongUserName : AUTH_MESSAGES.wrongEmail,
    );
  }
  const refusal = STATUS_MESSAGES[user.userStatusId];
  if (refusal) throw new AppError("FORBIDDEN", refusal, { userStatusId: user.userStatusId });

  await ctx.db
    .update(users)
    .set({ previousLogin: users.lastLogin, lastLogin: new Date() })
    .where(eq(users.id, user.id));
  return {
    token: await ctx.tokens.sign(user.id),
    userId: user.id,
    roleId: user.roleId,
    permissions: await effectivePermissions(ctx.db, user.id, user.roleId),
  };
}
