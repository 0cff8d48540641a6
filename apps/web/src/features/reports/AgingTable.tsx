import { Box, Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { Figures } from "../../components/ReportStatus";
import { money } from "../../lib/format";
import type { Aging } from "./api";

const DAYS_PER_BUCKET = 15;

interface AgingLine {
  label: string;
  from: string;
  to: string;
  amount: number;
  testId: string;
}

function linesOf(aging: Aging): AgingLine[] {
  const buckets = aging.duration.map((range, index) => ({
    label: `${DAYS_PER_BUCKET * index + 1}-${DAYS_PER_BUCKET * (index + 1)} days`,
    from: range.startedDate,
    to: range.endDate,
    amount: aging.ledger_history[index] ?? 0,
    testId: `aging-bucket-${index + 1}`,
  }));
  const last = aging.duration.at(-1);
  return [
    ...buckets,
    {
      label: `Over ${DAYS_PER_BUCKET * aging.duration.length} days`,
      from: "",
      to: last ? `before ${last.startedDate}` : "",
      amount: aging.older,
      testId: "aging-older",
    },
    { label: "Unapplied credit", from: "", to: "", amount: -aging.unappliedCredit, testId: "aging-unapplied" },
  ];
}

/** The aging buckets (1-15 ... 106-120 days and over), unapplied credit, total and the last debit. */
export function AgingTable({ aging, actions }: { aging: Aging; actions?: ReactNode }) {
  const titleId = useId();
  const strong = { fontWeight: 700, color: "text.primary", fontSize: 14 };
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Figures
        heading={{ label: "Account", value: aging.levelFourName, testId: "aging-account" }}
        subheading={{ label: "As of", value: `As of ${aging.asOfDate}`, testId: "aging-as-of" }}
        figures={[
          { label: "Total", value: money(aging.total), testId: "aging-total" },
          {
            label: "Last Debit",
            value: aging.lastDebitDate ? `${money(aging.lastDebit)} on ${aging.lastDebitDate}` : "No debits",
            testId: "aging-last-debit",
          },
        ]}
        action={actions}
      />
      <Paper variant="outlined" sx={{ overflow: "hidden", maxWidth: 760 }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ px: 2, py: 1.5 }}>
          Aging Report
        </Typography>
        <Table size="small" aria-labelledby={titleId} data-testid="aging-table">
          <TableHead>
            <TableRow>
              <TableCell>Age</TableCell>
              <TableCell>From</TableCell>
              <TableCell>To</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {linesOf(aging).map((line) => (
              <TableRow key={line.testId}>
                <TableCell component="th" scope="row">
                  {line.label}
                </TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{line.from}</TableCell>
                <TableCell sx={{ whiteSpace: "nowrap" }}>{line.to}</TableCell>
                <TableCell align="right" data-testid={line.testId}>
                  {money(line.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell colSpan={3} sx={strong}>
                Total (ledger balance)
              </TableCell>
              <TableCell align="right" sx={strong}>
                {money(aging.total)}
              </TableCell>
            </TableRow>
          </TableFooter>
        </Table>
      </Paper>
    </Box>
  );
}
