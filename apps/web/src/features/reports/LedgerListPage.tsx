import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Button, Stack } from "@mui/material";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { REPORT_PATHS, reportFile } from "./api";
import { ledgerFromParams, ledgerToParams, REPORT_ROUTES } from "./criteria";
import { LedgerReport } from "./LedgerReport";

/** Ledger List: the ledger of the account and dates in the query string, a server page at a time. */
export default function LedgerListPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const criteria = ledgerFromParams(params);

  if (!criteria) {
    return (
      <EmptyState
        title="No account chosen"
        description="Choose an account and dates on the Ledger screen to see its entries."
        action={
          <Button variant="contained" onClick={() => navigate(REPORT_ROUTES.ledger)}>
            Go to Ledger
          </Button>
        }
      />
    );
  }

  return (
    <Stack spacing={2}>
      <div>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(`${REPORT_ROUTES.ledger}?${ledgerToParams(criteria)}`)}
        >
          Back to Search
        </Button>
      </div>
      <LedgerReport
        key={JSON.stringify(criteria)}
        book="ledger"
        criteria={criteria}
        label="Ledger entries"
        actions={<ReportFileButtons request={reportFile(REPORT_PATHS.ledger, criteria, "ledger")} />}
      />
    </Stack>
  );
}
