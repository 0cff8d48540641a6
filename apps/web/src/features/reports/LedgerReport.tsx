import { Stack } from "@mui/material";
import { type ReactNode, useState } from "react";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { PageLoader } from "../../components/PageLoader";
import { type Figure, Figures, ReportError } from "../../components/ReportStatus";
import { money, moneyOrBlank, occurrenceKeys } from "../../lib/format";
import { type Ledger, type LedgerBook, type LedgerCriteria, type LedgerRow, useLedger } from "./api";
import { drcr, periodLabel } from "./format";
import { VoucherDialog } from "./VoucherDialog";

const DEFAULT_PAGE_SIZE = 200;

export const balanceText = (amount: number, sign: number): string => `${money(amount)} ${drcr(sign)}`;

function ledgerFigures(ledger: Ledger): Figure[] {
  return [
    {
      label: "Opening Balance",
      value: balanceText(ledger.openingBalance, ledger.openingBalanceSign),
      testId: "ledger-opening",
    },
    { label: "Total Debit", value: money(ledger.debitSum), testId: "ledger-debit" },
    { label: "Total Credit", value: money(ledger.creditSum), testId: "ledger-credit" },
    {
      label: "Closing Balance",
      value: balanceText(ledger.closingBalance, ledger.closingBalanceSign),
      testId: "ledger-closing",
    },
  ];
}

/** The ledger's columns; the cash book also names the account on the other side of each line. */
function ledgerColumns(counter: boolean): Column<LedgerRow>[] {
  return [
    { key: "date", header: "Date", nowrap: true, render: (row) => row.voucherDate },
    { key: "voucher", header: "Voucher#", nowrap: true, render: (row) => row.vocManualNumber },
    {
      key: "description",
      header: "Description",
      sx: { wordBreak: "break-word" },
      render: (row) => row.voucherDescription,
    },
    ...(counter
      ? [
          {
            key: "counter",
            header: "Counter Account",
            sx: { wordBreak: "break-word" },
            render: (row: LedgerRow) => row.counterAccount,
          },
        ]
      : []),
    { key: "bill", header: "Bill #", render: (row) => row.billNumber },
    { key: "debit", header: "Debit", align: "right", render: (row) => moneyOrBlank(row.debit) },
    { key: "credit", header: "Credit", align: "right", render: (row) => moneyOrBlank(row.credit) },
    { key: "balance", header: "Balance", align: "right", render: (row) => money(row.closingBalance) },
    { key: "side", header: "DR/CR", render: (row) => drcr(row.accType) },
  ];
}

interface LedgerReportProps {
  book: LedgerBook;
  criteria: LedgerCriteria;
  /** The table's accessible name. */
  label: string;
  /** Buttons beside the figures (PDF, XLSX), given the loaded report. */
  actions?: ReactNode;
}

/**
 * An account ledger or cash book: the period's figures, then the rows a server page at a time.
 * Clicking a row opens its voucher. Give it a `key` of the criteria so a new search starts on page 1.
 */
export function LedgerReport({ book, criteria, label, actions }: LedgerReportProps) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const ledger = useLedger(book, criteria, page + 1, size);

  if (ledger.isPending) return <PageLoader label="Loading the report" />;
  if (ledger.isError) return <ReportError error={ledger.error} onRetry={() => void ledger.refetch()} />;
  const report = ledger.data;
  const keys = new Map(occurrenceKeys(report.data, (row) => row.voucherId).map((key, at) => [report.data[at], key]));

  return (
    <Stack spacing={2}>
      <Figures
        heading={{ label: "Account", value: `${report.allLevelKey} ${report.levelFourName}`, testId: "ledger-account" }}
        subheading={{ label: "Period", value: periodLabel(report.startDate, report.endDate), testId: "ledger-period" }}
        figures={ledgerFigures(report)}
        action={actions}
      />
      <DataTable
        label={label}
        testId={`${book}-table`}
        columns={ledgerColumns(book === "cashBook")}
        rows={report.data}
        rowKey={(row) => keys.get(row) ?? row.voucherId}
        onRowClick={(row) => setVoucherId(row.voucherId)}
        rowLabel={(row) => `Open voucher ${row.vocManualNumber}`}
        fetching={ledger.isFetching}
        emptyMessage="No entries for these dates"
        server={{
          total: report.total_results,
          page,
          pageSize: size,
          onPageChange: setPage,
          onPageSizeChange: (next) => {
            setSize(next);
            setPage(0);
          },
        }}
        pageSizeOptions={GENERAL_PAGE_SIZES}
        maxHeight={640}
      />
      <VoucherDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Stack>
  );
}
