import type { AddVoucherInput } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import { Alert, Button, CircularProgress } from "@mui/material";
import { useCallback, useState } from "react";
import { errorMessage } from "../../lib/api";
import { type PostedVoucher, useAddVoucher } from "./api";
import type { PostOutcome } from "./PostResultDialog";
import { usePrintVoucher } from "./pdf";

/** Posting a voucher from an entry screen: the result dialog, the last posted voucher, printing. */
export function useVoucherPosting() {
  const add = useAddVoucher();
  const printer = usePrintVoucher();
  const [dialog, setDialog] = useState<{ open: boolean; outcome: PostOutcome | null }>({ open: false, outcome: null });
  const [lastPosted, setLastPosted] = useState<PostedVoucher | null>(null);

  const post = (input: AddVoucherInput, onPosted: () => void) =>
    add.mutate(input, {
      onSuccess: (voucher) => {
        setDialog({ open: true, outcome: { kind: "posted", voucher } });
        setLastPosted(voucher);
        onPosted();
      },
      onError: (error) => setDialog({ open: true, outcome: { kind: "failed", reason: errorMessage(error) } }),
    });
  const onClose = useCallback(() => setDialog((current) => ({ ...current, open: false })), []);
  const print = (voucher: PostedVoucher) => printer.print({ _id: voucher._id, voucherManualId: voucher.vocId });

  return {
    post,
    posting: add.isPending,
    dialogProps: { ...dialog, onClose, onPrint: print },
    banner: <PostedBanner voucher={lastPosted} printer={printer} onPrint={print} />,
  };
}

interface PostedBannerProps {
  voucher: PostedVoucher | null;
  printer: ReturnType<typeof usePrintVoucher>;
  onPrint: (voucher: PostedVoucher) => void;
}

/** Keeps the last posted voucher in view after its dialog has closed, with a way to print it. */
function PostedBanner({ voucher, printer, onPrint }: PostedBannerProps) {
  if (printer.error) {
    return (
      <Alert severity="error" onClose={printer.reset}>
        Could not open the voucher PDF. {errorMessage(printer.error)}
      </Alert>
    );
  }
  if (!voucher) return null;
  const printing = printer.printingId === voucher._id;
  return (
    <Alert
      severity="success"
      data-testid="last-posted"
      action={
        <Button
          color="inherit"
          size="small"
          disabled={printing}
          startIcon={printing ? <CircularProgress size={14} color="inherit" aria-hidden /> : <PrintIcon />}
          onClick={() => onPrint(voucher)}
        >
          Print {voucher.vocId}
        </Button>
      }
    >
      Voucher {voucher.vocId} was posted and is waiting for verification.
    </Alert>
  );
}
