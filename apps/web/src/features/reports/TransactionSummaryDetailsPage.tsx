import { voucherTypeById } from "@cargodesk/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Box, Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportError } from "../../components/ReportStatus";
import { REPORT_PATHS, reportFile, useTransactionSummary } from "./api";
import { REPORT_ROUTES, summaryFromParams, summaryToParams } from "./criteria";
import { periodLabel } from "./format";
import { SummaryTable } from "./SummaryTable";
import { VoucherDialog } from "./VoucherDialog";

/** Transaction Summary Details: the approved lines of one voucher type between the dates in the query string. */
export default function TransactionSummaryDetailsPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const criteria = summaryFromParams(params);
  const summary = useTransactionSummary(criteria);
  const [voucherId, setVoucherId] = useState<number | null>(null);

  if (!criteria) {
    return (
      <EmptyState
        title="No voucher type chosen"
        description="Choose a voucher type and dates on the Transaction Summary screen."
        action={
          <Button variant="contained" onClick={() => navigate(REPORT_ROUTES.summary)}>
            Go to Transaction Summary
          </Button>
        }
      />
    );
  }
  const abbreviation = voucherTypeById(criteria.voucher)?.abbreviation ?? `Type ${criteria.voucher}`;

  return (
    <Stack spacing={2}>
      <div>
        <Button
          variant="outlined"
          startIcon={<ArrowBackIcon />}
          onClick={() => navigate(`${REPORT_ROUTES.summary}?${summaryToParams(criteria)}`)}
        >
          Back to Search
        </Button>
      </div>
      {summary.isPending ? <PageLoader label="Loading the transaction summary" /> : null}
      {summary.isError ? <ReportError error={summary.error} onRetry={() => void summary.refetch()} /> : null}
      {summary.data ? (
        <SummaryTable
          key={JSON.stringify(criteria)}
          rows={summary.data}
          onOpen={setVoucherId}
          toolbar={
            <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2, px: 2, py: 1.5 }}>
              <Typography variant="h6" component="h2" data-testid="summary-heading">
                {abbreviation} transactions
              </Typography>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                {periodLabel(criteria.startedDate, criteria.endDate)}
              </Typography>
              <Box sx={{ ml: "auto" }}>
                <ReportFileButtons
                  formats={["pdf", "xlsx"]}
                  request={reportFile(REPORT_PATHS.summary, criteria, `transaction-summary-${abbreviation}`)}
                />
              </Box>
            </Box>
          }
        />
      ) : null}
      <VoucherDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Stack>
  );
}
