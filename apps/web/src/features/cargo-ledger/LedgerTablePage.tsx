import type { CargoLedgerResponse } from "@cargodesk/shared";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import { Button, Stack } from "@mui/material";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { Figures, ReportError } from "../../components/ReportStatus";
import { criteriaFromParams, criteriaToParams, type LedgerCriteria, useCargoLedger } from "./api";
import { moneyCell, signText } from "./columns";
import { LedgerTable } from "./LedgerTable";
import { LEDGER_ROUTES } from "./paths";
import { choosesAccount, useUserType } from "./user-type";

/** "From 2025-07-01 to 2025-07-31", "From …", "Up to …", or "All dates" for the header. */
function rangeText(from: string, to: string): string {
  if (from && to) return `From ${from} to ${to}`;
  if (from) return `From ${from}`;
  if (to) return `Up to ${to}`;
  return "All dates";
}

/**
 * The header's figures. The spec's rule: with at most one row, the closing balance is that row's
 * balance and the credit and debit totals are 0.
 */
export function headerFigures(ledger: CargoLedgerResponse) {
  const [only] = ledger.data;
  if (ledger.data.length <= 1) {
    return {
      closing: only ? `${moneyCell(only.accBalance)} ${signText(only.accBalance_sign)}` : moneyCell(0),
      credit: moneyCell(0),
      debit: moneyCell(0),
    };
  }
  return {
    closing: `${moneyCell(ledger.closing_balance)} ${signText(ledger.closing_balance_sign)}`,
    credit: moneyCell(ledger.credit_sum),
    debit: moneyCell(ledger.debit_sum),
  };
}

function LedgerResult({ criteria }: { criteria: LedgerCriteria }) {
  const ledger = useCargoLedger(criteria);
  if (ledger.isPending) return <PageLoader label="Loading the ledger" />;
  if (ledger.isError)
    return <ReportError error={ledger.error} what="the ledger" onRetry={() => void ledger.refetch()} />;
  const report = ledger.data;
  const figures = headerFigures(report);
  return (
    <Stack spacing={2}>
      <Figures
        heading={{ label: "Ledger", value: report.name || "Ledgers", testId: "ledger-name" }}
        subheading={{
          label: "Dates",
          value: rangeText(criteria.startedDate, criteria.endDate),
          testId: "ledger-dates",
        }}
        figures={[
          { label: "Closing Balance", value: figures.closing, testId: "ledger-closing" },
          { label: "Total Credit", value: figures.credit, testId: "ledger-credit" },
          { label: "Total Debit", value: figures.debit, testId: "ledger-debit" },
        ]}
      />
      <LedgerTable rows={report.data} fileName={`ledger-${report.allLevelKey}`} />
    </Stack>
  );
}

/** Ledger > Ledger Search's result (/cargo/ledger/ledger_table): the ledger of the dates and account in the address. */
export default function LedgerTablePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userType = useUserType();
  const criteria = criteriaFromParams(params);
  const back = () => navigate(`${LEDGER_ROUTES.search}?${criteriaToParams(criteria)}`);

  if (userType === null) return <PageLoader />;
  const staff = choosesAccount(userType);
  // Customers read their own ledger; any account in the address is not theirs to choose.
  const asked = staff ? criteria : { ...criteria, levelFiveId: null };
  return (
    <Stack spacing={2}>
      <div>
        <Button variant="outlined" startIcon={<ArrowBackIcon />} onClick={back}>
          Back to Search
        </Button>
      </div>
      {staff && asked.levelFiveId === null ? (
        <EmptyState
          title="Ledgers"
          description="Choose an account on the search screen to see its ledger."
          titleAs="h2"
        />
      ) : (
        <LedgerResult key={criteriaToParams(asked)} criteria={asked} />
      )}
    </Stack>
  );
}
