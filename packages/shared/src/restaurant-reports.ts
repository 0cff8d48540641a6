import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { POS_REPORT_MESSAGES } from "./pos-reports";

/**
 * The Reports module's stock reports (WP5): food cost (what the Kitchen used against what the
 * recipes say it should have) and purchases by vendor (the GRNs posted). Quantities cross in the
 * product's stock unit, money as decimal major units (docs/reports.md defines every figure).
 */
export const RESTAURANT_REPORT_MESSAGES = {
  location: "Please select a stock location",
  vendor: "Please select a vendor",
} as const;

const DAY_MS = 86_400_000;

/** Start on or before end, at most 366 days: the same rule and messages as the sales report. */
const inPeriod = <S extends z.ZodObject<{ startDate: z.ZodString; endDate: z.ZodString }>>(schema: S) =>
  schema
    .refine((value) => value.startDate <= value.endDate, {
      path: ["startDate"],
      message: POS_REPORT_MESSAGES.dateOrder,
    })
    .refine((value) => Date.parse(value.endDate) - Date.parse(value.startDate) < 366 * DAY_MS, {
      path: ["endDate"],
      message: POS_REPORT_MESSAGES.range,
    });

/** Blank from a form's select means "not chosen". */
const optionalId = (message: string) =>
  z.preprocess((value) => (value === "" ? null : value), idSchema(message).nullish());

export const foodCostReportRequestSchema = inPeriod(
  z.object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    /** One location; none = every Kitchen location. */
    locationId: optionalId(RESTAURANT_REPORT_MESSAGES.location),
  }),
);
export type FoodCostReportRequest = z.infer<typeof foodCostReportRequestSchema>;

const money = z.number();

/** A quantity in the stock unit and its value. */
export const stockFigureSchema = z.object({ qty: z.number(), value: money });
export type StockFigure = z.infer<typeof stockFigureSchema>;

/** The food cost report's figures, in column order, with the headings the screen and the files use. */
export const FOOD_COST_FIGURES = [
  "opening",
  "received",
  "theoretical",
  "waste",
  "closing",
  "actual",
  "variance",
] as const;
export type FoodCostFigureName = (typeof FOOD_COST_FIGURES)[number];
export const FOOD_COST_HEADINGS: Record<FoodCostFigureName, string> = {
  opening: "Opening",
  received: "Received",
  theoretical: "Theoretical",
  waste: "Waste",
  closing: "Closing",
  actual: "Actual",
  variance: "Variance",
};

/**
 * One store product at the location(s): opening before the start date, what came in (received),
 * what the recipes of the sales took (theoretical), waste, closing at the end date (after the
 * counts), actual usage = opening + received - closing and variance = actual - theoretical.
 */
export const foodCostRowSchema = z.object({
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  unit: z.string(),
  opening: stockFigureSchema,
  received: stockFigureSchema,
  theoretical: stockFigureSchema,
  waste: stockFigureSchema,
  closing: stockFigureSchema,
  actual: stockFigureSchema,
  variance: stockFigureSchema,
});
export type FoodCostRow = z.infer<typeof foodCostRowSchema>;

export const foodCostTotalsSchema = z.object({
  opening: money,
  received: money,
  theoretical: money,
  waste: money,
  closing: money,
  actual: money,
  variance: money,
});
export type FoodCostTotals = z.infer<typeof foodCostTotalsSchema>;

export const foodCostReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  locationId: z.number().int().nullable(),
  /** The location's name, or the Kitchen locations' names. */
  location: z.string(),
  rows: z.array(foodCostRowSchema),
  /** Values only: quantities of different units do not add up. */
  totals: foodCostTotalsSchema,
  /** Net sales of the business days (after discounts, before tax and service), as the sales report counts them. */
  netSales: money,
  /** Theoretical cost of sales / net sales, in percent (2 places); null without sales. */
  foodCostPct: z.number().nullable(),
  /** Actual usage / net sales, in percent (2 places); null without sales. */
  actualCostPct: z.number().nullable(),
});
export type FoodCostReport = z.infer<typeof foodCostReportSchema>;

export const purchasesReportRequestSchema = inPeriod(
  z.object({
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    vendorId: optionalId(RESTAURANT_REPORT_MESSAGES.vendor),
  }),
);
export type PurchasesReportRequest = z.infer<typeof purchasesReportRequestSchema>;

/** A GRN's money: gross (qty x cost), discount, tax, charges, total owed to the vendor, landed (into stock). */
const purchaseMoney = {
  gross: money,
  discount: money,
  tax: money,
  charges: money,
  total: money,
  landed: money,
};

/** One GRN posted in the period, or the reversal in the period of a GRN (its amounts negative). */
export const purchaseDocumentSchema = z.object({
  receivingId: z.number().int(),
  number: z.string(),
  businessDate: z.string(),
  kind: z.enum(["posted", "reversal"]),
  ...purchaseMoney,
});
export type PurchaseDocument = z.infer<typeof purchaseDocumentSchema>;

export const purchaseVendorSchema = z.object({
  vendorId: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** GRNs posted in the period. */
  grns: z.number().int(),
  /** GRN reversals dated in the period (their amounts are netted). */
  reversals: z.number().int(),
  ...purchaseMoney,
  documents: z.array(purchaseDocumentSchema),
});
export type PurchaseVendor = z.infer<typeof purchaseVendorSchema>;

export const purchasesReportSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  vendorId: z.number().int().nullable(),
  rows: z.array(purchaseVendorSchema),
  totals: z.object({ grns: z.number().int(), reversals: z.number().int(), ...purchaseMoney }),
});
export type PurchasesReport = z.infer<typeof purchasesReportSchema>;

/** What the food cost and purchases screens offer to choose: stock locations and vendors (all, active first). */
export const restaurantReportOptionsSchema = z.object({
  locations: z.array(z.object({ id: z.number().int(), name: z.string(), kind: z.string() })),
  vendors: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string(), active: z.boolean() })),
});
export type RestaurantReportOptions = z.infer<typeof restaurantReportOptionsSchema>;
