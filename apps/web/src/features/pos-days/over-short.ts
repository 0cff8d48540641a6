import { formatMinor, parseMinor } from "@cargodesk/shared";

/** A difference as a manager reads it: "10.00 short", "25.00 over", "0.00"; "—" when there is none yet. */
export function overShortMinorText(minor: bigint | null): string {
  if (minor === null) return "—";
  if (minor === 0n) return "0.00";
  return minor < 0n ? `${formatMinor(-minor)} short` : `${formatMinor(minor)} over`;
}

/** The same for an API amount (major units). */
export const overShortText = (amount: number | null): string =>
  overShortMinorText(amount === null ? null : (parseMinor(amount) ?? null));
