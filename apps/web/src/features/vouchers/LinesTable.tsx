import { ACCOUNT_TYPE, formatMinor, type PostingLine } from "@cargodesk/shared";
import DeleteOutlinedIcon from "@mui/icons-material/DeleteOutlined";
import {
  Box,
  Chip,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { EmptyState } from "../../components/EmptyState";
import type { Account } from "./api";
import { accountLabel, type PendingLine, sideTotals } from "./lines";

interface LinesTableProps {
  lines: readonly PendingLine[];
  onDelete: (key: number) => void;
  /** Cash and bank vouchers: the line the server will add, and its account. */
  balancing?: { line: PostingLine; account: Account } | null;
  /** The heading's total; defaults to the sum of the lines. */
  totalMinor?: number;
  disabled?: boolean;
}

const money = (minor: number) => (minor === 0 ? "" : formatMinor(minor));

/** The pending lines of a voucher being entered, each deletable, with the total in the title. */
export function LinesTable({ lines, onDelete, balancing = null, totalMinor, disabled = false }: LinesTableProps) {
  const headingId = useId();
  const totals = sideTotals(lines);
  const total = totalMinor ?? totals.debit + totals.credit;
  const footDebit = totals.debit + (balancing?.line.debit ?? 0);
  const footCredit = totals.credit + (balancing?.line.credit ?? 0);

  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Box sx={{ px: 2, py: 1.5, display: "flex", alignItems: "baseline", gap: 1, flexWrap: "wrap" }}>
        <Typography id={headingId} variant="h6" component="h2" data-testid="voucher-lines-title">
          Voucher Lines (Total: {formatMinor(total)})
        </Typography>
        {lines.length > 0 ? (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            {lines.length === 1 ? "1 line" : `${lines.length} lines`} not posted yet
          </Typography>
        ) : null}
      </Box>
      <TableContainer>
        <Table size="small" aria-labelledby={headingId} data-testid="voucher-lines">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>Account</TableCell>
              <TableCell>Description</TableCell>
              <TableCell>Bill No.</TableCell>
              <TableCell align="right">Debit</TableCell>
              <TableCell align="right">Credit</TableCell>
              <TableCell align="center">Delete</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7} sx={{ borderBottom: 0 }}>
                  <EmptyState title="No lines yet" description="Fill in the fields above and press ADD." />
                </TableCell>
              </TableRow>
            ) : null}
            {lines.map((line, index) => {
              const debit = line.accountType === ACCOUNT_TYPE.debit;
              return (
                <TableRow key={line.key} hover>
                  <TableCell>{index + 1}</TableCell>
                  <TableCell>{accountLabel(line.account)}</TableCell>
                  <TableCell>{line.description}</TableCell>
                  <TableCell>{line.billNumber}</TableCell>
                  <TableCell align="right">{debit ? formatMinor(line.amountMinor) : ""}</TableCell>
                  <TableCell align="right">{debit ? "" : formatMinor(line.amountMinor)}</TableCell>
                  <TableCell align="center" sx={{ py: 0 }}>
                    <Tooltip title="Delete line">
                      <span>
                        <IconButton
                          aria-label={`Delete line ${index + 1}`}
                          size="small"
                          color="error"
                          disabled={disabled}
                          onClick={() => onDelete(line.key)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
            {balancing ? (
              <TableRow data-testid="balancing-line" sx={{ bgcolor: "action.hover" }}>
                <TableCell>
                  <Chip label="Auto" size="small" color="info" variant="outlined" />
                </TableCell>
                <TableCell>
                  {accountLabel(balancing.account)}
                  <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
                    Balancing line, built by the server when you post
                  </Typography>
                </TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{balancing.line.description}</TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{balancing.line.billNumber}</TableCell>
                <TableCell align="right">{money(balancing.line.debit)}</TableCell>
                <TableCell align="right">{money(balancing.line.credit)}</TableCell>
                <TableCell />
              </TableRow>
            ) : null}
          </TableBody>
          {lines.length > 0 ? (
            <TableFooter>
              <TableRow>
                <TableCell colSpan={4} sx={{ fontWeight: 600, color: "text.primary" }}>
                  Totals
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: "text.primary" }}>
                  {formatMinor(footDebit)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: "text.primary" }}>
                  {formatMinor(footCredit)}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      </TableContainer>
    </Paper>
  );
}
