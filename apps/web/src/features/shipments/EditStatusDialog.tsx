import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Typography,
} from "@mui/material";
import { type FormEvent, useId, useState } from "react";
import { FormDialogActions } from "../../components/FormDialogActions";
import { PageLoader } from "../../components/PageLoader";
import { errorMessage } from "../../lib/api";
import { companyToday, companyZoneName } from "../../lib/dates";
import { useReplaceStatuses, useShipment, useStatusOptions } from "./api";
import type { ShipmentDetail, ShipmentRow } from "./schemas";
import {
  blankDraft,
  deliveryDateProblem,
  draftsOf,
  replacementOf,
  rowComplete,
  type StatusRowDraft,
} from "./status-rows";

interface EditStatusDialogProps {
  shipment: ShipmentRow;
  onClose: () => void;
}

/** Edits the tracking history and the expected delivery date; saving replaces both (the server keeps the old rows). */
export function EditStatusDialog({ shipment, onClose }: EditStatusDialogProps) {
  const titleId = useId();
  // The rows start from the server's current history, never from a copy cached before the last change.
  const [openedAt] = useState(() => Date.now());
  const detail = useShipment(shipment.shipment_id, { fresh: true });
  const current = detail.data && detail.dataUpdatedAt >= openedAt ? detail.data : null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Edit Status · {shipment.tracking_id}</DialogTitle>
      {current ? (
        <StatusForm key={current.shipment_id} detail={current} onClose={onClose} />
      ) : (
        <>
          <DialogContent>
            {detail.isError ? (
              <Alert severity="error">The shipment could not be loaded. {errorMessage(detail.error)}</Alert>
            ) : (
              <PageLoader label="Loading the statuses" />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function StatusForm({ detail, onClose }: { detail: ShipmentDetail; onClose: () => void }) {
  const options = useStatusOptions();
  const replace = useReplaceStatuses();
  const stored = detail.expected_delivery_date?.slice(0, 10) ?? null;
  const [rows, setRows] = useState<StatusRowDraft[]>(() => draftsOf(detail.history));
  const [date, setDate] = useState(stored ?? "");
  const dateProblem = deliveryDateProblem(date, stored);
  // The history keeps at least one row (the server refuses an empty one).
  const complete = rows.length > 0 && rows.every(rowComplete) && dateProblem === null;
  const names = (options.data ?? []).map((option) => option.name);

  const change = (key: number, patch: Partial<StatusRowDraft>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete || replace.isPending) return;
    replace.mutate(
      { id: detail.shipment_id, body: { data: replacementOf(rows), date: date === "" ? null : date } },
      { onSuccess: onClose },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogContent>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 2 }}>
          Dates and times are in {companyZoneName()}.
        </Typography>
        {rows.map((row, index) => (
          <Box
            key={row.key}
            role="group"
            aria-label={`Status row ${index + 1}`}
            sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", md: "1.2fr 1.2fr 1fr auto" }, gap: 1.5, mb: 1.5 }}
          >
            <Autocomplete
              freeSolo
              options={names}
              inputValue={row.status}
              onInputChange={(_, value) => change(row.key, { status: value.toUpperCase() })}
              renderInput={(params) => (
                <TextField {...params} label="Status" required size="small" error={row.status.trim() === ""} />
              )}
            />
            <TextField
              label="Location"
              required
              size="small"
              value={row.location}
              error={row.location.trim() === ""}
              onChange={(event) => change(row.key, { location: event.target.value.toUpperCase() })}
            />
            <TextField
              label="Date and time"
              type="datetime-local"
              required
              size="small"
              value={row.when}
              error={row.when === ""}
              onChange={(event) => change(row.key, { when: event.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <IconButton
              aria-label={`Remove status row ${index + 1}`}
              disabled={rows.length <= 1}
              onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Button startIcon={<AddIcon />} onClick={() => setRows((current) => [...current, blankDraft()])}>
          Add Row
        </Button>
        <TextField
          label="Expected Delivery Date"
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={dateProblem !== null}
          helperText={dateProblem ?? "Leave empty while it is not known"}
          sx={{ mt: 3, display: "flex", maxWidth: 280 }}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: companyToday() } }}
        />
        {replace.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(replace.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <FormDialogActions submitLabel="Save" busy={replace.isPending} incomplete={!complete} onCancel={onClose} />
    </form>
  );
}
