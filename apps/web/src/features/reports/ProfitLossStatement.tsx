import { PL_HEADINGS, type PlHeadingKey } from "@cargodesk/shared";
import { Box, Paper, Table, TableBody, TableCell, TableRow, Typography } from "@mui/material";
import { type ReactNode, useId } from "react";
import type { ProfitLoss } from "./api";
import { money } from "./format";

interface Line {
  label: string;
  amount: number;
  /** A computed figure: COGS, gross profit, profit before tax, net profit. */
  strong?: boolean;
  /** Indented lines make up the figure below them. */
  indent?: boolean;
  testId?: string;
}

const headingLabel = (key: PlHeadingKey): string => PL_HEADINGS.find((heading) => heading.key === key)?.label ?? key;

/** The statement in the order the PDF prints it (spec: accounting.md section 9, DESIGN section 6). */
function linesOf(pl: ProfitLoss): Line[] {
  const heading = (key: PlHeadingKey): Line => ({
    label: headingLabel(key),
    amount: pl[key].balance,
    indent: true,
    testId: `pl-${key}`,
  });
  return [
    heading("local_sale"),
    heading("export_sale"),
    { label: "Opening Stock", amount: pl.opening_stock, indent: true, testId: "pl-opening-stock" },
    heading("purchase"),
    heading("direct_expense"),
    { label: "Less: Closing Stock", amount: pl.closing_stock, indent: true, testId: "pl-closing-stock" },
    { label: "Cost of Goods Sold", amount: pl.cogs, strong: true, testId: "pl-cogs" },
    { label: "Gross Profit", amount: pl.gross_profit, strong: true, testId: "pl-gross-profit" },
    heading("other_income"),
    heading("rebate"),
    heading("admin"),
    heading("selling"),
    heading("financial_cost"),
    heading("other_expense"),
    { label: "Profit Before Tax", amount: pl.profit_before_tax, strong: true, testId: "pl-profit-before-tax" },
    heading("tax"),
    { label: "Net Profit", amount: pl.net_profit, strong: true, testId: "pl-net-profit" },
  ];
}

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
                sx={{ pl: line.indent ? 4 : 2, fontWeight: line.strong ? 700 : 400 }}
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
