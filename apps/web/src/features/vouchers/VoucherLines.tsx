import { formatMinor, toMinor, VOUCHER_STATUS } from "@cargodesk/shared";
import { Box, Chip, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from "@mui/material";
import { money } from "../../lib/format";
import type { VoucherRecord } from "./api";

const minorOf = (amount: number): number => toMinor(amount) ?? 0;

const STATUS_CHIP = {
  [VOUCHER_STATUS.pending]: { label: "Pending", color: "warning" },
  [VOUCHER_STATUS.approved]: { label: "Approved", color: "success" },
  [VOUCHER_STATUS.disapproved]: { label: "Disapproved", color: "error" },
} as const;

/** `reversalOf` is the reversed voucher's number when the list holds it. */
export function VoucherStatusChip({
  voucher,
  reversalOf,
}: {
  voucher: VoucherRecord;
  reversalOf?: string | undefined;
}) {
  const chip = STATUS_CHIP[voucher.status];
  return (
    <Box sx={{ display: "flex", flexDirection: "column", alignItems: "flex-start", gap: 0.5 }}>
      <Chip size="small" label={chip.label} color={chip.color} variant="outlined" />
      {voucher.reversedBy ? (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          Reversed by {voucher.reversedBy.voucherManualId}
        </Typography>
      ) : null}
      {voucher.reversalOfId ? (
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {reversalOf ? `Reversal of ${reversalOf}` : "Reversal entry"}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The stored lines of one voucher, with their debit and credit totals. */
export function VoucherLines({ voucher }: { voucher: VoucherRecord }) {
  const debit = voucher.voucherData.reduce((sum, line) => sum + minorOf(line.debit), 0);
  const credit = voucher.voucherData.reduce((sum, line) => sum + minorOf(line.credit), 0);
  return (
    <Table size="small" aria-label={`Lines of ${voucher.voucherManualId}`}>
      <TableHead>
        <TableRow>
          <TableCell>#</TableCell>
          <TableCell>Account</TableCell>
          <TableCell>Description</TableCell>
          <TableCell>Bill No.</TableCell>
          <TableCell align="right">Debit</TableCell>
          <TableCell align="right">Credit</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {voucher.voucherData.map((line) => (
          <TableRow key={line.lineNo}>
            <TableCell>{line.lineNo}</TableCell>
            <TableCell>
              {line.allLevelKey} - {line.accountName ?? line.accountTittle}
            </TableCell>
            <TableCell sx={{ wordBreak: "break-word" }}>{line.voucherDescription}</TableCell>
            <TableCell sx={{ wordBreak: "break-word" }}>{line.billNumber}</TableCell>
            <TableCell align="right">{line.debit ? money(line.debit) : ""}</TableCell>
            <TableCell align="right">{line.credit ? money(line.credit) : ""}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      <TableFooter>
        <TableRow>
          <TableCell colSpan={4} sx={{ fontWeight: 600, color: "text.primary" }}>
            Totals
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600, color: "text.primary" }}>
            {formatMinor(debit)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600, color: "text.primary" }}>
            {formatMinor(credit)}
          </TableCell>
        </TableRow>
      </TableFooter>
    </Table>
  );
}
