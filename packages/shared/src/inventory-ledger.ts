import { z } from "zod";
import { idSchema, isoDateSchema } from "./input";
import { minorToAmount } from "./money";
import { MICRO, mulDivRound } from "./stock";

/**
 * The inventory ledger of one store product (one location or all) and as-of stock balances
 * (design 5.1 item 12 and item 2's stock_balance). Opening and as-of balances come from the
 * monthly and daily totals; rows are in (business date, move id) order.
 */
export const INVENTORY_LEDGER_MESSAGES = {
  product: "Please select a product",
  location: "Please select a stock location",
  dateOrder: "The start date must not be after the end date",
  noSuchProduct: "No such store product",
} as const;

export const INVENTORY_LEDGER_PAGE_SIZE = 100;

const optionalId = z.preprocess((value) => (value === "" || value === null ? undefined : value), idSchema().optional());

export const inventoryLedgerRequestSchema = z
  .object({
    storeProductId: idSchema(INVENTORY_LEDGER_MESSAGES.product),
    locationId: optionalId,
    startDate: isoDateSchema(),
    endDate: isoDateSchema(),
    page: z.number().int().min(1).max(1_000_000).default(1),
    size: z.number().int().min(1).max(1000).default(INVENTORY_LEDGER_PAGE_SIZE),
    format: z.enum(["json", "pdf", "xlsx"]).default("json"),
  })
  .refine((value) => value.startDate <= value.endDate, {
    path: ["endDate"],
    message: INVENTORY_LEDGER_MESSAGES.dateOrder,
  });
export type InventoryLedgerRequest = z.input<typeof inventoryLedgerRequestSchema>;

export const inventoryLedgerRowSchema = z.object({
  moveId: z.number().int(),
  businessDate: z.string(),
  /** HH:mm in the company's time zone. */
  time: z.string(),
  locationId: z.number().int(),
  location: z.string(),
  docType: z.string(),
  docId: z.number().int(),
  /** GRN-, ISS- or CNT- number; null for opening stock. */
  docNumber: z.string().nullable(),
  description: z.string(),
  inQty: z.number(),
  outQty: z.number(),
  /** Value per stock unit of this move. */
  rate: z.number().nullable(),
  valueIn: z.number(),
  valueOut: z.number(),
  balanceQty: z.number(),
  balanceValue: z.number(),
  voucherId: z.number().int().nullable(),
  voucherNo: z.string().nullable(),
});
export type InventoryLedgerRow = z.infer<typeof inventoryLedgerRowSchema>;

export const inventoryLedgerSchema = z.object({
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  stockUom: z.string(),
  locationId: z.number().int().nullable(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  openingQty: z.number(),
  openingValue: z.number(),
  inQty: z.number(),
  outQty: z.number(),
  valueIn: z.number(),
  valueOut: z.number(),
  closingQty: z.number(),
  closingValue: z.number(),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  rows: z.array(inventoryLedgerRowSchema),
});
export type InventoryLedger = z.infer<typeof inventoryLedgerSchema>;

export const stockBalanceQuerySchema = z.object({
  locationId: optionalId,
  asOf: z.preprocess((value) => (value === "" ? undefined : value), isoDateSchema().optional()),
});
export type StockBalanceQuery = z.input<typeof stockBalanceQuerySchema>;

export const stockBalanceRowSchema = z.object({
  storeProductId: z.number().int(),
  code: z.string(),
  name: z.string(),
  groupName: z.string(),
  stockUomId: z.number().int(),
  stockUom: z.string(),
  active: z.boolean(),
  locationId: z.number().int(),
  location: z.string(),
  qty: z.number(),
  value: z.number(),
  /** Value per stock unit; null when nothing is held. */
  averageRate: z.number().nullable(),
});
export type StockBalanceRow = z.infer<typeof stockBalanceRowSchema>;

export const stockBalanceSchema = z.object({
  asOf: z.string(),
  locationId: z.number().int().nullable(),
  totalValue: z.number(),
  rows: z.array(stockBalanceRowSchema),
});
export type StockBalance = z.infer<typeof stockBalanceSchema>;

/** A stock location, for pickers. */
export const stockLocationRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.string(),
});
export type StockLocationRow = z.infer<typeof stockLocationRowSchema>;

/** A move's or bin's value per stock unit as money (signs ignored); null for no quantity. */
export function rateAmount(valueMinor: bigint, qtyMicro: bigint): number | null {
  if (qtyMicro === 0n) return null;
  const value = valueMinor < 0n ? -valueMinor : valueMinor;
  const qty = qtyMicro < 0n ? -qtyMicro : qtyMicro;
  return minorToAmount(mulDivRound(value, MICRO, qty));
}
