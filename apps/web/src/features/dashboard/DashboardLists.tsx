import {
  DASHBOARD_PAGE_SIZE,
  DASHBOARD_PAGE_SIZES,
  type DashboardPayment,
  type DashboardResponse,
  type DashboardShipment,
} from "@cargodesk/shared";
import { Box, Typography } from "@mui/material";
import { useMemo } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { type CsvColumn, ExportCsvButton } from "../../components/ExportCsvButton";
import { money } from "../../lib/format";
import { CnLink } from "../shipments/CnLink";

const number = (value: number) => value.toLocaleString("en-US", { maximumFractionDigits: 2 });

function ListHeading({ id, title, shown, total }: { id: string; title: string; shown: number; total: number }) {
  return (
    <Box sx={{ display: "flex", alignItems: "baseline", gap: 1.5, flexWrap: "wrap", mb: 1 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {total > shown ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          the latest {shown.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        </Typography>
      ) : null}
    </Box>
  );
}

interface ShipmentColumn {
  key: string;
  header: string;
  value: (row: DashboardShipment) => string | number | null;
  align?: "right";
  nowrap?: boolean;
}

const shipmentColumns = (company: boolean): ShipmentColumn[] => [
  { key: "tracking", header: "C/N No.", value: (row) => row.tracking_id, nowrap: true },
  { key: "date", header: "Date", value: (row) => row.shipment_date, nowrap: true },
  ...(company ? [{ key: "customer", header: "Customer", value: (row: DashboardShipment) => row.customer }] : []),
  { key: "receiver", header: "Receiver", value: (row) => row.receiver_name },
  { key: "country", header: "Country", value: (row) => row.receiver_country },
  { key: "service", header: "Service", value: (row) => row.service },
  { key: "pieces", header: "Pieces", value: (row) => row.pieces, align: "right" },
  { key: "weight", header: "Weight (kg)", value: (row) => number(row.weight), align: "right" },
  { key: "amount", header: "Amount (PKR)", value: (row) => money(row.amount), align: "right", nowrap: true },
  { key: "status", header: "Status", value: (row) => row.track_status },
];

const paymentColumns: { key: string; header: string; value: (row: DashboardPayment) => string; align?: "right" }[] = [
  { key: "date", header: "Date", value: (row) => row.voucher_date },
  { key: "voucher", header: "Voucher#", value: (row) => row.voc_manual_number },
  { key: "account", header: "Account", value: (row) => row.account },
  { key: "description", header: "Description", value: (row) => row.description },
  { key: "amount", header: "Amount (PKR)", value: (row) => money(row.credit), align: "right" },
];

const tableColumns = <T,>(
  columns: {
    key: string;
    header: string;
    value: (row: T) => string | number | null;
    align?: "right";
    nowrap?: boolean;
  }[],
): Column<T>[] =>
  columns.map((column) => ({
    key: column.key,
    header: column.header,
    render: (row) => column.value(row) ?? "",
    ...(column.align && { align: column.align }),
    ...(column.nowrap && { nowrap: true }),
  }));

const csvColumns = <T,>(columns: { header: string; value: (row: T) => string | number | null }[]): CsvColumn<T>[] =>
  columns.map((column) => ({ header: column.header, value: column.value }));

/** List Of C/N(s) and List Of Payment(s): 20 rows a page (20 to 200), each with export. */
export function DashboardLists({ data }: { data: DashboardResponse }) {
  const company = data.scope === "company";
  const cnColumns = useMemo(() => shipmentColumns(company), [company]);
  // Each C/N number opens its shipment.
  const cnTableColumns = useMemo(
    () =>
      tableColumns(cnColumns).map((column) =>
        column.key === "tracking"
          ? {
              ...column,
              render: (row: DashboardShipment) => <CnLink trackingId={row.tracking_id} shipmentId={row.shipment_id} />,
            }
          : column,
      ),
    [cnColumns],
  );
  // Payments have no id of their own: their place in the answer keys them (the same array while shown).
  const payments = useMemo(() => data.payments.map((row, index) => ({ ...row, index })), [data.payments]);
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: "minmax(0, 1fr)" }}>
      <Box component="section" aria-labelledby="dashboard-cns">
        <ListHeading
          id="dashboard-cns"
          title="List Of C/N(s)"
          shown={data.shipments.length}
          total={data.shipments_total}
        />
        <DataTable
          label="List Of C/N(s)"
          columns={cnTableColumns}
          rows={data.shipments}
          rowKey={(row) => row.shipment_id}
          pageSizeOptions={DASHBOARD_PAGE_SIZES}
          defaultPageSize={DASHBOARD_PAGE_SIZE}
          emptyMessage="No C/Ns in these dates."
          toolbar={
            <ExportCsvButton
              fileName={`cns-${data.startedDate}-to-${data.endDate}`}
              columns={csvColumns(cnColumns)}
              loadRows={() => data.shipments}
              disabled={data.shipments.length === 0}
            />
          }
        />
      </Box>
      <Box component="section" aria-labelledby="dashboard-payments">
        <ListHeading
          id="dashboard-payments"
          title="List Of Payment(s)"
          shown={data.payments.length}
          total={data.payments_total}
        />
        <DataTable
          label="List Of Payment(s)"
          columns={tableColumns(paymentColumns)}
          rows={payments}
          rowKey={(row) => row.index}
          pageSizeOptions={DASHBOARD_PAGE_SIZES}
          defaultPageSize={DASHBOARD_PAGE_SIZE}
          emptyMessage="No payments in these dates."
          toolbar={
            <ExportCsvButton
              fileName={`payments-${data.startedDate}-to-${data.endDate}`}
              columns={csvColumns(paymentColumns)}
              loadRows={() => payments}
              disabled={data.payments.length === 0}
            />
          }
        />
      </Box>
    </Box>
  );
}
