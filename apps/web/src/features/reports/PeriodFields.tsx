import type { periodRequestSchema } from "@cargodesk/shared";
import type { Control } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { companyToday } from "../../lib/dates";
import { fiscalYearStart } from "./format";

/** The form of a period report (trial balance, chart of account report). */
export type PeriodForm = z.input<typeof periodRequestSchema>;
export type PeriodRequest = z.output<typeof periodRequestSchema>;

/** Start Date and End Date; the report buttons that need both stay disabled while either is empty. */
export function PeriodFields({ control }: { control: Control<PeriodForm, unknown, PeriodRequest> }) {
  return (
    <>
      <TextInput control={control} name="startedDate" label="Start Date" type="date" required hint="Required" />
      <TextInput control={control} name="endDate" label="End Date" type="date" required hint="Required" />
    </>
  );
}

/** Whether both dates of a period form are filled in. */
export const bothDates = (start: unknown, end: unknown): boolean =>
  typeof start === "string" && start !== "" && typeof end === "string" && end !== "";

/** DESIGN section 9: the start defaults to the current fiscal year's start, the end to today. */
export function defaultPeriod(): { startedDate: string; endDate: string } {
  const today = companyToday();
  return { startedDate: fiscalYearStart(today), endDate: today };
}
