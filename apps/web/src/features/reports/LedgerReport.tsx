import {
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from "@mui/material";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { type Figure, Figures, ReportError } from "../../components/ReportStatus";
import { money, moneyOrBlank, occurrenceKeys } from "../../lib/format";
import { type Ledger, type LedgerBook, type LedgerCriteria, type LedgerRow, useLedger } from "./api";
import { drcr, periodLabel } from "./format";
import { VoucherDialog } from "./VoucherDialog";

/** The spec's general page sizes: 200 rows, options 50 to 200. */
export const GENERAL_PAGE_SIZES = [50, 100, 150, 200];
const DEFAULT_PAGE_SIZE = 200;
const HEADERS = ["Date", "Voucher#", "Description", "Bill #", "Debit", "Credit", "Balance", "DR/CR"] as const;
/** The cash book also names the account on the other side of each line. */
const CASH_BOOK_HEADERS = [
  "Date",
  "Voucher#",
  "Description",
  "Counter Account",
  "Bill #",
  "Debit",
  "Credit",
  "Balance",
  "DR/CR",
] as const;
const RIGHT = new Set<string>(["Debit", "Credit", "Balance"]);

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

function LedgerLine({
  row,
  counter,
  onOpen,
}: {
  row: LedgerRow;
  counter: boolean;
  onOpen: (voucherId: number) => void;
}) {
  return (
    <TableRow
      hover
      tabIndex={0}
      aria-label={`Open voucher ${row.vocManualNumber}`}
      onClick={() => onOpen(row.voucherId)}
      onKeyDown={(event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onOpen(row.voucherId);
        }
      }}
      sx={{ cursor: "pointer" }}
    >
      <TableCell sx={{ whiteSpace: "nowrap" }}>{row.voucherDate}</TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>{row.vocManualNumber}</TableCell>
      <TableCell sx={{ wordBreak: "break-word" }}>{row.voucherDescription}</TableCell>
      {counter ? <TableCell sx={{ wordBreak: "break-word" }}>{row.counterAccount}</TableCell> : null}
      <TableCell>{row.billNumber}</TableCell>
      <TableCell align="right">{moneyOrBlank(row.debit)}</TableCell>
      <TableCell align="right">{moneyOrBlank(row.credit)}</TableCell>
      <TableCell align="right">{money(row.closingBalance)}</TableCell>
      <TableCell>{drcr(row.accType)}</TableCell>
    </TableRow>
  );
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
  const keys = occurrenceKeys(report.data, (row) => row.voucherId);
  const counter = book === "cashBook";
  const headers = counter ? CASH_BOOK_HEADERS : HEADERS;

  return (
    <Stack spacing={2}>
      <Figures
        heading={{ label: "Account", value: `${report.allLevelKey} ${report.levelFourName}`, testId: "ledger-account" }}
        subheading={{ label: "Period", value: periodLabel(report.startDate, report.endDate), testId: "ledger-period" }}
        figures={ledgerFigures(report)}
        action={actions}
      />
      <Paper variant="outlined" sx={{ overflow: "hidden" }}>
        {ledger.isFetching ? <LinearProgress aria-label="Loading the page" /> : null}
        <TableContainer sx={{ maxHeight: 640 }}>
          <Table
            stickyHeader
            size="small"
            aria-label={label}
            aria-busy={ledger.isFetching}
            data-testid={`${book}-table`}
          >
            <TableHead>
              <TableRow>
                {headers.map((header) => (
                  <TableCell key={header} align={RIGHT.has(header) ? "right" : "left"}>
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {report.data.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={headers.length} sx={{ borderBottom: 0 }}>
                    <EmptyState title="No entries for these dates" />
                  </TableCell>
                </TableRow>
              ) : (
                report.data.map((row, index) => (
                  <LedgerLine key={keys[index]} row={row} counter={counter} onOpen={setVoucherId} />
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={report.total_results}
          page={Math.min(page, Math.max(0, Math.ceil(report.total_results / size) - 1))}
          rowsPerPage={size}
          rowsPerPageOptions={GENERAL_PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setSize(Number(event.target.value));
            setPage(0);
          }}
        />
      </Paper>
      <VoucherDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Stack>
  );
}
