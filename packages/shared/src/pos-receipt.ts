import { z } from "zod";
import { receiptFiscalSchema } from "./fiscal";
import { idSchema } from "./input";
import { ORDER_TYPES } from "./outlet-settings";

/**
 * The receipt model (design D11, 5.4 item 46, 6.1 step 4): built on the server from the order's
 * tables, then only formatted: JSON, ESC/POS for a thermal printer, or an 80 mm PDF. Money is in
 * major units as everywhere in the API; a refund's amounts are as stored (negative).
 */
export const ORDER_TYPE_LABELS: Record<(typeof ORDER_TYPES)[number], string> = {
  take_away: "Take-away",
  dine_in: "Dine-in",
  delivery: "Delivery",
};

export const RECEIPT_FORMATS = ["json", "escpos", "pdf"] as const;
export type ReceiptFormat = (typeof RECEIPT_FORMATS)[number];

export const RECEIPT_MESSAGES = {
  notFound: "No such order",
  format: "The format is json, escpos or pdf",
  reprint: "reprint is 0 or 1",
  kick: "kick is 0 or 1",
  printer: "No such printer",
  part: "part is one of the order's payments, from 1",
  partMissing: "This order has no such payment",
  noNetworkPrinter: "Choose a network printer: this order's counter has no network receipt printer",
  queued: "The receipt is queued for the printer",
  busy: "The receipt PDF took too long; please try again",
  refundOf: (number: string) => `REFUND of ${number}`,
  copy: "COPY",
  preBill: "BILL (not paid)",
  sale: "Sales Receipt",
} as const;

const money = z.number();

export const receiptLineSchema = z.object({
  /** Portions, up to 3 decimals (negative on a refund). */
  qty: z.number(),
  name: z.string(),
  /** Size and flavour ("L Spicy"); empty for none. */
  variant: z.string(),
  unitPrice: money,
  /** Quantity x price, before discounts. */
  amount: money,
  discount: money,
  note: z.string(),
  /** A deal's components, printed under it without prices. */
  components: z.array(z.object({ qty: z.number(), name: z.string(), variant: z.string() })),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptTaxSchema = z.object({
  /** "Tax 16% (Cash)": one line per rate actually charged, with the methods that paid at it. */
  label: z.string(),
  rateBp: z.number().int(),
  base: money,
  amount: money,
});

export const receiptTenderSchema = z.object({
  method: z.string(),
  amount: money,
  tendered: money,
  change: money,
  reference: z.string(),
});

export const receiptSchema = z.object({
  orderId: z.number().int(),
  /** "Sales Receipt", "BILL (not paid)" or "REFUND of A01-2026-000123". */
  title: z.string(),
  /** A reprint: printed with COPY. */
  copy: z.boolean(),
  refundOf: z.string().nullable(),
  company: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    ntn: z.string(),
    /** Served at /api/setting/company/logo when set. */
    logoPath: z.string().nullable(),
  }),
  header: z.string(),
  footer: z.string(),
  counter: z.object({ code: z.string(), name: z.string() }).nullable(),
  cashier: z.string().nullable(),
  number: z.string().nullable(),
  token: z.number().int(),
  orderType: z.enum(ORDER_TYPES),
  orderTypeLabel: z.string(),
  table: z.string().nullable(),
  guests: z.number().int().nullable(),
  customer: z.object({ name: z.string(), phone: z.string() }).nullable(),
  status: z.string(),
  /** When it was paid (else opened), in APP_TZ. */
  date: z.string(),
  time: z.string(),
  lines: z.array(receiptLineSchema),
  subtotal: money,
  discounts: z.array(z.object({ label: z.string(), amount: money })),
  discountTotal: money,
  serviceCharge: money,
  taxes: z.array(receiptTaxSchema),
  taxTotal: money,
  rounding: money,
  total: money,
  tenders: z.array(receiptTenderSchema),
  paid: money,
  change: money,
  /**
   * One guest's receipt of a check split evenly (design 6.2 step 8): "Payment 1 of 3", with only
   * that payment under the check's lines and totals. Null: the whole check's receipt.
   */
  part: z.object({ index: z.number().int(), of: z.number().int() }).nullable(),
  /** The fiscal report (D16): "Fiscal number pending" until the authority answers; null when not reported. */
  fiscal: receiptFiscalSchema.nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptQuerySchema = z.object({
  format: z.enum(RECEIPT_FORMATS, { error: RECEIPT_MESSAGES.format }).default("json"),
  /** 1: a reprint, marked COPY. */
  reprint: z.enum(["0", "1"], { error: RECEIPT_MESSAGES.reprint }).default("0"),
  /** 1: ESC/POS ends with the drawer kick (ESC p) when a payment was taken in cash or by a method that opens the drawer. */
  kick: z.enum(["0", "1"], { error: RECEIPT_MESSAGES.kick }).default("0"),
  /** ESC/POS for this printer's width and codepage; the counter's receipt printer (else 48 columns, cp437) when left out. */
  printerId: idSchema(RECEIPT_MESSAGES.printer).optional(),
  /** One payment's receipt ("Payment 2 of 3"), by its place among the order's payments. */
  part: z.coerce
    .number({ error: RECEIPT_MESSAGES.part })
    .int(RECEIPT_MESSAGES.part)
    .min(1, RECEIPT_MESSAGES.part)
    .max(20, RECEIPT_MESSAGES.part)
    .optional(),
});
export type ReceiptQuery = z.infer<typeof receiptQuerySchema>;

// ---- Print jobs (D11) -------------------------------------------------------------------------------

/** `POST /api/pos/order/{id}/receipt/print`: a (re)print on a network printer, through the print queue. */
export const receiptPrintInputSchema = z.object({
  printerId: z.number().int().positive().max(2_147_483_647).optional(),
  reprint: z.boolean().default(true),
});
export const receiptPrintAnswerSchema = z.object({
  message: z.string(),
  jobId: z.number().int(),
  printerId: z.number().int(),
});

export const PRINT_JOB_KINDS = ["receipt", "kitchen", "bill", "z_report", "label", "test"] as const;
export type PrintJobKind = (typeof PRINT_JOB_KINDS)[number];
export const PRINT_JOB_STATUSES = ["queued", "sent", "failed"] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

/** How often the sender tries a job before it is `failed`. */
export const PRINT_JOB_ATTEMPTS = 3;

export const printJobQuerySchema = z.object({
  status: z.enum(PRINT_JOB_STATUSES).optional(),
  printerId: idSchema(RECEIPT_MESSAGES.printer).optional(),
  size: z.coerce.number().int().min(1).max(200).default(50),
});

export const printJobSchema = z.object({
  id: z.number().int(),
  printerId: z.number().int(),
  printerName: z.string(),
  kind: z.enum(PRINT_JOB_KINDS),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  status: z.enum(PRINT_JOB_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  bytes: z.number().int(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

/** `GET /api/pos/print_job`: the newest jobs, and each network printer's state from its latest job. */
export const printJobListSchema = z.object({
  rows: z.array(printJobSchema),
  printers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      host: z.string(),
      port: z.number().int(),
      /** ok: the last job was sent; failing: it failed; pending: jobs wait; idle: nothing sent yet. */
      state: z.enum(["ok", "failing", "pending", "idle"]),
      queued: z.number().int(),
      lastError: z.string().nullable(),
    }),
  ),
});
export type PrintJobList = z.infer<typeof printJobListSchema>;
