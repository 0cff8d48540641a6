import { z } from "zod";
import { AUTH_MESSAGES } from "./auth";

/**
 * Supervisor override (design D13): a user holding Setting > Day Close approves one sensitive action
 * at the terminal with their password. The answer is a one-time token, valid 60 seconds, that the
 * operation carries (`supervisor` on a discount, void, refund or price override).
 */
export const SUPERVISOR_ACTIONS = ["discount", "void_after_fire", "void_order", "refund", "price_override"] as const;
export type SupervisorAction = (typeof SUPERVISOR_ACTIONS)[number];

/** How long an approval token lives. */
export const SUPERVISOR_TOKEN_SECONDS = 60;

export const SUPERVISOR_MESSAGES = {
  action: `The action is one of ${SUPERVISOR_ACTIONS.join(", ")}`,
  wrong: "Supervisor user name or password is wrong",
  notSupervisor: "This user may not approve: a supervisor needs Setting > Day Close",
  invalid: "The supervisor approval is missing, expired, already used or for another action. Ask the supervisor again.",
} as const;

export const supervisorActionSchema = z.enum(SUPERVISOR_ACTIONS, { error: SUPERVISOR_MESSAGES.action });

/** `POST /api/pos/supervisor`. */
export const supervisorRequestSchema = z.object({
  userName: z.string().trim().min(1, AUTH_MESSAGES.userNameRequired).max(100),
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(200),
  action: supervisorActionSchema,
});
export type SupervisorRequest = z.infer<typeof supervisorRequestSchema>;

export const supervisorApprovalSchema = z.object({
  token: z.string().meta({ description: "One-time approval; send it with the operation within 60 seconds" }),
  expiresAt: z.iso.datetime({ offset: true }),
  supervisor: z.object({ id: z.number().int(), name: z.string() }),
});
export type SupervisorApproval = z.infer<typeof supervisorApprovalSchema>;

/** The approval an operation carries: the token from `POST /api/pos/supervisor`. */
export const supervisorTokenSchema = z
  .string()
  .trim()
  .min(1, SUPERVISOR_MESSAGES.invalid)
  .max(200, SUPERVISOR_MESSAGES.invalid);
