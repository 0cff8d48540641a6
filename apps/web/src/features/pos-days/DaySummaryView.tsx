import type { DaySummary, DayVoucher } from "@cargodesk/shared";
import { Box, Paper, Table, TableBody, TableCell, TableFooter, TableHead, TableRow, Typography } from "@mui/material";
import type { ReactNode } from "react";
import { formatInstant } from "../../lib/dates";
import { money, moneyOrBlank } from "../../lib/format";
import { overShortText } from "./over-short";

/** A small table with a heading: a few columns of text and amounts, nothing paged. */
function MiniTable({
  title,
  headers,
  rows,
  footer,
  empty = "None.",
}: {
  title: string;
  /** A header ending in "#" is right-aligned (an amount or a count). */
  headers: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  footer?: readonly ReactNode[];
  empty?: string;
}) {
  const align = (index: number) => (headers[index]?.endsWith("#") ? "right" : "left");
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {empty}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              {headers.map((header, index) => (
                <TableCell key={header} align={align(index)}>
                  {header.replace(/#$/, "")}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: summary rows are fixed for one answer
              <TableRow key={rowIndex}>
                {row.map((cell, index) => (
                  <TableCell key={headers[index]} align={align(index)}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {footer ? (
            <TableFooter>
              <TableRow>
                {footer.map((cell, index) => (
                  <TableCell key={headers[index]} align={align(index)} sx={{ fontWeight: 600, color: "text.primary" }}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          ) : null}
        </Table>
      )}
    </Box>
  );
}

/** The day's figures: totals, by category, by payment method, by tax, voids, refunds and late orders. */
export function DaySummaryView({ summary }: { summary: DaySummary }) {
  const figures: [string, string][] = [
    ["Orders", String(summary.orders)],
    ["Gross sales", money(summary.gross)],
    ["Discounts", money(summary.discounts)],
    ["Net sales", money(summary.net)],
    ["Service charge", money(summary.serviceCharge)],
    ["Tax", money(summary.tax)],
    ["Rounding", money(summary.rounding)],
    ["Total", money(summary.total)],
    ["COGS", money(summary.cogs)],
    ["Food cost", summary.foodCostPct === null ? "—" : `${summary.foodCostPct}%`],
    ["Wastage", money(summary.wastage)],
    ["Over/short", overShortText(summary.overShort)],
    // Days closed before the drawer's openings were counted froze no such figure.
    ...(summary.noSales === undefined ? [] : [["Drawer opened, no sale", String(summary.noSales)] as [string, string]]),
  ];
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Box
        sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))" }}
        data-testid="day-figures"
      >
        {figures.map(([label, value]) => (
          <Box key={label}>
            <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
              {label}
            </Typography>
            <Typography variant="subtitle1" component="div" sx={{ fontWeight: 600 }} data-testid={`figure-${label}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" } }}>
        <MiniTable
          title="By category"
          headers={["Category", "Qty#", "Gross#", "Net#"]}
          rows={summary.byCategory.map((row) => [row.name, row.qty, money(row.gross), money(row.net)])}
        />
        <MiniTable
          title="By payment method"
          headers={["Method", "Payments#", "Amount#"]}
          rows={summary.byMethod.map((row) => [row.name, row.count, money(row.amount)])}
        />
        <MiniTable
          title="Tax"
          headers={["Tax class", "Tax#"]}
          rows={summary.byTax.map((row) => [row.name, money(row.tax)])}
        />
        <MiniTable
          title="Cash in and out"
          headers={["Kind", "Amount#"]}
          rows={[
            ["Pay-ins", money(summary.cashMoves.payIn)],
            ["Pay-outs", money(summary.cashMoves.payOut)],
            ["Drops to the safe", money(summary.cashMoves.drop)],
          ]}
        />
      </Box>
      <MiniTable
        title="Voids"
        headers={["Order", "Item", "Qty#", "Amount#", "Reason", "By", "When"]}
        rows={summary.voids.map((row) => [
          row.order,
          row.item,
          row.qty,
          money(row.amount),
          row.reason,
          row.by,
          formatInstant(row.at),
        ])}
      />
      <MiniTable
        title="Refunds"
        headers={["Refund", "Of order", "Amount#", "By", "When"]}
        rows={summary.refundRows.map((row) => [
          row.order,
          row.refundOf,
          money(row.amount),
          row.by,
          formatInstant(row.at),
        ])}
      />
      {summary.lateOrders.length > 0 ? (
        <MiniTable
          title="Late orders (synced after their own day closed)"
          headers={["Order", "Taken", "Total#"]}
          rows={summary.lateOrders.map((row) => [row.order, formatInstant(row.openedAt), money(row.total)])}
        />
      ) : null}
    </Box>
  );
}

/** A Day Close voucher line by line: account, description, debit, credit, totals. */
export function VoucherPreview({ title, voucher }: { title: string; voucher: DayVoucher | null }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <MiniTable
        title={voucher?.voucherNo ? `${title} ${voucher.voucherNo}` : title}
        headers={["Account", "Description", "Debit#", "Credit#"]}
        empty="Nothing to post."
        rows={(voucher?.lines ?? []).map((line) => [
          line.accountId === null ? (
            <Typography key="account" variant="body2" component="span" sx={{ color: "error.main" }}>
              {line.accountName} (not set)
            </Typography>
          ) : (
            `${line.allLevelKey} ${line.accountName}`
          ),
          line.description,
          moneyOrBlank(line.debit),
          moneyOrBlank(line.credit),
        ])}
        footer={voucher ? ["Total", "", money(voucher.debit), money(voucher.credit)] : undefined}
      />
    </Paper>
  );
}
