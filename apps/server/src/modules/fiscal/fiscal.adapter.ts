/**
 * The fiscal adapter (design D16): how one invoice reaches a tax authority. CargoDesk ships no real
 * authority's adapter (PRA, FBR): a site that must report writes one against this interface
 * (docs/fiscal.md). The sender (fiscal.sender.ts) hands it each queued invoice after the payment has
 * committed, retries what it answers as retryable and gives up on what it answers as final.
 *
 * An adapter must be idempotent per invoice number: after a crash between the authority's answer and
 * the commit of it, the same invoice is reported again and must get the same fiscal number.
 */

/** Money is in major units with at most 2 decimals, as in the API; a credit note's amounts are negative. */
export interface FiscalLine {
  name: string;
  /** Size and flavour ("L Spicy"); empty for none. */
  variant: string;
  /** Portions, up to 3 decimals. */
  qty: number;
  unitPrice: number;
  /** Quantity x price, before discounts. */
  gross: number;
  discount: number;
  /** After discounts, before tax. */
  net: number;
  /** The line's standard tax rate in basis points (1600 = 16%). */
  taxRateBp: number;
  tax: number;
}

export interface FiscalTender {
  method: string;
  /** The payment method's kind: cash, card, wallet, on_account ... */
  kind: string;
  amount: number;
  /** The taxable base this tender covered and the tax on it (D16: the rate can depend on the method). */
  base: number;
  tax: number;
}

export interface FiscalInvoice {
  /** `sale` for a paid order, `credit_note` for a refund of one. */
  kind: "sale" | "credit_note";
  orderId: number;
  /** The gapless invoice number of its counter (A01-2026-000123). */
  number: string;
  /** When it was paid: the instant, and the date and time in the company's time zone. */
  issuedAt: string;
  date: string;
  time: string;
  counter: { code: string; name: string } | null;
  orderType: string;
  seller: { name: string; ntn: string };
  /** The customer the order names, if any. */
  buyer: { name: string; phone: string } | null;
  lines: FiscalLine[];
  totals: {
    subtotal: number;
    discount: number;
    serviceCharge: number;
    tax: number;
    rounding: number;
    total: number;
  };
  tenders: FiscalTender[];
  /** A credit note's original invoice, with the fiscal number it got (null when it got none). */
  original: { orderId: number; number: string | null; fiscalNumber: string | null } | null;
}

/** The authority's answer: the fiscal number and the text of the QR code to print. */
export interface FiscalAccepted {
  ok: true;
  fiscalNumber: string;
  qrText: string;
}

/**
 * A refusal or a fault. `retryable`: the authority could not be reached or asked to try later (the
 * report stays pending and is tried again after a wait); otherwise it refused the invoice for good and
 * the report is `failed` with the message.
 */
export interface FiscalRefused {
  ok: false;
  retryable: boolean;
  message: string;
}

export type FiscalResult = FiscalAccepted | FiscalRefused;

export interface FiscalAdapter {
  /** Shown in logs and docs (`file`, `pra` ...). */
  readonly name: string;
  /** Reports one invoice. A thrown error counts as a retryable failure. */
  report(invoice: FiscalInvoice): Promise<FiscalResult>;
}
