import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import {
  Box,
  Button,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { EmptyState } from "../../components/EmptyState";
import { money, moneyOrBlank } from "../../lib/format";
import type { ChartNode, ChartReport } from "./api";
import { drcr } from "./format";

const HEADERS = ["Code", "Name", "Opening", "Debit", "Credit", "Balance", "DR/CR"] as const;
const LEVEL_WEIGHT = { 1: 700, 2: 600, 3: 500, 4: 400 } as const;

function allGroupIds(nodes: readonly ChartNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length > 0 ? [node._id, ...allGroupIds(node.children)] : []));
}

/** The rows to show: every node whose ancestors are all expanded, with its depth. */
function visibleRows(nodes: readonly ChartNode[], expanded: ReadonlySet<number>): ChartNode[] {
  return nodes.flatMap((node) => [node, ...(expanded.has(node._id) ? visibleRows(node.children, expanded) : [])]);
}

/** The chart of account report as an indented, collapsible table: every level's balance and DR/CR. */
export function ChartTree({ report, actions }: { report: ChartReport; actions?: ReactNode }) {
  const titleId = useId();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set(allGroupIds(report.nodes)));
  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const rows = visibleRows(report.nodes, expanded);

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 2, px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          Chart of Account
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }} data-testid="chart-period">
          From {report.startedDate} to {report.endDate}
        </Typography>
        <Button size="small" onClick={() => setExpanded(new Set(allGroupIds(report.nodes)))}>
          Expand all
        </Button>
        <Button size="small" onClick={() => setExpanded(new Set())}>
          Collapse all
        </Button>
        <Box sx={{ ml: "auto" }}>{actions}</Box>
      </Box>
      <TableContainer sx={{ maxHeight: 680 }}>
        <Table stickyHeader size="small" aria-labelledby={titleId} data-testid="chart-table">
          <TableHead>
            <TableRow>
              {HEADERS.map((header, index) => (
                <TableCell key={header} align={index >= 2 && index <= 5 ? "right" : "left"}>
                  {header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={HEADERS.length} sx={{ borderBottom: 0 }}>
                  <EmptyState title="No accounts in the chart" />
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((node) => {
              const open = expanded.has(node._id);
              const weight = LEVEL_WEIGHT[node.level];
              const t = node.transactions;
              return (
                <TableRow key={node._id} hover data-level={node.level} data-testid={`chart-row-${node.allKey}`}>
                  <TableCell sx={{ whiteSpace: "nowrap", fontWeight: weight }}>{node.allKey}</TableCell>
                  <TableCell sx={{ fontWeight: weight }}>
                    <Box sx={{ display: "flex", alignItems: "center", pl: (node.level - 1) * 2.5 }}>
                      {node.children.length > 0 ? (
                        <IconButton
                          size="small"
                          aria-label={`${open ? "Collapse" : "Expand"} ${node.name}`}
                          aria-expanded={open}
                          onClick={() => toggle(node._id)}
                          sx={{ mr: 0.5 }}
                        >
                          {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                        </IconButton>
                      ) : (
                        <Box sx={{ width: 34, flexShrink: 0 }} />
                      )}
                      {node.name}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                    {t.opening_balance ? `${money(t.opening_balance)} ${drcr(t.opening_balance_sign)}` : ""}
                  </TableCell>
                  <TableCell align="right">{moneyOrBlank(t.debit_sum)}</TableCell>
                  <TableCell align="right">{moneyOrBlank(t.credit_sum)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: weight }}>
                    {money(node.levelBalance)}
                  </TableCell>
                  <TableCell sx={{ fontWeight: weight }}>{drcr(node.levelBalanceSign)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
