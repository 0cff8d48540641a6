import { companyToday, fromZonedLocal, toZonedLocal } from "../../lib/dates";
import type { StatusEntry } from "./schemas";

/** One editable row of the Edit Status dialog; `when` is a datetime-local value on the company's clock. */
export interface StatusRowDraft {
  key: number;
  status: string;
  location: string;
  when: string;
  /** The stored instant and its minute-precision `when`: an untouched row keeps its seconds. */
  stored?: { when: string; iso: string };
}

let nextKey = 1;
const newKey = () => nextKey++;

export const draftsOf = (history: readonly StatusEntry[]): StatusRowDraft[] =>
  history.map((entry) => {
    const when = toZonedLocal(entry.status_date);
    return {
      key: newKey(),
      status: entry.status,
      location: entry.status_location,
      when,
      stored: { when, iso: entry.status_date },
    };
  });

export const blankDraft = (now = new Date()): StatusRowDraft => ({
  key: newKey(),
  status: "",
  location: "",
  when: toZonedLocal(now.toISOString()),
});

export const rowComplete = (row: StatusRowDraft): boolean =>
  row.status.trim() !== "" && row.location.trim() !== "" && fromZonedLocal(row.when) !== null;

/**
 * The expected delivery date may be empty ("to be announced") or today or later; a stored date
 * already past may stay as it is.
 */
export function deliveryDateProblem(value: string, stored: string | null, today = companyToday()): string | null {
  if (value === "" || value === stored) return null;
  return value < today ? "The expected delivery date cannot be earlier than today" : null;
}

/** The replacement history, oldest first, as `shipment_status_update` takes it. */
export function replacementOf(rows: readonly StatusRowDraft[]) {
  return rows
    .map((row) => ({
      status: row.status.trim(),
      status_location: row.location.trim(),
      status_date: row.stored?.when === row.when ? row.stored.iso : (fromZonedLocal(row.when) ?? ""),
    }))
    .sort((a, b) => a.status_date.localeCompare(b.status_date));
}
