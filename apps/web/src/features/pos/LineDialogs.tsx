import type { VoidReason } from "@cargodesk/shared";
import { Alert, FormControlLabel, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useVoidReasons } from "./api";
import { TillDialog } from "./TillDialog";

/** A kitchen note on one line ("no mayo", "extra spicy"). */
export function NoteDialog({
  lineName,
  note,
  onSave,
  onClose,
}: {
  lineName: string;
  note: string;
  onSave: (note: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(note);
  return (
    <TillDialog
      title={`Note for ${lineName}`}
      formLabel="Note"
      onClose={onClose}
      submit={{ label: "Save note", disabled: false, onSubmit: () => onSave(value) }}
    >
      <TextField
        label="Note"
        value={value}
        autoFocus
        fullWidth
        onChange={(event) => setValue(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        helperText="The kitchen sees it on the ticket (at most 200 characters)"
        sx={{ mt: 1 }}
      />
    </TillDialog>
  );
}

/**
 * Voiding a line the kitchen already has: a reason is required (waste reasons take the
 * ingredients off the Kitchen), and a supervisor approves unless the outlet says otherwise.
 */
export function VoidLineDialog({
  lineName,
  onVoid,
  onClose,
}: {
  lineName: string;
  onVoid: (reason: VoidReason) => void;
  onClose: () => void;
}) {
  const reasons = useVoidReasons();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const reason = reasons.data?.data.find((candidate) => candidate.id === reasonId) ?? null;
  return (
    <TillDialog
      title={`Void ${lineName}`}
      formLabel="Void line"
      onClose={onClose}
      submit={{
        label: "Void line",
        color: "error",
        disabled: reason === null,
        onSubmit: () => reason && onVoid(reason),
      }}
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        The kitchen already has this item. Choose why it is voided.
      </Typography>
      {reasons.isError ? <Alert severity="error">{errorMessage(reasons.error)}</Alert> : null}
      {reasons.isSuccess && reasons.data.data.length === 0 ? (
        <Alert severity="info">No void reasons are set up yet, so a line sent to the kitchen cannot be voided.</Alert>
      ) : null}
      <RadioGroup
        aria-label="Void reason"
        value={reasonId ?? ""}
        onChange={(event) => setReasonId(Number(event.target.value))}
      >
        {(reasons.data?.data ?? []).map((candidate) => (
          <FormControlLabel
            key={candidate.id}
            value={candidate.id}
            control={<Radio />}
            label={`${candidate.name}${candidate.isWaste ? " (waste)" : ""}`}
          />
        ))}
      </RadioGroup>
    </TillDialog>
  );
}
