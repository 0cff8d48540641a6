const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "2-digit",
  month: "short",
  year: "numeric",
});

/** "2026-03-07" -> "07 Mar 2026"; anything else as given. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "—";
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? dayFormat.format(new Date(`${value}T00:00:00Z`)) : value;
}

/** Weights up to 2 decimals, e.g. "6 kg", "2.5 kg". */
export const formatKg = (value: number): string => `${Number(value.toFixed(2))} kg`;
