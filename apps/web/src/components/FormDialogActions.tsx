import { Button, CircularProgress, DialogActions } from "@mui/material";

/**
 * A form dialog's buttons: Cancel, and the submit button (Save, Add, Update) that is disabled while
 * the form is incomplete and spins while the save runs; both wait while it runs.
 */
export function FormDialogActions({
  submitLabel,
  busy,
  incomplete = false,
  onCancel,
}: {
  submitLabel: string;
  busy: boolean;
  incomplete?: boolean;
  onCancel: () => void;
}) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={incomplete || busy}
        startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
