import { z } from "zod";
import { idSchema, MAX_ID } from "./input";
import { moneyAmount } from "./money";

/**
 * Cash in and out at a counter (design 4.6, 5.4 item 46): pay-ins, pay-outs and drops to the safe,
 * recorded against the counter's open session. Day Close reads them for the expected cash and posts
 * them in the day's sales JV (pay-out: Dr expense / Cr counter cash; drop: Dr safe / Cr counter cash;
 * pay-in: Dr counter cash / Cr its source).
 */
export const CASH_MOVE_KINDS = ["pay_in", "pay_out", "drop"] as const;
export type CashMoveKind = (typeof CASH_MOVE_KINDS)[number];

export const CASH_MOVE_LABELS: Record<CashMoveKind, string> = {
  pay_in: "Pay in",
  pay_out: "Pay out",
  drop: "Drop to safe",
};

export const CASH_MOVE_MESSAGES = {
  clientUuid: "clientUuid is an id of 8 to 64 letters, digits, - or _ made by the device",
  counter: "Choose the counter",
  counterMissing: "No such counter",
  kind: "Choose pay_in, pay_out or drop",
  amount: "Please enter an amount above 0 (at most 2 decimals)",
  account: "Choose an account",
  reason: "Please enter the reason (at least 2 characters, at most 200)",
  session: "Choose the counter session",
  noSession: "This counter has no open session: open it on Day Open first",
  payOutAccount: "A pay-out needs an expense account (a level 4 account under EXPENSES)",
  dropAccount: "A drop goes to a cash or bank account (level 4, under the cash or bank group)",
  payInAccount: "A pay-in comes from a level 4 account other than the counter's own cash",
  ownCash: "Choose another account than the counter's own cash account",
  clientUuidReused: "This clientUuid was already used for another cash move",
  recorded: "Cash move recorded",
} as const;

const bodyId = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** `POST /api/pos/cash_moves`. Without accountId a drop (and a pay-in) uses the safe of Accounts Integration. */
export const cashMoveInputSchema = z.object({
  clientUuid: z
    .string({ error: CASH_MOVE_MESSAGES.clientUuid })
    .regex(/^[A-Za-z0-9_-]{8,64}$/, CASH_MOVE_MESSAGES.clientUuid),
  counterId: bodyId(CASH_MOVE_MESSAGES.counter),
  kind: z.enum(CASH_MOVE_KINDS, { error: CASH_MOVE_MESSAGES.kind }),
  amount: moneyAmount(CASH_MOVE_MESSAGES.amount, 1),
  accountId: bodyId(CASH_MOVE_MESSAGES.account).nullish(),
  reason: z
    .string({ error: CASH_MOVE_MESSAGES.reason })
    .trim()
    .min(2, CASH_MOVE_MESSAGES.reason)
    .max(200, CASH_MOVE_MESSAGES.reason),
});
export type CashMoveInput = z.infer<typeof cashMoveInputSchema>;

export const cashMoveSchema = z.object({
  id: z.number().int(),
  sessionId: z.number().int(),
  counterId: z.number().int(),
  counterCode: z.string(),
  kind: z.enum(CASH_MOVE_KINDS),
  amount: z.number(),
  account: z.object({ id: z.number().int(), name: z.string(), allLevelKey: z.string() }).nullable(),
  reason: z.string(),
  clientUuid: z.string(),
  by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  at: z.string().meta({ description: "ISO instant" }),
});
export type CashMove = z.infer<typeof cashMoveSchema>;

export const cashMoveSavedSchema = z.object({ message: z.string(), data: cashMoveSchema });

/** `GET /api/pos/cash_moves?sessionId`. */
export const cashMoveListQuerySchema = z.object({ sessionId: idSchema(CASH_MOVE_MESSAGES.session) });

export const cashMoveListSchema = z.object({
  rows: z.array(cashMoveSchema),
  /** Per kind, in major units: what the session's expected cash adds (pay-ins) or takes (pay-outs, drops). */
  totals: z.object({ payIn: z.number(), payOut: z.number(), drop: z.number() }),
});
export type CashMoveList = z.infer<typeof cashMoveListSchema>;
