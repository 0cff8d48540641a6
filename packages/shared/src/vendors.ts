import { z } from "zod";
import { idSchema } from "./input";
import { listQuerySchema } from "./master-data";

/** Master Control > Vendor: the people the Store buys from, each with a payable account of its own. */
export const VENDOR_MESSAGES = {
  name: "Please enter the vendor name (at least 2 characters)",
  code: "The code is at most 20 letters, digits or dashes",
  email: "Please Enter Valid Email",
  terms: "Payment terms are whole days from 0 to 365",
  added: "Vendor added successfully",
  updated: "Vendor updated successfully",
  deleted: "Vendor deleted successfully",
  nameTaken: "A vendor with this name already exists",
  codeTaken: "A vendor with this code already exists",
  hasReceivings: "This vendor has receivings and cannot be deleted; deactivate it instead",
  hasEntries: "This vendor's payable account has ledger entries; deactivate the vendor instead",
  notFound: "No such vendor",
  noGroup: "Set the Vendors group in Accounts Integration first",
} as const;

const text = (max: number) => z.string().trim().max(max).default("");

export const vendorInputSchema = z.object({
  /** Blank: the next V-00001 style code. */
  code: z
    .string()
    .trim()
    .max(20, VENDOR_MESSAGES.code)
    .regex(/^[A-Za-z0-9-]*$/, VENDOR_MESSAGES.code)
    .default("")
    .transform((value) => value.toUpperCase()),
  name: z.string({ error: VENDOR_MESSAGES.name }).trim().min(2, VENDOR_MESSAGES.name).max(100, VENDOR_MESSAGES.name),
  contactPerson: text(100),
  phone: text(50),
  email: z
    .union([z.email(VENDOR_MESSAGES.email), z.literal("")])
    .default("")
    .transform((value) => value.toLowerCase()),
  address: text(300),
  ntn: text(50),
  strn: text(50),
  paymentTermsDays: z
    .number({ error: VENDOR_MESSAGES.terms })
    .int(VENDOR_MESSAGES.terms)
    .min(0, VENDOR_MESSAGES.terms)
    .max(365, VENDOR_MESSAGES.terms)
    .default(0),
  active: z.boolean().default(true),
});
export type VendorInput = z.output<typeof vendorInputSchema>;
export type VendorForm = z.input<typeof vendorInputSchema>;

export const vendorListQuerySchema = listQuerySchema.extend({
  /** Only active vendors (the Receiving Add picker). */
  active: z.enum(["true", "false"]).optional(),
});
export type VendorListQuery = z.infer<typeof vendorListQuerySchema>;

export const vendorSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  contactPerson: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string(),
  ntn: z.string(),
  strn: z.string(),
  paymentTermsDays: z.number().int(),
  active: z.boolean(),
  payableAccountId: z.number().int(),
  /** The payable account's full code, e.g. 2-01-004-0001. */
  payableAccountCode: z.string(),
  /** What the company owes the vendor (credit balance of the payable account); below 0 is an advance. */
  balance: z.number(),
});
export type Vendor = z.infer<typeof vendorSchema>;

export const vendorPageSchema = z.object({
  data: z.array(vendorSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});
export type VendorPage = z.infer<typeof vendorPageSchema>;

export const vendorSavedSchema = z.object({ message: z.string(), data: vendorSchema });

export const vendorIdParams = z.object({ id: idSchema() });
