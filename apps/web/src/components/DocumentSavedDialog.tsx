import PrintIcon from "@mui/icons-material/Print";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { errorMessage } from "../lib/api";
import { openBlankWindow, showInWindow } from "../lib/files";

/** A Store document as its save answered: a number and voucher once posted. */
interface SavedDocument {
  id: number;
  number: string | null;
  voucherNo: string | null;
}

/**
 * After saving a Store document (a GRN, an issuance): posted with its number and voucher, or kept
 * as a draft; Print opens the document's PDF, the main button starts a fresh form.
 */
export function DocumentSavedDialog({
  saved,
  onClose,
  kind,
  numberLabel,
  testId,
  noVoucher,
  draft,
  printLabel,
  printTitle,
  pdf,
  newLabel,
}: {
  saved: SavedDocument | null;
  onClose: () => void;
  /** "Receiving": the title reads "Receiving posted" or "Receiving saved". */
  kind: string;
  /** "GRN number". */
  numberLabel: string;
  /** Prefix of the number's and voucher's test ids ("grn" gives grn-number, grn-voucher). */
  testId: string;
  /** Why a posted document has no voucher. */
  noVoucher: string;
  /** What a draft is told. */
  draft: string;
  printLabel: string;
  /** The print window's title when the document has no number yet. */
  printTitle: string;
  pdf: (id: number) => Promise<{ blob: Blob; fileName: string }>;
  newLabel: string;
}) {
  const titleId = useId();
  const [printError, setPrintError] = useState<string | null>(null);
  const print = () => {
    if (!saved) return;
    const target = openBlankWindow(saved.number ?? printTitle);
    showInWindow(() => pdf(saved.id), target).catch((error: unknown) => setPrintError(errorMessage(error)));
  };
  return (
    <Dialog open={saved !== null} onClose={onClose} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{saved?.number ? `${kind} posted` : `${kind} saved`}</DialogTitle>
      <DialogContent>
        {saved?.number ? (
          <Typography>
            {numberLabel} <strong data-testid={`${testId}-number`}>{saved.number}</strong>
            {saved.voucherNo ? (
              <>
                , voucher <strong data-testid={`${testId}-voucher`}>{saved.voucherNo}</strong>
              </>
            ) : (
              ` (no voucher: ${noVoucher})`
            )}
            .
          </Typography>
        ) : (
          <Typography>{draft}</Typography>
        )}
        {printError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {printError}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<PrintIcon />} onClick={print}>
          {printLabel}
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          {newLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A Store document form's own buttons: Save draft, and Post (the form's submit). */
export function DraftPostButtons({ busy, onSaveDraft }: { busy: boolean; onSaveDraft: () => void }) {
  return (
    <Box sx={{ display: "flex", gap: 1.5, flexWrap: "wrap" }}>
      <Button type="button" variant="outlined" size="large" disabled={busy} onClick={onSaveDraft}>
        Save draft
      </Button>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={busy}
        startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
      >
        Post
      </Button>
    </Box>
  );
}
