import { formatMinor, type IssuanceReportRequest, parseMinor } from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";
import { type FormEvent, useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { ReportSearchPanel } from "../../components/OpenFileButtons";
import { PeriodFields, periodReversed } from "../../components/PeriodFields";
import { companyToday } from "../../lib/dates";
import { useOpenFile } from "../../lib/open-file";
import { StockLocationFilter } from "../inventory-ledger/StockLocationFilter";
import { issuanceReportFile, useIssuanceReport } from "./api";

type Report = NonNullable<ReturnType<typeof useIssuanceReport>["data"]>;
const money = (amount: number | null) => (amount === null ? "" : formatMinor(parseMinor(amount) ?? 0n));

const PRODUCT_COLUMNS: Column<Report["products"][number]>[] = [
  { key: "code", header: "Code", render: (row) => row.code },
  { key: "name", header: "Product", render: (row) => row.name },
  { key: "qty", header: "Qty", align: "right", render: (row) => `${row.qty} ${row.uom}` },
  { key: "rate", header: "Average Rate", align: "right", render: (row) => money(row.averageRate) },
  { key: "value", header: "Value", align: "right", render: (row) => money(row.value) },
];
const ISSUANCE_COLUMNS: Column<Report["issuances"][number]>[] = [
  { key: "number", header: "Issuance No", nowrap: true, render: (row) => row.number },
  { key: "date", header: "Date", nowrap: true, render: (row) => row.businessDate },
  { key: "route", header: "From → To", render: (row) => `${row.fromLocation} → ${row.toLocation}` },
  { key: "issuedTo", header: "Issued To", render: (row) => row.issuedTo },
  { key: "lines", header: "Lines", align: "right", render: (row) => row.lineCount },
  { key: "voucher", header: "Voucher", render: (row) => row.voucherNo ?? "" },
  { key: "value", header: "Value", align: "right", render: (row) => money(row.value) },
];

/** /inventory/Issuance/IssuanceWithDate: per product and per issuance over dates, with totals; PDF or XLSX. */
export default function IssuanceReportByDatePage() {
  const today = companyToday();
  const [form, setForm] = useState({ startDate: `${today.slice(0, 7)}-01`, endDate: today, locationId: "" });
  const [request, setRequest] = useState<IssuanceReportRequest | null>(null);
  const report = useIssuanceReport(request);
  const file = useOpenFile();
  const wrongOrder = periodReversed(form);
  const search = (event: FormEvent) => {
    event.preventDefault();
    if (wrongOrder) return;
    setRequest({
      startDate: form.startDate,
      endDate: form.endDate,
      ...(form.locationId ? { locationId: Number(form.locationId) } : {}),
    });
  };
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <ReportSearchPanel
        onSubmit={search}
        canSearch={!wrongOrder}
        file={file}
        title="Issuance report"
        load={request && ((format) => () => issuanceReportFile(request, format))}
      >
        <PeriodFields
          period={form}
          onChange={(change) => setForm((current) => ({ ...current, ...change }))}
          latest={today}
        />
        <StockLocationFilter
          value={form.locationId}
          onChange={(locationId) => setForm((current) => ({ ...current, locationId }))}
        />
      </ReportSearchPanel>
      {request ? (
        <>
          <Typography variant="h6" component="h2">
            Per product
          </Typography>
          <DataTable
            label="Issued per product"
            columns={PRODUCT_COLUMNS}
            rows={report.data?.products}
            rowKey={(row) => row.storeProductId}
            loading={report.isPending}
            error={report.error}
            onRetry={() => void report.refetch()}
            emptyMessage="Nothing was issued in these dates."
            paged={false}
          />
          <Typography variant="h6" component="h2">
            Per issuance
          </Typography>
          <DataTable
            label="Issuances in the period"
            columns={ISSUANCE_COLUMNS}
            rows={report.data?.issuances}
            rowKey={(row) => row.id}
            loading={report.isPending}
            error={report.error}
            emptyMessage="No posted issuance in these dates."
            paged={false}
          />
          {report.data ? (
            <Typography sx={{ fontWeight: 700 }} data-testid="issuance-report-total">
              Total value: {money(report.data.totalValue)}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Box>
  );
}
