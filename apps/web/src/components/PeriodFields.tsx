import { TextField } from "@mui/material";

/** A report's period, as the date boxes hold it (YYYY-MM-DD). */
export interface Period {
  startDate: string;
  endDate: string;
}

/** Whether the period starts after it ends: the form says so and does not search. */
export const periodReversed = (period: Period): boolean => period.startDate > period.endDate;

/** Start Date and End Date of a report, up to `latest` (the company's today); End Date names a reversed period. */
export function PeriodFields({
  period,
  onChange,
  latest,
}: {
  period: Period;
  onChange: (change: Partial<Period>) => void;
  latest: string;
}) {
  const reversed = periodReversed(period);
  return (
    <>
      {(["startDate", "endDate"] as const).map((key) => (
        <TextField
          key={key}
          type="date"
          required
          label={key === "startDate" ? "Start Date" : "End Date"}
          value={period[key]}
          onChange={(event) => onChange({ [key]: event.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: latest } }}
          error={key === "endDate" && reversed}
          helperText={key === "endDate" && reversed ? "The start date must not be after the end date" : " "}
        />
      ))}
    </>
  );
}
