import { z } from "zod";
import { MAX_ID } from "./input";
import { moneyAmount } from "./money";

/** Key widths of each level: 1-01-001-0001. */
export const KEY_WIDTH: Record<2 | 3 | 4, number> = { 2: 2, 3: 3, 4: 4 };

export const CHART_MESSAGES = {
  levelOneRequired: "Please select Level One",
  levelTwoRequired: "Please select Level Two",
  levelThreeRequired: "Please select Level Three",
  nameRequired: "Please enter a name",
  amountRequired: "Please enter an amount (0 or more, at most 2 decimals)",
  amountTypeRequired: "Please choose Debit or Credit for an opening amount",
  duplicateName: "An account with this name already exists here",
  hasChildren: "This group has accounts under it and cannot be deleted",
  hasEntries: "This account has entries and cannot be deleted",
  systemAccount: "This account is used by Accounts Integration and cannot be deleted",
  notFound: "No such account",
  wrongParent: "The chosen levels do not belong together",
} as const;

const id = (message: string) => z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const name = z
  .string({ error: CHART_MESSAGES.nameRequired })
  .trim()
  .min(1, CHART_MESSAGES.nameRequired)
  .max(100, "Name is too long (at most 100 characters)")
  .transform((value) => value.toUpperCase());

export const addLevelTwoSchema = z.object({
  levelOneId: id(CHART_MESSAGES.levelOneRequired),
  levelTwoName: name,
});

export const addLevelThreeSchema = z.object({
  levelOneId: id(CHART_MESSAGES.levelOneRequired),
  levelTwoId: id(CHART_MESSAGES.levelTwoRequired),
  levelThreeName: name,
});

const openingAmount = moneyAmount(CHART_MESSAGES.amountRequired, 0);

export const addLevelFourSchema = z
  .object({
    levelOneId: id(CHART_MESSAGES.levelOneRequired),
    levelTwoId: id(CHART_MESSAGES.levelTwoRequired),
    levelThreeId: id(CHART_MESSAGES.levelThreeRequired),
    levelFourName: name,
    /** Amount Type: 0 none (the spec's default), 1 credit, 2 debit. */
    debitCreditId: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
    levelBalance: openingAmount,
  })
  .refine((value) => value.levelBalance === 0 || value.debitCreditId !== 0, {
    path: ["debitCreditId"],
    message: CHART_MESSAGES.amountTypeRequired,
  });
export type AddLevelFourInput = z.infer<typeof addLevelFourSchema>;

export const updateAccountSchema = z.object({ levelFourName: name });

// ---- Answers ---------------------------------------------------------------------------------------

const levelOneRefSchema = z.object({ name: z.string(), key: z.string() });
const levelTwoRefSchema = z.object({ levelTwoName: z.string(), levelTwoKey: z.string() });

/** A level 1 class (Assets, Liabilities, ...). */
export const levelOneSchema = z.object({
  _id: z.number().int(),
  levelOneId: z.number().int(),
  name: z.string(),
  key: z.string(),
});
export type LevelOne = z.infer<typeof levelOneSchema>;

/** A level 2 group with the closing balance of everything beneath it (debit positive, major units). */
export const levelTwoSchema = z.object({
  _id: z.number().int(),
  levelTwoId: z.number().int(),
  levelTwoName: z.string(),
  levelTwoKey: z.string(),
  allKey: z.string(),
  levelOneId: z.number().int(),
  level_one: levelOneRefSchema,
  amount: z.object({ total_amount: z.number() }),
});
export type LevelTwo = z.infer<typeof levelTwoSchema>;

/** A level 3 group (`allLevlKey` repeats `allLvlKey` under the old system's misspelling). */
export const levelThreeSchema = z.object({
  _id: z.number().int(),
  levelThreeId: z.number().int(),
  levelThreeName: z.string(),
  levelThreeKey: z.string(),
  allLvlKey: z.string(),
  allLevlKey: z.string(),
  levelOneId: z.number().int(),
  levelTwoId: z.number().int(),
  level_one: levelOneRefSchema,
  level_two: levelTwoRefSchema,
});
export type LevelThree = z.infer<typeof levelThreeSchema>;

/** A postable account with its closing balance as a positive amount; `debitCreditId` tells the side (2 debit, 1 credit). */
export const levelFourSchema = z.object({
  _id: z.number().int(),
  levelFourId: z.number().int(),
  levelFourName: z.string(),
  levelFourKey: z.string(),
  allLevelKey: z.string(),
  levelBalance: z.number(),
  debitCreditId: z.number().int(),
  levelOneId: z.number().int(),
  levelTwoId: z.number().int(),
  levelThreeId: z.number().int(),
  levelThree: z.object({ _id: z.number().int(), levelThreeName: z.string(), levelThreeKey: z.string() }),
  level_two: levelTwoRefSchema,
  level_one: levelOneRefSchema,
});
export type LevelFour = z.infer<typeof levelFourSchema>;

/** Amount Type choices: 1 Credit, 2 Debit. */
export const accountTypeSchema = z.object({ _id: z.number().int(), account_type_name: z.string() });

export const chartNodeAddedSchema = z.object({ message: z.string(), _id: z.number().int(), allLevelKey: z.string() });
export const chartUploadedSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  unchanged: z.number().int(),
});
export type ChartUploadResult = z.infer<typeof chartUploadedSchema>;
export const accountRenamedSchema = z.object({ message: z.string(), _id: z.number().int(), levelFourName: z.string() });
