import { formatMinor } from "@cargodesk/shared";
import { minorOf } from "../../lib/format";
import type { LineView, PartyPlace } from "./schemas";

/** "KARACHI, Pakistan"; "—" when neither is known. */
export function placeOf(party: Pick<PartyPlace, "city" | "country"> | undefined): string {
  const parts = [party?.city, party?.country?.name].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join(", ") : "—";
}

export const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === "" ? "—" : String(value);

/** "12,345.50 PKR"; "—" without an amount. */
export function amountText(amount: number | null | undefined, code?: string | null): string {
  if (amount === null || amount === undefined) return "—";
  const value = formatMinor(minorOf(amount));
  return code ? `${value} ${code}` : value;
}

/** A line's total: value x quantity, in minor units so no float drift creeps in. */
export const lineTotalMinor = (line: Pick<LineView, "value" | "quantity">): number =>
  minorOf(line.value) * Math.round(line.quantity);

/** The declared value of every line, in the first line's currency (as the invoice states it). */
export function declaredValue(lines: readonly LineView[]): string {
  const first = lines[0];
  if (!first) return "—";
  const total = lines.reduce((sum, line) => sum + lineTotalMinor(line), 0);
  return `${formatMinor(total)} ${first.currency?.code ?? ""}`.trim();
}

export const yesNo = (flag: number | null | undefined): string => (flag === 1 ? "YES" : "NO");
