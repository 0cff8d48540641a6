import type { DayDetail, DayRow } from "@cargodesk/shared";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import { Alert, Box, Chip, Link, Typography } from "@mui/material";
import { useState } from "react";
import { type Column, DataTable, GENERAL_PAGE_SIZES } from "../../components/DataTable";
import { useListFilters } from "../../components/FilterField";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { errorMessage } from "../../lib/api";
import { formatDay, formatInstant } from "../../lib/dates";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { countOf, money } from "../../lib/format";
import { useDay, useDays, xReportPdf, zReportPdf } from "./api";
import { overShortText } from "./over-short";
import { SessionTable } from "./SessionTable";
import { VoucherSourcesDialog } from "./VoucherSourcesDialog";

type OpenFile = (title: string, load: () => ReturnType<typeof zReportPdf>) => void;

/** A small grey line under a cell's value. */
const note = (text: string) =>
  text ? (
    <Typography variant="caption" component="div" sx={{ color: "text.secondary" }}>
      {text}
    </Typography>
  ) : null;

const who = (person: { name: string } | null, at: string) => `${person?.name ?? "—"}, ${formatInstant(at)}`;

type CashMove = DayDetail["cashMoves"][number];
const MOVE_KIND: Record<string, string> = { pay_in: "Pay-in", pay_out: "Pay-out", drop: "Drop to the safe" };
const MOVE_COLUMNS: Column<CashMove>[] = [
  { key: "counter", header: "Counter", render: (row) => row.counterCode },
  { key: "kind", header: "Kind", render: (row) => MOVE_KIND[row.kind] ?? row.kind },
  { key: "amount", header: "Amount", align: "right", render: (row) => money(row.amount) },
  { key: "account", header: "Account", render: (row) => row.account ?? "—" },
  { key: "reason", header: "Reason", render: (row) => row.reason },
  { key: "by", header: "By", render: (row) => row.by },
  { key: "at", header: "When", nowrap: true, render: (row) => formatInstant(row.at) },
];

/** A day's counter sessions (with their X reports), cash moves and late orders. */
function DayDetailPanel({ dayId, openFile }: { dayId: number; openFile: OpenFile }) {
  const day = useDay(dayId);
  if (day.isPending) return <PageLoader label="Loading the day" />;
  if (day.isError) return <ReportError error={day.error} onRetry={() => void day.refetch()} what="the day" />;
  const { sessions, cashMoves, summary } = day.data;
  return (
    <Box sx={{ display: "grid", gap: 2, maxWidth: 1100 }}>
      <SessionTable
        label={`Counter sessions of ${day.data.businessDate}`}
        sessions={sessions}
        columns={[
          "counter",
          "cashier",
          "status",
          "float",
          "expected",
          "counted",
          "overShort",
          "orders",
          "opened",
          "closed",
        ]}
        onXReport={(session) => openFile(`X report ${session.counterCode}`, () => xReportPdf(session.id))}
      />
      {cashMoves.length > 0 ? (
        <DataTable
          label={`Cash moves of ${day.data.businessDate}`}
          columns={MOVE_COLUMNS}
          rows={cashMoves}
          rowKey={(row) => row.id}
          paged={false}
          maxHeight={320}
        />
      ) : (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          No cash was paid in, paid out or dropped.
        </Typography>
      )}
      {summary.lateOrders.length > 0 ? (
        <DataTable
          label={`Late orders of ${day.data.businessDate}`}
          columns={[
            { key: "order", header: "Late order", render: (row) => row.order },
            { key: "at", header: "Taken", render: (row) => formatInstant(row.openedAt) },
            { key: "total", header: "Total", align: "right", render: (row) => money(row.total) },
          ]}
          rows={summary.lateOrders}
          rowKey={(row) => row.orderId}
          paged={false}
          maxHeight={240}
        />
      ) : null}
    </Box>
  );
}

/** /setting/dayOpen_record: every business day with its figures, vouchers and reports. */
export default function DayRecordPage() {
  const { filter, query, paging } = useListFilters({ from: "", to: "" }, GENERAL_PAGE_SIZES[0]);
  const days = useDays(query);
  const [voucherId, setVoucherId] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const openFile: OpenFile = (title, load) => {
    setFileError(null);
    showInWindow(load, openBlankWindow(title)).catch((error: unknown) => setFileError(errorMessage(error)));
  };
  const voucherLink = (kind: string, id: number | null, number: string | null) =>
    id && number ? (
      <Link
        component="button"
        type="button"
        onClick={() => setVoucherId(id)}
        aria-label={`${kind} voucher ${number}`}
        sx={{ whiteSpace: "nowrap" }}
      >
        {kind} {number}
      </Link>
    ) : null;

  const columns: Column<DayRow>[] = [
    {
      key: "date",
      header: "Business date",
      nowrap: true,
      render: (row) => (
        <>
          {formatDay(row.businessDate)}{" "}
          <Chip size="small" label={row.status} color={row.status === "open" ? "success" : "default"} />
          {note(row.zNumber ?? "")}
        </>
      ),
    },
    {
      key: "people",
      header: "Opened / closed",
      nowrap: true,
      render: (row) => (
        <>
          {who(row.openedBy, row.openedAt)}
          {note(row.closedAt ? `closed: ${who(row.closedBy, row.closedAt)}` : "not closed")}
        </>
      ),
    },
    {
      key: "net",
      header: "Net sales",
      align: "right",
      nowrap: true,
      render: (row) => (
        <>
          {money(row.netSales)}
          {note(`${countOf(row.orders, "order")} · tax ${money(row.tax)}`)}
        </>
      ),
    },
    {
      key: "cash",
      header: "Cash counted",
      align: "right",
      nowrap: true,
      render: (row) => (
        <>
          {row.countedCash === null ? "not counted" : money(row.countedCash)}
          {note(
            `expected ${money(row.expectedCash)}${row.overShort === null ? "" : ` · ${overShortText(row.overShort)}`}`,
          )}
        </>
      ),
    },
    {
      key: "vouchers",
      header: "Vouchers and Z report",
      nowrap: true,
      render: (row) =>
        row.status === "closed" ? (
          <Box sx={{ display: "grid", justifyItems: "start" }}>
            {voucherLink("Sales", row.salesVoucherId, row.salesVoucherNo)}
            {voucherLink("COGS", row.cogsVoucherId, row.cogsVoucherNo)}
            <Link
              component="button"
              type="button"
              onClick={() => openFile(`Z report ${row.zNumber ?? row.businessDate}`, () => zReportPdf(row.id))}
              aria-label={`Z report of ${row.businessDate}`}
              sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
            >
              <PictureAsPdfIcon sx={{ fontSize: 16 }} /> Z report
            </Link>
          </Box>
        ) : (
          note("X reports per counter below")
        ),
    },
  ];

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {fileError ? (
        <Alert severity="error" onClose={() => setFileError(null)}>
          Could not open the report. {fileError}
        </Alert>
      ) : null}
      <DataTable
        label="Business days"
        columns={columns}
        rows={days.data?.data}
        rowKey={(row) => row.id}
        loading={days.isPending}
        fetching={days.isFetching}
        error={days.error}
        onRetry={() => void days.refetch()}
        errorTitle="Could not load the business days."
        emptyMessage="No business day matches these dates."
        toolbar={
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            {filter("from", "From")}
            {filter("to", "To")}
          </Box>
        }
        server={paging(days.data?.total_results ?? 0)}
        pageSizeOptions={GENERAL_PAGE_SIZES}
        maxHeight={null}
        expand={{
          header: "Sessions",
          label: (row, expanded) => `${expanded ? "Hide" : "Show"} sessions of ${row.businessDate}`,
          render: (row) => <DayDetailPanel dayId={row.id} openFile={openFile} />,
        }}
      />
      <VoucherSourcesDialog voucherId={voucherId} onClose={() => setVoucherId(null)} />
    </Box>
  );
}
