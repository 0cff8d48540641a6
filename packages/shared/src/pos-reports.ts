import { z } from "zod";
import { isoDateSchema } from "./input";

/**
 * The restaurant's sales report (WP5, the Reports module): what was sold over a range of business
 * days, by menu item, category, hour, counter or cashier. It counts what Day Close books: paid
 * orders and refunds (a refund's amounts are negative), voided lines and orders left out, a deal's
 * revenue by its parts. Money crosses as decimal major units.
 */
export const POS_SALES_GROUPS = ["item", "category", "hour", "counter", "cashier"] as const;
export type PosSalesGroup = (typeof POS_SALES_GROUPS)[number];

export const POS_SALES_GROUP_LABELS: Record<PosSalesGroup, string> = {
  item: "Item",
  category: "Category",
  hour: "Hour",
  counter: "Counter",
  cashier: "Cashier",
};

/** Items and categories are counted from the order lines; hours, counters and cashiers from the orders. */
export const salesLevelOf = (group: PosSalesGroup): "lines" | "orders" =>
  group === "item" || group === "category" ? "lines" : "orders";

export const POS_REPORT_MESSAGES = {
  dateOrder: "The start date must be on or before the end date",
  range: "Choose at most 366 days",
  groupBy: "Group by item, category, hour, counter or cashier",
} as const;

const DAY_MS = 86_400_000;

export const posSalesReportRequestSchema = z
  .object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    groupBy: z.enum(POS_SALES_GROUPS, { error: POS_REPORT_MESSAGES.groupBy }),
  })
  .refine((value) => value.startDate <= value.endDate, {
    path: ["startDate"],
    message: POS_REPORT_MESSAGES.dateOrder,
  })
  .refine((value) => Date.parse(value.endDate) - Date.parse(value.startDate) < 366 * DAY_MS, {
    path: ["endDate"],
    message: POS_REPORT_MESSAGES.range,
  });
export type PosSalesReportRequest = z.infer<typeof posSalesReportRequestSchema>;

const money = z.number();

/**
 * One row: the paid orders and refunds it counts and their money. Line groupings (item, category)
 * carry the portions sold and gross, discount and net (after discounts, before tax and service);
 * order groupings (hour, counter, cashier) carry net, service charge, tax and total, as Day Close does.
 */
export const posSalesRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  orders: z.number().int(),
  refunds: z.number().int(),
  qty: z.number().nullable(),
  gross: money.nullable(),
  discount: money,
  net: money,
  service: money.nullable(),
  tax: money.nullable(),
  total: money.nullable(),
});
export type PosSalesRow = z.infer<typeof posSalesRowSchema>;

export const posSalesReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  groupBy: z.enum(POS_SALES_GROUPS),
  level: z.enum(["lines", "orders"]),
  rows: z.array(posSalesRowSchema),
  /** The whole range (its orders counted once, however many rows they reach). */
  totals: posSalesRowSchema,
});
export type PosSalesReport = z.infer<typeof posSalesReportSchema>;

/**
 * The waste report (WP5): store products thrown away over a range of business days, from the stock
 * moves of voids after firing with a waste reason (and any other waste move), at the cost they left
 * stock at (the moving average then).
 */
export const wasteReportRequestSchema = z
  .object({ startDate: isoDateSchema(), endDate: isoDateSchema() })
  .refine((value) => value.startDate <= value.endDate, {
    path: ["startDate"],
    message: POS_REPORT_MESSAGES.dateOrder,
  })
  .refine((value) => Date.parse(value.endDate) - Date.parse(value.startDate) < 366 * DAY_MS, {
    path: ["endDate"],
    message: POS_REPORT_MESSAGES.range,
  });
export type WasteReportRequest = z.infer<typeof wasteReportRequestSchema>;

export const wasteRowSchema = z.object({
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The product's stock unit ("KG"). */
  unit: z.string(),
  /** Where it left stock (the Kitchen for a POS void). */
  location: z.string(),
  /** How much was thrown away, in the stock unit (positive). */
  qty: z.number(),
  /** Its cost (positive). */
  value: money,
  /** The waste moves behind the row. */
  moves: z.number().int(),
});
export type WasteRow = z.infer<typeof wasteRowSchema>;

export const wasteReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  rows: z.array(wasteRowSchema),
  totals: z.object({ value: money, moves: z.number().int() }),
});
export type WasteReport = z.infer<typeof wasteReportSchema>;
