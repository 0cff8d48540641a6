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

/** Percent text and basis points: the kit's NumberInput `percent` mode uses them. */
export { bpOfText, textOfBp } from "../../components/NumberInput";
