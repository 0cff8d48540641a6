import { periodRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AccountTreeOutlinedIcon from "@mui/icons-material/AccountTreeOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { ReportError } from "../../components/ReportStatus";
import { type PeriodCriteria, REPORT_PATHS, reportFile, useChartReport } from "./api";
import { ChartTree } from "./ChartTree";
import { bothDates, defaultPeriod, PeriodFields, type PeriodForm, type PeriodRequest } from "./PeriodFields";

/** Chart of Account report: dates default to the fiscal year so far; the nested chart shows below. */
export default function ChartOfAccountReportPage() {
  const [criteria, setCriteria] = useState<PeriodCriteria | null>(null);
  const chart = useChartReport(criteria);
  const { control, handleSubmit } = useForm<PeriodForm, unknown, PeriodRequest>({
    resolver: zodResolver(periodRequestSchema),
    defaultValues: defaultPeriod(),
  });
  const [startedDate, endDate] = useWatch({ control, name: ["startedDate", "endDate"] });
  const ready = bothDates(startedDate, endDate);

  const onGenerate = handleSubmit((values) =>
    setCriteria({ startedDate: values.startedDate ?? "", endDate: values.endDate ?? "" }),
  );

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Chart of account report"
        hint="The start date defaults to the start of the fiscal year (1 July), the end date to today."
        columns={2}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!ready}
            startIcon={<AccountTreeOutlinedIcon />}
          >
            Generate Report
          </Button>
        }
      >
        <PeriodFields control={control} />
      </ReportForm>
      {criteria && chart.isPending ? <PageLoader label="Loading the chart of account report" /> : null}
      {chart.isError ? <ReportError error={chart.error} onRetry={() => void chart.refetch()} /> : null}
      {chart.data && criteria ? (
        <ChartTree
          key={JSON.stringify(criteria)}
          report={chart.data}
          actions={<ReportFileButtons request={reportFile(REPORT_PATHS.chart, criteria, "chart-of-account")} />}
        />
      ) : null}
    </Stack>
  );
}
