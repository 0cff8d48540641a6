import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { type ReactNode, useId } from "react";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** The confirming button's text, e.g. "Approve"; the other button is Cancel. */
  confirmLabel: string;
  confirmColor?: "primary" | "error" | "warning" | "success";
  /** While the action runs both buttons are disabled and the confirm button spins. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Wider than the default for a message that shows pictures or a table. */
  maxWidth?: "xs" | "sm" | "md";
}

/** Asks before an action that cannot be undone from the same screen. Cancel has the focus. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  confirmColor = "primary",
  busy = false,
  onConfirm,
  onCancel,
  maxWidth = "xs",
}: ConfirmDialogProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth={maxWidth}
      fullWidth
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={messageId} component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          variant="contained"
          color={confirmColor}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
