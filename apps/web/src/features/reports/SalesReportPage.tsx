import {
  POS_SALES_GROUP_LABELS,
  POS_SALES_GROUPS,
  type PosSalesReport,
  type PosSalesReportRequest,
  type PosSalesRow,
  posSalesReportRequestSchema,
} from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import PointOfSaleIcon from "@mui/icons-material/PointOfSale";
import {
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { EmptyState } from "../../components/EmptyState";
import { SelectInput, TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { Figures, ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import { money } from "../../lib/format";
import { REPORT_PATHS, reportFile, usePosSales } from "./api";

type Form = z.input<typeof posSalesReportRequestSchema>;

const GROUP_OPTIONS = POS_SALES_GROUPS.map((value) => ({ value, label: POS_SALES_GROUP_LABELS[value] }));
const qtyText = (qty: number | null) => (qty === null ? "" : String(Number(qty.toFixed(3))));

/** The columns of a level: what a line grouping and an order grouping each count. */
function columnsOf(report: PosSalesReport): { header: string; cell: (row: PosSalesRow) => string }[] {
  const counts = [
    { header: "Orders", cell: (row: PosSalesRow) => String(row.orders) },
    { header: "Refunds", cell: (row: PosSalesRow) => String(row.refunds) },
  ];
  if (report.level === "lines")
    return [
      ...counts,
      { header: "Qty", cell: (row) => qtyText(row.qty) },
      { header: "Gross", cell: (row) => money(row.gross ?? 0) },
      { header: "Discount", cell: (row) => money(row.discount) },
      { header: "Net sales", cell: (row) => money(row.net) },
    ];
  return [
    ...counts,
    { header: "Net sales", cell: (row) => money(row.net) },
    { header: "Service", cell: (row) => money(row.service ?? 0) },
    { header: "Tax", cell: (row) => money(row.tax ?? 0) },
    { header: "Total", cell: (row) => money(row.total ?? 0) },
  ];
}

function SalesTable({ report }: { report: PosSalesReport }) {
  const titleId = useId();
  const columns = columnsOf(report);
  const by = POS_SALES_GROUP_LABELS[report.groupBy];
  return (
    <Paper variant="outlined" sx={{ overflow: "hidden" }}>
      <Typography id={titleId} variant="h6" component="h2" sx={{ px: 2, py: 1.5 }}>
        Sales by {by.toLowerCase()}
      </Typography>
      <TableContainer sx={{ maxHeight: 640 }}>
        <Table stickyHeader size="small" aria-labelledby={titleId}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ minWidth: 200 }}>{by}</TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} align="right">
                  {column.header}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {report.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={columns.length + 1} sx={{ borderBottom: 0 }}>
                  <EmptyState
                    title="No sales in these days"
                    description="Paid orders and refunds of the business days chosen show here."
                  />
                </TableCell>
              </TableRow>
            ) : (
              report.rows.map((row) => (
                <TableRow key={row.key} hover>
                  <TableCell component="th" scope="row">
                    {row.label}
                  </TableCell>
                  {columns.map((column) => (
                    <TableCell key={column.header} align="right" sx={{ whiteSpace: "nowrap" }}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
          <TableFooter>
            <TableRow data-testid="sales-total">
              <TableCell sx={{ fontWeight: 700, color: "text.primary" }}>Total</TableCell>
              {columns.map((column) => (
                <TableCell key={column.header} align="right" sx={{ fontWeight: 700, color: "text.primary" }}>
                  {column.cell(report.totals)}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/**
 * Restaurant sales (Reports): what the business days from Start to End Date sold, by item,
 * category, hour, counter or cashier, counted as Day Close books it; the same rows as PDF and XLSX.
 */
export default function SalesReportPage() {
  const [criteria, setCriteria] = useState<PosSalesReportRequest | null>(null);
  const sales = usePosSales(criteria);
  const today = companyToday();
  const { control, handleSubmit } = useForm<Form, unknown, PosSalesReportRequest>({
    resolver: zodResolver(posSalesReportRequestSchema),
    defaultValues: { startDate: today, endDate: today, groupBy: "item" },
  });
  const onGenerate = handleSubmit((values) => setCriteria(values));
  const report = sales.data;

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Restaurant sales"
        hint="Paid orders and refunds of the business days chosen, as Day Close books them: items and categories from the order lines (a deal by its parts), hours, counters and cashiers from the orders."
        columns={3}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button type="submit" variant="contained" size="large" startIcon={<PointOfSaleIcon />}>
            Generate Sales Report
          </Button>
        }
      >
        <TextInput control={control} name="startDate" label="Start Date" type="date" />
        <TextInput control={control} name="endDate" label="End Date" type="date" />
        <SelectInput control={control} name="groupBy" label="Group By" options={GROUP_OPTIONS} placeholder="Choose" />
      </ReportForm>
      {criteria && sales.isPending ? <PageLoader label="Loading the sales" /> : null}
      {sales.isError ? <ReportError error={sales.error} onRetry={() => void sales.refetch()} /> : null}
      {report && criteria ? (
        <>
          <Figures
            heading={{
              label: "Report",
              value: `Sales by ${POS_SALES_GROUP_LABELS[report.groupBy].toLowerCase()}`,
              testId: "sales-heading",
            }}
            subheading={{
              label: "Business days",
              value: `Business days ${report.startDate} to ${report.endDate}`,
              testId: "sales-period",
            }}
            figures={[
              { label: "Orders", value: String(report.totals.orders), testId: "sales-orders" },
              { label: "Refunds", value: String(report.totals.refunds), testId: "sales-refunds" },
              { label: "Net sales", value: money(report.totals.net), testId: "sales-net" },
            ]}
            action={
              <ReportFileButtons
                request={reportFile(
                  REPORT_PATHS.posSales,
                  criteria,
                  `sales-by-${criteria.groupBy}-${criteria.startDate}-${criteria.endDate}`,
                )}
              />
            }
          />
          <SalesTable report={report} />
        </>
      ) : null}
    </Stack>
  );
}
