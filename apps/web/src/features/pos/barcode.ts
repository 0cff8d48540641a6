/**
 * A keyboard-wedge scanner types a barcode as a fast burst of digits and presses Enter. People
 * type far slower than a scanner, so keys that arrive within `WEDGE_GAP_MS` of each other, at
 * least `MIN_BARCODE_LENGTH` digits ending in Enter, are a scan; anything else starts over.
 */
export const WEDGE_GAP_MS = 60;
export const MIN_BARCODE_LENGTH = 6;

export interface WedgeState {
  readonly digits: string;
  /** When the last digit arrived (ms, any clock), or null before the first. */
  readonly lastAt: number | null;
}

export const EMPTY_WEDGE: WedgeState = { digits: "", lastAt: null };

/** The state after one key press and the barcode it completed, if any. */
export function readWedgeKey(
  state: WedgeState,
  key: string,
  at: number,
): { state: WedgeState; barcode: string | null } {
  const fast = state.lastAt !== null && at - state.lastAt <= WEDGE_GAP_MS;
  if (/^\d$/.test(key)) return { state: { digits: fast ? state.digits + key : key, lastAt: at }, barcode: null };
  if (key === "Enter" && fast && state.digits.length >= MIN_BARCODE_LENGTH)
    return { state: EMPTY_WEDGE, barcode: state.digits };
  return { state: EMPTY_WEDGE, barcode: null };
}
