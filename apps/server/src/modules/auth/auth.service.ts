import { AUTH_MESSAGES, type PermissionEntry, USER_STATUS } from "@cargodesk/shared";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { effectivePermissions } from "../../plugins/access";
import { checkPassword } from "./password-check";
import type { UnknownLogins } from "./sign-in-lock";

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

/**
 * Signs in by user name (accounts login) or e-mail (cargo login). Both compare case-insensitively.
 * Wrong passwords in a row make each further try wait, then lock the account (sign-in-lock.ts).
 */
export async function signIn(
  ctx: Ctx,
  input: { by: "userName" | "email"; login: string; password: string },
  unknownLogins: UnknownLogins,
): Promise<SignedIn> {
  const column = input.by === "userName" ? users.userName : users.email;
  const wrong = () =>
    new AppError("SIGN_IN_FAILED", input.by === "userName" ? AUTH_MESSAGES.wrongUserName : AUTH_MESSAGES.wrongEmail);
  const user = await checkPassword(ctx, { column, login: input.login, password: input.password }, unknownLogins, wrong);
  const refusal = STATUS_MESSAGES[user.userStatusId];
  if (refusal) throw new AppError("USER_NOT_APPROVED", refusal, { userStatusId: user.userStatusId });

  await ctx.db
    .update(users)
    .set({ previousLogin: users.lastLogin, lastLogin: new Date() })
    .where(eq(users.id, user.id));
  return {
    token: await ctx.tokens.sign(user.id, user.tokenVersion),
    userId: user.id,
    roleId: user.roleId,
    permissions: await effectivePermissions(ctx.db, user.id, user.roleId),
  };
}
