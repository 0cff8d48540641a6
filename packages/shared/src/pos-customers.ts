import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";
import { MAX_LINE_MINOR, parseMinor, parseScaled } from "./money";
import { normalizePhone } from "./typed-input";

/** Master Control > Customer: the restaurant's own customers (not sign-in users), some with a house account. */
export const POS_CUSTOMER_MESSAGES = {
  name: "Please enter the customer name (at least 2 characters)",
  phone: "Please enter a valid Pakistan phone number, e.g. 0300 1234567",
  email: "Please Enter Valid Email",
  discount: "The discount is a percentage from 0 to 100 with at most 2 decimals",
  creditLimit: "Please enter a credit limit above 0 (at most 2 decimals)",
  creditLimitNeedsCredit: "A credit limit needs credit allowed",
  openingBalance: "The opening balance is an amount of 0 or more with at most 2 decimals",
  openingNeedsCredit: "An opening balance needs credit allowed",
  openingOnce: "The opening balance is posted once, when credit is first allowed",
  added: "Customer added successfully",
  updated: "Customer updated successfully",
  deleted: "Customer deleted successfully",
  phoneTaken: "A customer with this phone number already exists",
  notFound: "No such customer",
  hasEntries: "This customer's account has ledger entries; deactivate the customer instead",
  hasRedemptions: "This customer has used coupons; deactivate the customer instead",
  noGroup: "Set the Restaurant Customers group (or the Customers' Receivables group) in Accounts Integration first",
  accountTaken: "An account with this customer's name and phone is already in the Restaurant Customers group",
} as const;

/**
 * A Pakistan number in its one stored form, national with the leading 0 ("03001234567"): separators
 * go, and +92, 0092 or 92 before the number become 0, so every way of typing it finds the same customer.
 */
export function pakistanPhone(value: string): string {
  const digits = normalizePhone(value);
  if (digits.startsWith("+92")) return `0${digits.slice(3)}`;
  if (digits.startsWith("0092")) return `0${digits.slice(4)}`;
  if (/^92\d{10}$/.test(digits)) return `0${digits.slice(2)}`;
  return digits;
}

/** A mobile (03 and nine digits) or a landline (0, area code and number: 10 or 11 digits). */
export const PK_PHONE = /^(?:03\d{9}|0[1-24-9]\d{8,9})$/;

export const pakistanPhoneField = z
  .string({ error: POS_CUSTOMER_MESSAGES.phone })
  .max(30, POS_CUSTOMER_MESSAGES.phone)
  .transform(pakistanPhone)
  .pipe(z.string().regex(PK_PHONE, POS_CUSTOMER_MESSAGES.phone));

/** A percentage with at most 2 decimals as basis points (12.5 -> 1250), or null outside 0-100. */
export function percentToBp(percent: number): number | null {
  const bp = parseScaled(percent, 2);
  return bp === null || bp < 0n || bp > 10_000n ? null : Number(bp);
}

/** An amount of 0 or more with at most 2 decimals, up to one line's maximum. */
const amount = (message: string) =>
  z.number({ error: message }).refine((value) => {
    const minor = parseMinor(value);
    return minor !== null && minor >= 0n && minor <= BigInt(MAX_LINE_MINOR);
  }, message);

const text = (max: number) => z.string().trim().max(max).default("");

export const posCustomerInputSchema = z
  .object({
    name: z.string({ error: POS_CUSTOMER_MESSAGES.name }).trim().min(2, POS_CUSTOMER_MESSAGES.name).max(100),
    phone: pakistanPhoneField,
    email: z
      .union([z.email(POS_CUSTOMER_MESSAGES.email), z.literal("")])
      .default("")
      .transform((value) => value.toLowerCase()),
    address: text(300),
    notes: text(500),
    /** Percent, e.g. 10 for 10% off every order. */
    discountPercent: z
      .number({ error: POS_CUSTOMER_MESSAGES.discount })
      .refine((value) => percentToBp(value) !== null, POS_CUSTOMER_MESSAGES.discount)
      .default(0),
    creditAllowed: z.boolean().default(false),
    creditLimit: amount(POS_CUSTOMER_MESSAGES.creditLimit).default(0),
    /** What the customer already owes: posted once, as an approved opening JV, when the house account opens. */
    openingBalance: amount(POS_CUSTOMER_MESSAGES.openingBalance).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    if (value.creditAllowed && value.creditLimit <= 0)
      ctx.addIssue({ code: "custom", path: ["creditLimit"], message: POS_CUSTOMER_MESSAGES.creditLimit });
    if (!value.creditAllowed && value.creditLimit !== 0)
      ctx.addIssue({ code: "custom", path: ["creditLimit"], message: POS_CUSTOMER_MESSAGES.creditLimitNeedsCredit });
    if (!value.creditAllowed && value.openingBalance !== 0)
      ctx.addIssue({ code: "custom", path: ["openingBalance"], message: POS_CUSTOMER_MESSAGES.openingNeedsCredit });
  });
export type PosCustomerInput = z.output<typeof posCustomerInputSchema>;
export type PosCustomerForm = z.input<typeof posCustomerInputSchema>;

export const posCustomerListQuerySchema = listQuerySchema.extend({
  /** Only active customers (the POS search). */
  active: z.enum(["true", "false"]).optional(),
});
export type PosCustomerListQuery = z.infer<typeof posCustomerListQuerySchema>;

export const posCustomerLookupQuerySchema = z.object({ phone: pakistanPhoneField });

export const posCustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** National form, e.g. 03001234567. */
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  notes: z.string(),
  discountPercent: z.number(),
  creditAllowed: z.boolean(),
  creditLimit: z.number(),
  /** The house account (level 4 under the Restaurant Customers group), once credit has been allowed. */
  receivableAccountId: z.number().int().nullable(),
  receivableAccountCode: z.string().nullable(),
  /** What the customer owes (debit balance of the house account over approved entries); below 0 is an advance. */
  balance: z.number(),
  /** Paid orders, their total and the last one's business date: 0 and null until the POS records orders. */
  visits: z.number().int(),
  totalSpent: z.number(),
  lastVisit: z.string().nullable(),
  active: z.boolean(),
});
export type PosCustomer = z.infer<typeof posCustomerSchema>;

export const posCustomerPageSchema = z.object({
  data: z.array(posCustomerSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});
export type PosCustomerPage = z.infer<typeof posCustomerPageSchema>;

export const posCustomerSavedSchema = z.object({
  message: z.string(),
  data: posCustomerSchema,
  /** The opening JV's number when this save posted one. */
  openingVoucher: z.string().nullable(),
});

/** The POS lookup: the customer with this phone, or null. */
export const posCustomerLookupSchema = z.object({ data: posCustomerSchema.nullable() });

export const posCustomerIdParams = z.object({ id: idSchema() });
