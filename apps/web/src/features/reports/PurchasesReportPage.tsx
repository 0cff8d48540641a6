import { type PurchasesReport, type PurchasesReportRequest, purchasesReportRequestSchema } from "@cargodesk/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import LocalShippingOutlinedIcon from "@mui/icons-material/LocalShippingOutlined";
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
import { REPORT_PATHS, reportFile, usePurchases, useRestaurantReportOptions } from "./api";
import { TotalRow } from "./TotalRow";

type Form = z.input<typeof purchasesReportRequestSchema>;
const AMOUNTS = ["gross", "discount", "tax", "charges", "total", "landed"] as const;
type Amount = (typeof AMOUNTS)[number];

/** A line of the table: a vendor's totals, one of its GRNs (or a reversal) under it, or the grand total. */
interface Line extends Record<Amount, number> {
  key: string;
  kind: "vendor" | "grn" | "total";
  label: string;
  date: string;
  grns: number | null;
  reversals: number | null;
}

const HEADERS: Record<Amount, string> = {
  gross: "Gross",
  discount: "Discount",
  tax: "Tax",
  charges: "Charges",
  total: "Total",
  landed: "Landed",
};

const count = (value: number | null) => (value === null ? "" : String(value));
const pick = (source: Record<Amount, number>) =>
  Object.fromEntries(AMOUNTS.map((name) => [name, source[name]])) as Record<Amount, number>;

const COLUMNS: readonly Column<Line>[] = [
  {
    key: "label",
    header: "Vendor / GRN",
    render: (row) => row.label,
    sx: { minWidth: 240 },
    cellSx: (row) => (row.kind === "grn" ? { pl: 4, color: "text.secondary" } : { fontWeight: 600 }),
  },
  { key: "date", header: "Date", render: (row) => row.date, nowrap: true },
  { key: "grns", header: "GRNs", render: (row) => count(row.grns), align: "right" },
  { key: "reversals", header: "Reversed", render: (row) => count(row.reversals), align: "right" },
  ...AMOUNTS.map(
    (name): Column<Line> => ({
      key: name,
      header: HEADERS[name],
      render: (row) => money(row[name]),
      align: "right",
      nowrap: true,
    }),
  ),
];

function linesOf(report: PurchasesReport): Line[] {
  return report.rows.flatMap((vendor) => [
    {
      key: `v${vendor.vendorId}`,
      kind: "vendor" as const,
      label: `${vendor.name} (${vendor.code})`,
      date: "",
      grns: vendor.grns,
      reversals: vendor.reversals,
      ...pick(vendor),
    },
    ...vendor.documents.map(
      (document): Line => ({
        key: `${document.kind}${document.receivingId}`,
        kind: "grn",
        label: `${document.number}${document.kind === "reversal" ? " reversed" : ""}`,
        date: document.businessDate,
        grns: null,
        reversals: null,
        ...pick(document),
      }),
    ),
  ]);
}

/**
 * Purchases by vendor (Reports): the GRNs posted on the business days chosen, per vendor with each
 * GRN under it; a reversal dated in the period is a negative line. The same rows as PDF and XLSX.
 */
export default function PurchasesReportPage() {
  const [criteria, setCriteria] = useState<PurchasesReportRequest | null>(null);
  const purchases = usePurchases(criteria);
  const options = useRestaurantReportOptions();
  const today = companyToday();
  const { control, handleSubmit } = useForm<Form, unknown, PurchasesReportRequest>({
    resolver: zodResolver(purchasesReportRequestSchema),
    defaultValues: { startDate: `${today.slice(0, 8)}01`, endDate: today, vendorId: "" },
  });
  const onGenerate = handleSubmit((values) => setCriteria(values));
  const report = purchases.data;
  const vendors = (options.data?.vendors ?? []).map((vendor) => ({
    value: String(vendor.id),
    label: `${vendor.name} (${vendor.code})${vendor.active ? "" : ", inactive"}`,
  }));

  return (
    <Stack spacing={2}>
      <ReportForm
        label="Purchases by vendor"
        hint="GRNs posted on the business days chosen, per vendor and GRN: gross, discount, tax, charges, the total owed and the landed value taken into stock. A reversal dated in the period counts as a negative line."
        columns={3}
        onSubmit={(event) => void onGenerate(event)}
        actions={
          <Button type="submit" variant="contained" size="large" startIcon={<LocalShippingOutlinedIcon />}>
            Generate Purchases Report
          </Button>
        }
      >
        <TextInput control={control} name="startDate" label="Start Date" type="date" />
        <TextInput control={control} name="endDate" label="End Date" type="date" />
        <SelectInput control={control} name="vendorId" label="Vendor" options={vendors} placeholder="All vendors" />
      </ReportForm>
      {options.isError ? (
        <ReportError error={options.error} what="the vendors" onRetry={() => void options.refetch()} />
      ) : null}
      {criteria && purchases.isPending ? <PageLoader label="Loading the purchases" /> : null}
      {purchases.isError ? <ReportError error={purchases.error} onRetry={() => void purchases.refetch()} /> : null}
      {report && criteria ? (
        <>
          <Figures
            heading={{ label: "Report", value: "Purchases by vendor", testId: "purchases-heading" }}
            subheading={{
              label: "Business days",
              value: `GRNs posted ${report.startDate} to ${report.endDate}`,
              testId: "purchases-period",
            }}
            figures={[
              { label: "Vendors", value: String(report.rows.length), testId: "purchases-vendors" },
              { label: "GRNs", value: String(report.totals.grns), testId: "purchases-grns" },
              { label: "Total", value: money(report.totals.total), testId: "purchases-total-amount" },
              { label: "Landed", value: money(report.totals.landed), testId: "purchases-landed" },
            ]}
            action={
              <ReportFileButtons
                request={reportFile(
                  REPORT_PATHS.purchases,
                  criteria,
                  `purchases-${criteria.startDate}-${criteria.endDate}`,
                )}
              />
            }
          />
          <DataTable
            label="Purchases by vendor"
            columns={COLUMNS}
            rows={linesOf(report)}
            rowKey={(row) => row.key}
            paged={false}
            emptyMessage="No GRN was posted on these business days."
            footer={
              <TotalRow
                columns={COLUMNS}
                row={{
                  key: "total",
                  kind: "total",
                  label: "Total",
                  date: "",
                  grns: report.totals.grns,
                  reversals: report.totals.reversals,
                  ...pick(report.totals),
                }}
                testId="purchases-total"
              />
            }
          />
        </>
      ) : null}
    </Stack>
  );
}
