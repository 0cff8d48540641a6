import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { MAX_LINE_MINOR, moneyAmount, parseMinor } from "./money";
import { percentToBp } from "./pos-customers";
import type { CouponRefusal, CouponRule } from "./pricing";

/**
 * Master Control > Coupon: coupon codes and automatic promotions (happy hour) in one engine
 * (`applyCoupons` in pricing.ts). A coupon without a code is an automatic promotion.
 */
export const COUPON_MESSAGES = {
  code: "A code is upper-case letters A-Z, digits and dashes (at most 30); leave it empty for an automatic promotion",
  codeTaken: "A coupon with this code already exists",
  name: "Please enter the coupon name (at least 2 characters)",
  kind: "Choose percentage or amount",
  percent: "A percentage is more than 0 and at most 100, with at most 2 decimals",
  amount: "Please enter an amount above 0 (at most 2 decimals)",
  cap: "The cap is an amount above 0 with at most 2 decimals, or empty for none",
  minOrder: "The minimum order is an amount of 0 or more with at most 2 decimals",
  scope: "Choose the whole order, categories or menu items",
  scopeCategories: "Choose at least one category",
  scopeVariants: "Choose at least one menu item",
  scopeCategoryUnknown: "A chosen category does not exist",
  scopeVariantUnknown: "A chosen menu item does not exist",
  orderTypes: "Choose at least one order type",
  weekdays: "Choose at least one weekday",
  time: "Time must be HH:MM (24-hour)",
  timeBoth: "Give both times of the window, or neither",
  timeSame: "The window must end at another time than it starts",
  validTo: "The end date is on or after the start date",
  usageLimit: "Total uses is a whole number from 1 to 1000000, or empty for no limit",
  perCustomerLimit: "Uses per customer is a whole number from 1 to 1000, or empty for no limit",
  priority: "Priority is a whole number from 0 to 1000",
  autoApplyWithCode: "Only an automatic promotion (no code) applies itself; a code coupon needs its code",
  added: "Coupon added successfully",
  updated: "Coupon updated successfully",
  deleted: "Coupon deleted successfully",
  notFound: "No such coupon",
  redeemed: "This coupon has been redeemed; deactivate it instead",
  // validation at the till
  variant: "No such menu item",
  qty: "Quantity is more than 0 and at most 10000, with at most 3 decimals",
  lines: "An order has 1 to 500 lines",
  at: "The moment must be an ISO date and time with its offset, e.g. 2026-11-24T18:00:00+05:00",
  // redemption at payment
  limitReached: "This coupon has reached its usage limit",
  customerLimitReached: "This customer has already used this coupon as often as allowed",
  notAvailable: "This coupon is no longer available",
  oneCode: "An order takes at most one coupon code",
  alreadyRedeemed: "This coupon is already redeemed on this order",
} as const;

/** Why a coupon does not apply, as the till shows it. */
export type CouponReason =
  | CouponRefusal
  | "unknown"
  | "inactive"
  | "usage_limit"
  | "customer_limit"
  | "customer_required";

export const COUPON_REASONS: Record<CouponReason, string> = {
  unknown: "No coupon has this code",
  inactive: "This coupon is not active",
  order_type: "This coupon is not valid for this order type",
  not_started: "This coupon is not valid yet",
  expired: "This coupon has expired",
  outside_window: "This coupon is not valid on this day or at this time",
  minimum: "The order is below this coupon's minimum",
  not_in_scope: "Nothing in the order is covered by this coupon",
  usage_limit: COUPON_MESSAGES.limitReached,
  customer_limit: COUPON_MESSAGES.customerLimitReached,
  customer_required: "Choose the customer first: this coupon is limited per customer",
};

export const COUPON_CODE = /^[A-Z0-9-]{1,30}$/;
export const COUPON_KINDS = ["percent", "amount"] as const;
export const COUPON_SCOPES = ["order", "category", "variant"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export type CouponScope = (typeof COUPON_SCOPES)[number];

/** Every weekday bit, Monday first (bit 0), as `isWithinWindow` reads them. */
const EVERY_DAY = 127;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

const optionalTime = z
  .union([z.string().regex(TIME, COUPON_MESSAGES.time), z.literal(""), z.null()])
  .default(null)
  .transform((value) => value || null);

const optionalDate = z
  .union([isoDateSchema(), z.literal(""), z.null()])
  .default(null)
  .transform((value) => value || null);

const optionalCount = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message).nullable().default(null);

const mask = (max: number, message: string) =>
  z.number({ error: message }).int(message).min(1, message).max(max, message);

export const couponInputSchema = z
  .object({
    /** Empty (or left out) for an automatic promotion; typed lower-case it is stored upper-case. */
    code: z
      .string({ error: COUPON_MESSAGES.code })
      .trim()
      .transform((value) => value.toUpperCase())
      .pipe(z.union([z.literal(""), z.string().regex(COUPON_CODE, COUPON_MESSAGES.code)]))
      .default(""),
    name: z.string({ error: COUPON_MESSAGES.name }).trim().min(2, COUPON_MESSAGES.name).max(100, COUPON_MESSAGES.name),
    kind: z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }),
    /** A percentage (50 for 50%) or an amount, by `kind`. */
    value: z.number({ error: COUPON_MESSAGES.amount }),
    /** The most one order gets off, or null. */
    maxDiscount: moneyAmount(COUPON_MESSAGES.cap, 1).nullable().default(null),
    minOrder: moneyAmount(COUPON_MESSAGES.minOrder, 0).default(0),
    scope: z.enum(COUPON_SCOPES, { error: COUPON_MESSAGES.scope }).default("order"),
    /** Category ids (a category covers its sub-categories) or variant ids, by `scope`. */
    scopeIds: z.array(idSchema()).max(500).default([]),
    /** ORDER_TYPE_BITS: 1 dine-in, 2 take-away, 4 delivery. */
    orderTypes: mask(7, COUPON_MESSAGES.orderTypes).default(7),
    validFrom: optionalDate,
    validTo: optionalDate,
    /** Bit 0 Monday ... bit 6 Sunday. */
    weekdays: mask(EVERY_DAY, COUPON_MESSAGES.weekdays).default(EVERY_DAY),
    /** HH:MM; the window [from, to) may run past midnight. */
    timeFrom: optionalTime,
    timeTo: optionalTime,
    usageLimit: optionalCount(1_000_000, COUPON_MESSAGES.usageLimit),
    perCustomerLimit: optionalCount(1000, COUPON_MESSAGES.perCustomerLimit),
    priority: z
      .number({ error: COUPON_MESSAGES.priority })
      .int(COUPON_MESSAGES.priority)
      .min(0, COUPON_MESSAGES.priority)
      .max(1000, COUPON_MESSAGES.priority)
      .default(0),
    stackable: z.boolean().default(false),
    /** For an automatic promotion: applied by itself (on) or only offered to the cashier (off). */
    autoApply: z.boolean().optional(),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (value.kind === "percent" && percentOrNull(value.value) === null) issue("value", COUPON_MESSAGES.percent);
    if (value.kind === "amount") {
      const minor = parseMinor(value.value);
      if (minor === null || minor < 1n || minor > BigInt(MAX_LINE_MINOR)) issue("value", COUPON_MESSAGES.amount);
    }
    if (value.scope === "category" && value.scopeIds.length === 0) issue("scopeIds", COUPON_MESSAGES.scopeCategories);
    if (value.scope === "variant" && value.scopeIds.length === 0) issue("scopeIds", COUPON_MESSAGES.scopeVariants);
    if ((value.timeFrom === null) !== (value.timeTo === null))
      issue(value.timeFrom === null ? "timeFrom" : "timeTo", COUPON_MESSAGES.timeBoth);
    if (value.timeFrom !== null && value.timeFrom === value.timeTo) issue("timeTo", COUPON_MESSAGES.timeSame);
    if (value.validFrom && value.validTo && value.validTo < value.validFrom) issue("validTo", COUPON_MESSAGES.validTo);
    if (value.code !== "" && value.autoApply === true) issue("autoApply", COUPON_MESSAGES.autoApplyWithCode);
  })
  .transform(({ autoApply, ...value }) => ({
    ...value,
    scopeIds: value.scope === "order" ? [] : [...new Set(value.scopeIds)],
    // A code coupon waits for its code; a promotion applies itself unless told not to.
    autoApply: value.code === "" ? (autoApply ?? true) : false,
  }));
export type CouponInput = z.output<typeof couponInputSchema>;
export type CouponForm = z.input<typeof couponInputSchema>;

/** A percentage above 0 and at most 100 with at most 2 decimals as basis points, else null. */
export function percentOrNull(percent: number): number | null {
  const bp = percentToBp(percent);
  return bp === null || bp === 0 ? null : bp;
}

export const couponListQuerySchema = listQuerySchema.extend({
  /** code: coupons with a code; automatic: promotions. */
  kind: z.enum(["code", "automatic"]).optional(),
  active: z.enum(["true", "false"]).optional(),
});
export type CouponListQuery = z.infer<typeof couponListQuerySchema>;

export const couponSchema = z.object({
  id: z.number().int(),
  /** null for an automatic promotion. */
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** The percentage (50) or the amount (150.5), by kind. */
  value: z.number(),
  maxDiscount: z.number().nullable(),
  minOrder: z.number(),
  scope: z.enum(COUPON_SCOPES),
  scopeIds: z.array(z.number().int()),
  /** The names of the chosen categories or menu items ("Zinger L Spicy"), in the order of scopeIds. */
  scopeNames: z.array(z.string()),
  orderTypes: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  weekdays: z.number().int(),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  /** Redemptions so far. */
  usedCount: z.number().int(),
  autoApply: z.boolean(),
  priority: z.number().int(),
  stackable: z.boolean(),
  active: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * A coupon's terms exactly as the one discount engine applies them: `couponRuleOf` turns them into the
 * `CouponRule` that `applyCoupons`, `couponDiscount` and `couponRefusal` take. The POS bootstrap sends
 * its automatic promotions in this shape, so a till offline applies the same rule as the server.
 */
export const couponTermsSchema = z.object({
  id: z.number().int(),
  /** null for an automatic promotion. */
  code: z.string().nullable(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** Basis points for percent (5000 = 50%), as the engine takes them; the amount (150.5) for amount. */
  value: z.number(),
  maxDiscount: z.number().nullable(),
  minOrder: z.number(),
  scope: z.enum(COUPON_SCOPES),
  /** Variant ids, or category ids with their sub-categories already added (a line matches its own category). */
  scopeIds: z.array(z.number().int()),
  orderTypes: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  weekdays: z.number().int(),
  /** HH:MM; the window [from, to) may run past midnight. */
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  /** Off: an automatic promotion only offered to the cashier (`applyCoupons` skips it). */
  autoApply: z.boolean(),
  /** Higher first, as `applyCoupons` takes them. */
  priority: z.number().int(),
  stackable: z.boolean(),
  /** Uses allowed in all, or null; with `usedCount` the till sees a promotion whose uses ran out. */
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
});
export type CouponTerms = z.infer<typeof couponTermsSchema>;

function exactMinor(amount: number): bigint {
  const minor = parseMinor(amount);
  if (minor === null) throw new RangeError(`not an amount: ${amount}`);
  return minor;
}

/** The engine's rule for these terms (money in minor units). */
export function couponRuleOf(terms: CouponTerms): CouponRule {
  return {
    id: terms.id,
    code: terms.code,
    kind: terms.kind,
    value: terms.kind === "percent" ? BigInt(terms.value) : exactMinor(terms.value),
    maxDiscountMinor: terms.maxDiscount === null ? null : exactMinor(terms.maxDiscount),
    minOrderMinor: exactMinor(terms.minOrder),
    scope: terms.scope,
    scopeIds: terms.scopeIds,
    orderTypes: terms.orderTypes,
    autoApply: terms.autoApply,
    priority: terms.priority,
    stackable: terms.stackable,
    validFrom: terms.validFrom,
    validTo: terms.validTo,
    weekdays: terms.weekdays,
    timeFrom: terms.timeFrom,
    timeTo: terms.timeTo,
  };
}

/** Whether a coupon's uses ran out (`usageLimit` reached): the till no longer applies it. */
export const usesRanOut = (terms: Pick<CouponTerms, "usageLimit" | "usedCount">): boolean =>
  terms.usageLimit !== null && terms.usedCount >= terms.usageLimit;

export const couponPageSchema = z.object({
  data: z.array(couponSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});
export type CouponPage = z.infer<typeof couponPageSchema>;

/** The scope picker's choices: active categories or menu items matching a search. */
export const couponScopeQuerySchema = z.object({
  scope: z.enum(["category", "variant"]),
  search: z.string().trim().max(100).optional(),
});
export const couponScopeOptionsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

export const couponSavedSchema = z.object({ message: z.string(), data: couponSchema });
export const couponIdParams = z.object({ id: idSchema() });

/** The form's values for a stored coupon (editing, or deactivating from the list). */
export function couponFormOf(coupon: Coupon): CouponForm {
  const { id: _id, scopeNames: _names, usedCount: _used, code, ...rest } = coupon;
  return { ...rest, code: code ?? "", autoApply: code === null ? coupon.autoApply : undefined };
}

// ---- POST /api/pos/coupon/validate ------------------------------------------------------------------

const qtySchema = z.number({ error: COUPON_MESSAGES.qty }).refine((value) => {
  const milli = Number.isFinite(value) ? Math.round(value * 1000) : Number.NaN;
  return milli >= 1 && milli <= 10_000_000 && Math.abs(milli - value * 1000) < 1e-6;
}, COUPON_MESSAGES.qty);

export const couponValidateSchema = z.object({
  /** The coupon code the customer gave, if any (any case). */
  code: z.string().trim().max(60).optional(),
  order: z.object({
    orderType: z.enum(["dine_in", "take_away", "delivery"]),
    customerId: idSchema().optional(),
    lines: z
      .array(z.object({ variantId: idSchema(COUPON_MESSAGES.variant), qty: qtySchema }))
      .min(1, COUPON_MESSAGES.lines)
      .max(500, COUPON_MESSAGES.lines),
    /** The order's moment (for an offline order, when it was taken); now when left out. */
    at: z.iso.datetime({ offset: true, error: COUPON_MESSAGES.at }).optional(),
  }),
});
export type CouponValidateInput = z.infer<typeof couponValidateSchema>;

const appliedCouponSchema = z.object({
  couponId: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  discount: z.number(),
});

export const couponPreviewSchema = z.object({
  /** The order as the menu prices it (never the client's prices). */
  subtotal: z.number(),
  /** What applies, in the order it is taken: automatic promotions first, then the code. */
  applied: z.array(appliedCouponSchema),
  discountTotal: z.number(),
  /** The code given: applied, or why not. null when no code was given. */
  codeResult: z
    .object({
      code: z.string(),
      applied: z.boolean(),
      reason: z.string().nullable(),
      message: z.string().nullable(),
    })
    .nullable(),
  /** Promotions that would apply but wait for the cashier (auto apply off), with what they would take. */
  offered: z.array(appliedCouponSchema),
  /** The company's moment the preview was worked out for (APP_TZ). */
  at: z.object({ date: z.string(), weekday: z.number().int(), time: z.string() }),
});
export type CouponPreview = z.infer<typeof couponPreviewSchema>;
