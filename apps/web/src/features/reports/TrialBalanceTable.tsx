import {
  Box,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { moneyOrBlank } from "../../lib/format";
import type { TrialBalance, TrialRow } from "./api";
import { SIGN } from "./format";

/** The spec's trial balance page: 30 rows, options 30 to 200. */
const PAGE_SIZES = [30, 50, 100, 150, 200];
const GROUPS = ["Opening", "During", "Closing"] as const;

/** A balance in the Debit cell when its sign is 2, in the Credit cell when it is 1. */
const sided = (amount: number, sign: number): [string, string] =>
  sign === SIGN.credit ? ["", moneyOrBlank(amount)] : [moneyOrBlank(amount), ""];

function cellsOf(row: TrialRow): string[] {
  return [
    ...sided(row.opening_balance, row.opening_balance_sign),
    moneyOrBlank(row.debitSum),
    moneyOrBlank(row.creditSum),
    ...sided(row.closing_balance, row.closing_balance_sign),
  ];
}

interface TrialBalanceTableProps {
  report: TrialBalance;
  onOpen: (row: TrialRow) => void;
  /** Buttons in the title bar (XLSX, PDF). */
  actions?: ReactNode;
}

/** The table titled Trial Balance: Name, then Opening, During and Closing, each split into Debit and Credit. */
export function TrialBalanceTable({ report, onOpen, actions }: TrialBalanceTableProps) {
  const titleId = useId();
  const [size, setSize] = useState(PAGE_SIZES[0] ?? 30);
  const [page, setPage] = useState(0);
  const rows = report.data.slice(page * size, (page + 1) * size);
  const t = report.totals;
  const totals = [t.openingDebit, t.openingCredit, t.debit, t.credit, t.closingDebit, t.closingCredit];
  const strong = { fontWeight: 700, color: "text.primary", fontSize: 14 } as const;

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2, px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          Trial Balance
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="trial-period">
          From {report.startedDate} to {report.endDate}
        </Typography>
        <Box sx={{ ml: "auto" }}>{actions}</Box>
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby={titleId} data-testid="trial-table">
          <TableHead>
            <TableRow>
              <TableCell rowSpan={2} sx={{ minWidth: 220 }}>
                Name
              </TableCell>
              {GROUPS.map((group) => (
                <TableCell key={group} colSpan={2} align="center" sx={{ borderLeft: 1, borderLeftColor: "divider" }}>
                  {group}
                </TableCell>
              ))}
            </TableRow>
            <TableRow>
              {GROUPS.flatMap((group) => [
                <TableCell key={`${group}-debit`} align="right" sx={{ borderLeft: 1, borderLeftColor: "divider" }}>
                  Debit
                </TableCell>,
                <TableCell key={`${group}-credit`} align="right">
                  Credit
                </TableCell>,
              ])}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.data.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} sx={{ borderBottom: 0 }}>
                  <EmptyState title="No entries for these dates" />
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((row) => (
              <TableRow
                key={row.levelFourId}
                hover
                tabIndex={0}
                aria-label={`Open the ledger of ${row.levelFourName}`}
                onClick={() => onOpen(row)}
                onKeyDown={(event) => {
                  if (event.key === "Enter" || event.key === " ") {
                    event.preventDefault();
                    onOpen(row);
                  }
                }}
                sx={{ cursor: "pointer" }}
              >
                <TableCell>
                  {row.levelFourName}
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    {row.allLevelKey}
                  </Typography>
                </TableCell>
                {cellsOf(row).map((cell, index) => (
                  <TableCell
                    // biome-ignore lint/suspicious/noArrayIndexKey: the six money columns are fixed
                    key={index}
                    align="right"
                    sx={index % 2 === 0 ? { borderLeft: 1, borderLeftColor: "divider" } : undefined}
                  >
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="trial-totals">
              <TableCell sx={strong}>Total</TableCell>
              {totals.map((amount, index) => (
                <TableCell
                  // biome-ignore lint/suspicious/noArrayIndexKey: the six money columns are fixed
                  key={index}
                  align="right"
                  sx={{ ...strong, ...(index % 2 === 0 ? { borderLeft: 1, borderLeftColor: "divider" } : {}) }}
                >
                  {moneyOrBlank(amount) || "0.00"}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={report.data.length}
        page={Math.min(page, Math.max(0, Math.ceil(report.data.length / size) - 1))}
        rowsPerPage={size}
        rowsPerPageOptions={PAGE_SIZES}
        onPageChange={(_, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setSize(Number(event.target.value));
          setPage(0);
        }}
      />
    </Paper>
  );
}
