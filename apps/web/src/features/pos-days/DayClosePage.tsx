import type { DayClosed, DayClosePreview } from "@cargodesk/shared";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import LockClockIcon from "@mui/icons-material/LockClock";
import WarningIcon from "@mui/icons-material/Warning";
import { Alert, AlertTitle, Box, Button, Link, Paper, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { type Column, DataTable } from "../../components/DataTable";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { formatDay, formatInstant } from "../../lib/dates";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { money } from "../../lib/format";
import { INTEGRATION_ADD_PATH } from "../integration/paths";
import { useCloseDay, useClosePreview, useCurrentDay, zReportPdf } from "./api";
import { CounterCloseCard } from "./CounterCloseCard";
import { DaySummaryView, VoucherPreview } from "./DaySummaryView";
import { POS_DAY_ROUTES } from "./paths";
import { StockExceptions } from "./StockExceptions";

const ORDER_VIEW = "/order";

type State = "ok" | "warning" | "blocked";
const STATE_ICON: Record<State, ReactNode> = {
  ok: <CheckCircleIcon color="success" aria-label="Done" />,
  warning: <WarningIcon color="warning" aria-label="Warning" />,
  blocked: <ErrorIcon color="error" aria-label="Blocks the close" />,
};

/** One step of the checklist: its number, title, state and what to do. */
function Step({ step, title, state, children }: { step: number; title: string; state: State; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", mb: 1.5 }}>
        {STATE_ICON[state]}
        <Typography variant="h6" component="h2" sx={{ fontSize: 17 }}>
          {step}. {title}
        </Typography>
      </Box>
      {children}
    </Paper>
  );
}

type OpenOrder = DayClosePreview["openOrders"][number];
const ORDER_COLUMNS: Column<OpenOrder>[] = [
  {
    key: "order",
    header: "Order",
    render: (row) => (
      <Link component={RouterLink} to={`${ORDER_VIEW}?order=${row.id}`}>
        {row.order}
      </Link>
    ),
  },
  { key: "type", header: "Type", render: (row) => row.orderType.replace("_", "-") },
  { key: "table", header: "Table", render: (row) => row.table ?? "—" },
  { key: "status", header: "Status", render: (row) => row.status },
  { key: "total", header: "Total", align: "right", render: (row) => money(row.total) },
  { key: "opened", header: "Opened", nowrap: true, render: (row) => formatInstant(row.openedAt) },
];

type Device = DayClosePreview["devices"][number];
const DEVICE_COLUMNS: Column<Device>[] = [
  { key: "device", header: "Device", render: (row) => row.deviceId },
  { key: "seen", header: "Last seen", nowrap: true, render: (row) => formatInstant(row.lastSeenAt) },
  { key: "orders", header: "Orders waiting to sync", align: "right", render: (row) => row.orders },
];

type Ticket = DayClosePreview["kitchen"][number];
const KITCHEN_COLUMNS: Column<Ticket>[] = [
  { key: "order", header: "Order", render: (row) => row.order },
  { key: "station", header: "Station", render: (row) => row.station },
  { key: "status", header: "Status", render: (row) => row.status },
  { key: "created", header: "Sent", nowrap: true, render: (row) => formatInstant(row.createdAt) },
];

function SmallTable<T extends { id?: number; deviceId?: string }>({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: Column<T>[];
  rows: readonly T[];
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id ?? row.deviceId ?? ""}
      paged={false}
      maxHeight={320}
    />
  );
}

/** The checklist of the open day, the summary and the vouchers, and Close day. */
function CloseChecklist({
  preview,
  report,
  onClosed,
}: {
  preview: DayClosePreview;
  report: ReturnType<typeof useResultDialog>["show"];
  onClosed: (closed: DayClosed) => void;
}) {
  const closeDay = useCloseDay();
  const [confirming, setConfirming] = useState(false);
  const openCounters = preview.counters.filter((session) => session.status === "open");
  // Awaited rather than given callbacks: the close refreshes the open day, which unmounts this checklist.
  const confirm = async () => {
    const target = openBlankWindow(`Z report ${preview.zNumber}`);
    try {
      const answer = await closeDay.mutateAsync(preview.day.id);
      onClosed(answer);
      showInWindow(() => zReportPdf(answer.dayId), target).catch((error: unknown) =>
        report("Error", `The day is closed, but the Z report did not open. ${errorMessage(error)}`),
      );
    } catch (error) {
      target?.close();
      report("Error", errorMessage(error));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Typography variant="h6" component="h2" data-testid="close-day-date">
            Business day {formatDay(preview.day.businessDate)}
          </Typography>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Opened by {preview.day.openedBy?.name ?? "—"} on {formatInstant(preview.day.openedAt)}. Closing takes Z
            number {preview.zNumber}.
          </Typography>
        </Box>
      </Paper>
      {preview.blockers.length > 0 ? (
        <Alert severity="error" data-testid="close-blockers">
          <AlertTitle>The day cannot be closed yet</AlertTitle>
          {preview.blockers.map((blocker) => (
            <div key={blocker}>{blocker}</div>
          ))}
        </Alert>
      ) : null}
      {preview.mappings.length > 0 ? (
        <Alert
          severity="error"
          data-testid="close-mappings"
          action={
            <Button component={RouterLink} to={INTEGRATION_ADD_PATH} color="inherit" size="small">
              Accounts Integration
            </Button>
          }
        >
          {preview.mappings.map((mapping) => (
            <div key={mapping.field}>{mapping.message}</div>
          ))}
        </Alert>
      ) : null}
      {preview.warnings.length > 0 ? (
        <Alert severity="warning">
          {preview.warnings.map((warning) => (
            <div key={warning}>{warning}</div>
          ))}
        </Alert>
      ) : null}
      <Step step={1} title="Open orders" state={preview.openOrders.length > 0 ? "blocked" : "ok"}>
        {preview.openOrders.length === 0 ? (
          <Typography variant="body2">Every order is paid or voided.</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Pay or void each of these on the POS; open one to see its lines.
            </Typography>
            <SmallTable label="Open orders" columns={ORDER_COLUMNS} rows={preview.openOrders} />
          </>
        )}
      </Step>
      <Step step={2} title="Devices" state={preview.devices.some((device) => device.orders > 0) ? "warning" : "ok"}>
        {preview.devices.length === 0 ? (
          <Typography variant="body2">No device has orders waiting to sync.</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Orders a device syncs after the close go to the next day's rescue session.
            </Typography>
            <SmallTable label="Devices" columns={DEVICE_COLUMNS} rows={preview.devices} />
          </>
        )}
      </Step>
      <Step step={3} title="Kitchen" state={preview.kitchen.length > 0 ? "warning" : "ok"}>
        {preview.kitchen.length === 0 ? (
          <Typography variant="body2">Every kitchen ticket was served.</Typography>
        ) : (
          <SmallTable label="Kitchen tickets not served" columns={KITCHEN_COLUMNS} rows={preview.kitchen} />
        )}
      </Step>
      <Step step={4} title="Stock exceptions" state={preview.exceptions.length > 0 ? "blocked" : "ok"}>
        <StockExceptions exceptions={preview.exceptions} onAccepted={(message) => report("Success", message)} />
      </Step>
      <Step step={5} title="Counters" state={openCounters.length > 0 ? "blocked" : "ok"}>
        <Box sx={{ display: "grid", gap: 2 }}>
          {preview.counters.length === 0 ? <Typography variant="body2">No counter was opened today.</Typography> : null}
          {preview.counters.map((session) => (
            <CounterCloseCard key={session.id} session={session} onClosed={(message) => report("Success", message)} />
          ))}
        </Box>
      </Step>
      <Step step={6} title="Summary" state="ok">
        <DaySummaryView summary={preview.summary} />
      </Step>
      <Step step={7} title="Vouchers to post" state={preview.mappings.length > 0 ? "blocked" : "ok"}>
        <Box sx={{ display: "grid", gap: 2 }}>
          <VoucherPreview title="Sales JV" voucher={preview.vouchers.sales} />
          <VoucherPreview title="COGS JV" voucher={preview.vouchers.cogs} />
        </Box>
      </Step>
      <Paper variant="outlined" sx={{ p: 2, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography variant="body2" sx={{ flex: 1, minWidth: 240 }}>
          Closing posts the sales and COGS vouchers, freezes the Z figures and closes the day. A closed day is never
          reopened: corrections are voucher reversals and stock counts.
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={<LockClockIcon />}
          disabled={!preview.canClose || closeDay.isPending}
          onClick={() => setConfirming(true)}
        >
          Close day
        </Button>
      </Paper>
      <ConfirmDialog
        open={confirming}
        title="Close the business day"
        message={`Close ${formatDay(preview.day.businessDate)} as ${preview.zNumber}? The sales and COGS vouchers are posted and approved, and the day cannot be reopened. The Z report opens in a new window.`}
        confirmLabel="Close day"
        confirmColor="warning"
        busy={closeDay.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Box>
  );
}

/** What a close did: the Z number, the vouchers, the Z report again. */
function ClosedPanel({ closed, report }: { closed: DayClosed; report: ReturnType<typeof useResultDialog>["show"] }) {
  return (
    <Alert
      severity="success"
      data-testid="day-closed"
      action={
        <Button
          color="inherit"
          size="small"
          onClick={() =>
            showInWindow(() => zReportPdf(closed.dayId), openBlankWindow(`Z report ${closed.zNumber}`)).catch(
              (error: unknown) => report("Error", errorMessage(error)),
            )
          }
        >
          Z report
        </Button>
      }
    >
      <AlertTitle>
        {closed.message}: {closed.zNumber}
      </AlertTitle>
      Sales voucher {closed.salesVoucherNo ?? "none"} · COGS voucher {closed.cogsVoucherNo ?? "none"}. See them on{" "}
      <Link component={RouterLink} to={POS_DAY_ROUTES.record}>
        DayOpen Record
      </Link>
      .
    </Alert>
  );
}

/** /setting/closing: close each counter, clear the checklist, then close the day and print the Z report. */
export default function DayClosePage() {
  const current = useCurrentDay();
  const dayId = current.data?.day?.id ?? null;
  const preview = useClosePreview(dayId);
  const result = useResultDialog();
  const [closed, setClosed] = useState<DayClosed | null>(null);

  let body: ReactNode;
  if (current.isPending || (dayId !== null && preview.isPending))
    body = <PageLoader label="Loading the day's checklist" />;
  else if (current.isError)
    body = <ReportError error={current.error} onRetry={() => void current.refetch()} what="the business day" />;
  else if (dayId === null)
    body = (
      <EmptyState
        icon={<EventAvailableIcon />}
        title={closed ? "The next day is not open yet" : "No business day is open"}
        description="Open the day and its counters on Day Open; past days are on DayOpen Record."
        action={
          <Button component={RouterLink} to={POS_DAY_ROUTES.open} variant="contained">
            Day Open
          </Button>
        }
      />
    );
  else if (preview.isError)
    body = <ReportError error={preview.error} onRetry={() => void preview.refetch()} what="the Day Close checklist" />;
  else if (preview.data) body = <CloseChecklist preview={preview.data} report={result.show} onClosed={setClosed} />;

  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      {closed ? <ClosedPanel closed={closed} report={result.show} /> : null}
      {body}
      <ResultDialog {...result.dialogProps} />
    </Box>
  );
}
