import { periodRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import SearchIcon from "@mui/icons-material/Search";
import { Button, CircularProgress } from "@mui/material";
import { useForm, useWatch } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { FileErrorDialog } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { useReportFile } from "../../lib/report-files";
import { REPORT_PATHS, reportFile } from "./api";
import { periodFromParams, periodToParams, REPORT_ROUTES } from "./criteria";
import { bothDates, defaultPeriod, PeriodFields, type PeriodForm, type PeriodRequest } from "./PeriodFields";

/** Trial Balance: dates default to the fiscal year so far; Search shows the table, Generate PDF Report the PDF. */
export default function TrialBalanceSearchPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const file = useReportFile();
  const { control, handleSubmit, getValues, trigger } = useForm<PeriodForm, unknown, PeriodRequest>({
    resolver: zodResolver(periodRequestSchema),
    defaultValues: periodFromParams(params) ?? defaultPeriod(),
  });
  const [startedDate, endDate] = useWatch({ control, name: ["startedDate", "endDate"] });
  const ready = bothDates(startedDate, endDate);

  const onSearch = handleSubmit((values) =>
    navigate(
      `${REPORT_ROUTES.trialReport}?${periodToParams({ startedDate: values.startedDate ?? "", endDate: values.endDate ?? "" })}`,
    ),
  );

  // Validated synchronously so the PDF's window opens inside the click, where pop-ups are allowed.
  const onPdf = () => {
    const parsed = periodRequestSchema.safeParse(getValues());
    if (!parsed.success) {
      void trigger();
      return;
    }
    file.get(reportFile(REPORT_PATHS.trialPdf, parsed.data, "trial-balance"), "pdf");
  };

  return (
    <ReportForm
      label="Trial balance search"
      hint="The start date defaults to the start of the fiscal year (1 July), the end date to today. An empty date takes that default."
      columns={2}
      onSubmit={(event) => void onSearch(event)}
      actions={
        <>
          <Button
            variant="outlined"
            size="large"
            disabled={!ready || file.pending !== null}
            onClick={onPdf}
            startIcon={file.pending ? <CircularProgress size={16} aria-hidden /> : <PictureAsPdfOutlinedIcon />}
          >
            Generate PDF Report
          </Button>
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />}>
            Search
          </Button>
          <FileErrorDialog error={file.error} onClose={file.reset} />
        </>
      }
    >
      <PeriodFields control={control} />
    </ReportForm>
  );
}
