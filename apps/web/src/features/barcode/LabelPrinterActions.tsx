import { type LabelsRequest, THERMAL_LABEL_TEMPLATES } from "@cargodesk/shared";
import LocalPrintshopOutlinedIcon from "@mui/icons-material/LocalPrintshopOutlined";
import { Alert, Box, Button } from "@mui/material";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { PrinterMenu, printLabelsOnDevice, useDevicePrinter } from "../pos/printing";

type Sent = { status: "idle" | "printing" } | { status: "done"; count: number } | { status: "failed"; message: string };

const isThermal = (template: string) => THERMAL_LABEL_TEMPLATES.some((value) => value === template);

/**
 * *Print to label printer*: the labels as TSPL (POST /api/inventory/barcode/labels.tspl) on a USB or
 * serial thermal label printer attached to this browser, at the chosen roll size. The printer's chip
 * connects, reconnects and forgets it; an A4 sheet stays a PDF.
 */
export function LabelPrinterActions({ request, blocked }: { request: LabelsRequest | null; blocked: boolean }) {
  const printer = useDevicePrinter("label");
  const [sent, setSent] = useState<Sent>({ status: "idle" });
  const thermal = request !== null && isThermal(request.template);
  const print = () => {
    if (!request) return;
    const count = request.items.reduce((sum, item) => sum + item.copies, 0);
    setSent({ status: "printing" });
    printLabelsOnDevice(request).then(
      () => setSent({ status: "done", count }),
      (error: unknown) => setSent({ status: "failed", message: errorMessage(error) }),
    );
  };

  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
      <Button
        variant="outlined"
        startIcon={<LocalPrintshopOutlinedIcon />}
        disabled={!thermal || blocked || printer.status === "none" || sent.status === "printing"}
        onClick={print}
        title={thermal ? undefined : "A label printer takes 38 x 25 or 50 x 30 mm labels"}
      >
        Print to label printer
      </Button>
      <PrinterMenu purpose="label" testPage={false} />
      {sent.status === "failed" ? (
        <Alert severity="error" onClose={() => setSent({ status: "idle" })} sx={{ flexBasis: "100%" }}>
          The labels did not print: {sent.message}
        </Alert>
      ) : null}
      {sent.status === "done" ? (
        <Alert severity="success" onClose={() => setSent({ status: "idle" })} sx={{ flexBasis: "100%" }}>
          {sent.count.toLocaleString("en-US")} label(s) sent to {printer.name ?? "the label printer"}
        </Alert>
      ) : null}
    </Box>
  );
}
