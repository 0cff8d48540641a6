import { z } from "zod";

export const SIGN_IN_LOCK_MESSAGES = {
  unlocked: "The account is unlocked: the user can sign in again.",
  notLocked: "The account was not locked; its count of wrong passwords starts again at 0.",
} as const;

/** `POST /api/users/{id}/unlock`. */
export const unlockResponseSchema = z.object({ message: z.string(), wasLocked: z.boolean() });
export type UnlockResponse = z.infer<typeof unlockResponseSchema>;
