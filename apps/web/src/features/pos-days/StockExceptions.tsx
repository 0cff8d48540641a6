import { type DayClosePreview, exceptionAcceptSchema } from "@cargodesk/shared";
import DoneIcon from "@mui/icons-material/Done";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { useState } from "react";
import { type Column, DataTable } from "../../components/DataTable";
import { errorMessage } from "../../lib/api";
import { formatInstant } from "../../lib/dates";
import { useAcceptException } from "./api";

type StockException = DayClosePreview["exceptions"][number];

const COLUMNS: Column<StockException>[] = [
  { key: "product", header: "Product", render: (row) => row.product },
  { key: "location", header: "Location", render: (row) => row.location },
  { key: "short", header: "Short by", align: "right", nowrap: true, render: (row) => `${row.short} ${row.unit}` },
  { key: "at", header: "Since", nowrap: true, render: (row) => formatInstant(row.createdAt) },
];

/** Accept a stock exception with a reason (resolving it by an issuance or a count happens in the Store). */
function AcceptDialog({ exception, onClose }: { exception: StockException; onClose: (message?: string) => void }) {
  const accept = useAcceptException();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const parsed = exceptionAcceptSchema.safeParse({ reason });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? null);
    setProblem(null);
    accept.mutate(
      { id: exception.id, reason: parsed.data.reason },
      {
        onSuccess: (answer) => onClose(`${answer.message}: ${exception.product}`),
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Dialog open onClose={() => onClose()} maxWidth="sm" fullWidth aria-labelledby="accept-exception-title">
      <DialogTitle id="accept-exception-title">Accept the shortage of {exception.product}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The {exception.location} went {exception.short} {exception.unit} below zero. Accepting it lets the day close;
          the reason is kept with the exception.
        </DialogContentText>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          fullWidth
          required
          autoFocus
          multiline
          error={problem !== null}
          helperText={problem ?? "For example: counted later, the delivery came after closing"}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()} disabled={accept.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={accept.isPending}>
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The day's unresolved negative-stock exceptions, each with Accept. */
export function StockExceptions({
  exceptions,
  onAccepted,
}: {
  exceptions: readonly StockException[];
  onAccepted: (message: string) => void;
}) {
  const [accepting, setAccepting] = useState<StockException | null>(null);
  if (exceptions.length === 0) return <Alert severity="success">No kitchen stock went below zero.</Alert>;
  return (
    <>
      <DataTable
        label="Stock exceptions"
        columns={COLUMNS}
        rows={exceptions}
        rowKey={(row) => row.id}
        paged={false}
        maxHeight={null}
        rowActions={(row) => (
          <Button
            size="small"
            startIcon={<DoneIcon />}
            onClick={() => setAccepting(row)}
            aria-label={`Accept ${row.product}`}
          >
            Accept
          </Button>
        )}
      />
      {accepting ? (
        <AcceptDialog
          exception={accepting}
          onClose={(message) => {
            setAccepting(null);
            if (message) onAccepted(message);
          }}
        />
      ) : null}
    </>
  );
}
