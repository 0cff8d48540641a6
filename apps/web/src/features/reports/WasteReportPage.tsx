import { type WasteReportRequest, type WasteRow, wasteReportRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import DeleteSweepOutlinedIcon from "@mui/icons-material/DeleteSweepOutlined";
import { Button, Stack } from "@mui/material";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { type Column, DataTable } from "../../components/DataTable";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportFileButtons } from "../../components/ReportFileButtons";
import { ReportForm } from "../../components/ReportForm";
import { Figures, ReportError } from "../../components/ReportStatus";
import { companyToday } from "../../lib/dates";
import { money } from "../../lib/format";
import { REPORT_PATHS, reportFile, useWasteReport } from "./api";
import { TotalRow } from "./TotalRow";

type Form = z.input<typeof wasteReportRequestSchema>;
type Line = Pick<WasteRow, "code" | "name" | "location" | "unit" | "moves" | "value"> & { qty: number | null };

const COLUMNS: readonly Column<Line>[] = [
  { key: "code", header: "Code", render: (row) => row.code, nowrap: true },
  { key: "name", header: "Product", render: (row) => row.name, sx: { minWidth: 200 } },
  { key: "location", header: "Location", render: (row) => row.location },
  { key: "unit", header: "Unit", render: (row) => row.unit },
  {
    key: "qty",
    header: "Qty",
    render: (row) => (row.qty === null ? "" : String(Number(row.qty.toFixed(3)))),
    align: "right",
  },
  { key: "moves", header: "Moves", render: (row) => String(row.moves), align: "right" },
  { key: "value", header: "Value", render: (row) => money(row.value), align: "right", nowrap: true },
];

/**
 * Waste (Reports): what left stock as waste over the business days chosen (voids after firing with
 * a waste reason), by store product and location, at cost; the same rows as PDF and XLSX.
 */
export default function WasteReportPage() {
  const [criteria, setCriteria] = useState<WasteReportRequest | null>(null);
  const waste = useWasteReport(criteria);
  const today = companyToday();
  const { control, handleSubmit } = useForm<Form, unknown, WasteReportRequest>({
    resolver: zodResolver(wasteReportRequestSchema),
    defaultValues: { startDate: today, endDate: today },
  });
  const onGenerate = handleSubmit((values) => setCriteria(values));
  const report = waste.data;

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Waste"
        hint="Store products thrown away on the business days chosen: voids after firing with a waste reason, at the cost each left stock."
        columns={2}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button type="submit" variant="contained" size="large" startIcon={<DeleteSweepOutlinedIcon />}>
            Generate Waste Report
          </Button>
        }
      >
        <TextInput control={control} name="startDate" label="Start Date" type="date" />
        <TextInput control={control} name="endDate" label="End Date" type="date" />
      </ReportForm>
      {criteria && waste.isPending ? <PageLoader label="Loading the waste" /> : null}
      {waste.isError ? <ReportError error={waste.error} onRetry={() => void waste.refetch()} /> : null}
      {report && criteria ? (
        <>
          <Figures
            heading={{ label: "Report", value: "Waste", testId: "waste-heading" }}
            subheading={{
              label: "Business days",
              value: `Business days ${report.startDate} to ${report.endDate}`,
              testId: "waste-period",
            }}
            figures={[
              { label: "Products", value: String(report.rows.length), testId: "waste-products" },
              { label: "Value", value: money(report.totals.value), testId: "waste-value" },
            ]}
            action={
              <ReportFileButtons
                request={reportFile(REPORT_PATHS.waste, criteria, `waste-${criteria.startDate}-${criteria.endDate}`)}
              />
            }
          />
          <DataTable
            label="Waste by product"
            columns={COLUMNS}
            rows={report.rows}
            rowKey={(row) => `${row.code}|${row.location}`}
            paged={false}
            emptyMessage="Nothing was wasted on these business days."
            footer={
              <TotalRow
                columns={COLUMNS}
                row={{ code: "Total", name: "", location: "", unit: "", qty: null, ...report.totals }}
                testId="waste-total"
              />
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
