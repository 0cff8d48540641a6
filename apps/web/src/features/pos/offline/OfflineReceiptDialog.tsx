import { formatMinor } from "@cargodesk/shared";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import PrintIcon from "@mui/icons-material/Print";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useId, useMemo, useRef } from "react";
import { companyTimeZone } from "../../../lib/company-zone";
import { receiptHtml } from "./receipt";
import type { OfflineReceipt } from "./store";

/** The company's clock for a receipt: "24 Nov 2026, 14:05". */
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: companyTimeZone() }).format(
    new Date(iso),
  );

/**
 * After an offline sale: the change to hand back and the receipt, printed by the browser (the server
 * is out of reach). The order waits in the outbox; the top bar counts it until the server confirms it.
 */
export function OfflineReceiptDialog({
  receipt,
  autoPrint,
  onClose,
}: {
  receipt: OfflineReceipt;
  autoPrint: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const html = useMemo(() => receiptHtml(receipt, timeOf(receipt.openedAt)), [receipt]);
  const print = () => frame.current?.contentWindow?.print();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Paid offline · {receipt.invoiceNo}</DialogTitle>
      <DialogContent sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "240px 1fr" }, gap: 2 }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Alert severity="warning" icon={<CloudOffIcon />}>
            No network: the sale is kept on this register and sent when the network is back.
          </Alert>
          <Box sx={{ p: 2, borderRadius: 2, bgcolor: "background.default" }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Change
            </Typography>
            <Typography aria-label="Change to give" sx={{ fontSize: 32, fontWeight: 800, color: "success.main" }}>
              {formatMinor(BigInt(receipt.changeMinor))}
            </Typography>
            <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
              Total {formatMinor(BigInt(receipt.totalMinor))}
            </Typography>
          </Box>
        </Box>
        <Box sx={{ minHeight: 420, border: 1, borderColor: "divider", borderRadius: 2, overflow: "hidden" }}>
          <Box
            component="iframe"
            ref={frame}
            srcDoc={html}
            title={`Receipt ${receipt.invoiceNo}`}
            onLoad={autoPrint ? print : undefined}
            sx={{ width: "100%", height: 420, border: 0, display: "block", bgcolor: "#fff" }}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<PrintIcon />} onClick={print}>
          Print
        </Button>
        <Button variant="contained" onClick={onClose} autoFocus>
          New order
        </Button>
      </DialogActions>
    </Dialog>
  );
}
