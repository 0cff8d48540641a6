import type { Counter, PaymentMethod, Printer, Station } from "@cargodesk/shared";

/** How the screens name the API's codes. */
export const ORDER_TYPE_LABELS: Record<Counter["defaultOrderType"], string> = {
  dine_in: "Dine-in",
  take_away: "Take-away",
  delivery: "Delivery",
};
export const METHOD_KIND_LABELS: Record<PaymentMethod["kind"], string> = {
  cash: "Cash",
  card: "Card",
  bank: "Bank transfer",
  wallet: "Wallet",
  on_account: "On account (credit)",
};
export const STATION_MODE_LABELS: Record<Station["mode"], string> = {
  display: "Kitchen display",
  print: "Printed tickets",
  both: "Display and print",
};
export const PRINTER_KIND_LABELS: Record<Printer["kind"], string> = {
  network_escpos: "Network (ESC/POS)",
  browser: "Browser",
};

/** A label map as select choices, in its order. */
export const choicesOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }));

/** Basis points as a percent: 1600 -> "16%", 750 -> "7.5%". */
export const percentOf = (bp: number): string => `${bp / 100}%`;

/** Typed percent text as basis points ("7.5" -> 750); "" is null; text that is not a number stays text for the schema to name. */
export const bpOfText = (text: string): number | string | null => {
  const plain = text.trim();
  if (plain === "") return null;
  return /^\d*\.?\d+$/.test(plain) ? Math.round(Number(plain) * 100) : text;
};
/** Basis points as the percent a person types (750 -> "7.5"). */
export const textOfBp = (value: unknown): string => (typeof value === "number" ? String(value / 100) : "");
