import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { MAX_QTY_MICRO, parseQtyMicro, refuseRepeatedProducts } from "./stock";

/**
 * The Difference Report (a physical count): book quantities are read at a snapshot, people count,
 * and posting adjusts each bin by counted minus book AT THE SNAPSHOT, so stock that moved after
 * the snapshot (sales, receipts) still counts (design 5.1 item 3).
 */
export const STOCK_COUNT_STATUSES = ["draft", "posted"] as const;
export type StockCountStatus = (typeof STOCK_COUNT_STATUSES)[number];

export const COUNT_REASONS = ["spoilage", "theft", "count_error", "other"] as const;
export type CountReason = (typeof COUNT_REASONS)[number];
export const COUNT_REASON_LABELS: Record<CountReason, string> = {
  spoilage: "Spoilage",
  theft: "Theft",
  count_error: "Count error",
  other: "Other",
};

export const STOCK_COUNT_MESSAGES = {
  location: "Please select a stock location",
  product: "Please select a product",
  uom: "Please select a unit",
  counted: "Counted must be a number of 0 or more with at most 6 decimals",
  reason: `Reason must be one of ${COUNT_REASONS.join(", ")}`,
  duplicate: "This product is already in the list",
  notOnCount: "This product is not on the count",
  noneCounted: "Enter at least one counted quantity",
  created: "Book quantities loaded",
  saved: "Count saved",
  posted: "Count posted",
  notFound: "No such count",
  alreadyPosted: "This count is posted: it cannot be changed or posted again",
} as const;

/** A counted quantity: 0 or more, at most 6 decimals. */
const countedField = z.number({ error: STOCK_COUNT_MESSAGES.counted }).superRefine((value, ctx) => {
  const micro = parseQtyMicro(value);
  if (micro === null || micro < 0n || micro > MAX_QTY_MICRO)
    ctx.addIssue({ code: "custom", message: STOCK_COUNT_MESSAGES.counted });
});

export const stockCountCreateSchema = z.object({
  locationId: idSchema(STOCK_COUNT_MESSAGES.location),
  businessDate: isoDateSchema(),
});
export type StockCountCreate = z.input<typeof stockCountCreateSchema>;

export const stockCountLineInputSchema = z.object({
  storeProductId: idSchema(STOCK_COUNT_MESSAGES.product),
  /** Null clears the line (not counted). */
  countedQty: countedField.nullable(),
  uomId: idSchema(STOCK_COUNT_MESSAGES.uom),
  reason: z.enum(COUNT_REASONS, { error: STOCK_COUNT_MESSAGES.reason }).nullish(),
});
export type StockCountLineInput = z.input<typeof stockCountLineInputSchema>;

export const stockCountUpdateSchema = z
  .object({ lines: z.array(stockCountLineInputSchema).max(10_000) })
  .superRefine((value, ctx) => {
    refuseRepeatedProducts(value.lines, ctx, STOCK_COUNT_MESSAGES.duplicate);
  });
export type StockCountUpdate = z.input<typeof stockCountUpdateSchema>;

export const stockCountLineSchema = z.object({
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  stockUomId: z.number().int(),
  stockUom: z.string(),
  /** At the snapshot, in the stock unit. */
  bookQty: z.number(),
  bookValue: z.number(),
  /** Book value per stock unit at the snapshot. */
  averageRate: z.number().nullable(),
  /** In the stock unit; null until counted. */
  countedQty: z.number().nullable(),
  /** What was typed, in `uomId`. */
  countedEntered: z.number().nullable(),
  uomId: z.number().int().nullable(),
  diffQty: z.number().nullable(),
  diffValue: z.number().nullable(),
  reason: z.enum(COUNT_REASONS).nullable(),
});
export type StockCountLine = z.infer<typeof stockCountLineSchema>;

export const stockCountRowSchema = z.object({
  id: z.number().int(),
  number: z.string().nullable(),
  locationId: z.number().int(),
  location: z.string(),
  businessDate: z.string(),
  snapshotAt: z.string(),
  status: z.enum(STOCK_COUNT_STATUSES),
  lineCount: z.number().int(),
  countedCount: z.number().int(),
  diffValue: z.number(),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
  postedAt: z.string().nullable(),
});
export type StockCountRow = z.infer<typeof stockCountRowSchema>;

export const stockCountDetailSchema = stockCountRowSchema.extend({
  snapshotMoveId: z.number().int(),
  lines: z.array(stockCountLineSchema),
});
export type StockCountDetail = z.infer<typeof stockCountDetailSchema>;

export const stockCountPostedSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  number: z.string(),
  voucherNo: z.string().nullable(),
});
export type StockCountPosted = z.infer<typeof stockCountPostedSchema>;

const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), idSchema().optional());
const optionalDate = z.preprocess((value) => (value === "" ? undefined : value), isoDateSchema().optional());

export const stockCountListQuerySchema = z.object({
  from: optionalDate,
  to: optionalDate,
  locationId: optionalId,
  status: z.enum(STOCK_COUNT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(1000).default(20),
});
export type StockCountListQuery = z.input<typeof stockCountListQuerySchema>;

export const stockCountListSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  rows: z.array(stockCountRowSchema),
});
export type StockCountList = z.infer<typeof stockCountListSchema>;

/** Column headers of the count sheet (XLSX); an upload reads Code, Counted and Reason. */
export const COUNT_SHEET_COLUMNS = {
  code: "Code",
  name: "Product",
  uom: "UOM",
  book: "Book qty",
  counted: "Counted",
  reason: "Reason",
} as const;
