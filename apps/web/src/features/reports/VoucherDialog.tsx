import PrintIcon from "@mui/icons-material/Print";
import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import { useId } from "react";
import { PageLoader } from "../../components/PageLoader";
import { ReportError } from "../../components/ReportStatus";
import { errorMessage } from "../../lib/api";
import { usePrintVoucher } from "../vouchers/pdf";
import { VoucherLines, VoucherStatusChip } from "../vouchers/VoucherLines";
import { useVoucher } from "./api";

/** A ledger row's voucher: its lines from `GET /api/voucher/{id}`, with Print. */
export function VoucherDialog({ voucherId, onClose }: { voucherId: number | null; onClose: () => void }) {
  const titleId = useId();
  const voucher = useVoucher(voucherId);
  const printer = usePrintVoucher();
  const record = voucher.data;
  return (
    <Dialog open={voucherId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{record ? `Voucher ${record.voucherManualId}` : "Voucher"}</DialogTitle>
      <DialogContent dividers>
        {voucher.isPending ? <PageLoader label="Loading the voucher" /> : null}
        {voucher.isError ? (
          <ReportError error={voucher.error} onRetry={() => void voucher.refetch()} what="the voucher" />
        ) : null}
        {record ? (
          <>
            <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "center", mb: 2 }}>
              <Typography variant="body2">
                <strong>Date:</strong> {record.vocDate}
              </Typography>
              <Typography variant="body2">
                <strong>Type:</strong> {record.voucherType}
              </Typography>
              <VoucherStatusChip voucher={record} />
            </Box>
            <VoucherLines voucher={record} />
          </>
        ) : null}
        {printer.error ? (
          <Typography role="alert" sx={{ color: "error.main", mt: 2 }}>
            Could not open the voucher PDF. {errorMessage(printer.error)}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button
          variant="contained"
          disabled={!record || printer.printingId !== null}
          startIcon={
            printer.printingId !== null ? <CircularProgress size={16} color="inherit" aria-hidden /> : <PrintIcon />
          }
          onClick={() => record && printer.print(record)}
        >
          Print
        </Button>
      </DialogActions>
    </Dialog>
  );
}
