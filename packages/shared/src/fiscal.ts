import { z } from "zod";

/**
 * Fiscal reporting (design D16, WP5, goal 10): each paid invoice (and each refund, as a credit note)
 * is queued in the payment's transaction and reported to the tax authority through the configured
 * adapter (`FISCAL_ADAPTER`); the fiscal number and QR text it answers are printed on the receipt.
 */
export const FISCAL_REPORT_STATUSES = ["pending", "reported", "failed"] as const;
export type FiscalReportStatus = (typeof FISCAL_REPORT_STATUSES)[number];

export const FISCAL_ADAPTERS = ["none", "file"] as const;
export type FiscalAdapterName = (typeof FISCAL_ADAPTERS)[number];

export const FISCAL_MESSAGES = {
  pending: "Fiscal number pending",
  failed: "Fiscal number not issued",
  label: "Fiscal no.",
} as const;

/** What a receipt shows of its fiscal report; null on the receipt of an order that is not reported. */
export const receiptFiscalSchema = z.object({
  status: z.enum(FISCAL_REPORT_STATUSES),
  /** The authority's number for the invoice, once reported. */
  number: z.string().nullable(),
  /** The text of the QR code printed under it, once reported. */
  qr: z.string().nullable(),
});
export type ReceiptFiscal = z.infer<typeof receiptFiscalSchema>;

/** `GET /api/pos/fiscal/status`: the queue at a glance, for Day Close and the settings. */
export const fiscalStatusSchema = z.object({
  /** The configured adapter; `none`: nothing is queued. */
  adapter: z.enum(FISCAL_ADAPTERS),
  pending: z.number().int(),
  reported: z.number().int(),
  failed: z.number().int(),
  /** When the oldest report still pending was queued (ISO instant), null when none waits. */
  oldestPendingAt: z.string().nullable(),
  /** The error of the newest report that is pending after a failed try, or failed for good. */
  lastError: z
    .object({
      orderId: z.number().int(),
      number: z.string().nullable(),
      status: z.enum(FISCAL_REPORT_STATUSES),
      attempts: z.number().int(),
      message: z.string(),
    })
    .nullable(),
});
export type FiscalStatus = z.infer<typeof fiscalStatusSchema>;
