import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { moneyAmount } from "./money";

/**
 * Master Control > Deal (design: restaurant-pos-inventory.md, D17, 4.4 and 5.2 items 26-27): a bundle
 * sold at one price, made of fixed lines (variant x quantity) and choice groups (pick min..max of the
 * options, some chosen by default). The price is spread over the default lines by their list price,
 * so revenue and tax split by category. Prices are major units on the wire, minor units stored.
 */
export const DEAL_MESSAGES = {
  code: "Code has letters, digits and . _ / - (at most 30)",
  name: "Please enter the deal name",
  category: "Please choose the POS category where the deal's button shows",
  categoryMissing: "No such category",
  price: "The deal price must be more than 0, with at most 2 decimals",
  image: "Not an uploaded image: upload a .jpg, .jpeg or .png image",
  validFrom: "Valid from must be a real date written YYYY-MM-DD",
  validTo: "Valid to must be a real date written YYYY-MM-DD",
  validOrder: "Valid to must be on or after valid from",
  weekdays: "Choose at least one weekday",
  time: "Enter the time as HH:MM (00:00 to 23:59)",
  timePair: "Give both ends of the time window, or neither",
  timeSame: "The time window must not start and end at the same time",
  orderTypes: "Choose at least one order type",
  oneComponent: "Add at least one component: a fixed line or a choice group",
  variant: "Choose the variant",
  variantUnfit: "Choose an active variant of a product available in the POS",
  qty: "Quantity is a whole number from 1 to 99",
  extraPrice: "Extra price is 0 or more, with at most 2 decimals",
  label: "Please enter the group's label, e.g. Choose a drink (at most 60 characters)",
  minChoose: "Minimum picks is a whole number from 0 to 20",
  maxChoose: "Maximum picks is a whole number from 1 to 20",
  minAboveMax: "Minimum picks cannot be more than maximum picks",
  minAboveOptions: "Minimum picks cannot be more than the group's options",
  oneOption: "Add at least one option to the group",
  optionRepeated: "This variant is already an option of the group",
  defaults: "Mark between the minimum and maximum number of options as default",
  nameTaken: "A deal with this name already exists",
  codeTaken: "A deal with this code already exists",
  added: "Deal added successfully",
  updated: "Deal updated successfully",
  deleted: "Deal deleted successfully",
  inUse: "Orders use this deal; deactivate it instead",
  notFound: "No such deal",
} as const;

const CODE = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,29}$/;
const IMAGE = /^img_[a-f0-9]{32}\.(png|jpg)$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Every day of the week: bit 0 Monday ... bit 6 Sunday. */
export const ALL_WEEKDAYS = 127;
export const WEEKDAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

const qtySchema = z
  .number({ error: DEAL_MESSAGES.qty })
  .int(DEAL_MESSAGES.qty)
  .min(1, DEAL_MESSAGES.qty)
  .max(99, DEAL_MESSAGES.qty)
  .default(1);

const nullableText = <T extends z.ZodType<string | null | undefined>>(schema: T) =>
  schema.nullish().transform((value) => value || null);

const timeField = nullableText(
  z
    .string({ error: DEAL_MESSAGES.time })
    .trim()
    .refine((value) => value === "" || TIME.test(value), DEAL_MESSAGES.time),
);

const dateField = (message: string) =>
  z
    .union([isoDateSchema(message), z.literal("")], { error: message })
    .nullish()
    .transform((value) => value || null);

export const dealFixedInputSchema = z.object({
  variantId: idSchema(DEAL_MESSAGES.variant),
  qty: qtySchema,
});
export type DealFixedInput = z.output<typeof dealFixedInputSchema>;

export const dealOptionInputSchema = z.object({
  variantId: idSchema(DEAL_MESSAGES.variant),
  qty: qtySchema,
  /** What picking this option adds to the deal's price. */
  extraPrice: moneyAmount(DEAL_MESSAGES.extraPrice, 0).default(0),
  isDefault: z.boolean().default(false),
});
export type DealOptionInput = z.output<typeof dealOptionInputSchema>;

export const dealChoiceInputSchema = z.object({
  label: z.string({ error: DEAL_MESSAGES.label }).trim().min(1, DEAL_MESSAGES.label).max(60, DEAL_MESSAGES.label),
  minChoose: z
    .number({ error: DEAL_MESSAGES.minChoose })
    .int(DEAL_MESSAGES.minChoose)
    .min(0, DEAL_MESSAGES.minChoose)
    .max(20, DEAL_MESSAGES.minChoose)
    .default(1),
  maxChoose: z
    .number({ error: DEAL_MESSAGES.maxChoose })
    .int(DEAL_MESSAGES.maxChoose)
    .min(1, DEAL_MESSAGES.maxChoose)
    .max(20, DEAL_MESSAGES.maxChoose)
    .default(1),
  options: z.array(dealOptionInputSchema, { error: DEAL_MESSAGES.oneOption }).max(50),
});
export type DealChoiceInput = z.output<typeof dealChoiceInputSchema>;

export const dealInputSchema = z
  .object({
    /** Blank: the next D-0001 style code. */
    code: nullableText(
      z
        .string({ error: DEAL_MESSAGES.code })
        .trim()
        .refine((value) => value === "" || CODE.test(value), DEAL_MESSAGES.code),
    ).transform((value) => (value ? value.toUpperCase() : null)),
    name: z.string({ error: DEAL_MESSAGES.name }).trim().min(1, DEAL_MESSAGES.name).max(100, DEAL_MESSAGES.name),
    /** The menu category whose POS page shows the deal's button. */
    categoryId: idSchema(DEAL_MESSAGES.category),
    price: moneyAmount(DEAL_MESSAGES.price, 1),
    /** An image uploaded through POST /api/upload_files (its answer's path), or none. */
    imagePath: nullableText(
      z
        .string({ error: DEAL_MESSAGES.image })
        .trim()
        .refine((value) => value === "" || IMAGE.test(value), DEAL_MESSAGES.image),
    ),
    validFrom: dateField(DEAL_MESSAGES.validFrom),
    validTo: dateField(DEAL_MESSAGES.validTo),
    /** Bit 0 Monday ... bit 6 Sunday. */
    weekdays: z
      .number({ error: DEAL_MESSAGES.weekdays })
      .int(DEAL_MESSAGES.weekdays)
      .min(1, DEAL_MESSAGES.weekdays)
      .max(ALL_WEEKDAYS, DEAL_MESSAGES.weekdays)
      .default(ALL_WEEKDAYS),
    /** HH:MM in the company's time zone; the window [from, to) may run past midnight. */
    timeFrom: timeField,
    timeTo: timeField,
    /** Bit mask: 1 dine-in, 2 take-away, 4 delivery. */
    orderTypes: z
      .number({ error: DEAL_MESSAGES.orderTypes })
      .int(DEAL_MESSAGES.orderTypes)
      .min(1, DEAL_MESSAGES.orderTypes)
      .max(7, DEAL_MESSAGES.orderTypes)
      .default(7),
    active: z.boolean().default(true),
    fixed: z.array(dealFixedInputSchema, { error: DEAL_MESSAGES.oneComponent }).max(50).default([]),
    choices: z.array(dealChoiceInputSchema, { error: DEAL_MESSAGES.oneComponent }).max(20).default([]),
  })
  .superRefine((input, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    if (input.validFrom && input.validTo && input.validTo < input.validFrom)
      issue(["validTo"], DEAL_MESSAGES.validOrder);
    if ((input.timeFrom === null) !== (input.timeTo === null))
      issue([input.timeFrom === null ? "timeFrom" : "timeTo"], DEAL_MESSAGES.timePair);
    else if (input.timeFrom !== null && input.timeFrom === input.timeTo) issue(["timeTo"], DEAL_MESSAGES.timeSame);
    if (input.fixed.length + input.choices.length === 0) issue(["fixed"], DEAL_MESSAGES.oneComponent);
    input.choices.forEach((choice, index) => {
      const at = (field: string | number, ...rest: (string | number)[]) => ["choices", index, field, ...rest];
      if (choice.options.length === 0) issue(at("options"), DEAL_MESSAGES.oneOption);
      if (choice.minChoose > choice.maxChoose) issue(at("minChoose"), DEAL_MESSAGES.minAboveMax);
      else if (choice.options.length > 0 && choice.minChoose > choice.options.length)
        issue(at("minChoose"), DEAL_MESSAGES.minAboveOptions);
      const seen = new Set<number>();
      choice.options.forEach((option, optionIndex) => {
        if (seen.has(option.variantId)) issue(at("options", optionIndex, "variantId"), DEAL_MESSAGES.optionRepeated);
        seen.add(option.variantId);
      });
      const defaults = choice.options.filter((option) => option.isDefault).length;
      if (choice.options.length > 0 && (defaults < choice.minChoose || defaults > choice.maxChoose))
        issue(at("options"), DEAL_MESSAGES.defaults);
    });
  });
export type DealInput = z.output<typeof dealInputSchema>;
export type DealForm = z.input<typeof dealInputSchema>;

// ---- Answers ---------------------------------------------------------------------------------------

const variantLine = {
  variantId: z.number().int(),
  /** "Zinger Burger L Spicy": the product's name with the size and flavour. */
  label: z.string(),
  qty: z.number().int(),
  /** The variant's current list price for one. */
  unitPrice: z.number(),
};

export const dealAllocationLineSchema = z.object({
  ...variantLine,
  /** unitPrice x qty: the weight of the line. */
  listPrice: z.number(),
  /** The line's part of the deal price. */
  share: z.number(),
});
export type DealAllocationLine = z.infer<typeof dealAllocationLineSchema>;

export const dealSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  price: z.number(),
  imagePath: z.string().nullable(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  weekdays: z.number().int(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  orderTypes: z.number().int(),
  active: z.boolean(),
  fixed: z.array(z.object(variantLine)),
  choices: z.array(
    z.object({
      label: z.string(),
      minChoose: z.number().int(),
      maxChoose: z.number().int(),
      options: z.array(z.object({ ...variantLine, extraPrice: z.number(), isDefault: z.boolean() })),
    }),
  ),
  /** The deal price spread over the fixed lines and the default options by list price. */
  allocation: z.array(dealAllocationLineSchema),
});
export type Deal = z.infer<typeof dealSchema>;

export const dealSavedSchema = z.object({ message: z.string(), data: dealSchema });

export const dealListQuerySchema = listQuerySchema.extend({
  active: z.enum(["true", "false"]).optional(),
});
export type DealListQuery = z.output<typeof dealListQuerySchema>;

export const dealRowSchema = dealSchema.pick({
  id: true,
  code: true,
  name: true,
  categoryName: true,
  price: true,
  imagePath: true,
  validFrom: true,
  validTo: true,
  weekdays: true,
  timeFrom: true,
  timeTo: true,
  orderTypes: true,
  active: true,
  allocation: true,
});
export type DealRow = z.infer<typeof dealRowSchema>;

export const dealPageSchema = z.object({
  data: z.array(dealRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const dealIdParams = z.object({ id: idSchema() });

/** The variants a deal may offer: active variants of active products available in the POS. */
export const dealVariantQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type DealVariantQuery = z.output<typeof dealVariantQuerySchema>;

export const dealVariantSchema = z.object({
  variantId: z.number().int(),
  productCode: z.string(),
  label: z.string(),
  price: z.number(),
});
export type DealVariant = z.infer<typeof dealVariantSchema>;
export const dealVariantListSchema = z.object({ data: z.array(dealVariantSchema) });

// ---- Rules -----------------------------------------------------------------------------------------

/**
 * Spreads a deal's price over its default lines in proportion to their list prices (minor units):
 * each share is rounded down and the rounding remainder goes to the largest line (the first of
 * equals), as the design asks. Lines all priced 0 share the price evenly the same way.
 */
export function allocateDeal(priceMinor: bigint, listMinor: readonly bigint[]): bigint[] {
  if (listMinor.length === 0) return [];
  const total = listMinor.reduce((sum, value) => sum + value, 0n);
  const weights = total === 0n ? listMinor.map(() => 1n) : listMinor;
  const base = total === 0n ? BigInt(listMinor.length) : total;
  const shares = weights.map((weight) => (priceMinor * weight) / base);
  const left = priceMinor - shares.reduce((sum, share) => sum + share, 0n);
  const largest = weights.reduce((best, weight, index) => (weight > (weights[best] ?? 0n) ? index : best), 0);
  shares[largest] = (shares[largest] ?? 0n) + left;
  return shares;
}

/** "Mon-Fri", "Sat, Sun", "Every day": a weekday mask as the list shows it (runs of three or more days joined). */
export function weekdaysText(mask: number): string {
  if ((mask & ALL_WEEKDAYS) === ALL_WEEKDAYS) return "Every day";
  const parts: string[] = [];
  let index = 0;
  while (index < WEEKDAY_NAMES.length) {
    if ((mask & (1 << index)) === 0) {
      index += 1;
      continue;
    }
    let end = index;
    while (end + 1 < WEEKDAY_NAMES.length && (mask & (1 << (end + 1))) !== 0) end += 1;
    const names = WEEKDAY_NAMES.slice(index, end + 1);
    parts.push(...(names.length >= 3 ? [`${names[0]}-${names[names.length - 1]}`] : names));
    index = end + 1;
  }
  return parts.join(", ") || "No day";
}
