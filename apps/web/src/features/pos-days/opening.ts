import { type CounterOpening, type DayOpenCurrent, type Denomination, parseMinor } from "@cargodesk/shared";
import { countedRows, emptyGrid, gridAmount } from "./denominations";

/** One counter on Day Open, as the form holds it (the cashier as the select's text, "" for none). */
export interface OpeningRow {
  counterId: number;
  /** Day Open's form opens only the ticked counters. */
  open: boolean;
  cashierId: string;
  /** A number, text the schema will name, or null while empty. */
  openingFloat: number | string | null;
  /** Counted note by note: the float is the grid's total. */
  byNotes: boolean;
  denominations: Denomination[];
  notes: string;
}

export interface OpeningForm {
  businessDate: string;
  rows: OpeningRow[];
}

export type OpenCounter = DayOpenCurrent["counters"][number];

/**
 * The business date Day Open offers: today on the company's clock (the server's default, cut-off
 * included), or the day after the last closed day when that one is today or later (a date is
 * opened once, and a new day must come after the last closed one).
 */
export function openingDate(current: Pick<DayOpenCurrent, "defaultBusinessDate" | "lastClosedDate">): string {
  const last = current.lastClosedDate;
  if (last === null || last < current.defaultBusinessDate) return current.defaultBusinessDate;
  const next = new Date(`${last}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export const openingRow = (counter: OpenCounter, open = true): OpeningRow => ({
  counterId: counter.id,
  open,
  cashierId: "",
  openingFloat: null,
  byNotes: false,
  denominations: emptyGrid(),
  notes: "",
});

/** The float a row opens with: the grid's total when counted by notes. */
export const floatOf = (row: Pick<OpeningRow, "byNotes" | "denominations" | "openingFloat">): unknown =>
  row.byNotes ? gridAmount(row.denominations) : row.openingFloat;

/** The float against the counter cash account's book balance, in minor units (null while no amount is typed). */
export function floatDifferenceMinor(
  row: Pick<OpeningRow, "byNotes" | "denominations" | "openingFloat">,
  bookBalance: number,
): bigint | null {
  const float = floatOf(row);
  if (typeof float !== "number") return null;
  const floatMinor = parseMinor(float);
  const bookMinor = parseMinor(bookBalance);
  return floatMinor === null || bookMinor === null ? null : floatMinor - bookMinor;
}

/** The request's entry for one row; values the schema refuses pass through for it to name. */
export const counterOpeningOf = (row: OpeningRow): Record<keyof CounterOpening, unknown> => ({
  counterId: row.counterId,
  cashierId: row.cashierId === "" ? undefined : Number(row.cashierId),
  openingFloat: floatOf(row) ?? undefined,
  denominations: row.byNotes ? countedRows(row.denominations) : undefined,
  notes: row.notes,
});

/** The rows the form sends, with their places in the form. */
export const openRows = (rows: readonly OpeningRow[]): { row: OpeningRow; index: number }[] =>
  rows.flatMap((row, index) => (row.open ? [{ row, index }] : []));

/**
 * Where a field message of the request belongs in the form: `counters.<n>.<field>` is the n-th opened
 * row, `businessDate` stays, anything else (no counter ticked) is the form's own message.
 */
export function formPathOf(path: readonly PropertyKey[], opened: readonly number[]): string {
  const [first, position, field] = path;
  if (first === "businessDate") return "businessDate";
  if (first === "counters" && typeof position === "number" && typeof field === "string") {
    const index = opened[position];
    const name = field === "denominations" ? "openingFloat" : field;
    if (index !== undefined) return `rows.${index}.${name}`;
  }
  return "root";
}

/** A server field name ("counters.0.cashierId") as the path formPathOf reads. */
export const pathOfField = (field: string): PropertyKey[] =>
  field.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
