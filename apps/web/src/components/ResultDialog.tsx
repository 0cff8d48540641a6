import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useId } from "react";
import { type ResultDialogProps, useAutoClose } from "./result-dialog-state";

export {
  RESULT_RESET_MS,
  type ResultDialogProps,
  type ResultTitle,
  useAutoClose,
  useResultDialog,
} from "./result-dialog-state";

/** The spec's pop-up: a title of Error or Success, the message, an optional detail, and an Ok button. */
export function ResultDialog({ open, title, message, detail, onClose }: ResultDialogProps) {
  const titleId = useId();
  const messageId = useId();
  useAutoClose(open, onClose);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
      role={title === "Error" ? "alertdialog" : "dialog"}
    >
      <DialogTitle id={titleId} sx={{ color: title === "Error" ? "error.main" : "success.main" }}>
        {title}
      </DialogTitle>
      <DialogContent id={messageId}>
        <DialogContentText sx={detail === undefined ? undefined : { color: "text.primary", fontWeight: 600 }}>
          {message}
        </DialogContentText>
        {detail ? <DialogContentText sx={{ mt: 1 }}>{detail}</DialogContentText> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Ok
        </Button>
      </DialogActions>
    </Dialog>
  );
}
