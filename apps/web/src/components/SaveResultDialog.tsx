import { useCallback, useState } from "react";
import { errorMessage } from "../lib/api";
import { ResultDialog, type ResultDialogProps, type ResultTitle } from "./ResultDialog";

/** The spec's messages after a save (accounting.md section 8). */
export const SAVE_MESSAGES = {
  success: "Added successfully...",
  failure: "Something went wrong...",
} as const;

interface SaveResultDialogProps extends ResultDialogProps {
  detail: string;
}

/**
 * The pop-up after a save is the one ResultDialog: Success or Error, the spec's message in bold
 * and, below it, the server's own words; it closes itself after 9 seconds.
 */
export { ResultDialog as SaveResultDialog };

type State = Omit<SaveResultDialogProps, "onClose">;

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
