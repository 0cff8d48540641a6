import { type DayOpenCurrent, dayOpenSchema, sessionOpenSchema } from "@cargodesk/shared";
import EventBusyIcon from "@mui/icons-material/EventBusy";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import StorefrontIcon from "@mui/icons-material/Storefront";
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { type UseFormSetError, useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../components/EmptyState";
import { SaveButton } from "../../components/FormCard";
import { TextInput } from "../../components/FormFields";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { ResultDialog, useResultDialog } from "../../components/ResultDialog";
import { ApiError, errorMessage } from "../../lib/api";
import { companyToday, formatDay, formatInstant } from "../../lib/dates";
import { countOf } from "../../lib/format";
import { useCurrentDay, useOpenDay, useOpenSession } from "./api";
import { OpeningCard } from "./OpeningCard";
import {
  counterOpeningOf,
  formPathOf,
  type OpenCounter,
  type OpeningForm,
  openingDate,
  openingRow,
  openRows,
  pathOfField,
} from "./opening";
import { POS_DAY_ROUTES } from "./paths";
import { SessionTable } from "./SessionTable";

const RESTAURANT_SETTINGS = "/setting/Restaurant/addRestaurant";

type Issue = { path: readonly PropertyKey[]; message: string };
type Report = ReturnType<typeof useResultDialog>["show"];

/** Puts each message under its field: the schema's before sending, the server's after. */
function showIssues(issues: readonly Issue[], opened: readonly number[], setError: UseFormSetError<OpeningForm>) {
  for (const issue of issues) {
    const path = formPathOf(issue.path, opened);
    setError(path as "root", { type: "validate", message: issue.message });
  }
}

const serverIssues = (error: unknown): Issue[] =>
  error instanceof ApiError
    ? error.fieldIssues.map((issue) => ({ path: pathOfField(issue.field), message: issue.message }))
    : [];

/** No day open: the business date and one row per counter, then Open day. */
function OpenDayForm({ current, report }: { current: DayOpenCurrent; report: Report }) {
  const open = useOpenDay();
  const { control, handleSubmit, setError, formState } = useForm<OpeningForm>({
    defaultValues: { businessDate: openingDate(current), rows: current.counters.map((c) => openingRow(c)) },
  });
  const submit = handleSubmit(async (values) => {
    const opened = openRows(values.rows);
    const parsed = dayOpenSchema.safeParse({
      businessDate: values.businessDate,
      counters: opened.map(({ row }) => counterOpeningOf(row)),
    });
    const places = opened.map(({ index }) => index);
    if (!parsed.success) return showIssues(parsed.error.issues, places, setError);
    // Awaited rather than given callbacks: opening the day replaces this form with the open day.
    try {
      const answer = await open.mutateAsync(parsed.data);
      report(
        "Success",
        `${answer.message}: ${formatDay(values.businessDate)}, ${countOf(answer.sessions.length, "counter")} open`,
      );
    } catch (error) {
      showIssues(serverIssues(error), places, setError);
      report("Error", errorMessage(error));
    }
  });

  if (current.counters.length === 0) {
    return (
      <EmptyState
        icon={<StorefrontIcon />}
        title="No counters yet"
        description="Add a counter (with its cash account) in Setting > Restaurant, then open the day here."
        action={
          <Button component={RouterLink} to={RESTAURANT_SETTINGS} variant="contained">
            Restaurant settings
          </Button>
        }
      />
    );
  }
  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      aria-label="Open the business day"
      sx={{ display: "grid", gap: 2 }}
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2">
          Open the business day
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary", mt: 0.5, mb: 2 }}>
          Count each drawer's float and choose who works the counter. The float is compared with the counter cash
          account's book balance; a difference joins the day's over/short.
          {current.lastClosedDate ? ` The last closed day is ${formatDay(current.lastClosedDate)}.` : ""}
        </Typography>
        <Box sx={{ maxWidth: 260 }}>
          <TextInput control={control} name="businessDate" label="Business date" type="date" required />
        </Box>
      </Paper>
      {openingDate(current) > companyToday() ? (
        <Alert severity="info">
          The business day of {formatDay(current.lastClosedDate)} is closed already; the next day can be opened from{" "}
          {formatDay(openingDate(current))}.
        </Alert>
      ) : null}
      {formState.errors.root ? <Alert severity="error">{formState.errors.root.message}</Alert> : null}
      <Box sx={{ display: "grid", gap: 2, alignItems: "start", gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
        {current.counters.map((counter, index) => (
          <OpeningCard
            key={counter.id}
            control={control}
            index={index}
            counter={counter}
            cashiers={current.cashiers}
            disabled={open.isPending}
            optional
          />
        ))}
      </Box>
      <Box>
        <SaveButton disabled={false} busy={open.isPending} label="Open day" />
      </Box>
    </Box>
  );
}

/** Open counter: one more counter in the open day. */
function OpenCounterDialog({
  counter,
  cashiers,
  onClose,
}: {
  counter: OpenCounter;
  cashiers: DayOpenCurrent["cashiers"];
  onClose: (message?: string) => void;
}) {
  const openSession = useOpenSession();
  const { control, handleSubmit, setError } = useForm<OpeningForm>({
    defaultValues: { businessDate: "", rows: [openingRow(counter)] },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const submit = handleSubmit((values) => {
    const [row] = values.rows;
    if (!row) return;
    const parsed = sessionOpenSchema.safeParse(counterOpeningOf(row));
    const inRow = (issues: readonly Issue[]) =>
      issues.map((issue) => ({ ...issue, path: ["counters", 0, ...issue.path] }));
    if (!parsed.success) return showIssues(inRow(parsed.error.issues), [0], setError);
    setFailure(null);
    openSession.mutate(parsed.data, {
      onSuccess: (answer) =>
        onClose(`${answer.message}: ${answer.session.counterCode}, ${answer.session.cashier.name}`),
      onError: (error) => {
        showIssues(serverIssues(error), [0], setError);
        setFailure(errorMessage(error));
      },
    });
  });
  return (
    <Dialog open onClose={() => onClose()} maxWidth="md" fullWidth aria-labelledby="open-counter-title">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="open-counter-title">Open counter {counter.code}</DialogTitle>
        <DialogContent>
          <OpeningCard
            control={control}
            index={0}
            counter={counter}
            cashiers={cashiers}
            disabled={openSession.isPending}
            optional={false}
          />
          {failure ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => onClose()} disabled={openSession.isPending}>
            Cancel
          </Button>
          <SaveButton disabled={false} busy={openSession.isPending} label="Open counter" />
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** A day is open: its status, its sessions, and Open counter for the others. */
function OpenDayStatus({
  current,
  day,
  report,
}: {
  current: DayOpenCurrent;
  day: NonNullable<DayOpenCurrent["day"]>;
  report: Report;
}) {
  const [opening, setOpening] = useState<OpenCounter | null>(null);
  const waiting = current.counters.filter((counter) => counter.openSessionId === null);
  return (
    <Box sx={{ display: "grid", gap: 2 }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2, sm: 3 }, display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}
      >
        <Box sx={{ flex: 1, minWidth: 240 }}>
          <Box sx={{ display: "flex", gap: 1, alignItems: "center" }}>
            <Typography variant="h6" component="h2" data-testid="open-day-date">
              Business day {formatDay(day.businessDate)}
            </Typography>
            <Chip size="small" color="success" label="Open" />
          </Box>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Opened by {day.openedBy?.name ?? "—"} on {formatInstant(day.openedAt)}
          </Typography>
        </Box>
        <Button component={RouterLink} to={POS_DAY_ROUTES.close} variant="outlined" startIcon={<EventBusyIcon />}>
          Day Close
        </Button>
      </Paper>
      <SessionTable
        label="Counter sessions"
        sessions={current.sessions}
        columns={["counter", "cashier", "status", "float", "book", "floatDifference", "orders", "opened", "closed"]}
      />
      {waiting.length > 0 ? (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
            Counters not open
          </Typography>
          <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
            {waiting.map((counter) => (
              <Button
                key={counter.id}
                variant="outlined"
                startIcon={<LockOpenIcon />}
                onClick={() => setOpening(counter)}
                aria-label={`Open counter ${counter.code}`}
              >
                Open counter {counter.code} · {counter.name}
              </Button>
            ))}
          </Box>
        </Paper>
      ) : null}
      {opening ? (
        <OpenCounterDialog
          counter={opening}
          cashiers={current.cashiers}
          onClose={(message) => {
            setOpening(null);
            if (message) report("Success", message);
          }}
        />
      ) : null}
    </Box>
  );
}

/** /setting/opening: open the business day and its counters, or see the open day and open more counters. */
export default function DayOpenPage() {
  const current = useCurrentDay();
  const result = useResultDialog();
  if (current.isPending) return <PageLoader label="Loading the business day" />;
  if (current.isError)
    return <ReportError error={current.error} onRetry={() => void current.refetch()} what="the business day" />;
  const { day } = current.data;
  return (
    <>
      {day ? (
        <OpenDayStatus current={current.data} day={day} report={result.show} />
      ) : (
        <OpenDayForm current={current.data} report={result.show} />
      )}
      <ResultDialog {...result.dialogProps} />
    </>
  );
}
