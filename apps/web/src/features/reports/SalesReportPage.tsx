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
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Column, DataTable } from "../../components/DataTable";
import { SelectInput, TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { Figures, ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import { money } from "../../lib/format";
import { REPORT_PATHS, reportFile, usePosSales } from "./api";
import { TotalRow } from "./TotalRow";

type Form = z.input<typeof posSalesReportRequestSchema>;

const GROUP_OPTIONS = POS_SALES_GROUPS.map((value) => ({ value, label: POS_SALES_GROUP_LABELS[value] }));
const qtyText = (qty: number | null) => (qty === null ? "" : String(Number(qty.toFixed(3))));

/** The columns of a level: what a line grouping and an order grouping each count. */
function columnsOf(report: PosSalesReport): Column<PosSalesRow>[] {
  const figure = (header: string, value: (row: PosSalesRow) => string): Column<PosSalesRow> => ({
    key: header,
    header,
    render: value,
    align: "right",
    nowrap: true,
  });
  const first: Column<PosSalesRow> = {
    key: "label",
    header: POS_SALES_GROUP_LABELS[report.groupBy],
    render: (row) => row.label,
    sx: { minWidth: 200 },
  };
  const counts = [figure("Orders", (row) => String(row.orders)), figure("Refunds", (row) => String(row.refunds))];
  if (report.level === "lines")
    return [
      first,
      ...counts,
      figure("Qty", (row) => qtyText(row.qty)),
      figure("Gross", (row) => money(row.gross ?? 0)),
      figure("Discount", (row) => money(row.discount)),
      figure("Net sales", (row) => money(row.net)),
    ];
  return [
    first,
    ...counts,
    figure("Net sales", (row) => money(row.net)),
    figure("Service", (row) => money(row.service ?? 0)),
    figure("Tax", (row) => money(row.tax ?? 0)),
    figure("Total", (row) => money(row.total ?? 0)),
  ];
}

function SalesTable({ report }: { report: PosSalesReport }) {
  const columns = columnsOf(report);
  return (
    <DataTable
      label={`Sales by ${POS_SALES_GROUP_LABELS[report.groupBy].toLowerCase()}`}
      columns={columns}
      rows={report.rows}
      rowKey={(row) => row.key}
      paged={false}
      emptyMessage="No sales in these business days."
      footer={<TotalRow columns={columns} row={report.totals} testId="sales-total" />}
    />
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
