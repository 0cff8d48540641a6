import { Box, TableCell, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { moneyOrBlank } from "../../lib/format";
import type { TrialBalance, TrialRow } from "./api";
import { SIGN } from "./format";

/** The spec's trial balance page: 30 rows, options 30 to 200. */
const PAGE_SIZES = [30, 50, 100, 150, 200] as const;
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

const divided = { borderLeft: 1, borderLeftColor: "divider" } as const;

/** Name, then the six money columns; every other one starts a group with a divider. */
const COLUMNS: Column<TrialRow>[] = [
  {
    key: "name",
    header: "Name",
    render: (row) => (
      <>
        {row.levelFourName}
        <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
          {row.allLevelKey}
        </Typography>
      </>
    ),
  },
  ...[0, 1, 2, 3, 4, 5].map(
    (index): Column<TrialRow> => ({
      key: `money-${index}`,
      header: index % 2 === 0 ? "Debit" : "Credit",
      align: "right",
      ...(index % 2 === 0 ? { sx: divided } : {}),
      render: (row) => cellsOf(row)[index],
    }),
  ),
];

/** The table titled Trial Balance: Name, then Opening, During and Closing, each split into Debit and Credit. */
export function TrialBalanceTable({ report, onOpen, actions }: TrialBalanceTableProps) {
  const t = report.totals;
  const totals = [t.openingDebit, t.openingCredit, t.debit, t.credit, t.closingDebit, t.closingCredit];
  const strong = { fontWeight: 700, color: "text.primary", fontSize: 14 } as const;

  return (
    <DataTable
      label="Trial Balance"
      testId="trial-table"
      columns={COLUMNS}
      rows={report.data}
      rowKey={(row) => row.levelFourId}
      onRowClick={onOpen}
      rowLabel={(row) => `Open the ledger of ${row.levelFourName}`}
      emptyMessage="No entries for these dates"
      pageSizeOptions={PAGE_SIZES}
      defaultPageSize={PAGE_SIZES[0]}
      maxHeight={null}
      toolbar={
        <>
          <Typography variant="h6" component="h2">
            Trial Balance
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="trial-period">
            From {report.startedDate} to {report.endDate}
          </Typography>
          <Box sx={{ ml: "auto" }}>{actions}</Box>
        </>
      }
      head={
        <>
          <TableRow>
            <TableCell rowSpan={2} sx={{ minWidth: 220 }}>
              Name
            </TableCell>
            {GROUPS.map((group) => (
              <TableCell key={group} colSpan={2} align="center" sx={divided}>
                {group}
              </TableCell>
            ))}
          </TableRow>
          <TableRow>
            {GROUPS.flatMap((group) => [
              <TableCell key={`${group}-debit`} align="right" sx={divided}>
                Debit
              </TableCell>,
              <TableCell key={`${group}-credit`} align="right">
                Credit
              </TableCell>,
            ])}
          </TableRow>
        </>
      }
      footer={
        <TableRow data-testid="trial-totals">
          <TableCell sx={strong}>Total</TableCell>
          {totals.map((amount, index) => (
            <TableCell
              // biome-ignore lint/suspicious/noArrayIndexKey: the six money columns are fixed
              key={index}
              align="right"
              sx={{ ...strong, ...(index % 2 === 0 ? divided : {}) }}
            >
              {moneyOrBlank(amount) || "0.00"}
            </TableCell>
          ))}
        </TableRow>
      }
    />
  );
}
