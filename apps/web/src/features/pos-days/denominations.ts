import { type Denomination, denominationsMinor, formatMinor, minorToAmount } from "@cargodesk/shared";

/** The notes a cashier counts, largest first (rupees). */
export const NOTES = [5000, 1000, 500, 100, 50, 20, 10] as const;
/** Coins are counted as their total in rupees: one row of denomination 1. */
export const COIN = 1;

/** An empty count: every note and the coins at 0. */
export const emptyGrid = (): Denomination[] => [...NOTES, COIN].map((denomination) => ({ denomination, count: 0 }));

/** A stored count laid over the full grid (a stored row for another denomination is kept after the notes). */
export function gridOf(stored: readonly Denomination[] | null | undefined): Denomination[] {
  const grid = emptyGrid();
  for (const row of stored ?? []) {
    const place = grid.find((candidate) => candidate.denomination === row.denomination);
    if (place) place.count = row.count;
    else grid.push({ ...row });
  }
  return grid;
}

/** A typed count: digits only, empty is 0. */
export const countOfText = (text: string): number => {
  const digits = text.replaceAll(/\D/g, "");
  return digits === "" ? 0 : Math.min(Number(digits), 100_000);
};

/** The grid's total as an API amount (major units). */
export const gridAmount = (grid: readonly Denomination[]): number => minorToAmount(denominationsMinor(grid));

/** The grid's total as "12,345.00". */
export const gridText = (grid: readonly Denomination[]): string => formatMinor(denominationsMinor(grid));

/** Only the rows with a count, for the request (a grid of zeros says nothing). */
export const countedRows = (grid: readonly Denomination[]): Denomination[] => grid.filter((row) => row.count > 0);
