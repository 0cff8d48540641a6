import type { PosBootstrap, PosOrderDetail, SupervisorApproval, VoidReason } from "@cargodesk/shared";
import { formatMinor } from "@cargodesk/shared";
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { SupervisorDialog } from "../pos/SupervisorDialog";
import { useRefundOrder } from "./api";
import {
  type RefundPick,
  refundableLines,
  refundableQty,
  refundEstimateMinor,
  refundLinesOf,
  refundQtyProblem,
} from "./refund";

interface Typed {
  qty: string;
  backToStock: boolean;
}

/** A required choice of one record by its name (a payment method, a reason). */
function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: number; name: string }[];
}) {
  return (
    <TextField select label={label} value={value} onChange={(event) => onChange(event.target.value)} required>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {option.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Refund of a paid order: the lines and quantities given back (never more than was sold less what
 * was refunded), how the money goes back, the reason, stock back for items sold as they are, and a
 * supervisor's approval when the outlet asks for one.
 */
export function RefundDialog({
  order,
  outlet,
  reasons,
  onClose,
}: {
  order: PosOrderDetail;
  outlet: PosBootstrap | undefined;
  reasons: readonly VoidReason[];
  onClose: (message?: string) => void;
}) {
  const titleId = useId();
  const refund = useRefundOrder();
  const lines = refundableLines(order);
  const [clientUuid] = useState(() => crypto.randomUUID());
  const [typed, setTyped] = useState<ReadonlyMap<number, Typed>>(new Map());
  const [methodId, setMethodId] = useState("");
  const [reasonId, setReasonId] = useState("");
  const [counterId, setCounterId] = useState(order.counterId === null ? "" : String(order.counterId));
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const picks = new Map<number, RefundPick>();
  const qtyProblems = new Map<number, string>();
  for (const line of lines) {
    const entry = typed.get(line.id);
    if (!entry) continue;
    const qty = Number(entry.qty);
    const wrong = refundQtyProblem(line, qty);
    if (wrong) qtyProblems.set(line.id, wrong);
    else picks.set(line.id, { qty, backToStock: entry.backToStock });
  }
  const estimate = refundEstimateMinor(order, picks);
  const methods = outlet?.paymentMethods ?? [];
  const method = methods.find((candidate) => String(candidate.id) === methodId);
  const reason = reasons.find((candidate) => String(candidate.id) === reasonId);
  // The outlet's rule, or a reason that always asks (as the server decides).
  const needsSupervisor =
    (outlet?.outlet.supervisorRules.refundNeedsSupervisor ?? true) || (reason?.needsSupervisor ?? false);

  const setLine = (lineId: number, change: Partial<Typed> | null) =>
    setTyped((current) => {
      const next = new Map(current);
      if (change === null) next.delete(lineId);
      else next.set(lineId, { qty: "", backToStock: false, ...current.get(lineId), ...change });
      return next;
    });

  const send = (approval: SupervisorApproval | null) => {
    setAsking(false);
    refund.mutate(
      {
        orderId: order.id,
        input: {
          clientUuid,
          lines: refundLinesOf(picks),
          methodId: Number(methodId),
          reasonId: Number(reasonId),
          counterId: counterId === "" ? undefined : Number(counterId),
          supervisorToken: approval?.token,
        },
      },
      {
        onSuccess: (answer) =>
          onClose(
            `Refund ${answer.number ?? `token ${answer.token}`}: ${money(Math.abs(answer.total))} back by ${method?.name ?? "the chosen method"}`,
          ),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };

  const submit = () => {
    if (picks.size === 0 || qtyProblems.size > 0)
      return setProblem("Tick the lines to refund and enter their quantities");
    if (!method) return setProblem("Choose how the money goes back");
    if (!reason) return setProblem("Choose the reason");
    setProblem(null);
    if (needsSupervisor) setAsking(true);
    else send(null);
  };

  return (
    <Dialog open onClose={() => onClose()} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Refund {order.number ?? `token ${order.token}`}</DialogTitle>
      <DialogContent sx={{ display: "grid", gap: 2 }}>
        {outlet === undefined ? <PageLoader label="Loading the payment methods" /> : null}
        <Table size="small" aria-label="Lines to refund">
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>Item</TableCell>
              <TableCell align="right">Left to refund</TableCell>
              <TableCell align="right">Refund qty</TableCell>
              <TableCell align="center">Back to stock</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => {
              const entry = typed.get(line.id);
              const name = `${line.name}${line.sizeName ? ` (${line.sizeName})` : ""}`;
              return (
                <TableRow key={line.id}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={entry !== undefined}
                      onChange={(event) =>
                        setLine(line.id, event.target.checked ? { qty: String(refundableQty(line)) } : null)
                      }
                      slotProps={{ input: { "aria-label": `Refund ${name}` } }}
                    />
                  </TableCell>
                  <TableCell>{name}</TableCell>
                  <TableCell align="right">{refundableQty(line)}</TableCell>
                  <TableCell align="right" sx={{ py: 0.5 }}>
                    <TextField
                      size="small"
                      value={entry?.qty ?? ""}
                      onChange={(event) => setLine(line.id, { qty: event.target.value })}
                      disabled={entry === undefined}
                      error={qtyProblems.has(line.id)}
                      helperText={qtyProblems.get(line.id)}
                      sx={{ width: 110 }}
                      slotProps={{ htmlInput: { inputMode: "decimal", "aria-label": `Refund quantity of ${name}` } }}
                    />
                  </TableCell>
                  <TableCell align="center">
                    <Checkbox
                      checked={entry?.backToStock ?? false}
                      disabled={entry === undefined}
                      onChange={(event) => setLine(line.id, { backToStock: event.target.checked })}
                      slotProps={{ input: { "aria-label": `Put ${name} back to stock` } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          Back to stock returns only items sold as they are (a canned drink) to the kitchen; dishes made from a recipe
          stay used.
        </Typography>
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr 1fr" } }}>
          <Choice label="Money back by" value={methodId} onChange={setMethodId} options={methods} />
          <Choice label="Reason" value={reasonId} onChange={setReasonId} options={reasons} />
          <TextField
            select
            label="From counter"
            value={counterId}
            onChange={(event) => setCounterId(event.target.value)}
            helperText={method?.kind === "cash" ? "Cash comes from this counter's open session" : " "}
          >
            {(outlet?.counters ?? []).map((counter) => (
              <MenuItem key={counter.id} value={String(counter.id)}>
                {counter.code} · {counter.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Typography data-testid="refund-estimate">
          About <strong>{formatMinor(estimate)}</strong> back
          {needsSupervisor ? "; a supervisor approves the refund" : ""}.
        </Typography>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} disabled={refund.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={submit}
          disabled={refund.isPending || outlet === undefined}
        >
          Refund
        </Button>
      </DialogActions>
      {asking ? (
        <SupervisorDialog
          action="refund"
          reason={`A refund of about ${formatMinor(estimate)}`}
          onApproved={send}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Dialog>
  );
}
