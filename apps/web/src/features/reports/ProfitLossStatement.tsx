import { PL_LAYOUT } from "@cargodesk/shared";
import { Box, Paper, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import { money } from "../../lib/format";
import type { ProfitLoss } from "./api";

interface Line {
  label: string;
  amount: number;
  /** A computed figure: COGS, gross profit, profit before tax, net profit. */
  strong: boolean;
  testId: string;
}

/** The statement in the shared layout the PDF and XLSX print too (PL_LAYOUT). */
const linesOf = (pl: ProfitLoss): Line[] =>
  PL_LAYOUT.map((line) =>
    line.kind === "heading"
      ? { label: line.label, amount: pl[line.key].balance, strong: false, testId: `pl-${line.key}` }
      : { label: line.label, amount: pl[line.key], strong: line.strong, testId: `pl-${line.key.replaceAll("_", "-")}` },
  );

/** The profit and loss figures on screen: each heading, then the computed lines in bold. */
export function ProfitLossStatement({ report, actions }: { report: ProfitLoss; actions?: ReactNode }) {
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden", maxWidth: 760 }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2, px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          Profit and Loss
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="pl-period">
          From {report.startedDate} to {report.endDate}
        </Typography>
        <Box sx={{ ml: "auto" }}>{actions}</Box>
      </Box>
      <Table size="small" aria-labelledby={titleId} data-testid="pl-table">
        <TableBody>
          {linesOf(report).map((line) => (
            <TableRow key={line.label} sx={line.strong ? { bgcolor: "action.hover" } : undefined}>
              <TableCell
                component="th"
                scope="row"
                sx={{ pl: line.strong ? 2 : 4, fontWeight: line.strong ? 700 : 400 }}
              >
                {line.label}
              </TableCell>
              <TableCell
                align="right"
                sx={{ fontWeight: line.strong ? 700 : 400, color: line.amount < 0 ? "error.main" : undefined }}
                data-testid={line.testId}
              >
                {money(line.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
