import type { DayClosed, DayClosePreview } from "@cargodesk/shared";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import LockClockIcon from "@mui/icons-material/LockClock";
import { Alert, AlertTitle, Box, Button, Link, Paper, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { Link as RouterLink } from "react-router";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState } from "../../components/EmptyState";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { errorMessage } from "../../lib/api";
import { formatDay, formatInstant } from "../../lib/dates";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { INTEGRATION_ADD_PATH } from "../integration/paths";
import { useCloseDay, useClosePreview, useCurrentDay, zReportPdf } from "./api";
import { DEVICE_COLUMNS, KITCHEN_COLUMNS, ORDER_COLUMNS, SmallTable, Step } from "./CloseChecks";
import { CounterCloseCard } from "./CounterCloseCard";
import { DaySummaryView, VoucherPreview } from "./DaySummaryView";
import { POS_DAY_ROUTES } from "./paths";
import { StockExceptions } from "./StockExceptions";

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
      <Step step={2} title="Devices" state={preview.devices.some((device) => device.waiting > 0) ? "warning" : "ok"}>
        {preview.devices.length === 0 ? (
          <Typography variant="body2">No register worked this day.</Typography>
        ) : (
          <>
            <Typography variant="body2" sx={{ mb: 1 }}>
              Each register's last heartbeat says how many orders wait in its outbox. Orders a register syncs after the
              close go to the next day's rescue session.
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
