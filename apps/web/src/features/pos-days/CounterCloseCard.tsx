import { type PosSession, sessionCloseSchema } from "@cargodesk/shared";
import LockIcon from "@mui/icons-material/Lock";
import ReceiptIcon from "@mui/icons-material/Receipt";
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { TextInput } from "../../components/FormFields";
import { NumberInput } from "../../components/NumberInput";
import { SwitchInput } from "../../components/RecordFields";
import { ApiError, errorMessage } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { openBlankWindow, showInWindow } from "../../lib/files";
import { money } from "../../lib/format";
import { useCloseSession, xReportPdf } from "./api";
import { type CountForm, cashMethod, countedValue, differenceMinor, emptyCount, sessionCloseOf } from "./closing";
import { DenominationGrid } from "./DenominationGrid";
import { emptyGrid } from "./denominations";
import { overShortMinorText, overShortText } from "./over-short";

/** How the expected cash is made, in one line. */
function CashSum({ session }: { session: PosSession }) {
  const { cash } = session;
  const parts: [string, number][] = [
    ["float", cash.openingFloat],
    ["+ cash taken", cash.cashTaken],
    ["− change", cash.change],
    ["− cash refunds", cash.cashRefunds],
    ["+ pay-ins", cash.payIns],
    ["− pay-outs", cash.payOuts],
    ["− drops", cash.drops],
  ];
  return (
    <Typography variant="body2" sx={{ color: "text.secondary" }}>
      {parts.map(([label, amount]) => `${label} ${money(amount)}`).join(" ")} ={" "}
      <strong>expected cash {money(cash.expected)}</strong>
    </Typography>
  );
}

/**
 * One counter on Day Close: expected per payment method, the counted amounts (cash by amount or note
 * by note), the difference as it is typed, and Close counter, which prints the counter's X report.
 */
export function CounterCloseCard({ session, onClosed }: { session: PosSession; onClosed: (message: string) => void }) {
  const close = useCloseSession();
  const open = session.status === "open";
  const { control, handleSubmit, setError, getValues, watch } = useForm<CountForm>({
    defaultValues: emptyCount(session, emptyGrid()),
  });
  const form = watch();
  const cash = cashMethod(session);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [xError, setXError] = useState<string | null>(null);

  const printX = (target: Window | null) =>
    showInWindow(() => xReportPdf(session.id), target).catch((error: unknown) => setXError(errorMessage(error)));

  const ask = handleSubmit((values) => {
    const parsed = sessionCloseSchema.safeParse(sessionCloseOf(session, values));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) setError(issue.path.join(".") as "notes", { message: issue.message });
      return;
    }
    const cashDifference = cash ? differenceMinor(countedValue(values, cash.methodId, true), cash.expected) : null;
    setConfirming(cash ? `Counted cash gives ${overShortMinorText(cashDifference)}.` : "");
  });

  const confirm = () => {
    const parsed = sessionCloseSchema.safeParse(sessionCloseOf(session, getValues()));
    if (!parsed.success) return;
    // The X report window opens during the click, so a pop-up blocker lets it through.
    const target = openBlankWindow(`X report ${session.counterCode}`);
    setFailure(null);
    close.mutate(
      { sessionId: session.id, input: parsed.data },
      {
        onSuccess: (answer) => {
          onClosed(`${answer.message}: ${answer.session.counterCode}, ${overShortText(answer.session.overShort)}`);
          void printX(target);
        },
        onError: (error) => {
          target?.close();
          if (error instanceof ApiError)
            for (const issue of error.fieldIssues) setError(issue.field as "notes", { message: issue.message });
          setFailure(errorMessage(error));
        },
        onSettled: () => setConfirming(null),
      },
    );
  };

  return (
    <Paper variant="outlined" component="section" aria-label={`Counter ${session.counterCode}`} sx={{ p: 2 }}>
      <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{session.counterCode}</Typography>
        <Typography sx={{ color: "text.secondary" }}>
          {session.counterName} · {session.cashier.name}
        </Typography>
        <Chip size="small" label={session.status} color={open ? "success" : "default"} />
        <Box sx={{ flex: 1 }} />
        {open ? null : (
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Closed by {session.closedBy?.name ?? "—"} on {formatInstant(session.closedAt)}
          </Typography>
        )}
        <Button
          size="small"
          startIcon={<ReceiptIcon />}
          onClick={() => void printX(openBlankWindow(`X report ${session.counterCode}`))}
        >
          X report
        </Button>
      </Box>
      <CashSum session={session} />
      <Table size="small" aria-label={`Counts of ${session.counterCode}`} sx={{ mt: 1 }}>
        <TableHead>
          <TableRow>
            <TableCell>Method</TableCell>
            <TableCell align="right">Expected</TableCell>
            <TableCell align="right">Counted</TableCell>
            <TableCell align="right">Difference</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {session.methods.map((method) => {
            const isCash = method.methodId === cash?.methodId;
            const editable = open && method.countedAtClose && !(isCash && form.byNotes);
            const counted = open ? countedValue(form, method.methodId, isCash) : method.counted;
            const difference = open
              ? overShortMinorText(method.countedAtClose ? differenceMinor(counted, method.expected) : 0n)
              : overShortText(method.difference);
            return (
              <TableRow key={method.methodId}>
                <TableCell>{method.name}</TableCell>
                <TableCell align="right">{money(method.expected)}</TableCell>
                <TableCell align="right" sx={{ py: editable ? 0.5 : undefined }}>
                  {editable ? (
                    <NumberInput
                      control={control}
                      name={`counted.${method.methodId}`}
                      label={`Counted ${method.name} at ${session.counterCode}`}
                      empty={null}
                      compact
                    />
                  ) : typeof counted === "number" ? (
                    money(counted)
                  ) : method.countedAtClose ? (
                    "—"
                  ) : (
                    <Typography variant="body2" component="span" sx={{ color: "text.secondary" }}>
                      not counted
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" data-testid={`difference-${session.counterCode}-${method.name}`}>
                  {difference}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {open ? (
        <Box component="form" noValidate onSubmit={ask} sx={{ mt: 1.5, display: "grid", gap: 1 }}>
          {cash ? <SwitchInput control={control} name="byNotes" label="Count cash note by note" /> : null}
          {cash && form.byNotes ? (
            <Controller
              control={control}
              name="denominations"
              render={({ field }) => (
                <DenominationGrid
                  label={`${session.counterCode} counted cash`}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          ) : null}
          <TextInput control={control} name="notes" label={`Closing notes for ${session.counterCode}`} />
          {failure ? <Alert severity="error">{failure}</Alert> : null}
          <Box>
            <Button type="submit" variant="contained" startIcon={<LockIcon />} disabled={close.isPending}>
              Close counter {session.counterCode}
            </Button>
          </Box>
        </Box>
      ) : null}
      {xError ? (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setXError(null)}>
          Could not open the X report. {xError}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={`Close counter ${session.counterCode}`}
        message={`${confirming ?? ""} The counts are stored, the session closes and the counter's X report opens. A closed counter cannot be counted again.`}
        confirmLabel="Close counter"
        busy={close.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Paper>
  );
}
