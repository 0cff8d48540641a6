import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useCallback, useEffect, useId, useState } from "react";
import { errorMessage } from "../lib/api";
import { RESULT_RESET_MS, type ResultTitle } from "./ResultDialog";

/** The spec's messages after a save (accounting.md section 8). */
export const SAVE_MESSAGES = {
  success: "Added successfully...",
  failure: "Something went wrong...",
} as const;

interface SaveResultDialogProps {
  open: boolean;
  title: ResultTitle;
  message: string;
  /** A second line: the server's message, or what an upload did. */
  detail: string;
  onClose: () => void;
}

/**
 * The pop-up after a save: Success or Error, the spec's message and, below it, the server's own
 * words. Like ResultDialog it closes itself after 9 seconds.
 */
export function SaveResultDialog({ open, title, message, detail, onClose }: SaveResultDialogProps) {
  const titleId = useId();
  const messageId = useId();

  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(onClose, RESULT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose]);

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
        <DialogContentText sx={{ color: "text.primary", fontWeight: 600 }}>{message}</DialogContentText>
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

interface State {
  open: boolean;
  title: ResultTitle;
  message: string;
  detail: string;
}

/** State for one SaveResultDialog: `succeeded(detail)` or `failed(error)`, then spread `dialogProps`. */
export function useSaveResult() {
  const [state, setState] = useState<State>({ open: false, title: "Success", message: "", detail: "" });
  const succeeded = useCallback(
    (detail = "") => setState({ open: true, title: "Success", message: SAVE_MESSAGES.success, detail }),
    [],
  );
  const failed = useCallback(
    (error: unknown) =>
      setState({ open: true, title: "Error", message: SAVE_MESSAGES.failure, detail: errorMessage(error) }),
    [],
  );
  const show = useCallback(
    (title: ResultTitle, message: string, detail = "") => setState({ open: true, title, message, detail }),
    [],
  );
  const onClose = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { succeeded, failed, show, dialogProps: { ...state, onClose } satisfies SaveResultDialogProps };
}
