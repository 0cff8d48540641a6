import { useCallback, useEffect, useState } from "react";

/** The spec resets its success and error flags 9 seconds after they are raised. */
export const RESULT_RESET_MS = 9_000;

export type ResultTitle = "Error" | "Success";

export interface ResultDialogProps {
  open: boolean;
  title: ResultTitle;
  message: string;
  /**
   * A second line under the message (the server's own words, or what an upload did); given, even
   * empty, the message stands out in bold above it, as after a save.
   */
  detail?: string;
  onClose: () => void;
}

/** Closes a result pop-up by itself RESULT_RESET_MS after it opens, as the spec's flags reset. */
export function useAutoClose(open: boolean, onClose: () => void) {
  useEffect(() => {
    if (!open) return;
    const timer = window.setTimeout(onClose, RESULT_RESET_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClose]);
}

interface ResultState {
  open: boolean;
  title: ResultTitle;
  message: string;
}

/** State for one ResultDialog: `show("Error", message)`, then spread `dialogProps` onto the dialog. */
export function useResultDialog() {
  const [state, setState] = useState<ResultState>({ open: false, title: "Success", message: "" });
  const show = useCallback((title: ResultTitle, message: string) => setState({ open: true, title, message }), []);
  const onClose = useCallback(() => setState((current) => ({ ...current, open: false })), []);
  return { show, dialogProps: { ...state, onClose } satisfies ResultDialogProps };
}
