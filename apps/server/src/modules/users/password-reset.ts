import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import { USER_MESSAGES, USER_STATUS } from "@cargodesk/shared";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResets, users } from "../../db/schema/index";
import { AppError } from "../../lib/app-error";
import type { Ctx } from "../../lib/context";
import { sendMail } from "../../lib/mailer";
import { hashPassword } from "../../lib/passwords";

export const RESET_MINUTES = 15;
const digest = (code: string) => createHash("sha256").update(code).digest();

/**
 * Mails a 6-digit code to a registered, approved address. The answer is the same whether or not
 * the address exists, so the form cannot be used to find out who has an account.
 */
export async function requestReset(ctx: Ctx, email: string, log: (message: string) => void): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, userStatusId: users.userStatusId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user || user.userStatusId !== USER_STATUS.approved) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.transaction(async (tx) => {
    // A new code replaces any earlier one.
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      codeHash: digest(code).toString("hex"),
      expiresAt: new Date(Date.now() + RESET_MINUTES * 60_000),
    });
  });
  await sendMail(
    ctx.config,
    ctx.db,
    {
      to: user.email,
      subject: "CargoDesk password reset code",
      text: `Your CargoDesk password reset code is ${code}.\n\nIt works once, for ${RESET_MINUTES} minutes. If you did not ask for it, ignore this message.\n\n${ctx.config.PUBLIC_URL}/forgot-password`,
    },
    log,
  );
}

/** Wrong codes a reset code survives; the fifth wrong try spends it, whatever comes next. */
export const RESET_MAX_WRONG_CODES = 5;
export const RESET_CODE_DEAD =
  "This code was entered wrongly too many times and no longer works. Please ask for a new code.";

/**
 * Sets a new password with a valid, unused, unexpired code for that address; the code is then spent.
 * Each wrong code counts against the latest code of that address (not against the caller's address,
 * which can be rotated); after RESET_MAX_WRONG_CODES wrong tries the code dies.
 */
export async function resetPassword(ctx: Ctx, code: string, email: string, password: string): Promise<void> {
  const refusal = (message: string) => new AppError("RESET_CODE_INVALID", message, [{ field: "code", message }]);
  const invalid = () => refusal(USER_MESSAGES.resetInvalid);
  if (!/^\d{6}$/.test(code)) throw invalid();
  const passwordHash = await hashPassword(password);
  // The transaction answers instead of throwing, so that a wrong try's count is committed.
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResets.id, userId: passwordResets.userId, codeHash: passwordResets.codeHash })
      .from(passwordResets)
      .innerJoin(users, eq(users.id, passwordResets.userId))
      .where(
        and(
          eq(sql`lower(${users.email})`, email.toLowerCase()),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(passwordResets.id))
      .limit(1)
      .for("update");
    if (!row) return "invalid" as const;
    if (!timingSafeEqual(Buffer.from(row.codeHash, "hex"), digest(code))) {
      const wrongTries = sql`${passwordResets.failedAttempts} + 1`;
      const [counted] = await tx
        .update(passwordResets)
        .set({
          failedAttempts: wrongTries,
          usedAt: sql`case when ${wrongTries} >= ${RESET_MAX_WRONG_CODES} then now() end`,
        })
        .where(eq(passwordResets.id, row.id))
        .returning({ failedAttempts: passwordResets.failedAttempts });
      return (counted?.failedAttempts ?? 0) >= RESET_MAX_WRONG_CODES ? ("dead" as const) : ("invalid" as const);
    }
    await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, row.id));
    // The new password ends every session signed in with the old one.
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    return "done" as const;
  });
  if (outcome === "dead") throw refusal(RESET_CODE_DEAD);
  if (outcome === "invalid") throw invalid();
}
