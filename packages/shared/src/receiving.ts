import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { MAX_LINE_MINOR, moneyAmount, parseMinor } from "./money";
import { taxRateBp } from "./receiving-cost";
import { MICRO, mulDivRound, parseQtyMicro, qtyField } from "./stock";

/**
 * Receiving (GRN, design 5.1 items 8-11 and 6.5): goods from a vendor into a store location at
 * landed cost. A line's net is qty x unit cost - discount; its tax is net x rate; the charges
 * (freight, loading) are spread over the lines by net value so the paisa add up exactly; the
 * landed value is net + its share of the charges, plus its tax when no Input Tax account is set
 * (tax that cannot be recovered is part of the cost).
 */
export const RECEIVING_MESSAGES = {
  vendor: "Please select a vendor",
  location: "Please select a store location",
  lines: "Add at least one line",
  product: "Please select a product",
  uom: "Please select a unit",
  unitCost: "Unit cost must be 0 or more with at most 2 decimals",
  free: "A zero cost needs the free or sample tick",
  discount: "Discount must be 0 or more and at most the line amount",
  taxRate: "Tax % must be from 0 to 100 with at most 2 decimals",
  chargeLabel: "Please enter what the charge is for",
  chargeAmount: "A charge must be more than 0 with at most 2 decimals",
  payAccount: "Please select the account paid from",
  notInCashGroup: "The cash account must be under the cash group",
  notInBankGroup: "The bank account must be under the bank group",
  billDuplicate: "This vendor's bill number is already entered",
  notStoreLocation: "Goods are received into a store location",
  vendorInactive: "This vendor is inactive",
  productInactive: "This product is inactive",
  unitNotAllowed: "That unit cannot be converted to the product's stock unit",
  saved: "Receiving saved as a draft",
  posted: "Receiving posted",
  reversed: "Receiving reversed",
  notFound: "No such receiving",
  notDraft: "Only a draft receiving can be posted",
  notPosted: "Only a posted receiving can be reversed",
  voucherReversed: "The receiving's voucher was already reversed on Voucher List",
  dateOrder: "The start date must not be after the end date",
} as const;

export const PAYMENT_KINDS = ["credit", "cash", "bank"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_LABELS: Record<PaymentKind, string> = {
  credit: "On credit",
  cash: "Paid cash",
  bank: "Paid by bank",
};

export const RECEIVING_STATUSES = ["draft", "posted", "reversed"] as const;
export type ReceivingStatus = (typeof RECEIVING_STATUSES)[number];

export const receivingLineSchema = z.object({
  storeProductId: idSchema(RECEIVING_MESSAGES.product),
  qty: qtyField(),
  uomId: idSchema(RECEIVING_MESSAGES.uom),
  /** Per entered unit. */
  unitCost: moneyAmount(RECEIVING_MESSAGES.unitCost, 0),
  discount: moneyAmount(RECEIVING_MESSAGES.discount, 0).default(0),
  /** Percent, e.g. 16 for 16%. */
  taxRate: z
    .number({ error: RECEIVING_MESSAGES.taxRate })
    .refine((value) => taxRateBp(value) !== null, RECEIVING_MESSAGES.taxRate)
    .default(0),
  /** A free or sample line: a zero cost is meant. */
  free: z.boolean().default(false),
});
export type ReceivingLineInput = z.output<typeof receivingLineSchema>;

export const receivingChargeSchema = z.object({
  label: z
    .string({ error: RECEIVING_MESSAGES.chargeLabel })
    .trim()
    .min(1, RECEIVING_MESSAGES.chargeLabel)
    .max(60, RECEIVING_MESSAGES.chargeLabel),
  amount: moneyAmount(RECEIVING_MESSAGES.chargeAmount, 1),
});

const lineGross = (line: { qty: number; unitCost: number }): bigint | null => {
  const qty = parseQtyMicro(line.qty);
  const cost = parseMinor(line.unitCost);
  return qty === null || cost === null ? null : mulDivRound(qty, cost, MICRO);
};

export const receivingCreateSchema = z
  .object({
    vendorId: idSchema(RECEIVING_MESSAGES.vendor),
    vendorBillNo: z.string().trim().max(50).default(""),
    billDate: z
      .union([isoDateSchema(), z.literal(""), z.null()])
      .optional()
      .transform((value) => value || null),
    /** The day the goods came in: not after today, not before the stock lock date. */
    businessDate: isoDateSchema(),
    locationId: idSchema(RECEIVING_MESSAGES.location).default(1),
    payment: z.enum(PAYMENT_KINDS, { error: "Please choose how the bill is paid" }),
    /** The cash or bank account paid from; cash defaults to the default cash account. */
    payAccountId: idSchema(RECEIVING_MESSAGES.payAccount).nullish(),
    notes: z.string().trim().max(500).default(""),
    charges: z.array(receivingChargeSchema).max(20).default([]),
    lines: z.array(receivingLineSchema, { error: RECEIVING_MESSAGES.lines }).min(1, RECEIVING_MESSAGES.lines).max(500),
    /** true: number it, move the stock and post its voucher now. */
    post: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    value.lines.forEach((line, index) => {
      const gross = lineGross(line);
      const discount = parseMinor(line.discount);
      if (parseMinor(line.unitCost) === 0n && !line.free)
        ctx.addIssue({ code: "custom", path: ["lines", index, "unitCost"], message: RECEIVING_MESSAGES.free });
      if (gross !== null && gross > BigInt(MAX_LINE_MINOR))
        ctx.addIssue({ code: "custom", path: ["lines", index, "unitCost"], message: RECEIVING_MESSAGES.unitCost });
      if (gross !== null && discount !== null && discount > gross)
        ctx.addIssue({ code: "custom", path: ["lines", index, "discount"], message: RECEIVING_MESSAGES.discount });
    });
    if (value.payment === "bank" && !value.payAccountId)
      ctx.addIssue({ code: "custom", path: ["payAccountId"], message: RECEIVING_MESSAGES.payAccount });
  });
export type ReceivingCreateInput = z.output<typeof receivingCreateSchema>;
export type ReceivingCreateForm = z.input<typeof receivingCreateSchema>;

// ---- Answers -------------------------------------------------------------------------------------

export const receivingSavedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** Null for a draft: a GRN is numbered when it is posted. */
  number: z.string().nullable(),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
});
export type ReceivingSaved = z.infer<typeof receivingSavedSchema>;

export const receivingReversedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
});

const optionalDate = z
  .union([isoDateSchema(), z.literal("")])
  .optional()
  .transform((value) => value || undefined);

export const receivingListQuerySchema = z.object({
  from: optionalDate,
  to: optionalDate,
  vendorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: z.enum(RECEIVING_STATUSES).optional(),
  payment: z.enum(PAYMENT_KINDS).optional(),
  size: z.coerce.number().int().min(1).max(1000).default(50),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type ReceivingListQuery = z.infer<typeof receivingListQuerySchema>;

export const receivingRowSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  businessDate: z.string(),
  vendorId: z.number().int(),
  vendorName: z.string(),
  vendorBillNo: z.string(),
  locationName: z.string(),
  items: z.number().int(),
  total: z.number(),
  payment: z.enum(PAYMENT_KINDS),
  status: z.enum(RECEIVING_STATUSES),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
  reversalVoucherId: z.number().int().nullable(),
  reversalVoucherNo: z.string().nullable(),
});
export type ReceivingRow = z.infer<typeof receivingRowSchema>;

export const receivingPageSchema = z.object({
  data: z.array(receivingRowSchema),
  page: z.number().int(),
  total_results: z.number().int(),
});

export const receivingDetailSchema = receivingRowSchema.extend({
  billDate: z.string().nullable(),
  locationId: z.number().int(),
  payAccountId: z.number().int().nullable(),
  payAccountName: z.string().nullable(),
  notes: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  charges: z.number(),
  postedAt: z.string().nullable(),
  postedBy: z.string().nullable(),
  chargeRows: z.array(z.object({ label: z.string(), amount: z.number() })),
  lines: z.array(
    z.object({
      lineNo: z.number().int(),
      storeProductId: z.number().int(),
      productCode: z.string(),
      productName: z.string(),
      uomId: z.number().int(),
      uomName: z.string(),
      qty: z.number(),
      /** In the product's stock unit. */
      stockQty: z.number(),
      stockUomName: z.string(),
      unitCost: z.number(),
      discount: z.number(),
      taxRate: z.number(),
      tax: z.number(),
      free: z.boolean(),
      landedValue: z.number(),
    }),
  ),
});
export type ReceivingDetail = z.infer<typeof receivingDetailSchema>;

export const grnNumberParams = z.object({
  number: z
    .string()
    .trim()
    .max(30)
    .regex(/^[A-Za-z0-9-]+$/, "Enter a GRN number such as GRN-2026-00001")
    .transform((value) => value.toUpperCase()),
});
export const documentFormatQuerySchema = z.object({ format: z.enum(["pdf", "xlsx"]).default("pdf") });

export const receivingReportRequestSchema = z
  .object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    vendorId: idSchema(RECEIVING_MESSAGES.vendor).nullish(),
    format: z.enum(["json", "pdf", "xlsx"]).default("json"),
  })
  .refine((value) => value.startDate <= value.endDate, { path: ["startDate"], message: RECEIVING_MESSAGES.dateOrder });
export type ReceivingReportRequest = z.infer<typeof receivingReportRequestSchema>;

export const receivingReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  vendors: z.array(
    z.object({
      vendorId: z.number().int(),
      vendorName: z.string(),
      products: z.array(
        z.object({
          storeProductId: z.number().int(),
          code: z.string(),
          name: z.string(),
          unit: z.string(),
          qty: z.number(),
          value: z.number(),
          /** Per stock unit; null when nothing was received. */
          averageCost: z.number().nullable(),
        }),
      ),
      grns: z.array(
        z.object({ id: z.number().int(), number: z.string(), businessDate: z.string(), value: z.number() }),
      ),
      value: z.number(),
    }),
  ),
  grnCount: z.number().int(),
  value: z.number(),
});
export type ReceivingReport = z.infer<typeof receivingReportSchema>;

/** What the Receiving Add form offers: store locations and the accounts a GRN may be paid from. */
export const receivingOptionsSchema = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  cashAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  bankAccounts: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
  defaultCashAccountId: z.number().int().nullable(),
  /** An Input Tax account is set: tax is recoverable and stays out of the landed cost. */
  taxRecoverable: z.boolean(),
});
export type ReceivingOptions = z.infer<typeof receivingOptionsSchema>;

export const receivingProductQuerySchema = z.object({ search: z.string().trim().max(100).default("") });

/** A store product the picker offers, with the units it may be received in. */
export const receivingProductSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  stockUomId: z.number().int(),
  stockUomName: z.string(),
  purchaseUomId: z.number().int().nullable(),
  units: z.array(z.object({ uomId: z.number().int(), name: z.string() })),
  /** Per stock unit, from the last receiving. */
  lastPurchaseCost: z.number().nullable(),
});
export type ReceivingProduct = z.infer<typeof receivingProductSchema>;
