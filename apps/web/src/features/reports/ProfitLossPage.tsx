import { profitLossRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PictureAsPdfOutlinedIcon from "@mui/icons-material/PictureAsPdfOutlined";
import { Button, CircularProgress, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { FileErrorDialog, ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { ReportError } from "../../components/ReportStatus";
import { useReportFile } from "../../lib/report-files";
import { type ProfitLossCriteria, REPORT_PATHS, reportFile, useProfitLoss } from "./api";
import { defaultPeriod } from "./PeriodFields";
import { ProfitLossStatement } from "./ProfitLossStatement";

type ProfitLossForm = z.input<typeof profitLossRequestSchema>;
type ProfitLossRequest = z.output<typeof profitLossRequestSchema>;

const FILE_NAME = "profit-loss";

/** Profit Loss: dates and stock values; Generate Report downloads the PDF and shows the figures here. */
export default function ProfitLossPage() {
  const [criteria, setCriteria] = useState<ProfitLossCriteria | null>(null);
  const report = useProfitLoss(criteria);
  const file = useReportFile();
  const { control, handleSubmit } = useForm<ProfitLossForm, unknown, ProfitLossRequest>({
    resolver: zodResolver(profitLossRequestSchema),
    defaultValues: { ...defaultPeriod(), openingStock: "0", closingStock: "0" },
  });

  const onGenerate = handleSubmit((values) => {
    const next: ProfitLossCriteria = {
      startedDate: values.startedDate ?? "",
      endDate: values.endDate ?? "",
      openingStock: values.openingStock,
      closingStock: values.closingStock,
    };
    setCriteria(next);
    file.get(reportFile(REPORT_PATHS.profitLoss, next, FILE_NAME), "pdf", { download: true });
  });

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Profit and loss"
        hint="Empty dates take the fiscal year so far. Stock values are amounts (0 or more)."
        columns={4}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={file.pending !== null}
              startIcon={
                file.pending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PictureAsPdfOutlinedIcon />
              }
            >
              Generate Report
            </Button>
            <FileErrorDialog error={file.error} onClose={file.reset} />
          </>
        }
      >
        <TextInput control={control} name="startedDate" label="Start Date" type="date" />
        <TextInput control={control} name="endDate" label="End Date" type="date" />
        <TextInput
          control={control}
          name="openingStock"
          label="Opening Stock"
          inputMode="decimal"
          testId="opening-stock"
        />
        <TextInput
          control={control}
          name="closingStock"
          label="Closing Stock"
          inputMode="decimal"
          testId="closing-stock"
        />
      </ReportForm>
      {criteria && report.isPending ? <PageLoader label="Loading the profit and loss" /> : null}
      {report.isError ? <ReportError error={report.error} onRetry={() => void report.refetch()} /> : null}
      {report.data && criteria ? (
        <ProfitLossStatement
          report={report.data}
          actions={<ReportFileButtons request={reportFile(REPORT_PATHS.profitLoss, criteria, FILE_NAME)} />}
        />
      ) : null}
    </Stack>
  );
}
