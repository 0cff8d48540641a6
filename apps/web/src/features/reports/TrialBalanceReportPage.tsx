import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Button, Stack } from "@mui/material";
import { useNavigate, useSearchParams } from "react-router";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportError } from "../../components/ReportStatus";
import { REPORT_PATHS, reportFile, useTrialBalance } from "./api";
import { ledgerListUrl, periodFromParams, periodToParams, REPORT_ROUTES } from "./criteria";
import { defaultPeriod } from "./PeriodFields";
import { TrialBalanceTable } from "./TrialBalanceTable";

/**
 * Trial Balance Report: the dates come in the query string (the fiscal year so far without them);
 * a row opens that account's ledger for the same dates.
 */
export default function TrialBalanceReportPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const criteria = periodFromParams(params) ?? defaultPeriod();
  const trial = useTrialBalance(criteria);

  return (
    <Stack spacing={2}>
      <div>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(`${REPORT_ROUTES.trial}?${periodToParams(criteria)}`)}
        >
          Back to Search
        </Button>
      </div>
      {trial.isPending ? <PageLoader label="Loading the trial balance" /> : null}
      {trial.isError ? <ReportError error={trial.error} onRetry={() => void trial.refetch()} /> : null}
      {trial.data ? (
        <TrialBalanceTable
          key={JSON.stringify(criteria)}
          report={trial.data}
          onOpen={(row) =>
            navigate(
              ledgerListUrl({
                levelFourId: row.levelFourId,
                startDate: trial.data.startedDate,
                endDate: trial.data.endDate,
              }),
            )
          }
          actions={
            <ReportFileButtons
              formats={["xlsx", "pdf"]}
              request={reportFile(REPORT_PATHS.trial, criteria, "trial-balance")}
            />
          }
        />
      ) : null}
    </Stack>
  );
}
