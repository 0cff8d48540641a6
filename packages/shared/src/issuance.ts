import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { qtyField, refuseRepeatedProducts } from "./stock";

/**
 * Issuance: stock moved from one location to another (Store to Kitchen), at the source's moving
 * average (design: restaurant-pos-inventory.md 5.1 items 4-7, 6.5). Quantities are decimal numbers
 * in the line's unit; values are decimal money.
 */
export const ISSUANCE_STATUSES = ["draft", "posted", "reversed"] as const;
export type IssuanceStatus = (typeof ISSUANCE_STATUSES)[number];

/** Lines on one issuance, at most. */
export const MAX_ISSUANCE_LINES = 200;

export const ISSUANCE_MESSAGES = {
  from: "Please select the location to issue from",
  to: "Please select the location to issue to",
  sameLocation: "Issue to a different location than the source",
  product: "Please select a product",
  uom: "Please select a unit",
  duplicate: "This product is already on the issuance",
  lines: "Add at least one line",
  tooManyLines: `An issuance has at most ${MAX_ISSUANCE_LINES} lines`,
  issuedTo: "Issued to must be at most 100 characters",
  notes: "Notes must be at most 500 characters",
  created: "Issuance saved",
  posted: "Issuance posted",
  reversed: "Issuance reversed",
  notFound: "No such issuance",
  alreadyPosted: "This issuance is posted: it cannot be changed or posted again",
  notPosted: "Only a posted issuance can be reversed",
  kitchenShort: "The destination no longer holds what was issued",
  dateOrder: "The start date must not be after the end date",
} as const;

export const issuanceLineInputSchema = z.object({
  storeProductId: idSchema(ISSUANCE_MESSAGES.product),
  qty: qtyField(),
  uomId: idSchema(ISSUANCE_MESSAGES.uom),
});
export type IssuanceLineInput = z.infer<typeof issuanceLineInputSchema>;

export const issuanceCreateSchema = z
  .object({
    fromLocationId: idSchema(ISSUANCE_MESSAGES.from),
    toLocationId: idSchema(ISSUANCE_MESSAGES.to),
    businessDate: isoDateSchema(),
    issuedTo: z.string().trim().max(100, ISSUANCE_MESSAGES.issuedTo).default(""),
    notes: z.string().trim().max(500, ISSUANCE_MESSAGES.notes).default(""),
    lines: z
      .array(issuanceLineInputSchema, { error: ISSUANCE_MESSAGES.lines })
      .min(1, ISSUANCE_MESSAGES.lines)
      .max(MAX_ISSUANCE_LINES, ISSUANCE_MESSAGES.tooManyLines),
    post: z.boolean().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.fromLocationId === value.toLocationId)
      ctx.addIssue({ code: "custom", path: ["toLocationId"], message: ISSUANCE_MESSAGES.sameLocation });
    refuseRepeatedProducts(value.lines, ctx, ISSUANCE_MESSAGES.duplicate);
  });
export type IssuanceCreate = z.input<typeof issuanceCreateSchema>;

export const issuanceSavedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** ISS-2026-00001 once posted; a draft has none. */
  number: z.string().nullable(),
  /** The JV's number, when the two locations post to different inventory accounts. */
  voucherNo: z.string().nullable(),
});
export type IssuanceSaved = z.infer<typeof issuanceSavedSchema>;

const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), idSchema().optional());
const optionalDate = z.preprocess((value) => (value === "" ? undefined : value), isoDateSchema().optional());

export const issuanceListQuerySchema = z.object({
  from: optionalDate,
  to: optionalDate,
  locationId: optionalId,
  status: z.enum(ISSUANCE_STATUSES).optional(),
  storeProductId: optionalId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(50),
});
export type IssuanceListQuery = z.input<typeof issuanceListQuerySchema>;

export const issuanceRowSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  businessDate: z.string(),
  fromLocationId: z.number().int(),
  fromLocation: z.string(),
  toLocationId: z.number().int(),
  toLocation: z.string(),
  issuedTo: z.string(),
  notes: z.string(),
  status: z.enum(ISSUANCE_STATUSES),
  lineCount: z.number().int(),
  value: z.number(),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
  reversalVoucherId: z.number().int().nullable(),
  reversalVoucherNo: z.string().nullable(),
  postedAt: z.string().nullable(),
});
export type IssuanceRow = z.infer<typeof issuanceRowSchema>;

export const issuanceLineSchema = z.object({
  lineNo: z.number().int(),
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  uomId: z.number().int(),
  uom: z.string(),
  /** As entered, in `uom`. */
  qty: z.number(),
  /** In the product's stock unit. */
  stockQty: z.number(),
  stockUom: z.string(),
  /** At the source's average when posted; null on a draft. */
  value: z.number().nullable(),
  /** Value per stock unit. */
  rate: z.number().nullable(),
});
export type IssuanceLine = z.infer<typeof issuanceLineSchema>;

export const issuanceDetailSchema = issuanceRowSchema.extend({ lines: z.array(issuanceLineSchema) });
export type IssuanceDetail = z.infer<typeof issuanceDetailSchema>;

export const issuanceListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  rows: z.array(issuanceDetailSchema),
});
export type IssuanceList = z.infer<typeof issuanceListSchema>;

export const issuanceNumberParamsSchema = z.object({
  number: z.string().trim().min(1, "Enter an issuance number").max(40, "Enter an issuance number"),
});

export const issuanceFormatQuerySchema = z.object({ format: z.enum(["json", "pdf", "xlsx"]).default("json") });

export const issuanceReportRequestSchema = z
  .object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    locationId: optionalId,
    format: z.enum(["json", "pdf", "xlsx"]).default("json"),
  })
  .refine((value) => value.startDate <= value.endDate, { path: ["endDate"], message: ISSUANCE_MESSAGES.dateOrder });
export type IssuanceReportRequest = z.input<typeof issuanceReportRequestSchema>;

export const issuanceReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  locationId: z.number().int().nullable(),
  products: z.array(
    z.object({
      storeProductId: z.number().int(),
      code: z.string(),
      name: z.string(),
      uom: z.string(),
      qty: z.number(),
      value: z.number(),
      averageRate: z.number().nullable(),
    }),
  ),
  issuances: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      businessDate: z.string(),
      fromLocation: z.string(),
      toLocation: z.string(),
      issuedTo: z.string(),
      lineCount: z.number().int(),
      value: z.number(),
      voucherNo: z.string().nullable(),
    }),
  ),
  totalValue: z.number(),
});
export type IssuanceReport = z.infer<typeof issuanceReportSchema>;
