import { VOUCHER_MESSAGES } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useAutoClose } from "../../components/ResultDialog";
import type { PostedVoucher } from "./api";

/** What the last POST did: nothing yet, a posted voucher, or the server's reason for refusing. */
export type PostOutcome = { kind: "posted"; voucher: PostedVoucher } | { kind: "failed"; reason: string };

interface PostResultDialogProps {
  open: boolean;
  /** Kept while the dialog fades out, so its text does not change as it closes. */
  outcome: PostOutcome | null;
  onClose: () => void;
  onPrint: (voucher: PostedVoucher) => void;
}

/**
 * The spec's alert after posting: Success 'Added successfully...' with Cancel and Print Voucher, or
 * Error 'Something went wrong...' with the server's message and Ok. Both close after 9 seconds.
 */
export function PostResultDialog({ open, outcome, onClose, onPrint }: PostResultDialogProps) {
  const titleId = useId();
  const messageId = useId();
  useAutoClose(open, onClose);

  const failed = outcome?.kind === "failed";
  return (
    <Dialog
      open={open && outcome !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={messageId}
      maxWidth="xs"
      fullWidth
      role={failed ? "alertdialog" : "dialog"}
    >
      <DialogTitle id={titleId} sx={{ color: failed ? "error.main" : "success.main" }}>
        {failed ? "Error" : "Success"}
      </DialogTitle>
      <DialogContent id={messageId}>
        <DialogContentText>{failed ? VOUCHER_MESSAGES.failed : VOUCHER_MESSAGES.added}</DialogContentText>
        {outcome?.kind === "failed" ? (
          <DialogContentText sx={{ mt: 1 }} data-testid="post-error-reason">
            {outcome.reason}
          </DialogContentText>
        ) : null}
        {outcome?.kind === "posted" ? (
          <DialogContentText sx={{ mt: 1 }} data-testid="posted-voucher-number">
            Voucher {outcome.voucher.vocId} is waiting for verification.
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        {outcome?.kind === "posted" ? (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              variant="contained"
              startIcon={<PrintIcon />}
              autoFocus
              onClick={() => {
                onPrint(outcome.voucher);
                onClose();
              }}
            >
              Print Voucher
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose} autoFocus>
            Ok
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
