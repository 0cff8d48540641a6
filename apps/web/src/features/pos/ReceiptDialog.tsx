import type { PosOrder } from "@cargodesk/shared";
import PrintIcon from "@mui/icons-material/Print";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Tab,
  Tabs,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { money } from "../../lib/format";
import { useObjectUrl } from "../../lib/object-url";
import { fetchReceiptPdf, posKeys } from "./api";
import { printReceiptOnDevice, useDevicePrinter } from "./printing";

type DevicePrint = { status: "idle" | "printing" | "done" } | { status: "failed"; message: string };

/**
 * The receipt on this device's USB or serial receipt printer, if it has one: at once after payment
 * (with the drawer kick when cash was taken), or on demand. A failure is shown and never undoes
 * the sale; the PDF beside it stays the fallback.
 */
function useDeviceReceipt(orderId: number, kind: "receipt" | "bill" | "reprint") {
  const printer = useDevicePrinter("receipt");
  // Whether this device prints receipts is decided when the dialog opens, not on every state change.
  const [viaDevice] = useState(() => printer.status !== "none");
  const [state, setState] = useState<DevicePrint>({ status: "idle" });
  const sent = useRef(false);
  const print = useCallback(
    (options: { kick: boolean; reprint: boolean }) => {
      setState({ status: "printing" });
      printReceiptOnDevice(orderId, options).then(
        () => setState({ status: "done" }),
        // The sentence goes on after the browser's message, which may end with its own full stop.
        (error: unknown) => setState({ status: "failed", message: errorMessage(error).replace(/\.$/, "") }),
      );
    },
    [orderId],
  );
  useEffect(() => {
    if (kind !== "receipt" || !viaDevice || sent.current) return;
    sent.current = true;
    print({ kick: true, reprint: false });
  }, [kind, viaDevice, print]);
  return { available: printer.status !== "none", viaDevice, name: printer.name, state, print };
}

/**
 * After payment (or for a bill or a reprint): the token to call out, the change to hand back, and
 * the 80 mm receipt PDF in a frame with Print. A browser printer prints it at once; a network
 * printer got it from the server. A check paid in several payments (split evenly among the guests,
 * or by several methods) also has each payment's own receipt, "Payment 1 of 3", one tab each.
 */
export function ReceiptDialog({
  order,
  kind,
  autoPrint,
  onClose,
}: {
  order: PosOrder;
  kind: "receipt" | "bill" | "reprint";
  autoPrint: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const [part, setPart] = useState<number | null>(null);
  const payments = kind === "bill" ? 0 : order.payments.length;
  const pdf = useQuery({
    queryKey: posKeys.receipt(order.id, order.version, kind, part),
    queryFn: () => fetchReceiptPdf(order.id, kind === "reprint", part),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const url = useObjectUrl(pdf.data?.blob);
  const print = () => frame.current?.contentWindow?.print();
  const device = useDeviceReceipt(order.id, kind);
  // A device printer takes the receipt itself; the browser's print dialog would print it twice.
  const printPdf = autoPrint && !(kind === "receipt" && device.viaDevice);
  useEffect(() => {
    if (!printPdf || !url || !frame.current) return;
    const target = frame.current;
    const onLoad = () => target.contentWindow?.print();
    target.addEventListener("load", onLoad, { once: true });
    return () => target.removeEventListener("load", onLoad);
  }, [printPdf, url]);
  const paid = kind === "receipt";

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>
        {paid ? "Paid" : kind === "bill" ? "Bill" : "Receipt copy"}
        {order.number ? ` · ${order.number}` : ""}
      </DialogTitle>
      <DialogContent sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "240px 1fr" }, gap: 2 }}>
        <Box sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
          {device.state.status === "failed" ? (
            <Alert severity="error" role="alert">
              The receipt did not print on {device.name ?? "the device printer"}: {device.state.message}. The sale is
              saved: print the PDF instead.
            </Alert>
          ) : device.state.status === "done" ? (
            <Alert severity="success">Sent to {device.name ?? "the device printer"}</Alert>
          ) : device.state.status === "printing" ? (
            <Alert severity="info">Printing on {device.name ?? "the device printer"}…</Alert>
          ) : null}
          <Box
            sx={{
              p: 2,
              borderRadius: 2,
              bgcolor: "secondary.main",
              color: "secondary.contrastText",
              textAlign: "center",
            }}
          >
            <Typography sx={{ fontSize: 14, fontWeight: 600 }}>Token</Typography>
            <Typography aria-label="Token number" sx={{ fontSize: 56, fontWeight: 800, lineHeight: 1 }}>
              {order.token}
            </Typography>
          </Box>
          {paid ? (
            <Box sx={{ p: 2, borderRadius: 2, bgcolor: "background.default" }}>
              <Typography variant="body2" sx={{ color: "text.secondary" }}>
                Change
              </Typography>
              <Typography aria-label="Change to give" sx={{ fontSize: 32, fontWeight: 800, color: "success.main" }}>
                {money(order.change)}
              </Typography>
              <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
                Total {money(order.total)} · paid{" "}
                {order.payments
                  .map((payment) => `${payment.methodName} ${money(payment.tendered || payment.amount)}`)
                  .join(", ")}
              </Typography>
            </Box>
          ) : (
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Total {money(order.total)}: not paid yet.
            </Typography>
          )}
        </Box>
        <Box
          sx={{
            minHeight: 420,
            border: 1,
            borderColor: "divider",
            borderRadius: 2,
            overflow: "hidden",
            bgcolor: "grey.100",
          }}
        >
          {payments > 1 ? (
            <Tabs
              value={part ?? 0}
              onChange={(_, value: number) => setPart(value === 0 ? null : value)}
              aria-label="Receipts"
              variant="scrollable"
              sx={{ minHeight: 40, bgcolor: "background.paper", "& .MuiTab-root": { minHeight: 40 } }}
            >
              <Tab value={0} label="Whole check" />
              {order.payments.map((payment, index) => (
                <Tab key={payment.id} value={index + 1} label={`Payment ${index + 1} of ${payments}`} />
              ))}
            </Tabs>
          ) : null}
          {pdf.isError ? <Alert severity="error">{errorMessage(pdf.error)}</Alert> : null}
          {url ? (
            <Box
              component="iframe"
              ref={frame}
              src={url}
              title={`Receipt ${order.number ?? order.token}${part ? `, payment ${part} of ${payments}` : ""}`}
              sx={{ width: "100%", height: 420, border: 0, display: "block" }}
            />
          ) : pdf.isPending ? (
            <Typography sx={{ p: 2, color: "text.secondary" }}>Preparing the receipt…</Typography>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {device.available ? (
          <Button
            startIcon={<PrintIcon />}
            onClick={() => device.print({ kick: false, reprint: kind !== "bill" })}
            disabled={device.state.status === "printing"}
          >
            Print on {device.name ?? "device printer"}
          </Button>
        ) : null}
        <Button startIcon={<PrintIcon />} onClick={print} disabled={!url}>
          {device.available ? "Print PDF" : "Print"}
        </Button>
        <Button variant="contained" size="large" onClick={onClose} autoFocus>
          {paid ? "New order" : "Close"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
