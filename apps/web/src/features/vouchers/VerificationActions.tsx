import { VOUCHER_STATUS } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import { Box, Button, CircularProgress, Typography } from "@mui/material";
import type { VoucherRecord } from "./api";

export type VerificationAction = "Approve" | "Disapprove" | "Reverse";

/** Only approved vouchers that are not reversals and have not been reversed can be reversed. */
export const canReverse = (voucher: VoucherRecord): boolean =>
  voucher.status === VOUCHER_STATUS.approved && !voucher.reversalOfId && !voucher.reversedBy;

interface VerificationActionsProps {
  voucher: VoucherRecord;
  /** An action on this voucher is running. */
  busy: boolean;
  printing: boolean;
  /** The separate-approver rule is on and the signed-in user entered this voucher. */
  ownVoucher?: boolean;
  onAction: (action: VerificationAction) => void;
  onPrint: () => void;
}

/** Approve and Disapprove work only on Pending vouchers; Reverse only where canReverse allows. */
export function VerificationActions({
  voucher,
  busy,
  printing,
  ownVoucher = false,
  onAction,
  onPrint,
}: VerificationActionsProps) {
  const pending = voucher.status === VOUCHER_STATUS.pending;
  const number = voucher.voucherManualId;
  return (
    <Box
      sx={{
        display: "inline-grid",
        gridTemplateColumns: "repeat(2, minmax(max-content, 1fr))",
        gap: 0.75,
        alignItems: "center",
        justifyItems: "stretch",
        "& .MuiButton-root": { minWidth: 0, px: 1 },
      }}
    >
      <Button
        size="small"
        variant="contained"
        color="success"
        disabled={!pending || busy || ownVoucher}
        aria-label={`Approve ${number}`}
        aria-describedby={pending && ownVoucher ? `own-${voucher._id}` : undefined}
        onClick={() => onAction("Approve")}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={!pending || busy}
        aria-label={`Disapprove ${number}`}
        onClick={() => onAction("Disapprove")}
      >
        Disapprove
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={!canReverse(voucher) || busy}
        aria-label={`Reverse ${number}`}
        onClick={() => onAction("Reverse")}
      >
        Reverse
      </Button>
      <Button
        size="small"
        variant="outlined"
        aria-label={`Print ${number}`}
        disabled={printing}
        onClick={onPrint}
        startIcon={printing ? <CircularProgress size={14} aria-hidden /> : <PrintIcon />}
      >
        Print
      </Button>
      {pending && ownVoucher ? (
        <Typography
          id={`own-${voucher._id}`}
          variant="caption"
          sx={{ gridColumn: "1 / -1", color: "text.secondary", maxWidth: 220 }}
          data-testid="own-voucher"
        >
          You entered it: another person approves it
        </Typography>
      ) : null}
    </Box>
  );
}
