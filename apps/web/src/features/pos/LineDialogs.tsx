import type { VoidReason } from "@cargodesk/shared";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useVoidReasons } from "./api";

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
  const titleId = useId();
  const [value, setValue] = useState(note);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Note for {lineName}</DialogTitle>
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(value);
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save note
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
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
  const titleId = useId();
  const reasons = useVoidReasons();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const reason = reasons.data?.data.find((candidate) => candidate.id === reasonId) ?? null;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Void {lineName}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" color="error" disabled={reason === null} onClick={() => reason && onVoid(reason)}>
          Void line
        </Button>
      </DialogActions>
    </Dialog>
  );
}
