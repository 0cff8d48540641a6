import { formatMinor } from "@cargodesk/shared";
import CloudOffIcon from "@mui/icons-material/CloudOff";
import PrintIcon from "@mui/icons-material/Print";
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from "@mui/material";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { errorMessage } from "../../../lib/api";
import { companyTimeZone } from "../../../lib/company-zone";
import { printBytesOnDevice, textReceiptBytes, useDevicePrinter } from "../printing";
import { receiptHtml, receiptLines } from "./receipt";
import type { OfflineReceipt } from "./store";

/** The company's clock for a receipt: "24 Nov 2026, 14:05". */
const timeOf = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: companyTimeZone() }).format(
    new Date(iso),
  );

/** The offline receipt on this device's USB or serial printer, if it has one, with the drawer kick for cash. */
function useOfflineDevicePrint(receipt: OfflineReceipt) {
  const printer = useDevicePrinter("receipt");
  const [viaDevice] = useState(() => printer.status !== "none");
  const [state, setState] = useState<{ state: "idle" | "done" } | { state: "failed"; message: string }>({
    state: "idle",
  });
  const sent = useRef(false);
  useEffect(() => {
    if (!viaDevice || sent.current) return;
    sent.current = true;
    const bytes = textReceiptBytes(receiptLines(receipt, timeOf(receipt.openedAt)), { kick: receipt.opensDrawer });
    printBytesOnDevice(bytes).then(
      () => setState({ state: "done" }),
      (error: unknown) => setState({ state: "failed", message: errorMessage(error).replace(/\.$/, "") }),
    );
  }, [viaDevice, receipt]);
  return { viaDevice, ...state };
}

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
  const device = useOfflineDevicePrint(receipt);
  const print = () => frame.current?.contentWindow?.print();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>Paid offline · {receipt.invoiceNo}</DialogTitle>
      <DialogContent sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "240px 1fr" }, gap: 2 }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          <Alert severity="warning" icon={<CloudOffIcon />}>
            No network: the sale is kept on this register and sent when the network is back.
          </Alert>
          {device.state === "done" ? <Alert severity="success">Sent to the receipt printer.</Alert> : null}
          {device.state === "failed" ? (
            <Alert severity="error">
              {device.message}. The sale is kept: print the receipt from the browser instead.
            </Alert>
          ) : null}
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
            onLoad={autoPrint && !device.viaDevice ? print : undefined}
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
