import {
  minorToAmount,
  type OrderTotals,
  type PosPaymentInput,
  TenderError,
  type TenderInput,
} from "@cargodesk/shared";

/** One tender in the pay dialog: what it settles, the cash handed over, the card slip. */
export interface Tender {
  methodId: number;
  amountMinor: bigint;
  tenderedMinor: bigint | null;
  reference: string;
}

const QUICK_STEPS = [10_000n, 50_000n, 100_000n, 500_000n];

/** The cash buttons: exact, then the next 100, 500, 1,000 and 5,000 above it, each once. */
export function quickCash(dueMinor: bigint): bigint[] {
  if (dueMinor <= 0n) return [];
  const amounts = [dueMinor, ...QUICK_STEPS.map((step) => ((dueMinor + step - 1n) / step) * step)];
  return [...new Set(amounts)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * One guest's share when `guestsLeft` guests split what is still due evenly: the due over the guests,
 * rounded up to the paisa, so the last guest pays the (smaller) rest; all of it for the last guest.
 */
export function evenShare(dueMinor: bigint, guestsLeft: number): bigint {
  if (guestsLeft <= 1 || dueMinor <= 0n) return dueMinor;
  const guests = BigInt(guestsLeft);
  return (dueMinor + guests - 1n) / guests;
}

/**
 * The tender for what the cashier entered by a method: cash settles at most what is due and the
 * rest is change; any other method settles exactly what was entered.
 */
export function tenderOf(
  methodId: number,
  isCash: boolean,
  enteredMinor: bigint,
  dueMinor: bigint,
  reference: string,
): Tender {
  if (!isCash) return { methodId, amountMinor: enteredMinor, tenderedMinor: null, reference };
  const amountMinor = enteredMinor < dueMinor ? enteredMinor : dueMinor;
  return { methodId, amountMinor, tenderedMinor: enteredMinor, reference: "" };
}

export const toTenderInputs = (tenders: readonly Tender[]): TenderInput[] =>
  tenders.map((tender) => ({
    methodId: tender.methodId,
    amountMinor: tender.amountMinor,
    tenderedMinor: tender.tenderedMinor,
  }));

/** The pay operation's payments, in major units as the API speaks. */
export const toPayments = (tenders: readonly Tender[]): PosPaymentInput[] =>
  tenders.map((tender) => ({
    methodId: tender.methodId,
    amount: minorToAmount(tender.amountMinor),
    ...(tender.tenderedMinor !== null ? { tendered: minorToAmount(tender.tenderedMinor) } : {}),
    reference: tender.reference,
  }));

/** The order settled by these tenders, or the rule they break in the server's words. */
export function settle(
  price: (tenders: readonly TenderInput[]) => OrderTotals,
  tenders: readonly Tender[],
): { totals: OrderTotals; problem: string | null } {
  try {
    return { totals: price(toTenderInputs(tenders)), problem: null };
  } catch (error) {
    if (error instanceof TenderError) return { totals: price([]), problem: error.message };
    throw error;
  }
}
