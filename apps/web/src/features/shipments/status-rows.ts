import { fromZonedLocal, todayInCompany, toZonedLocal } from "./dates";
import type { StatusEntry } from "./schemas";

/** One editable row of the Edit Status dialog; `when` is a datetime-local value on the company's clock. */
export interface StatusRowDraft {
  key: number;
  status: string;
  location: string;
  when: string;
}

let nextKey = 1;
const newKey = () => nextKey++;

export const draftsOf = (history: readonly StatusEntry[]): StatusRowDraft[] =>
  history.map((entry) => ({
    key: newKey(),
    status: entry.status,
    location: entry.status_location,
    when: toZonedLocal(entry.status_date),
  }));

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
export function deliveryDateProblem(value: string, stored: string | null, today = todayInCompany()): string | null {
  if (value === "" || value === stored) return null;
  return value < today ? "The expected delivery date cannot be earlier than today" : null;
}

/** The replacement history, oldest first, as `shipment_status_update` takes it. */
export function replacementOf(rows: readonly StatusRowDraft[]) {
  return rows
    .map((row) => ({
      status: row.status.trim(),
      status_location: row.location.trim(),
      status_date: fromZonedLocal(row.when) ?? "",
    }))
    .sort((a, b) => a.status_date.localeCompare(b.status_date));
}
