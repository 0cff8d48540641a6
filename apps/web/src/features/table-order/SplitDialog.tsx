import type { PosOrder, PosOrderLine } from "@cargodesk/shared";
import AddIcon from "@mui/icons-material/Add";
import RemoveIcon from "@mui/icons-material/Remove";
import { Alert, Box, CircularProgress, IconButton, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { fetchOrder } from "../pos/api";
import { TillDialog } from "../pos/TillDialog";
import { useCheck, useSplit } from "./api";

/** Portions of a line that can move: what is not voided. */
const movable = (line: PosOrderLine) => Math.round((line.qty - line.voidedQty) * 1000) / 1000;

/** The lines a split offers: whole lines and deals (a deal moves whole, with its items), not deal parts. */
const splittable = (order: PosOrder) =>
  order.lines.filter((line) => line.dealParentLineId === null && line.refundOfLineId === null && movable(line) > 0);

/** What one portion of the line costs on the check (net, tax and service charge), for the preview. */
const perPortion = (line: PosOrderLine) => (line.net + line.tax + line.serviceCharge) / Math.max(line.qty, 1e-9);

function LineRow({ line, moved, onChange }: { line: PosOrderLine; moved: number; onChange: (qty: number) => void }) {
  const most = movable(line);
  const deal = line.dealId !== null;
  const step = Math.min(1, most);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1, py: 0.5, borderBottom: 1, borderColor: "divider" }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap sx={{ fontWeight: 600 }}>
          {line.name}
        </Typography>
        <Typography variant="caption" sx={{ color: "text.secondary" }}>
          {most} on the check{deal ? " · a deal moves whole" : ""}
        </Typography>
      </Box>
      <IconButton
        aria-label={`Move one ${line.name} less`}
        disabled={moved <= 0}
        onClick={() => onChange(deal ? 0 : Math.max(0, moved - step))}
      >
        <RemoveIcon />
      </IconButton>
      <Typography
        aria-label={`${line.name} moved`}
        sx={{ width: 36, textAlign: "center", fontWeight: 700, fontVariantNumeric: "tabular-nums" }}
      >
        {moved}
      </Typography>
      <IconButton
        aria-label={`Move one ${line.name} more`}
        disabled={moved >= most}
        onClick={() => onChange(deal ? most : Math.min(most, moved + step))}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/**
 * Split by items (design 6.2 step 8): chosen lines and portions move to a new check on the same
 * table, keeping their kitchen state. The preview adds up the lines; the server's totals follow.
 */
export function SplitDialog({
  orderId,
  tableName,
  onDone,
  onClose,
}: {
  orderId: number;
  tableName: string;
  onDone: (newOrderId: number) => void;
  onClose: () => void;
}) {
  const check = useCheck(orderId);
  const split = useSplit();
  const [moved, setMoved] = useState<Record<number, number>>({});
  const [result, setResult] = useState<{ kept: PosOrder; made: PosOrder } | null>(null);
  const [readError, setReadError] = useState<string | null>(null);

  if (result)
    return (
      <TillDialog
        title="Check split"
        formLabel="Split done"
        onClose={() => onDone(result.made.id)}
        submit={{ label: "Open the new check", disabled: false, onSubmit: () => onDone(result.made.id) }}
      >
        <Box data-testid="split-result" sx={{ display: "grid", gridTemplateColumns: "1fr auto", gap: 1 }}>
          <Typography>This check (token {result.kept.token})</Typography>
          <Typography sx={{ fontWeight: 700 }}>{money(result.kept.total)}</Typography>
          <Typography>New check (token {result.made.token})</Typography>
          <Typography sx={{ fontWeight: 700 }}>{money(result.made.total)}</Typography>
        </Box>
      </TillDialog>
    );

  const order = check.data;
  const lines = order ? splittable(order) : [];
  const parts = lines.flatMap((line) => {
    const qty = moved[line.id] ?? 0;
    return qty > 0 ? [{ lineId: line.id, qty }] : [];
  });
  const movedTotal = lines.reduce((sum, line) => sum + perPortion(line) * (moved[line.id] ?? 0), 0);
  const submit = () =>
    split.mutate(
      { orderId, parts: [{ lines: parts }] },
      {
        onSuccess: async (answer) => {
          const made = answer.newOrderIds[0];
          if (made === undefined) return;
          try {
            const [kept, next] = await Promise.all([fetchOrder(answer.orderId), fetchOrder(made)]);
            setResult({ kept, made: next });
          } catch (error) {
            setReadError(errorMessage(error));
            onDone(made);
          }
        },
      },
    );
  return (
    <TillDialog
      title={`Split ${tableName}'s check`}
      formLabel="Split"
      onClose={onClose}
      maxWidth="sm"
      submit={{ label: "Split", disabled: parts.length === 0 || split.isPending, onSubmit: submit }}
    >
      {split.isError ? <Alert severity="error">{errorMessage(split.error)}</Alert> : null}
      {readError ? <Alert severity="warning">{readError}</Alert> : null}
      {check.isPending ? <CircularProgress aria-label="Loading the check" sx={{ alignSelf: "center" }} /> : null}
      {check.isError ? <Alert severity="error">{errorMessage(check.error)}</Alert> : null}
      {order ? (
        <>
          <Typography variant="body2" sx={{ color: "text.secondary" }}>
            Choose what moves to a new check on this table.
          </Typography>
          <Box>
            {lines.map((line) => (
              <LineRow
                key={line.id}
                line={line}
                moved={moved[line.id] ?? 0}
                onChange={(qty) => setMoved((current) => ({ ...current, [line.id]: qty }))}
              />
            ))}
          </Box>
          <Box
            data-testid="split-preview"
            sx={{ display: "grid", gridTemplateColumns: "1fr auto", gap: 0.5, fontVariantNumeric: "tabular-nums" }}
          >
            <Typography>This check, about</Typography>
            <Typography sx={{ fontWeight: 700 }}>{money(order.total - movedTotal)}</Typography>
            <Typography>New check, about</Typography>
            <Typography sx={{ fontWeight: 700 }}>{money(movedTotal)}</Typography>
          </Box>
        </>
      ) : null}
    </TillDialog>
  );
}
